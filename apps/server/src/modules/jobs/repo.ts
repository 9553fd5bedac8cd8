import { and, eq, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { jobs } from "../../db/schema";

export type JobRow = typeof jobs.$inferSelect;

export async function enqueue(db: DbOrTx, kind: string, payload: unknown, runAt: Date): Promise<void> {
  await db.insert(jobs).values({ kind, payload: payload ?? {}, runAt });
}

/** True when a queued job of this kind already waits (periodic jobs are enqueued once). */
export async function hasQueued(db: DbOrTx, kind: string): Promise<boolean> {
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.status, "queued")))
    .limit(1);
  return rows.length > 0;
}

/**
 * Claims up to `limit` due jobs: the rows are locked with FOR UPDATE SKIP LOCKED, so another
 * instance running the same claim at the same time takes other rows, never these.
 */
export async function claimDue(db: DbOrTx, now: Date, limit: number): Promise<JobRow[]> {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.status, "queued"), lte(jobs.runAt, now)))
    .orderBy(jobs.runAt, jobs.id)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(jobs)
    .set({ status: "running", attempts: sql`${jobs.attempts} + 1` })
    .where(sql`${jobs.id} IN (${due})`)
    .returning();
}

export async function finish(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db.update(jobs).set({ status: "done", finishedAt: now }).where(eq(jobs.id, id));
}

/** A failed job is tried again later, up to 5 attempts, then left failed with its error. */
export async function fail(db: DbOrTx, job: JobRow, error: string, now: Date): Promise<void> {
  const retry = job.attempts < 5;
  await db
    .update(jobs)
    .set({
      status: retry ? "queued" : "failed",
      lastError: error.slice(0, 2000),
      runAt: new Date(now.getTime() + 60_000 * job.attempts),
      finishedAt: retry ? null : now,
    })
    .where(eq(jobs.id, job.id));
}

/** Queues a periodic job for its next run unless one of its kind already waits (answers whether it queued). */
export async function enqueueOnce(db: DbOrTx, kind: string, payload: unknown, runAt: Date): Promise<boolean> {
  if (await hasQueued(db, kind)) return false;
  await enqueue(db, kind, payload, runAt);
  return true;
}
