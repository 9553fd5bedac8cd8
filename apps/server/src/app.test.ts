import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import type { Db } from "./db/client";
import { createMailer } from "./lib/mailer";

// Serving the built web app: no database call happens, so no database is opened.
describe("the built web app", () => {
  let dist: string;
  let app: FastifyInstance;
  const script = `console.log(${JSON.stringify("x".repeat(4000))});`;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), "portal-dist-"));
    await mkdir(path.join(dist, "assets"));
    await writeFile(path.join(dist, "index.html"), "<!doctype html><title>Partner Portal</title>");
    await writeFile(path.join(dist, "robots.txt"), "User-agent: *\nDisallow: /\n");
    await writeFile(path.join(dist, "assets", "index-AbC123.js"), script);
    await writeFile(path.join(dist, "assets", "index-AbC123.js.br"), brotliCompressSync(script));
    await writeFile(path.join(dist, "assets", "index-AbC123.js.gz"), gzipSync(script));
    app = await buildApp({
      db: {} as Db,
      mailer: createMailer({ outboxDir: dist, from: "test@test.local" }),
      publicUrl: "http://portal.test",
      logLevel: "silent",
      webDist: dist,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await rm(dist, { recursive: true, force: true });
  });

  it("serves hashed assets precompressed and immutable for a year", async () => {
    const br = await app.inject({
      url: "/assets/index-AbC123.js",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gzip = await app.inject({ url: "/assets/index-AbC123.js", headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");

    const plain = await app.inject({ url: "/assets/index-AbC123.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("answers index.html as no-cache on any app path, and robots.txt as itself", async () => {
    for (const url of ["/", "/home", "/products/listing?q=1"]) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body).toContain("<title>Partner Portal</title>");
    }
    const robots = await app.inject({ url: "/robots.txt" });
    expect(robots.headers["content-type"]).toMatch(/^text\/plain/);
    expect(robots.body).toContain("User-agent");
  });

  it("serves the API's documentation pages to anyone, and never the app's page for an API path", async () => {
    const docs = await app.inject({ url: "/api/docs/" });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain("swagger-ui");
    for (const url of ["/API/admin/overview", "//api/admin/overview", "/api%2Fadmin%2Foverview"]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: "Not found" });
    }
  });

  it("compresses JSON answers when the browser accepts it", async () => {
    const res = await app.inject({ url: "/api/openapi.json", headers: { "accept-encoding": "br" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
  });
});
