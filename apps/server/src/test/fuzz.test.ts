/**
 * Fuzzes every operation of the app's own OpenAPI document with malformed paths, queries, headers
 * and bodies, signed out and signed in as each demo role: no answer may be a 5xx, and the server
 * must still answer afterwards. Runs on PGlite, or on PostgreSQL with TEST_DATABASE_URL.
 */
import { sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWorld, type TestWorld } from "./harness";
import {
  BAD_DAYS,
  dayPaths,
  isDaySchema,
  type Operation,
  operationsOf,
  readDocument,
  sample,
  urlOf,
} from "./openapi-walk";

/** Partner roles take turns per request; staff and no one at all see every request. */
const ROLES = ["franchisee@demo.in", "stockist@demo.in", "kiosk@demo.in", "coco@demo.in"];
const ADMIN = "admin@demo.in";

const NUL = "a\u0000b";
const LONE_SURROGATE = "a\ud800b";
const HUGE = "x".repeat(20_000);
/** Bad values for any leaf of a body, path or query. */
const BAD_VALUES: unknown[] = [
  null,
  NUL,
  LONE_SURROGATE,
  HUGE,
  2_147_483_648,
  -1,
  1e308,
  1.5,
  true,
  [],
  {},
  "\u0085\u009f",
];
/** Bad path and query values, already URL-encoded (a NUL, a lone surrogate, bytes that are not UTF-8). */
const BAD_PARAMS = [
  "2147483648",
  "99999999999999999999",
  "-1",
  "0",
  "1.5",
  "abc",
  "a%00b",
  "a%ED%A0%80b",
  "%FF%FE",
  "%",
  "x".repeat(3000),
  "me",
];

/** A request that must be refused (4xx), not merely survive. */
const MUST_REFUSE = Symbol("must refuse");
type FuzzRequest = InjectOptions & { [MUST_REFUSE]?: string };

/** A URL with one parameter replaced by a raw (already encoded) value. */
function rawUrl(
  op: Operation,
  path: Record<string, string>,
  query: Record<string, string>,
  name: string,
  raw: string,
  inQuery: boolean,
) {
  const url = urlOf(
    op,
    inQuery ? path : { ...path, [name]: "__RAW__" },
    inQuery ? { ...query, [name]: "__RAW__" } : query,
  );
  return url.replace("__RAW__", raw);
}

type Json = unknown;

/** Every value reachable in `value` (into objects, and the first element of arrays), by path. */
function leafPaths(value: Json, prefix: (string | number)[] = [], depth = 0): (string | number)[][] {
  const paths: (string | number)[][] = prefix.length ? [prefix] : [];
  if (depth > 5 || value === null || typeof value !== "object") return paths;
  if (Array.isArray(value)) {
    if (value.length > 0) paths.push(...leafPaths(value[0], [...prefix, 0], depth + 1));
    return paths;
  }
  for (const [key, child] of Object.entries(value))
    paths.push(...leafPaths(child, [...prefix, key], depth + 1));
  return paths;
}

function withValue(base: Json, path: (string | number)[], value: unknown, remove = false): Json {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1) as string | number;
  if (remove) delete node[last];
  else node[last] = value;
  return copy;
}

/** Malformed requests for one operation (and the plausible one they start from). */
function requestsFor(doc: Awaited<ReturnType<typeof readDocument>>, op: Operation): FuzzRequest[] {
  const pathValues: Record<string, string> = {};
  const query: Record<string, string> = {};
  const headers: Record<string, string> = {};
  for (const p of op.parameters) {
    const value = String(sample(doc, p.schema));
    if (p.in === "path") pathValues[p.name] = value;
    else if (p.in === "query") query[p.name] = value;
    else headers[p.name] = value;
  }
  const method = op.method as InjectOptions["method"];
  const body = op.bodyExamples.length
    ? op.bodyExamples[0]
    : op.jsonBody
      ? sample(doc, op.jsonBody)
      : undefined;
  const base = (over: Partial<InjectOptions> = {}): InjectOptions => ({
    method,
    url: urlOf(op, pathValues, query),
    headers: { ...headers },
    ...(body !== undefined ? { payload: body as object } : {}),
    ...over,
  });
  const out: FuzzRequest[] = [base()];
  // Each day parameter, then each day of the body, given impossible and out-of-range days.
  for (const p of op.parameters) {
    if (p.in === "header" || !isDaySchema(doc, p.schema)) continue;
    for (const day of BAD_DAYS)
      out.push({
        ...base({ url: rawUrl(op, pathValues, query, p.name, day, p.in === "query") }),
        [MUST_REFUSE]: `${p.name}=${day}`,
      });
  }
  if (body !== undefined && body !== null && typeof body === "object" && op.jsonBody) {
    for (const path of dayPaths(doc, op.jsonBody)) {
      for (const day of BAD_DAYS)
        out.push({
          ...base({ payload: withValue(body, path, day) as object }),
          [MUST_REFUSE]: `${path.join(".")}=${day}`,
        });
    }
  }
  for (const p of op.parameters) {
    for (const bad of BAD_PARAMS) {
      if (p.in === "path") out.push(base({ url: rawUrl(op, pathValues, query, p.name, bad, false) }));
      else if (p.in === "query") out.push(base({ url: rawUrl(op, pathValues, query, p.name, bad, true) }));
      else if (!bad.includes("%")) out.push(base({ headers: { ...headers, [p.name]: bad } }));
    }
    if (p.in === "query") out.push(base({ url: `${urlOf(op, pathValues, query)}&${p.name}=1&${p.name}=2` }));
    if (p.in === "header") out.push(base({ headers: {} }));
  }
  if (op.method === "GET" || op.method === "DELETE") return out;
  // Whole bodies that are wrong.
  const json = { "content-type": "application/json" };
  out.push(base({ payload: "{", headers: { ...headers, ...json } }));
  out.push(base({ payload: "null", headers: { ...headers, ...json } }));
  out.push(base({ payload: "[]", headers: { ...headers, ...json } }));
  out.push(base({ payload: '"text"', headers: { ...headers, ...json } }));
  out.push(base({ payload: "12", headers: { ...headers, ...json } }));
  out.push(base({ payload: "", headers: { ...headers, ...json } }));
  out.push(base({ payload: "a=1", headers: { ...headers, "content-type": "text/plain" } }));
  out.push(
    base({ payload: "a=1", headers: { ...headers, "content-type": "application/x-www-form-urlencoded" } }),
  );
  out.push(
    base({
      payload: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\n\u0000\r\n--',
      headers: { ...headers, "content-type": "multipart/form-data; boundary=x" },
    }),
  );
  if (body === undefined || body === null || typeof body !== "object") return out;
  // One field at a time: removed, or replaced by a bad value.
  for (const path of leafPaths(body)) {
    out.push(base({ payload: withValue(body, path, undefined, true) as object }));
    for (const bad of BAD_VALUES) out.push(base({ payload: withValue(body, path, bad) as object }));
  }
  return out;
}

let world: TestWorld;
const tokens = new Map<string, string>();

async function signInAll() {
  for (const email of [...ROLES, ADMIN]) tokens.set(email, (await world.signIn(email)).authorization);
}

/** Operations that end sessions must not leave the next ones signed out. */
async function restoreSessions() {
  // Staff routes may have deactivated a partner: every operation starts with the demo partners active.
  await world.database.db.execute(sql`UPDATE users SET active = true WHERE role <> 'admin' AND NOT active`);
  for (const [email, authorization] of tokens) {
    const me = await world.app.inject({ url: "/api/users/me", headers: { authorization } });
    if (me.statusCode !== 200) tokens.set(email, (await world.signIn(email)).authorization);
  }
}

beforeAll(async () => {
  world = await createTestWorld({ products: 50, loginLimit: 100_000 });
  await signInAll();
});
afterAll(() => world.close());

describe("fuzzing every operation of /api/openapi.json", () => {
  it("answers malformed input with a 4xx, never a 5xx, signed in and not", async () => {
    const doc = await readDocument(world.app);
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThan(30);
    const failures: string[] = [];
    let sent = 0;
    let days = 0;
    const dayFields = new Set<string>();
    for (const [opIndex, op] of ops.entries()) {
      const requests = requestsFor(doc, op);
      for (const [i, request] of requests.entries()) {
        const role = ROLES[(opIndex + i) % ROLES.length] as string;
        for (const authorization of [undefined, tokens.get(role), tokens.get(ADMIN)]) {
          const headers = {
            ...(request.headers ?? {}),
            ...(authorization ? { authorization } : {}),
          } as Record<string, string>;
          // Each order attempt gets its own Idempotency-Key unless the key itself is what is fuzzed.
          if (headers["idempotency-key"] === "fuzz-key-0001") headers["idempotency-key"] = `fuzz-key-${sent}`;
          const res = await world.app.inject({ ...request, headers });
          sent += 1;
          const day = request[MUST_REFUSE];
          if (day) {
            days += 1;
            dayFields.add(`${op.method} ${op.path} ${day.split("=")[0]}`);
            if (res.statusCode < 400 || res.statusCode >= 500)
              failures.push(`${op.method} ${op.path} ${day} → ${res.statusCode}, not a 4xx`);
          } else if (res.statusCode >= 500) {
            failures.push(
              `${op.method} ${request.url} ${JSON.stringify(request.payload)?.slice(0, 200)} → ${res.statusCode}`,
            );
          }
        }
      }
      await restoreSessions();
    }
    const health = await world.app.inject({ url: "/api/health" });
    expect(health.statusCode).toBe(200);
    console.info(
      `fuzz: ${sent} requests over ${ops.length} operations (${days} with impossible or out-of-range days in ${dayFields.size} day fields), ${failures.length} failures`,
    );
    // Every day field of the document was given the bad days (the contracts' days are format date).
    expect(dayFields.size).toBeGreaterThanOrEqual(40);
    expect(failures).toEqual([]);
  }, 900_000);
});
