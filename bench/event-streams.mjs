// Live stock streams (issue 29): 1,000 open `GET /api/events` streams on one instance, its memory
// and CPU at idle over 60 s, and the time from a committed stock change on instance A to the event
// on a stream of instance B (and to the last of the 1,000 streams on A). Two built servers on one
// PostgreSQL database, `bench_events` (made afresh, dropped at the end).
//   node bench/event-streams.mjs            (BENCH_SERVER=<dist>/main.js to use another build)
import { readFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import pg from "pg";
import { percentiles, startServer } from "./server.mjs";

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 60_000);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 20);
const admin = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const dbUrl = new URL(admin);
dbUrl.pathname = "/bench_events";

async function sql(text) {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(text);
  await c.end();
}

/** Resident memory (MiB) and CPU seconds so far of a process, from /proc. */
function processStats(pid) {
  const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { rss, cpu: ticks / 100 };
}

/** Opens one stream with node:http (its own connection); calls onStock at each `stock` frame. */
function openStream(base, headers, productId, onStock) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${base}/api/events?products=${productId}`,
      { headers: { authorization: headers.authorization, accept: "text/event-stream" }, agent: false },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        res.setEncoding("utf8");
        let buffer = "";
        res.on("data", (chunk) => {
          buffer += chunk;
          let end = buffer.indexOf("\n\n");
          while (end >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (frame.includes("event: ready")) resolve(req);
            if (frame.includes("event: stock")) onStock(frame);
            end = buffer.indexOf("\n\n");
          }
        });
      },
    );
    req.on("error", reject);
  });
}

const address = {
  name: "Priya Deshmukh",
  address1: "Shop 4, Sterling Centre, 16 M.G. Road",
  address2: "Camp",
  city: "Pune",
  state: "Maharashtra",
  pincode: "411001",
  phone: "9822014567",
};

await sql("DROP DATABASE IF EXISTS bench_events WITH (FORCE)");
await sql("CREATE DATABASE bench_events");
const env = { EVENTS_STREAMS_PER_USER: String(STREAMS + 10), DEMO_HISTORY_MONTHS: "0", WEB_CONCURRENCY: "1" };
const entry = process.env.BENCH_SERVER;
const a = await startServer("postgres", {
  port: 3241,
  productCount: 1000,
  existing: { databaseUrl: dbUrl.href },
  env,
  entry,
});
const b = await startServer("postgres", {
  port: 3242,
  productCount: 1000,
  existing: { databaseUrl: dbUrl.href },
  env,
  entry,
});
const requests = [];
try {
  const watcher = await a.signIn("stockist@demo.in");
  const buyer = await a.signIn("franchisee@demo.in");
  // A product both partners see in Pune with stock for every change.
  const listing = await (
    await fetch(`${a.base}/api/listing/b2b`, {
      method: "POST",
      headers: watcher,
      body: JSON.stringify({ filters: [{ key: "stocktype", values: ["OwnedStock"] }], size: 50 }),
    })
  ).json();
  const ids = listing.products.map((p) => p.id);
  const held = await (
    await fetch(`${a.base}/api/products/getProductWarehouse`, {
      method: "POST",
      headers: watcher,
      body: JSON.stringify({ products: ids }),
    })
  ).json();
  const product = held.find((p) => p.warehouses.some((w) => w.id === 2 && w.stock >= CHANGES * 2))?.productId;
  if (!product) throw new Error("no product with enough stock in Pune");

  const before = processStats(a.pid);
  let fanout = 0;
  let onFanout = () => {};
  const opening = Date.now();
  for (let i = 0; i < STREAMS; i += 50) {
    const batch = Array.from({ length: Math.min(50, STREAMS - i) }, () =>
      openStream(a.base, watcher, product, () => {
        fanout += 1;
        if (fanout === STREAMS) onFanout();
      }),
    );
    requests.push(...(await Promise.all(batch)));
  }
  const openMs = Date.now() - opening;
  const opened = processStats(a.pid);
  const idleStart = processStats(a.pid);
  const idleFrom = Date.now();
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const idleEnd = processStats(a.pid);
  const idleCpu = ((idleEnd.cpu - idleStart.cpu) / ((Date.now() - idleFrom) / 1000)) * 100;

  // Stock changes committed through A: the order answers after its commit.
  let onB = () => {};
  const onBStream = await openStream(b.base, await b.signIn("stockist@demo.in"), product, () => onB());
  requests.push(onBStream);
  const toB = [];
  const toBFromSend = [];
  const toAll = [];
  for (let i = 0; i < CHANGES; i++) {
    fanout = 0;
    const seenOnB = new Promise((r) => {
      onB = () => r(performance.now());
    });
    const seenByAll = new Promise((r) => {
      onFanout = () => r(performance.now());
    });
    const sent = performance.now();
    const res = await fetch(`${a.base}/api/order`, {
      method: "POST",
      headers: { ...buyer, "idempotency-key": `bench-events-${Date.now()}-${i}` },
      body: JSON.stringify({
        orders: [{ wh: 2, products: [{ id: product, qty: 1 }] }],
        shippingAddress: address,
        billingAddress: { ...address, gstNo: "27AAACB1234F1Z5" },
      }),
    });
    const committed = performance.now();
    if (res.status !== 200) throw new Error(`order answered ${res.status}: ${await res.text()}`);
    const [atB, atAll] = await Promise.all([seenOnB, seenByAll]);
    toB.push(atB - committed);
    toBFromSend.push(atB - sent);
    toAll.push(atAll - committed);
  }
  const round = (n) => Math.round(n * 10) / 10;
  const result = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    loadAverage: os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" "),
    streams: STREAMS,
    openAllMs: openMs,
    // Resident memory of A: before the streams, with them open, and after the idle minute (GC noise: ±10 MiB).
    rssMiB: { before: round(before.rss), opened: round(opened.rss), afterIdle: round(idleEnd.rss) },
    idleCpuPercentOfOneCore: round(idleCpu),
    idleSeconds: IDLE_MS / 1000,
    changeOnAToStreamOnB: { fromAnswer: percentiles(toB), fromSend: percentiles(toBFromSend) },
    changeOnAToAll1000OnA: percentiles(toAll),
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  for (const r of requests) r.destroy();
  await a.stopKeepingData();
  await b.stopKeepingData();
  await sql("DROP DATABASE IF EXISTS bench_events WITH (FORCE)");
}
