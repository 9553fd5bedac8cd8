// Issue 32's calls that missed on the partial network, measured on their own (the queries helper's
// work): the staff orders queue sorted by partner or warehouse name (pages 1–20) and searched; the
// invoice PDF and the ledger statement PDF cold (pdf_cache emptied: each one rendered) and warm (kept
// by version, lib/pdf-cache.ts), one at a time and under 50 connections; the order history's first
// page with filters and its stats under 50 connections. Server from source, answer cache and jobs off.
//
//   BENCH_DB_URL=postgres://…/q_net  BENCH_SECONDS=10  RUNS=40  BENCH_PORT=3392  BENCH_ONLY=admin,pdf,history
//   BENCH_CPU_PROF=dir (the server under node --cpu-prof)  node bench/network-queries.mjs

import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { load } from "./load-loop.mjs";
import { seededRandom } from "./random.mjs";
import { HISTORY_STATUSES, HISTORY_WINDOWS } from "./requests.mjs";
import { percentiles, startServer } from "./server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const databaseUrl = process.env.BENCH_DB_URL;
if (!databaseUrl) throw new Error("Set BENCH_DB_URL");
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Number(process.env.RUNS ?? 40);
const port = Number(process.env.BENCH_PORT ?? 3392);
const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(",")) : null;
const wanted = (part) => !only || only.has(part);

const { rand, pick } = seededRandom(11);

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const q = async (text) => (await client.query(text)).rows;
// orders whose load has its tax invoice (the invoice PDF's own), with their partner
const invoiced = await q(`SELECT DISTINCT ON (o.load_id) o.poid, u.email FROM purchase_orders o
  JOIN invoices i ON i.load_id = o.load_id AND i.kind = 'TAX INVOICE' JOIN users u ON u.id = o.user_id
  WHERE o.status IN ('Shipped', 'Delivered') ORDER BY o.load_id, o.poid`);
const ledgers = await q(`SELECT DISTINCT l.user_id, u.email, l.ledger_account AS account,
  min(l.entry_date) OVER (PARTITION BY l.user_id, l.ledger_account) AS first
  FROM ledger_entries l JOIN users u ON u.id = l.user_id WHERE u.enable_ledger ORDER BY 1, 3`);
const stores = await q(`SELECT u.email FROM users u WHERE u.email LIKE '%@network.demo.in'
  AND EXISTS (SELECT 1 FROM purchase_orders o WHERE o.user_id = u.id) ORDER BY u.id`);
const poids = (await q("SELECT poid FROM purchase_orders TABLESAMPLE SYSTEM (5) LIMIT 2000")).map(
  (r) => r.poid,
);

const server = await startServer("postgres", {
  port,
  productCount: 1000,
  existing: { databaseUrl },
  env: { CATALOGUE_CACHE_MS: "0", JOB_INTERVAL_MS: "0" },
  entry: path.join(root, "apps/server/src/main.ts"),
  nodeArgs: [
    "--import",
    "tsx",
    ...(process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
  ],
});
const tokens = new Map();
const headersOf = async (email) => {
  if (!tokens.has(email))
    tokens.set(email, { ...(await server.signIn(email)), "content-type": "application/json" });
  return tokens.get(email);
};
const add = (call, mode, r) =>
  console.log(
    `| ${call} | ${mode} | ${r.rps ? r.rps.toFixed(0) : "–"} | ${Number(r.p50).toFixed(1)} | ${Number(r.p95).toFixed(1)} | ${r.note ?? ""} |`,
  );
async function send(req) {
  const started = performance.now();
  const res = await fetch(`${server.base}${req.path}`, {
    method: req.method,
    headers: req.headers,
    body: req.body,
  });
  const body = await res.arrayBuffer();
  if (!res.ok) throw new Error(`${req.path}: ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`);
  return performance.now() - started;
}
async function oneAtATime(make, runs = RUNS, warm = 3) {
  for (let i = 0; i < warm; i++) await send(await make());
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await send(await make()));
  return percentiles(times);
}
async function underLoad(calls, make) {
  const ready = [];
  for (let i = 0; i < 400; i++) ready.push(await make());
  const next = () => pick(ready);
  await load({ base: server.base, connections: 50, seconds: 2, next });
  const result = await load({ base: server.base, connections: 50, seconds, next });
  for (const call of calls) {
    const r = result[call];
    if (!r) continue;
    const bad = Object.entries(r.statuses).filter(([s]) => s !== "200");
    add(call, "50 connections", { ...r, note: bad.length ? `statuses ${JSON.stringify(r.statuses)}` : "" });
  }
}
try {
  const admin = { ...(await server.signIn("admin@demo.in")) };
  const adminReq = (p) => ({ call: "admin", method: "GET", path: p, headers: admin });
  console.log("| call | mode | req/s | p50 ms | p95 ms | notes |\n|---|---|---|---|---|---|");
  if (wanted("admin")) {
    for (const sort of ["partnerName", "-partnerName", "warehouseName", "-warehouseName"])
      add(
        `admin orders: sort=${sort}, pages 1–20`,
        "one at a time",
        await oneAtATime(() =>
          adminReq(`/api/admin/orders?sort=${sort}&pageSize=25&page=${1 + Math.floor(rand() * 20)}`),
        ),
      );
    add(
      "admin orders: sort=partnerName, status=Delivered, pages 1–20",
      "one at a time",
      await oneAtATime(() =>
        adminReq(
          `/api/admin/orders?sort=partnerName&status=Delivered&pageSize=25&page=${1 + Math.floor(rand() * 20)}`,
        ),
      ),
    );
    add(
      "admin orders: search by PO",
      "one at a time",
      await oneAtATime(() => adminReq(`/api/admin/orders?q=${pick(poids)}&pageSize=25`)),
    );
    add(
      "admin orders: search by partner email",
      "one at a time",
      await oneAtATime(() => adminReq(`/api/admin/orders?q=${pick(stores).email}&pageSize=25`)),
    );
    add(
      "admin orders: search by part of a partner name",
      "one at a time",
      await oneAtATime(() =>
        adminReq(
          `/api/admin/orders?q=store${String(1 + Math.floor(rand() * stores.length)).padStart(4, "0")}&pageSize=25`,
        ),
      ),
    );
  }
  const invoiceReq = async () => {
    const o = pick(invoiced);
    return {
      call: "invoicePdf",
      method: "GET",
      path: `/api/invoice/pdf?orderId=${o.poid}`,
      headers: await headersOf(o.email),
    };
  };
  const statementReq = async () => {
    const l = pick(ledgers);
    const fy =
      Math.max(2017, Number(String(l.first.toISOString?.() ?? l.first).slice(0, 4)) - 1) +
      Math.floor(rand() * 2);
    return {
      call: "statementPdf",
      method: "POST",
      path: "/api/ledger/getLedger/pdf",
      headers: await headersOf(l.email),
      body: JSON.stringify({ ledgerAccount: l.account, fromDate: `${fy}-04-01`, toDate: `${fy + 1}-03-31` }),
    };
  };
  if (wanted("pdfwarm")) {
    // the PDFs kept already (a run of "pdf" before): only the warm figures
    add("invoice PDF, warm", "one at a time", await oneAtATime(invoiceReq));
    await underLoad(["invoicePdf"], invoiceReq);
    await underLoad(["statementPdf"], statementReq);
  }
  if (wanted("pdf")) {
    await q("TRUNCATE pdf_cache");
    add("invoice PDF, cold (every one rendered)", "one at a time", await oneAtATime(invoiceReq, 20, 0));
    add("statement PDF (one FY), cold", "one at a time", await oneAtATime(statementReq, 20, 0));
    // warm: every invoice and statement rendered once already
    for (const o of invoiced)
      await send({
        method: "GET",
        path: `/api/invoice/pdf?orderId=${o.poid}`,
        headers: await headersOf(o.email),
      });
    add(
      `invoice PDF, warm (${invoiced.length} invoices kept)`,
      "one at a time",
      await oneAtATime(invoiceReq),
    );
    for (let i = 0; i < 60; i++) await send(await statementReq());
    add("statement PDF (one FY), warm", "one at a time", await oneAtATime(statementReq));
    await underLoad(["invoicePdf"], invoiceReq);
    await underLoad(["statementPdf"], statementReq);
  }
  if (wanted("history")) {
    const months = HISTORY_WINDOWS;
    const STATUSES = HISTORY_STATUSES;
    const historyReq = async () => {
      const [from, to] = pick(months);
      const status = pick(STATUSES);
      const wh = rand() < 0.3 ? `&warehouseId=${pick([2, 3, 5, 7])}` : "";
      const qs = `orderFrom=${from}&orderTo=${to}${status ? `&status=${status}` : ""}${wh}`;
      const call = rand() < 0.5 ? "history" : "stats";
      return {
        call,
        method: "GET",
        path: call === "history" ? `/api/order?${qs}&pageSize=10` : `/api/order/stats?${qs}`,
        headers: await headersOf(pick(stores).email),
      };
    };
    add(
      "history first page (filters)",
      "one at a time",
      await oneAtATime(async () => ({ ...(await historyReq()), call: "x" })),
    );
    await underLoad(["history", "stats"], historyReq);
  }
} finally {
  await client.end();
  await server.stopKeepingData();
}
