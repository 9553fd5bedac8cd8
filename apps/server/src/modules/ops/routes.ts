import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../../db/client";
import { NOT_FOUND } from "../../lib/errors";
import type { CatalogueIndex } from "../catalogue/public";
import { createAppMetrics, statusClass, UNMATCHED_ROUTE } from "./metrics";
import * as repo from "./repo";

export const METRICS_TOKEN_WRONG = "A valid metrics token is needed (Authorization: Bearer <METRICS_TOKEN>).";

export interface OpsOptions {
  db: Db;
  now: () => Date;
  /** METRICS_TOKEN: without it /metrics answers 404. */
  metricsToken?: string | undefined;
  /** The catalogue index, read when asked (it is made after this plugin). */
  catalogue: () => CatalogueIndex | undefined;
}

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Runs `hook` when a graceful shutdown begins, before the server stops listening (long-lived
     * answers such as event streams end here so they do not hold the shutdown).
     */
    beforeShutdown(hook: () => Promise<void> | void): void;
    /** Runs the beforeShutdown hooks once and marks the app not ready (the shutdown calls it). */
    shutdownBegins(): Promise<void>;
  }
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Constant-time comparison of the presented token with the configured one. */
export function tokenMatches(presented: string | undefined, expected: string): boolean {
  return timingSafeEqual(digest(presented ?? ""), digest(expected)) && presented !== undefined;
}

const READY_TIMEOUT_MS = 2000;

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });

/**
 * What operators watch and keep: `/metrics` (Prometheus text, behind METRICS_TOKEN), `/api/ready`
 * (database, migrations, catalogue index), request timing per matched route, and the hooks a graceful
 * shutdown runs first.
 */
export const opsPlugin = fp<OpsOptions>(async (app: FastifyInstance, options) => {
  const metrics = createAppMetrics(options);
  const shutdownHooks: (() => Promise<void> | void)[] = [];
  let shuttingDown: Promise<void> | null = null;

  app.decorate("beforeShutdown", (hook: () => Promise<void> | void) => {
    shutdownHooks.push(hook);
  });
  app.decorate("shutdownBegins", () => {
    shuttingDown ??= (async () => {
      for (const hook of shutdownHooks) {
        try {
          await hook();
        } catch (error) {
          app.log.error({ err: error }, "a shutdown hook failed");
        }
      }
    })();
    return shuttingDown;
  });

  const counted = new WeakSet<object>();
  app.addHook("onRequest", async (request) => {
    counted.add(request);
    metrics.inFlight.inc();
  });
  app.addHook("onResponse", async (request, reply) => {
    if (counted.delete(request)) metrics.inFlight.dec();
    metrics.requestDuration.observe(
      {
        method: request.method,
        // The pattern the router matched (ids and query strings never become labels).
        route: request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE),
        status_class: statusClass(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  app.get("/metrics", { config: { access: "public" }, schema: { hide: true } }, async (request, reply) => {
    if (!options.metricsToken) return reply.code(404).send({ message: NOT_FOUND });
    const header = request.headers.authorization;
    const presented = header?.startsWith("Bearer ") ? header.slice(7).trim() : undefined;
    if (!tokenMatches(presented, options.metricsToken)) {
      return reply.code(401).header("www-authenticate", "Bearer").send({ message: METRICS_TOKEN_WRONG });
    }
    const { contentType, body } = await metrics.scrape();
    return reply.header("content-type", contentType).send(body);
  });

  const newestOfBuild = repo.newestMigrationOfBuild();
  let migrationsCurrent = false;
  app.get("/api/ready", { config: { access: "public" }, schema: { hide: true } }, async (_request, reply) => {
    const checks: Record<string, { ok: boolean; detail: string }> = {};
    try {
      await within(repo.ping(options.db), READY_TIMEOUT_MS, "the database");
      checks.database = { ok: true, detail: "reachable" };
    } catch (error) {
      checks.database = { ok: false, detail: `not reachable: ${(error as Error).message}` };
    }
    if (!migrationsCurrent && checks.database.ok) {
      const applied = await within(
        repo.newestMigrationApplied(options.db),
        READY_TIMEOUT_MS,
        "the database",
      ).catch(() => 0);
      migrationsCurrent = applied >= newestOfBuild;
    }
    checks.migrations = migrationsCurrent
      ? { ok: true, detail: "current" }
      : { ok: false, detail: "pending: the database lacks migrations this build carries" };
    const index = options.catalogue()?.status();
    checks.catalogue = index?.loaded
      ? { ok: true, detail: `index loaded (${index.products} products)` }
      : { ok: false, detail: "index not loaded yet" };
    if (shuttingDown) checks.shutdown = { ok: false, detail: "shutting down" };
    const notReady = Object.entries(checks)
      .filter(([, c]) => !c.ok)
      .map(([name]) => name);
    return reply
      .code(notReady.length === 0 ? 200 : 503)
      .send(
        notReady.length === 0
          ? { status: "ready", checks }
          : { status: "not ready", message: `Not ready: ${notReady.join(", ")}`, notReady, checks },
      );
  });
});
