import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { tableFingerprints } from "../modules/ops/public";
import { seedDemoWorld } from "../seed/world";

const run = promisify(execFile);
/** The environment without DATABASE_URL: the commands work on the embedded database. */
const { DATABASE_URL: _postgres, ...embedded } = process.env;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const work = mkdtempSync(path.join(tmpdir(), "portal-backup-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** One of the backup commands as `npm run db:backup -- FILE` runs it (tsx, DATA_DIR from the environment). */
const command = (script: "backup" | "restore", dataDir: string, file: string) =>
  run(process.execPath, ["--import", "tsx", `src/cli/${script}.ts`, file], {
    cwd: serverDir,
    env: { ...embedded, DATA_DIR: dataDir, INIT_CWD: work },
    timeout: 120_000,
  });

async function fingerprintsOf(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    return await tableFingerprints(database.db);
  } finally {
    await database.close();
  }
}

describe("db:backup and db:restore (embedded database)", () => {
  it("round-trips every table: same row counts and row checksums; the folder replaced is kept", async () => {
    const source = path.join(work, "source");
    const database = await openDatabase({ dataDir: source });
    await database.migrate();
    await seedDemoWorld(database.db, { products: 60, historyMonths: 1 });
    await database.close();
    const before = await fingerprintsOf(source);
    const tables = Object.keys(before);
    expect(tables.length).toBeGreaterThan(40);
    expect(tables).toContain("drizzle.__drizzle_migrations");
    for (const table of [
      "public.purchase_orders",
      "public.invoices",
      "public.ledger_entries",
      "public.products",
    ])
      expect(before[table]?.rows, table).toBeGreaterThan(0);

    const backup = await command("backup", source, "portal.backup");
    expect(backup.stdout).toContain(`to ${path.join(work, "portal.backup")}`);
    expect(existsSync(path.join(work, "portal.backup"))).toBe(true);

    // Into a new folder: every table as it was.
    const target = path.join(work, "target");
    await command("restore", target, "portal.backup");
    expect(await fingerprintsOf(target)).toEqual(before);

    // Over a database that changed since: the backup's rows come back, the changed folder is kept aside.
    const changed = await openDatabase({ dataDir: target });
    await changed.db.execute(sql`DELETE FROM notifications`);
    await changed.db.execute(sql`UPDATE products SET name = name || ' (changed)'`);
    await changed.close();
    expect((await fingerprintsOf(target))["public.products"]).not.toEqual(before["public.products"]);
    const restored = await command("restore", target, "portal.backup");
    expect(restored.stdout).toMatch(/The database there before is kept in .*pgdata\.before-restore-/);
    expect(await fingerprintsOf(target)).toEqual(before);
    expect(readdirSync(target).filter((n) => n.startsWith("pgdata.before-restore-"))).toHaveLength(1);
  }, 300_000);

  it("refuses on PostgreSQL (pg_dump is the way there) and without a file", async () => {
    await expect(
      run(process.execPath, ["--import", "tsx", "src/cli/backup.ts", "x.backup"], {
        cwd: serverDir,
        env: { ...process.env, DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" },
        timeout: 60_000,
      }),
    ).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("DATABASE_URL is set: back PostgreSQL up with pg_dump"),
    });
    await expect(command("restore", path.join(work, "none"), "")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("Usage: npm run db:restore -- FILE"),
    });
  }, 120_000);
});
