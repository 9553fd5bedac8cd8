/**
 * Fills DATABASE_URL with the demo world (full history, SEED_PRODUCTS products, default 1000) and
 * bulk orders up to ORDERS orders in all (default 100,000): `DATABASE_URL=… npx tsx bench/seed-orders.ts`.
 */
import { sql } from "drizzle-orm";
import { isEmpty, openDatabase } from "../apps/server/src/db/client";
import { seedBulkOrders } from "../apps/server/src/seed/bulk-orders";
import { seedDemoWorld } from "../apps/server/src/seed/world";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL is required");
const wanted = Number(process.env.ORDERS ?? 100_000);
const database = await openDatabase({ databaseUrl, dataDir: "" });
try {
  await database.migrate();
  const started = Date.now();
  if (await isEmpty(database.db))
    await seedDemoWorld(database.db, {
      products: Number(process.env.SEED_PRODUCTS ?? 1000),
      historyMonths: "full",
    });
  const result = await database.db.execute(sql`SELECT count(*)::int AS n FROM purchase_orders`);
  const have = (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  console.log(`demo world: ${have} orders (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const all = await seedBulkOrders(database.db, {
    count: Math.max(0, wanted - have),
    log: (m) => console.log(`  ${m}`),
  });
  console.log(`${all} orders in all (${((Date.now() - started) / 1000).toFixed(1)} s)`);
} finally {
  await database.close();
}
