/**
 * Seeds the demo world: `npm run seed -- [--products N] [--seed S] [--force]` from the repo root
 * (or `tsx src/cli/seed.ts …` in apps/server). `--network N [--years Y]` adds N partner stores with Y
 * years of history (default 9) on top of it (`seed/network.ts`), and prints the database's size.
 *
 * Uses DATABASE_URL when set, else PGlite under DATA_DIR (default ./data at the repository root).
 * Refuses to touch a database that already has data unless --force is given; --force empties the
 * catalogue and user tables first and seeds again.
 */
import { parseArgs } from "node:util";
import { DEMO_PASSWORD } from "@portal/domain";
import { sql } from "drizzle-orm";
import { loadConfig } from "../config";
import { isEmpty, openDatabase } from "../db/client";
import { networkEmail, seedNetwork } from "../seed/network";
import {
  DEFAULT_PRODUCT_COUNT,
  DEFAULT_SEED,
  DEMO_ACCOUNTS,
  MIN_PRODUCT_COUNT,
  seedDemoWorld,
  WORLD_BASE_DATE,
  wipeDemoWorld,
} from "../seed/world";

const USAGE = "Usage: npm run seed -- [--products N] [--seed S] [--network STORES [--years Y]] [--force]";

const rowsOf = <T>(result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];

function positiveInteger(name: string, text: string | undefined, fallback: number, min: number): number {
  if (text === undefined) return fallback;
  const value = Number(text.replace(/_/g, ""));
  if (!Number.isSafeInteger(value) || value < min) {
    throw new Error(`--${name} must be a whole number of at least ${min}, not "${text}"`);
  }
  return value;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      products: { type: "string" },
      seed: { type: "string" },
      network: { type: "string" },
      years: { type: "string" },
      force: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const productCount = positiveInteger("products", values.products, DEFAULT_PRODUCT_COUNT, MIN_PRODUCT_COUNT);
  const seed = positiveInteger("seed", values.seed, DEFAULT_SEED, 0);
  const networkStores = values.network === undefined ? 0 : positiveInteger("network", values.network, 0, 1);
  const networkYears = positiveInteger("years", values.years, 9, 1);
  if (networkYears > 9)
    throw new Error(`--years must be at most 9 (GST began in 2017), not "${values.years}"`);

  const config = loadConfig();
  const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}`;

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    if (!(await isEmpty(database.db))) {
      if (!values.force) {
        console.error(
          `The database (${where}) already holds data; nothing was changed.\n` +
            "Run again with --force to wipe the catalogue and users and seed a fresh demo world.",
        );
        process.exitCode = 1;
        return;
      }
      console.log(`Wiping the catalogue and users in ${where} …`);
      await wipeDemoWorld(database.db);
    }
    console.log(`Seeding ${productCount} products with seed ${seed} into ${where} …`);
    const summary = await seedDemoWorld(database.db, {
      products: productCount,
      seed,
      log: (message) => console.log(`  ${message}`),
    });
    console.log(
      `Done in ${(summary.durationMs / 1000).toFixed(1)} s: ${summary.products} products, ` +
        `${summary.stockRows} stock rows, ${summary.brands} brands, ${summary.warehouses} warehouses, ` +
        `${summary.users} users.`,
    );
    if (networkStores > 0) {
      console.log(`Seeding a network of ${networkStores} stores with ${networkYears} years of history …`);
      const network = await seedNetwork(database.db, {
        stores: networkStores,
        years: networkYears,
        end: WORLD_BASE_DATE,
        seed,
        log: (message) => console.log(`  ${message}`),
      });
      await database.db.execute(sql`ANALYZE`);
      const [size] = rowsOf<{ bytes: string }>(
        await database.db.execute(sql`SELECT pg_database_size(current_database())::text AS bytes`),
      );
      const counts = rowsOf<{ name: string; n: number }>(
        await database.db.execute(sql`SELECT 'orders' AS name, count(*)::int AS n FROM purchase_orders
          UNION ALL SELECT 'order lines', count(*)::int FROM purchase_order_lines
          UNION ALL SELECT 'invoices', count(*)::int FROM invoices
          UNION ALL SELECT 'ledger entries', count(*)::int FROM ledger_entries
          UNION ALL SELECT 'payments', count(*)::int FROM payments
          UNION ALL SELECT 'products', count(*)::int FROM products`),
      );
      console.log(
        `Network done in ${(network.durationMs / 1000).toFixed(1)} s: ${network.stores} stores, ${network.months} months; ` +
          `${counts.map((c) => `${c.n} ${c.name}`).join(", ")}; database ${(Number(size?.bytes ?? 0) / 1024 / 1024).toFixed(0)} MB.`,
      );
      console.log(`Network stores sign in as ${networkEmail(1)} … ${networkEmail(networkStores)}.`);
    }
    console.log(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(20)} ${account.description}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  console.error(USAGE);
  process.exitCode = 1;
});
