/**
 * Seeds the demo world: `npm run seed -- [--products N] [--seed S] [--force]` from the repo root
 * (or `tsx src/cli/seed.ts …` in apps/server).
 *
 * Uses DATABASE_URL when set, else PGlite under DATA_DIR (default ./data at the repository root).
 * Refuses to touch a database that already has data unless --force is given; --force empties the
 * catalogue and user tables first and seeds again.
 */
import { parseArgs } from "node:util";
import { DEMO_PASSWORD } from "@portal/domain";
import { loadConfig } from "../config";
import { isEmpty, openDatabase } from "../db/client";
import {
  DEFAULT_PRODUCT_COUNT,
  DEFAULT_SEED,
  DEMO_ACCOUNTS,
  MIN_PRODUCT_COUNT,
  seedDemoWorld,
  wipeDemoWorld,
} from "../seed/world";

const USAGE = "Usage: npm run seed -- [--products N] [--seed S] [--force]";

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
