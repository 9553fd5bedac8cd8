import type { Db } from "../../db/client";
import * as repo from "./repo";

export type JobHandler = (payload: unknown, job: repo.JobRow) => Promise<void>;

export interface JobRunnerDeps {
  db: Db;
  handlers: Record<string, JobHandler>;
  now?: () => Date;
  log?: { error(obj: unknown, msg?: string): void };
}

/**
 * Runs the jobs table: `runDue()` claims due jobs (FOR UPDATE SKIP LOCKED, so several server
 * instances on one PostgreSQL never run the same job) and runs each; `start(ms)` does so on an
 * interval inside the server process. Tests call `runDue()` themselves.
 */
export function createJobRunner(deps: JobRunnerDeps) {
  const now = deps.now ?? (() => new Date());
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function runDue(limit = 50): Promise<number> {
    const claimed = await deps.db.transaction((tx) => repo.claimDue(tx, now(), limit));
    for (const job of claimed) {
      const handler = handlers[job.kind];
      try {
        if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
        await handler(job.payload, job);
        await repo.finish(deps.db, job.id, now());
      } catch (error) {
        deps.log?.error({ err: error, job: job.id, kind: job.kind }, "job failed");
        await repo.fail(deps.db, job, error instanceof Error ? error.message : String(error), now());
      }
    }
    return claimed.length;
  }

  const handlers: Record<string, JobHandler> = { ...deps.handlers };

  return {
    runDue,
    /** Adds the handler of a job kind whose service is made after the runner (ARS replenishment). */
    register(kind: string, handler: JobHandler) {
      handlers[kind] = handler;
    },
    /** Runs due jobs until none is left (tests and the demo world). */
    async drain(): Promise<number> {
      let total = 0;
      for (;;) {
        const n = await runDue();
        total += n;
        if (n === 0) return total;
      }
    },
    enqueue: (kind: string, payload: unknown, runAt = now()) => repo.enqueue(deps.db, kind, payload, runAt),
    start(intervalMs: number) {
      if (timer || intervalMs <= 0) return;
      timer = setInterval(() => {
        if (running) return;
        running = runDue()
          .catch((error) => {
            deps.log?.error({ err: error }, "job runner failed");
            return 0;
          })
          .finally(() => {
            running = null;
          });
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
export type JobRunner = ReturnType<typeof createJobRunner>;
