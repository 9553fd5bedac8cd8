import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type Db, migrationsFolder } from "../../db/client";

export interface JobQueueRow {
  kind: string;
  queued: number;
  due: number;
  running: number;
  lagSeconds: number;
}

/** The job queue per kind: waiting, due now, claimed, and how long the oldest due one has waited. */
export async function jobQueue(db: Db, now: Date): Promise<JobQueueRow[]> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    SELECT kind,
      count(*) FILTER (WHERE status = 'queued')::int AS queued,
      count(*) FILTER (WHERE status = 'queued' AND run_at <= ${at}::timestamptz)::int AS due,
      count(*) FILTER (WHERE status = 'running')::int AS running,
      coalesce(extract(epoch FROM ${at}::timestamptz - min(run_at) FILTER (WHERE status = 'queued' AND run_at <= ${at}::timestamptz)), 0)::float8 AS lag
    FROM jobs WHERE status IN ('queued', 'running') GROUP BY kind ORDER BY kind`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    kind: String(r.kind),
    queued: Number(r.queued),
    due: Number(r.due),
    running: Number(r.running),
    lagSeconds: Math.max(0, Number(r.lag)),
  }));
}

/** Answers when the database answers a trivial query. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1`);
}

/** The moment (journal `when`) of the newest migration this build carries. */
export function newestMigrationOfBuild(): number {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8"),
  ) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/** The newest migration applied to the database (drizzle's own record), or 0 when none is. */
export async function newestMigrationApplied(db: Db): Promise<number> {
  const result = await db.execute(sql`
    SELECT coalesce(max(created_at), 0)::text AS newest FROM drizzle.__drizzle_migrations`);
  const rows = (result as unknown as { rows: { newest: string }[] }).rows;
  return Number(rows[0]?.newest ?? 0);
}
