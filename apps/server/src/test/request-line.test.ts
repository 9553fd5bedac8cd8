/**
 * Access is decided from the matched route, whatever the request line looks like. Every operation
 * of /api/openapi.json is sent over a raw socket (so nothing normalises the line on the way) in
 * origin form and in other spellings, anonymously and as each kind of user:
 *  - the absolute forms (`http://…`, `HTTP://…`, any Host, a host with a trailing dot) are the same
 *    request and must get the same status;
 *  - other spellings of the path (`//api/…`, `/api/../api/…`, `/API/…`, `%2F`, a trailing dot) may
 *    reach no route: they get the same status or a refusal (400, 404, 405), never more than the
 *    normal request, and never the web app's page.
 * Non-GET requests carry a body of a type no route parses, so each stops with 415 after the access
 * check (or 401/403 before it) and changes nothing. The document is read at run time, so a new
 * route is covered without anyone remembering to add it.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessPlugin } from "../plugins/access";
import { createTestWorld, type TestWorld } from "./harness";
import { type Operation, operationsOf, readDocument, sample, urlOf } from "./openapi-walk";

interface Answer {
  status: number;
  body: string;
}

/** One request over its own connection, the request line exactly as given. */
function rawRequest(
  port: number,
  target: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const lines = [`${method} ${target} HTTP/1.1`, "Connection: close"];
    if (!Object.keys(headers).some((h) => h.toLowerCase() === "host")) lines.push(`Host: 127.0.0.1:${port}`);
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    if (body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
    socket.setTimeout(30_000, () => socket.destroy(new Error(`timeout: ${method} ${target}`)));
    socket.on("data", (chunk) => {
      chunks.push(chunk);
      // an event stream (GET /api/events) stays open by design: its head and first frame answer
      const text = Buffer.concat(chunks).toString("latin1");
      if (/\r\ncontent-type: text\/event-stream/i.test(text) && text.includes("\r\n\r\n")) socket.destroy();
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf("\r\n\r\n") + 4) });
    });
    // Written, not ended: a half-closed socket may be dropped before its answer; "Connection: close" ends it.
    socket.write(`${lines.join("\r\n")}\r\n\r\n${body ?? ""}`);
  });
}

/** The request line's target of an operation, with sampled path and required query values. */
function targetOf(doc: Awaited<ReturnType<typeof readDocument>>, op: Operation): string {
  const pathValues: Record<string, string> = {};
  const query: Record<string, string> = {};
  for (const p of op.parameters) {
    if (p.in === "path") pathValues[p.name] = String(sample(doc, p.schema));
    else if (p.in === "query" && p.required) query[p.name] = String(sample(doc, p.schema));
  }
  return urlOf(op, pathValues, query);
}

/** Spellings of the same request (same status) and of other paths (same status, 400 or 404). */
function spellings(target: string, port: number) {
  const [pathPart = "", query] = target.split("?", 2);
  const q = query ? `?${query}` : "";
  const rest = pathPart.slice("/api/".length);
  return {
    same: [
      { target: `http://127.0.0.1:${port}${target}`, host: undefined },
      { target: `HTTP://x${target}`, host: "x" },
      { target: `http://127.0.0.1.:${port}${target}`, host: undefined },
    ],
    other: [
      `/${target}`,
      `/api/../api/${rest}${q}`,
      `/API/${rest}${q}`,
      `/api%2F${rest.replaceAll("/", "%2F")}${q}`,
      `/api/${rest.replaceAll("/", "%2F")}${q}`,
      `${pathPart}.${q}`,
      `${pathPart}/.${q}`,
      `http://127.0.0.1:${port}/${target}`,
    ],
  };
}

let world: TestWorld;
let dist: string;
let port: number;

beforeAll(async () => {
  // The server serves the web app beside the API: a path it does not know must not become its page.
  dist = await mkdtemp(path.join(tmpdir(), "portal-dist-"));
  await writeFile(path.join(dist, "index.html"), "<!doctype html><title>Partner Portal</title>");
  world = await createTestWorld({ products: 40, loginLimit: 100_000, webDist: dist });
  await world.app.listen({ port: 0, host: "127.0.0.1" });
  port = (world.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await world.close();
  await rm(dist, { recursive: true, force: true });
});

describe("the request line cannot walk around the access check", () => {
  it("answers every operation in every spelling as the normal request, for every kind of caller", async () => {
    const doc = await readDocument(world.app);
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThan(150);
    const kiosk = await world.signIn("kiosk@demo.in");
    const guest = await world.app.inject({
      method: "POST",
      url: "/api/kajukatli/KioskGuestLogin",
      headers: kiosk,
      payload: { MobileNo: "9812345678", firstName: "Ravi" },
    });
    expect(guest.statusCode).toBe(200);
    const callers: [string, Record<string, string>][] = [
      ["anonymous", {}],
      ["franchisee", await world.signIn("franchisee@demo.in")],
      ["stockist", await world.signIn("stockist@demo.in")],
      ["kiosk store", kiosk],
      ["kiosk guest", { authorization: `Bearer ${guest.json().token}` }],
      ["staff", await world.signIn("admin@demo.in")],
    ];
    const mismatches: string[] = [];
    let sent = 0;
    const statuses = new Map<number, number>();
    for (const op of ops) {
      const target = targetOf(doc, op);
      const { same, other } = spellings(target, port);
      // A body no route parses: a request that passes the access check stops at 415, changing nothing.
      const body = op.method === "GET" || op.method === "HEAD" ? undefined : "probe";
      const bodyHeaders: Record<string, string> = body ? { "content-type": "application/x-probe" } : {};
      for (const [who, auth] of callers) {
        const headers = { ...auth, ...bodyHeaders };
        const normal = await rawRequest(port, target, op.method, headers, body);
        sent += 1;
        statuses.set(normal.status, (statuses.get(normal.status) ?? 0) + 1);
        if (normal.status === 0 || normal.status >= 500)
          mismatches.push(`${who} ${op.method} ${target}: normal request answered ${normal.status}`);
        // The spellings of one request go together (none can change anything), the operations in turn.
        const answers = await Promise.all([
          ...same.map(({ target: t, host }) =>
            rawRequest(port, t, op.method, host ? { ...headers, host } : headers, body).then((a) => ({
              t,
              a,
              exact: true,
            })),
          ),
          ...other.map((t) =>
            rawRequest(port, t, op.method, headers, body).then((a) => ({ t, a, exact: false })),
          ),
        ]);
        sent += answers.length;
        for (const { t, a, exact } of answers) {
          // A limit (429) counts every spelling of an address together: a refusal, never a way round.
          const allowed = exact ? [normal.status, 429] : [normal.status, 400, 404, 405, 429];
          if (!allowed.includes(a.status))
            mismatches.push(`${who} ${op.method} ${t}: ${a.status}, normally ${normal.status}`);
          if (a.body.includes("<title>Partner Portal</title>"))
            mismatches.push(`${who} ${op.method} ${t}: answered the web app's page`);
        }
      }
    }
    console.info(
      `request lines: ${sent} requests over ${ops.length} operations and ${callers.length} callers, ${mismatches.length} mismatches; normal statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(mismatches).toEqual([]);
    // Every caller was refused somewhere and let through somewhere: the check ran.
    expect(statuses.get(401)).toBeGreaterThan(100);
    expect(statuses.get(403)).toBeGreaterThan(20);
  }, 900_000);

  it("refuses the staff dashboard to an anonymous absolute-form request line (the probe's own request)", async () => {
    const answer = await rawRequest(port, `http://127.0.0.1:${port}/api/admin/overview`, "GET", {
      host: "x",
    });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual({ message: "Your session has expired. Please sign in again." });
  });
});

describe("the access check on its own", () => {
  // Without the server's rewriting of the request line: the check alone must hold.
  it("decides from the matched route, and refuses a route that declares no level", async () => {
    const app = Fastify();
    await app.register(accessPlugin, { resolveSession: async () => null });
    app.get("/api/secret", { config: { access: "admin" } }, async () => ({ secret: true }));
    app.get("/open", { config: { access: "public" } }, async () => ({ open: true }));
    await app.listen({ port: 0, host: "127.0.0.1" });
    const own = (app.server.address() as AddressInfo).port;
    try {
      for (const target of [
        "/api/secret",
        `http://127.0.0.1:${own}/api/secret`,
        `HTTP://x/api/secret`,
        `https://x/api/secret`,
      ])
        expect((await rawRequest(own, target, "GET", {})).status, target).toBe(401);
      expect((await rawRequest(own, `http://x/open`, "GET", {})).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("will not start with a route that declares no access level", async () => {
    const app = Fastify();
    await app.register(accessPlugin, { resolveSession: async () => null });
    app.get("/api/forgotten", async () => ({}));
    await expect(app.ready()).rejects.toThrow(
      "These routes declare no access level (public, user or admin): GET /api/forgotten",
    );
    await app.close();
  });
});
