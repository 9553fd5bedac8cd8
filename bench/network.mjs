// The goals of issue 32 on a network-sized world (`npm run seed -- --network N`, seed/network.ts) on
// PostgreSQL: order history (first page with filters, and its stats), the ledger statement of one
// financial year and its PDF, the invoice PDF, the staff orders queue (search by PO or partner, sort
// over all rows), the CSV export of every order (time and the server's resident memory), the partner
// dashboard (when GET /api/dashboard exists) and the reconciliation report over the whole network.
// Loads: 50 connections, mixed partners and filters, the answer cache off (CATALOGUE_CACHE_MS=0), the
// job runner off; "one at a time" figures are RUNS sequential requests after 3 warm-ups.
//
//   BENCH_DB_URL=postgres://…/net_50   the seeded database (required; kept)
//   BENCH_SECONDS=10  RUNS=40  BENCH_PORT=3294  WRITE=1 (prepend the figures to bench/README.md)
//   BENCH_ONLY=history,ledger,…        only these parts
//   node bench/network.mjs
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { load } from "./load-loop.mjs";
import { seededRandom } from "./random.mjs";
import { machineLine, percentiles, prependToReadme, startServer } from "./server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const databaseUrl = process.env.BENCH_DB_URL;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Number(process.env.RUNS ?? 40);
const port = Number(process.env.BENCH_PORT ?? 3294);
const CONNECTIONS = 50;
const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(",")) : null;
const wanted = (part) => !only || only.has(part);

const { rand, pick } = seededRandom(7);

const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);

/** What the requests are made of: the network's stores, their ledger accounts, shipped orders, months. */
async function factsOf(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = async (text) => (await client.query(text)).rows;
  try {
    const stores = await q(`SELECT u.id, u.email FROM users u WHERE u.email LIKE '%@network.demo.in'
      AND EXISTS (SELECT 1 FROM purchase_orders o WHERE o.user_id = u.id) ORDER BY u.id`);
    const ledgers = await q(`SELECT DISTINCT l.user_id AS id, u.email, l.ledger_account AS account
      FROM ledger_entries l JOIN users u ON u.id = l.user_id
      WHERE u.email LIKE '%@network.demo.in' AND u.enable_ledger ORDER BY 1, 3`);
    const shipped =
      await q(`SELECT DISTINCT ON (user_id, load_id) user_id AS "userId", poid FROM purchase_orders
      WHERE status IN ('Shipped', 'Delivered') AND user_id IN (SELECT id FROM users WHERE email LIKE '%@network.demo.in')
      ORDER BY user_id, load_id, poid`);
    const poids = (await q("SELECT poid FROM purchase_orders TABLESAMPLE SYSTEM (5) LIMIT 2000")).map(
      (r) => r.poid,
    );
    const [span] = await q(`SELECT to_char(min(created_at) AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM') AS first,
      to_char(max(created_at) AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM') AS last, count(*)::int AS orders FROM purchase_orders`);
    const [counts] = await q(`SELECT (SELECT count(*) FROM purchase_order_lines)::int AS lines,
      (SELECT count(*) FROM invoices)::int AS invoices, (SELECT count(*) FROM ledger_entries)::int AS ledger,
      (SELECT count(*) FROM products)::int AS products, pg_database_size(current_database())::bigint AS bytes`);
    return { stores, ledgers, shipped, poids, span, counts };
  } finally {
    await client.end();
  }
}

/** The months of the network's history, as [first day, last day] of three-month windows. */
function windows(span) {
  const out = [];
  let [y, m] = span.first.split("-").map(Number);
  const [ly, lm] = span.last.split("-").map(Number);
  while (y < ly || (y === ly && m <= lm)) {
    const endY = m + 2 > 12 ? y + 1 : y;
    const endM = ((m + 1) % 12) + 1;
    const last = new Date(Date.UTC(endY, endM, 0)).toISOString().slice(0, 10);
    out.push([`${y}-${String(m).padStart(2, "0")}-01`, last]);
    m += 1;
    if (m === 13) {
      m = 1;
      y += 1;
    }
  }
  // only windows that end before today (the history ends in the past)
  return out.filter(([, to]) => to <= new Date().toISOString().slice(0, 10));
}

async function main() {
  if (!databaseUrl)
    throw new Error("Set BENCH_DB_URL to a database seeded with `npm run seed -- --network N`");
  const facts = await factsOf(databaseUrl);
  if (facts.stores.length === 0) throw new Error("No network stores in that database");
  const months = windows(facts.span);
  console.log(
    `${facts.stores.length} stores, ${facts.span.orders} orders (${facts.span.first} … ${facts.span.last}), ` +
      `${facts.counts.lines} lines, ${facts.counts.invoices} invoices, ${facts.counts.ledger} ledger entries`,
  );
  const server = await startServer("postgres", {
    port,
    productCount: 1000,
    existing: { databaseUrl },
    env: { CATALOGUE_CACHE_MS: "0", JOB_INTERVAL_MS: "0" },
    entry: path.join(root, "apps/server/src/main.ts"),
    nodeArgs: ["--import", "tsx"],
  });
  const rows = [];
  const add = (row) => {
    rows.push(row);
    console.log(
      `${row.call}: ${row.mode}: ${row.rps ? `${row.rps.toFixed(0)} req/s, ` : ""}p50 ${Number(row.p50).toFixed(1)} ms, ` +
        `p95 ${Number(row.p95).toFixed(1)} ms${row.note ? ` (${row.note})` : ""}`,
    );
  };
  try {
    const tokens = new Map();
    const headersOf = async (email) => {
      if (!tokens.has(email)) tokens.set(email, await server.signIn(email));
      return tokens.get(email);
    };
    for (const s of facts.stores.slice(0, 200)) await headersOf(s.email);
    const admin = await server.signIn("admin@demo.in");
    const storeEmail = new Map(facts.stores.map((s) => [s.id, s.email]));

    const STATUSES = ["", "", "Delivered", "Shipped,Delivered", "Pending,Confirmed", "Cancelled"];
    const historyQuery = () => {
      const [from, to] = pick(months);
      const status = pick(STATUSES);
      const wh = rand() < 0.3 ? `&warehouseId=${pick([2, 3, 5, 7])}` : "";
      return `orderFrom=${from}&orderTo=${to}${status ? `&status=${status}` : ""}${wh}`;
    };
    const MAKERS = {
      history: () => ({ method: "GET", path: `/api/order?${historyQuery()}&pageSize=10` }),
      stats: () => ({ method: "GET", path: `/api/order/stats?${historyQuery()}` }),
      ledger: () => {
        const l = pick(facts.ledgers);
        const fy = 2017 + Math.floor(rand() * 9);
        return {
          method: "POST",
          path: "/api/ledger/getLedger",
          email: l.email,
          body: JSON.stringify({
            ledgerAccount: l.account,
            fromDate: `${fy}-04-01`,
            toDate: `${fy + 1}-03-31`,
          }),
        };
      },
      ledgerPdf: () => ({ ...MAKERS.ledger(), path: "/api/ledger/getLedger/pdf" }),
      invoicePdf: () => {
        const o = pick(facts.shipped);
        return { method: "GET", path: `/api/invoice/pdf?orderId=${o.poid}`, email: storeEmail.get(o.userId) };
      },
      dashboard: () => ({ method: "GET", path: "/api/dashboard" }),
    };
    const partnerRequest = async (call) => {
      const req = MAKERS[call]();
      const email = req.email ?? pick(facts.stores).email;
      return { ...req, call, headers: { ...(await headersOf(email)), "content-type": "application/json" } };
    };
    // Sign-ins first (the load must not wait for them): every ledger and invoice partner.
    for (const l of facts.ledgers) await headersOf(l.email);
    const ready = [];
    const nextOf = (calls) => {
      // pre-built requests (sign-ins done), picked at random
      return () => pick(ready.filter((r) => calls.includes(r.call)));
    };
    const prepare = async (call, count) => {
      for (let i = 0; i < count; i++) ready.push(await partnerRequest(call));
    };
    const dashboardExists =
      (await fetch(`${server.base}/api/dashboard`, { headers: await headersOf(facts.stores[0].email) }))
        .status !== 404;
    const calls = [
      "history",
      "stats",
      "ledger",
      "ledgerPdf",
      "invoicePdf",
      ...(dashboardExists ? ["dashboard"] : []),
    ];
    for (const call of calls) await prepare(call, 400);

    const oneAtATime = async (make) => {
      const get = async () => {
        const req = typeof make === "function" ? await make() : make;
        const started = performance.now();
        const res = await fetch(`${server.base}${req.path}`, {
          method: req.method,
          headers: req.headers,
          body: req.body,
        });
        const body = await res.arrayBuffer();
        if (!res.ok)
          throw new Error(`${req.path}: ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`);
        return performance.now() - started;
      };
      for (let i = 0; i < 3; i++) await get();
      const times = [];
      for (let i = 0; i < RUNS; i++) times.push(await get());
      return percentiles(times);
    };
    const underLoad = async (name, callNames) => {
      await load({ base: server.base, connections: CONNECTIONS, seconds: 2, next: nextOf(callNames) });
      const result = await load({
        base: server.base,
        connections: CONNECTIONS,
        seconds,
        next: nextOf(callNames),
      });
      for (const call of callNames) {
        const r = result[call];
        if (!r) continue;
        const bad = Object.entries(r.statuses).filter(([s]) => s !== "200");
        add({
          call,
          mode: `${name}, ${CONNECTIONS} connections`,
          rps: r.rps,
          p50: r.p50,
          p95: r.p95,
          note: bad.length ? `statuses ${JSON.stringify(r.statuses)}` : "",
        });
      }
    };

    if (wanted("history")) {
      await underLoad("history and stats mixed", ["history", "stats"]);
      add({
        call: "history",
        mode: "one at a time",
        ...(await oneAtATime(() => pick(ready.filter((r) => r.call === "history")))),
      });
    }
    if (wanted("ledger")) {
      add({
        call: "ledger",
        mode: "one at a time",
        ...(await oneAtATime(() => pick(ready.filter((r) => r.call === "ledger")))),
      });
      add({
        call: "ledgerPdf",
        mode: "one at a time",
        ...(await oneAtATime(() => pick(ready.filter((r) => r.call === "ledgerPdf")))),
      });
      await underLoad("alone", ["ledger"]);
    }
    if (wanted("invoice")) {
      // Invoices never rendered: each request asks for another invoice (one per load), none twice.
      const unseen = [];
      const seen = new Set();
      while (unseen.length < 3000 && seen.size < facts.shipped.length) {
        const o = pick(facts.shipped);
        if (seen.has(o.poid)) continue;
        seen.add(o.poid);
        unseen.push(o);
      }
      const invoiceRequest = async (o) => ({
        method: "GET",
        path: `/api/invoice/pdf?orderId=${o.poid}`,
        call: "invoicePdf",
        headers: await headersOf(storeEmail.get(o.userId)),
      });
      const requests = [];
      for (const o of unseen) requests.push(await invoiceRequest(o));
      const cold = requests.slice(0, 2600);
      const ahead = requests.slice(2600);
      let next = 0;
      const nextCold = () => cold[next++ % cold.length];
      add({ call: "invoicePdf", mode: "one at a time, never rendered", ...(await oneAtATime(nextCold)) });
      const coldLoad = await load({ base: server.base, connections: CONNECTIONS, seconds, next: nextCold });
      const c = coldLoad.invoicePdf;
      add({
        call: "invoicePdf",
        mode: `never rendered, ${CONNECTIONS} connections`,
        rps: c.rps,
        p50: c.p50,
        p95: c.p95,
        note: next > cold.length ? "some asked twice" : `${next} invoices`,
      });
      // As the job queued at issue leaves them: each rendered once before the partners ask.
      for (const r of ahead)
        await fetch(`${server.base}${r.path}`, { headers: r.headers }).then((x) => x.arrayBuffer());
      const aheadNext = () => pick(ahead);
      add({ call: "invoicePdf", mode: "one at a time, rendered ahead", ...(await oneAtATime(aheadNext)) });
      await load({ base: server.base, connections: CONNECTIONS, seconds: 2, next: aheadNext });
      const warm = (await load({ base: server.base, connections: CONNECTIONS, seconds, next: aheadNext }))
        .invoicePdf;
      add({
        call: "invoicePdf",
        mode: `rendered ahead (${ahead.length} invoices), ${CONNECTIONS} connections`,
        rps: warm.rps,
        p50: warm.p50,
        p95: warm.p95,
      });
    }
    if (wanted("dashboard") && dashboardExists) {
      add({
        call: "dashboard",
        mode: "one at a time",
        ...(await oneAtATime(() => pick(ready.filter((r) => r.call === "dashboard")))),
      });
    }
    if (wanted("admin")) {
      const adminReq = (path) => ({ method: "GET", path, headers: admin });
      const searches = [
        () => adminReq(`/api/admin/orders?q=${pick(facts.poids)}&pageSize=25`),
        () => adminReq(`/api/admin/orders?q=${pick(facts.stores).email}&pageSize=25`),
        () =>
          adminReq(
            `/api/admin/orders?q=store${String(1 + Math.floor(rand() * facts.stores.length)).padStart(4, "0")}&pageSize=25`,
          ),
      ];
      add({
        call: "admin orders: search by PO",
        mode: "one at a time",
        ...(await oneAtATime(searches[0])),
      });
      add({
        call: "admin orders: search by partner email",
        mode: "one at a time",
        ...(await oneAtATime(searches[1])),
      });
      add({
        call: "admin orders: search by partner name part",
        mode: "one at a time",
        ...(await oneAtATime(searches[2])),
      });
      const SORTS = [
        "createdAt",
        "-createdAt",
        "poid",
        "-netPayment",
        "partnerName",
        "-status",
        "totalQuantity",
        "-gapReport",
        "warehouseName",
      ];
      add({
        call: "admin orders: sort over all rows (page 1..20)",
        mode: "one at a time",
        ...(await oneAtATime(() =>
          adminReq(`/api/admin/orders?sort=${pick(SORTS)}&pageSize=25&page=${1 + Math.floor(rand() * 20)}`),
        )),
      });
    }
    if (wanted("csv")) {
      const before = rssKb(server.pid);
      let peak = before;
      const timer = setInterval(() => {
        peak = Math.max(peak, rssKb(server.pid));
      }, 100);
      const started = performance.now();
      const res = await fetch(`${server.base}/api/admin/orders?format=csv`, { headers: admin });
      let bytes = 0;
      let lines = 0;
      for await (const chunk of res.body) {
        bytes += chunk.length;
        for (const b of chunk) if (b === 10) lines++;
      }
      const ms = performance.now() - started;
      clearInterval(timer);
      const after = rssKb(server.pid);
      add({
        call: "admin CSV export of every order",
        mode: "one request",
        p50: ms,
        p95: ms,
        note: `${lines - 1} rows, ${(bytes / 2 ** 20).toFixed(0)} MB; server RSS ${Math.round(before / 1024)} → peak ${Math.round(peak / 1024)} → ${Math.round(after / 1024)} MB`,
      });
    }
    if (wanted("reconcile")) {
      const started = performance.now();
      const res = await fetch(`${server.base}/api/admin/reconciliation`, { headers: admin });
      const report = await res.json();
      const ms = performance.now() - started;
      add({
        call: "reconciliation report, whole network",
        mode: "one request",
        p50: ms,
        p95: ms,
        note: `${report.total} disagreements over ${report.accounts?.length} accounts`,
      });
    }
  } finally {
    await server.stopKeepingData();
  }

  const table = rows
    .map(
      (r) =>
        `| ${r.call} | ${r.mode} | ${r.rps ? r.rps.toFixed(0) : "–"} | ${Number(r.p50).toFixed(1)} | ${Number(r.p95).toFixed(1)} | ${r.note ?? ""} |`,
    )
    .join("\n");
  const section = `## Network world (issue 32), ${new Date().toISOString().slice(0, 10)}

Command: \`BENCH_DB_URL=… node bench/network.mjs\` on ${facts.stores.length} stores, ${facts.span.orders} orders
(${facts.span.first} … ${facts.span.last}), ${facts.counts.lines} order lines, ${facts.counts.invoices} invoices,
${facts.counts.ledger} ledger entries, ${facts.counts.products} products; database ${(Number(facts.counts.bytes) / 2 ** 20).toFixed(0)} MB.
${machineLine()}

| call | mode | req/s | p50 ms | p95 ms | notes |
|---|---|---|---|---|---|
${table}
`;
  console.log(`\n${section}`);
  if (process.env.WRITE === "1")
    prependToReadme(path.join(root, "bench/README.md"), section, readFileSync, writeFileSync);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
