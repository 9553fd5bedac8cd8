// npm run bench:cart: a 300-line cart on a big demo world, per database (PGlite, PostgreSQL):
// the allocation refresh (POST /api/cart) under autocannon, then ten placements of the whole cart
// (POST /api/order), one after another, each with a fresh Idempotency-Key. Writes to bench/README.md.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { benchDatabases, machineLine, percentiles, prependToReadme, startServer } from "./server.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const productCount = Number(process.env.BENCH_PRODUCTS ?? 20_000);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const placements = Number(process.env.BENCH_PLACEMENTS ?? 10);
const address = {
  name: "Priya Deshmukh",
  address1: "12 FC Road",
  city: "Pune",
  state: "Maharashtra",
  pincode: "411001",
  phone: "9822000000",
};

async function json(res) {
  const body = await res.json();
  if (!res.ok && res.status !== 400)
    throw new Error(`${res.url} answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

async function runOn(kind) {
  console.log(`\n[${kind}] seeding ${productCount} products and starting the server...`);
  const server = await startServer(kind, { port: 3390, productCount });
  try {
    const headers = await server.signIn("franchisee@demo.in");
    const post = (p, body, extra = {}) =>
      fetch(`${server.base}${p}`, {
        method: "POST",
        headers: { ...headers, ...extra },
        body: JSON.stringify(body),
      });
    // 300 products from company warehouses, well stocked, for a cart that can be placed again and again.
    const ids = [];
    for (let page = 1; ids.length < 300; page++) {
      const listing = await json(
        await post("/api/listing/b2b", {
          whType: "owned",
          size: 50,
          page,
          sort: { name: "newArrivals", order: "desc" },
        }),
      );
      ids.push(...listing.products.filter((p) => p.totalStock >= 40).map((p) => p.id));
      if (page >= listing.totalPages) break;
    }
    const cartLines = ids.slice(0, 300).map((id) => ({ id, qty: 1 }));
    const fill = async () => {
      await fetch(`${server.base}/api/users/cart`, {
        method: "DELETE",
        headers: { authorization: headers.authorization },
      });
      const res = await fetch(`${server.base}/api/users/cart/update`, {
        method: "PUT",
        headers,
        body: JSON.stringify({ products: cartLines, mode: "add" }),
      });
      if (!res.ok) throw new Error(`filling the cart: ${res.status} ${await res.text()}`);
    };
    await fill();
    const refreshBody = JSON.stringify({ products: cartLines.map((l) => l.id), appType: 1 });
    const refresh = await new Promise((resolve, reject) =>
      autocannon(
        {
          url: `${server.base}/api/cart`,
          method: "POST",
          headers,
          body: refreshBody,
          connections: 10,
          duration,
        },
        (err, r) => (err ? reject(err) : resolve(r)),
      ),
    );

    // The same refresh one request at a time (what one partner waits for).
    const aloneTimes = [];
    for (let i = 0; i < 40; i++) {
      const started = performance.now();
      await json(await post("/api/cart", { products: cartLines.map((l) => l.id), appType: 1 }));
      aloneTimes.push(performance.now() - started);
    }

    const placeTimes = [];
    let placedOrders = 0;
    for (let i = 0; i < placements; i++) {
      await fill();
      const cart = await json(await post("/api/cart", { products: cartLines.map((l) => l.id), appType: 1 }));
      const byWarehouse = new Map();
      for (const line of cart.data.products) {
        for (const a of line.allocation) {
          if (!byWarehouse.has(a.wh)) byWarehouse.set(a.wh, []);
          byWarehouse.get(a.wh).push({ id: line.id, qty: a.qty });
        }
      }
      const orders = [...byWarehouse].map(([wh, products]) => ({ wh, products }));
      const started = performance.now();
      const res = await post(
        "/api/order",
        { orders, shippingAddress: address, billingAddress: address },
        { "idempotency-key": `bench-${kind}-${Date.now()}-${i}` },
      );
      const body = await res.json();
      placeTimes.push(performance.now() - started);
      placedOrders += (body.result ?? []).filter((r) => r.status === 200).length;
    }
    return {
      kind,
      readyMs: server.readyMs,
      refresh,
      alone: percentiles(aloneTimes),
      place: percentiles(placeTimes),
      placedOrders,
      lines: cartLines.length,
    };
  } finally {
    await server.stop();
  }
}

const results = [];
for (const kind of await benchDatabases()) results.push(await runOn(kind));
const lines = [
  `## ${new Date().toISOString().slice(0, 10)} — a 300-line cart (${productCount.toLocaleString("en-IN")} products)`,
  "",
  machineLine(),
  `Command: \`npm run build && npm run bench:cart\`. Allocation: POST /api/cart for the whole cart under autocannon (10 connections, ${duration} s), then 40 times one at a time. Placing: ${placements} placements of the whole cart one after another (refill, refresh, POST /api/order with a fresh Idempotency-Key). Milliseconds.`,
  "",
  "| database | lines | allocation req/s | allocation p50 | allocation p97.5 | allocation alone p50 | allocation alone p95 | placing p50 | placing p95 | placing max | purchase orders written |",
  "|---|---|---|---|---|---|---|---|---|---|---|",
  ...results.map(
    (r) =>
      `| ${r.kind === "pglite" ? "PGlite" : "PostgreSQL 15"} | ${r.lines} | ${Math.round(r.refresh.requests.average)} | ${r.refresh.latency.p50} | ${r.refresh.latency.p97_5} | ${r.alone.p50} | ${r.alone.p95} | ${r.place.p50} | ${r.place.p95} | ${r.place.max} | ${r.placedOrders} |`,
  ),
  "",
];
const section = lines.join("\n");
console.log(`\n${section}`);
prependToReadme(path.join(here, "README.md"), section, readFileSync, writeFileSync);
