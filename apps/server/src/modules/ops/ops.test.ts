import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { createMailer } from "../../lib/mailer";
import { createTestWorld, freshDatabase, type TestWorld } from "../../test/harness";
import { parsePrometheusText, type Sample } from "../../test/prometheus-text";
import { enqueueJob } from "../jobs/public";
import { METRICS_TOKEN_WRONG } from "./routes";

const TOKEN = "metrics-token-for-tests-0123456789";
const NOW = new Date("2026-11-02T10:00:00.000Z");
const mailer = createMailer({
  outboxDir: "/tmp/portal-ops-test-outbox",
  from: "Portal <no-reply@test.local>",
});

let world: TestWorld;
let app: FastifyInstance;
let franchisee: { authorization: string };

beforeAll(async () => {
  world = await createTestWorld({ products: 60 });
  // A second instance on the same database, as main.ts builds it with METRICS_TOKEN set and a fixed clock.
  app = await buildApp({
    db: world.database.db,
    mailer,
    publicUrl: "http://portal.test",
    logLevel: "silent",
    catalogueCacheMs: 0,
    metricsToken: TOKEN,
    now: () => NOW,
  });
  await app.ready();
  franchisee = await world.signIn("franchisee@demo.in");
}, 180_000);

afterAll(async () => {
  await app?.close();
  await world?.close();
});

const scrape = async (authorization = `Bearer ${TOKEN}`) =>
  app.inject({ method: "GET", url: "/metrics", headers: { authorization } });

const samplesOf = (text: string, family: string): Sample[] =>
  parsePrometheusText(text).get(family)?.samples ?? [];

describe("/metrics", () => {
  it("answers 404 when no METRICS_TOKEN is configured, 401 without or with a wrong token", async () => {
    expect((await world.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(404);
    const none = await app.inject({ method: "GET", url: "/metrics" });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: METRICS_TOKEN_WRONG });
    expect((await scrape(`Bearer ${TOKEN.slice(0, -1)}x`)).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}0`)).statusCode).toBe(401);
    expect((await scrape(TOKEN)).statusCode).toBe(401);
    const ok = await scrape();
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["content-type"]).toContain("text/plain; version=0.0.4");
  });

  it("labels answers with the matched route pattern and status class, never ids or query strings", async () => {
    for (const id of [987654, 987655]) {
      await app.inject({ method: "GET", url: `/api/products/${id}?token=secret-${id}`, headers: franchisee });
    }
    await app.inject({ method: "GET", url: "/api/no-such-thing/123456?q=x" });
    await app.inject({ method: "GET", url: "/api/health" });
    const res = await scrape();
    const families = parsePrometheusText(res.body);
    const family = families.get("portal_http_request_duration_seconds");
    expect(family?.type).toBe("histogram");
    const counts = (family?.samples ?? []).filter((s) => s.name.endsWith("_count"));
    const count = (route: string, status: string) =>
      counts.find((s) => s.labels.route === route && s.labels.status_class === status)?.value;
    expect(count("/api/products/:id", "4xx")).toBe(2);
    expect(count("(unmatched)", "4xx")).toBe(1);
    expect(count("/api/health", "2xx")).toBe(1);
    const routes = new Set(counts.map((s) => s.labels.route));
    for (const route of routes) {
      expect(route).not.toMatch(/\d{3,}|\?|secret/);
    }
    expect([...routes].every((r) => r === "(unmatched)" || r?.startsWith("/"))).toBe(true);
    // Refused by access (401 without a session) and unmatched requests are timed and leave no count behind.
    await app.inject({ method: "GET", url: "/api/users/me" });
    const after = parsePrometheusText((await scrape()).body);
    expect(after.get("portal_http_requests_in_flight")?.samples[0]?.value).toBe(1);
    const refused = after
      .get("portal_http_request_duration_seconds")
      ?.samples.find((s) => s.name.endsWith("_count") && s.labels.route === "/api/users/:id");
    expect(refused?.labels.status_class).toBe("4xx");
  });

  it("reports the job queue per kind with its lag, the catalogue index, the database and the process", async () => {
    await enqueueJob(world.database.db, "opsTestJob", {}, new Date(NOW.getTime() - 90_000));
    await enqueueJob(world.database.db, "opsTestJob", {}, new Date(NOW.getTime() + 60_000));
    await app.catalogueIndex.fresh();
    const text = (await scrape()).body;
    const depth = samplesOf(text, "portal_job_queue_depth").filter((s) => s.labels.kind === "opsTestJob");
    expect(Object.fromEntries(depth.map((s) => [s.labels.state, s.value]))).toEqual({
      queued: 2,
      due: 1,
      running: 0,
    });
    expect(
      samplesOf(text, "portal_job_queue_lag_seconds").find((s) => s.labels.kind === "opsTestJob")?.value,
    ).toBe(90);
    const status = app.catalogueIndex.status();
    expect(status.loaded).toBe(true);
    expect(samplesOf(text, "portal_catalogue_index_loaded")[0]?.value).toBe(1);
    expect(samplesOf(text, "portal_catalogue_index_products")[0]?.value).toBe(status.products);
    expect(status.products).toBeGreaterThan(0);
    const age = samplesOf(text, "portal_catalogue_index_age_seconds")[0]?.value ?? -1;
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(60);
    const reload = samplesOf(text, "portal_catalogue_index_reload_seconds");
    expect(reload.map((s) => s.labels.kind).sort()).toEqual(["full_build", "last"]);
    const kind = world.url ? "postgres" : "pglite";
    expect(samplesOf(text, "portal_db_info")).toEqual([
      { name: "portal_db_info", labels: { kind }, value: 1 },
    ]);
    if (world.url) {
      const pool = Object.fromEntries(
        samplesOf(text, "portal_db_pool_connections").map((s) => [s.labels.state, s.value]),
      );
      expect(Object.keys(pool).sort()).toEqual(["idle", "in_use", "total", "waiting"]);
      expect(pool.total).toBe((pool.idle ?? 0) + (pool.in_use ?? 0));
      const waits = samplesOf(text, "portal_db_pool_wait_seconds").find((s) => s.name.endsWith("_count"));
      expect(waits?.value).toBeGreaterThan(0);
    } else {
      expect(samplesOf(text, "portal_db_pool_connections")).toEqual([]);
    }
    expect(samplesOf(text, "portal_event_streams")).toEqual([
      { name: "portal_event_streams", labels: {}, value: 0 },
    ]);
    expect(samplesOf(text, "process_resident_memory_bytes")[0]?.value).toBeGreaterThan(0);
    expect(samplesOf(text, "nodejs_eventloop_lag_p99_seconds")).toHaveLength(1);
    expect(samplesOf(text, "nodejs_heap_size_used_bytes")[0]?.value).toBeGreaterThan(0);
  });
});

describe("/api/health and /api/ready", () => {
  it("is alive, and ready with each check once the catalogue index is loaded", async () => {
    expect((await app.inject({ method: "GET", url: "/api/health" })).json()).toEqual({ status: "ok" });
    await app.catalogueIndex.fresh();
    const res = await app.inject({ method: "GET", url: "/api/ready" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: "ready",
      checks: {
        database: { ok: true, detail: "reachable" },
        migrations: { ok: true, detail: "current" },
        catalogue: { ok: true, detail: `index loaded (${app.catalogueIndex.status().products} products)` },
      },
    });
  });

  it("answers 503 naming what is not ready: migrations and catalogue index, then the database", async () => {
    const { database, drop } = await freshDatabase();
    const bare = await buildApp({
      db: database.db,
      mailer,
      publicUrl: "http://portal.test",
      logLevel: "silent",
    });
    try {
      await bare.ready();
      const res = await bare.inject({ method: "GET", url: "/api/ready" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: "not ready",
        message: "Not ready: migrations, catalogue",
        notReady: ["migrations", "catalogue"],
        checks: {
          database: { ok: true, detail: "reachable" },
          migrations: { ok: false, detail: "pending: the database lacks migrations this build carries" },
          catalogue: { ok: false, detail: "index not loaded yet" },
        },
      });
      await database.migrate();
      const migrated = await bare.inject({ method: "GET", url: "/api/ready" });
      expect(migrated.json().notReady).toEqual(["catalogue"]);
      await database.close();
      const down = await bare.inject({ method: "GET", url: "/api/ready" });
      expect(down.statusCode).toBe(503);
      expect(down.json().notReady).toEqual(["database", "catalogue"]);
      expect(down.json().checks.database.detail).toMatch(/^not reachable: /);
    } finally {
      // The live-stock listener cannot UNLISTEN on the database closed above: only that error is expected.
      await bare.close().catch((error: Error) => {
        if (!/closed/i.test(error.message)) throw error;
      });
      await database.close().catch(() => {});
      await drop();
    }
  });
});
