import { performance } from "node:perf_hooks";
import pg from "pg";
import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Db } from "../../db/client";
import type { CatalogueIndex } from "../catalogue/public";
import * as repo from "./repo";

/**
 * What one process reports whatever app it runs: memory, CPU, event-loop delay (prom-client's
 * default metrics) and the live event streams open in it.
 */
export const processRegistry = new Registry();
let defaultsStarted = false;

/**
 * Open live event streams (server-sent events) of this process. The events module sets it:
 * `eventStreams.inc()` when a stream opens, `eventStreams.dec()` when it ends.
 */
export const eventStreams = new Gauge({
  name: "portal_event_streams",
  help: "Open live event streams (server-sent events) in this process",
  registers: [processRegistry],
});

/** Seconds buckets for answers: 1 ms to 10 s. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The label of a request's route: the matched pattern (`/api/orders/:id`), never the address as sent. */
export const UNMATCHED_ROUTE = "(unmatched)";

type PoolObserver = (seconds: number) => void;
const poolObservers = new WeakMap<pg.Pool, PoolObserver>();

/**
 * Times how long each checkout of a PostgreSQL pool waits for a connection. `pool.connect` is wrapped
 * once (node-postgres has no event for the start of a wait); the newest app on the pool is told.
 */
function watchPoolWaits(pool: pg.Pool, observe: PoolObserver) {
  const wrapped = poolObservers.has(pool);
  poolObservers.set(pool, observe);
  if (wrapped) return;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  const report = (started: number) => poolObservers.get(pool)?.((performance.now() - started) / 1000);
  (pool as unknown as { connect: (...args: unknown[]) => unknown }).connect = (...args: unknown[]) => {
    const started = performance.now();
    const callback = args[0];
    if (typeof callback === "function")
      return connect((...result: unknown[]) => {
        report(started);
        (callback as (...r: unknown[]) => void)(...result);
      });
    return (connect() as Promise<unknown>).finally(() => report(started));
  };
}

/** The PostgreSQL pool under a database handle, or null (PGlite: one connection in the process). */
export function poolOf(db: Db): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

export interface AppMetricsOptions {
  db: Db;
  now: () => Date;
  /** The catalogue index (read when scraped; made after the metrics). */
  catalogue: () => CatalogueIndex | undefined;
}

/**
 * One app's metrics (answers per route, database pool, job queue, catalogue index) in a registry of
 * its own, scraped together with the process's.
 */
export function createAppMetrics(options: AppMetricsOptions) {
  if (!defaultsStarted) {
    defaultsStarted = true;
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
  }
  const registry = new Registry();
  const registers = [registry];

  const requestDuration = new Histogram({
    name: "portal_http_request_duration_seconds",
    help: "Time to answer a request, by method, matched route pattern and status class (its _count is the request rate)",
    labelNames: ["method", "route", "status_class"] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const inFlight = new Gauge({
    name: "portal_http_requests_in_flight",
    help: "Requests being answered now",
    registers,
  });

  const pool = poolOf(options.db);
  new Gauge({
    name: "portal_db_info",
    help: "The database this app uses (kind: postgres with a connection pool, pglite embedded in the process)",
    labelNames: ["kind"] as const,
    registers,
    collect() {
      this.set({ kind: pool ? "postgres" : "pglite" }, 1);
    },
  });
  if (pool) {
    new Gauge({
      name: "portal_db_pool_connections",
      help: "PostgreSQL pool connections by state (total, idle, in_use) and checkouts waiting for one (waiting)",
      labelNames: ["state"] as const,
      registers,
      collect() {
        this.set({ state: "total" }, pool.totalCount);
        this.set({ state: "idle" }, pool.idleCount);
        this.set({ state: "in_use" }, pool.totalCount - pool.idleCount);
        this.set({ state: "waiting" }, pool.waitingCount);
      },
    });
    new Gauge({
      name: "portal_db_pool_max",
      help: "Most connections the PostgreSQL pool opens",
      registers,
      collect() {
        this.set(pool.options.max ?? 10);
      },
    });
    const wait = new Histogram({
      name: "portal_db_pool_wait_seconds",
      help: "Time a query waited for a PostgreSQL pool connection",
      buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
      registers,
    });
    watchPoolWaits(pool, (seconds) => wait.observe(seconds));
  }

  const depth = new Gauge({
    name: "portal_job_queue_depth",
    help: "Jobs by kind and state: queued (all waiting), due (queued and due now), running (claimed)",
    labelNames: ["kind", "state"] as const,
    registers,
  });
  const lag = new Gauge({
    name: "portal_job_queue_lag_seconds",
    help: "How long the oldest due job of each kind has waited past its run time (0: none due)",
    labelNames: ["kind"] as const,
    registers,
  });

  const catalogue = () => options.catalogue()?.status();
  new Gauge({
    name: "portal_catalogue_index_loaded",
    help: "1 when this process holds the catalogue index",
    registers,
    collect() {
      this.set(catalogue()?.loaded ? 1 : 0);
    },
  });
  new Gauge({
    name: "portal_catalogue_index_age_seconds",
    help: "Seconds since the catalogue index was last brought up to date from the database (-1: never)",
    registers,
    collect() {
      const at = catalogue()?.lookedAt;
      this.set(at ? Math.max(0, (Date.now() - at.getTime()) / 1000) : -1);
    },
  });
  new Gauge({
    name: "portal_catalogue_index_reload_seconds",
    help: "How long the catalogue index's last look (kind=last) and its last full build (kind=full_build) took",
    labelNames: ["kind"] as const,
    registers,
    collect() {
      const s = catalogue();
      this.set({ kind: "last" }, (s?.lookMs ?? 0) / 1000);
      this.set({ kind: "full_build" }, (s?.fullBuildMs ?? 0) / 1000);
    },
  });
  new Gauge({
    name: "portal_catalogue_index_products",
    help: "Products in the catalogue index",
    registers,
    collect() {
      this.set(catalogue()?.products ?? 0);
    },
  });

  return {
    registry,
    requestDuration,
    inFlight,
    /** The exposition text of this app's and this process's metrics. */
    async scrape(): Promise<{ contentType: string; body: string }> {
      // One read of the queue for both of its gauges (a database that does not answer leaves them empty).
      const rows = await repo.jobQueue(options.db, options.now()).catch(() => []);
      depth.reset();
      lag.reset();
      for (const row of rows) {
        depth.set({ kind: row.kind, state: "queued" }, row.queued);
        depth.set({ kind: row.kind, state: "due" }, row.due);
        depth.set({ kind: row.kind, state: "running" }, row.running);
        lag.set({ kind: row.kind }, row.lagSeconds);
      }
      const merged = Registry.merge([processRegistry, registry]);
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
  };
}
export type AppMetrics = ReturnType<typeof createAppMetrics>;

/** "2xx", "4xx"… */
export const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;
