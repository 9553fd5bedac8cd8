/**
 * The positive phase of an OpenAPI fuzzer (Schemathesis' "positive data acceptance"), over the
 * app's own document: for every operation and each caller (a partner, staff, and no one for the
 * public operations) it sends several requests the document calls valid — path, query, headers
 * and a JSON or multipart body generated from the schemas (required fields always, optional ones
 * now and then, within every minLength, maxLength, minimum, maximum, pattern, enum and format) —
 * and the server must not refuse any of them for their shape.
 *
 * A refusal for the shape is one the route's own zod schema made (Fastify's validation, seen
 * through the validator compiler), or a 400, 413, 414, 415 or 422 whose message is not one of the
 * domain's messages (a rule checked by hand that the document does not state). 401, 403, 404, 409
 * and the domain's business refusals (a date in the future, a page past the last, a wrong
 * password) are answers, not refusals of the shape. Three rules JSON Schema cannot state are
 * stated by extensions the generator follows: `x-unique-by` (a list holds each id once),
 * `x-caller` (POST /api/users: a sign-up for no one, a new partner for staff) and
 * `x-refinements` (the messages of refinements such as "dob cannot be in the future").
 *
 * Deterministic (seeded by operation and caller) and bounded: about 1,600 requests.
 */
import * as domain from "@portal/domain";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestWorld, type TestWorld } from "./harness";
import {
  type OpenApiDocument,
  type Operation,
  operationsOf,
  readDocument,
  resolve,
  type Schema,
  urlOf,
} from "./openapi-walk";

/** What the route schemas refused during the request in flight (the validator compiler reports here). */
const schemaRefusals = vi.hoisted(() => [] as { part: string; path: string; message: string }[]);

vi.mock("fastify-type-provider-zod", async (importOriginal) => {
  const original = await importOriginal<typeof import("fastify-type-provider-zod")>();
  const validatorCompiler: typeof original.validatorCompiler = (route) => {
    const validate = original.validatorCompiler(route);
    return (data: unknown) => {
      const result = validate(data) as { error?: unknown };
      if (result?.error) {
        const part = (route as { httpPart?: string }).httpPart ?? "request";
        const issues = [result.error].flat() as {
          message?: string;
          params?: { issue?: { path?: unknown[] } };
        }[];
        for (const i of issues)
          schemaRefusals.push({
            part,
            path: (i.params?.issue?.path ?? []).join("."),
            message: i.message ?? "refused",
          });
      }
      return result as ReturnType<ReturnType<typeof original.validatorCompiler>>;
    };
  };
  return { ...original, validatorCompiler };
});

const PARTNER = "franchisee@demo.in";
const STAFF = "admin@demo.in";
/** Requests per operation and caller (signed out: none, unless the operation is public). */
const SAMPLES = 4;

// ---------------------------------------------------------------------------------------------
// Values the document calls valid, as fast-check arbitraries
// ---------------------------------------------------------------------------------------------

/** Characters a client sends in text: printable ASCII (spaces too), letters of other scripts, an emoji. */
const TEXT_CHAR = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) },
  { weight: 2, arbitrary: fc.constantFrom("é", "ß", "अ", "க", "中", "₹", "ü", "Ω") },
  { weight: 1, arbitrary: fc.constant("😀") },
);

/** A pattern that only keeps control characters out (the contracts' `text()`): any text fits. */
const isTextPattern = (p: string) => p.startsWith("^[^\\u0000-");

function lengthArb(min: number, max: number): fc.Arbitrary<number> {
  const choices: fc.Arbitrary<number>[] = [
    fc.constant(min),
    fc.integer({ min, max: Math.min(max, min + 40) }),
  ];
  if (max < 10_000) choices.push(fc.constant(max));
  else choices.push(fc.integer({ min, max: Math.min(max, min + 3000) }));
  return fc.oneof(...choices);
}

function stringArb(s: Schema, patterns: string[]): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Math.max(min, 5000);
  // A whole-string pattern (^…$) shapes the value; "contains" patterns (\\S, a letter, a digit) only filter it.
  const specific = patterns.filter((p) => !isTextPattern(p) && p.startsWith("^") && p.endsWith("$"));
  const all = patterns.map((p) => new RegExp(p, "u"));
  const fits = (v: string) => v.length >= min && v.length <= max && all.every((r) => r.test(v));
  if (s.format === "date") {
    const first = Date.UTC(2000, 0, 1);
    const last = Date.UTC(2100, 11, 31);
    return fc
      .oneof(
        fc.constantFrom(first, last),
        fc.integer({ min: Date.UTC(2017, 3, 1), max: Date.UTC(2026, 10, 26) }),
        fc.integer({ min: first / 86_400_000, max: last / 86_400_000 }).map((d) => d * 86_400_000),
      )
      .map((t) => new Date(t).toISOString().slice(0, 10));
  }
  if (s.format === "email") {
    return fc
      .tuple(fc.stringMatching(/^[a-z0-9]{1,20}$/), fc.constantFrom("demo.in", "example.com", "mail.co.in"))
      .map(([local, host]) => `${local}@${host}`);
  }
  if (specific.length > 0) {
    const first = specific[0] as string;
    return fc.stringMatching(new RegExp(first)).filter(fits);
  }
  // Any text within the lengths: spaces only, edge lengths, mixed scripts.
  const text = lengthArb(min, max).chain((n) =>
    fc.oneof(
      fc.string({ unit: TEXT_CHAR, minLength: n, maxLength: n }),
      fc.constant(" ".repeat(n)),
      fc.constant("a".repeat(n)),
    ),
  );
  return text.filter(fits);
}

function numberArb(s: Schema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = s.exclusiveMinimum === true;
  const exclusiveMax = s.exclusiveMaximum === true;
  let min = typeof s.minimum === "number" ? s.minimum : integer ? Number.MIN_SAFE_INTEGER : -1e12;
  let max = typeof s.maximum === "number" ? s.maximum : integer ? Number.MAX_SAFE_INTEGER : 1e12;
  if (typeof s.exclusiveMinimum === "number") min = s.exclusiveMinimum;
  if (typeof s.exclusiveMaximum === "number") max = s.exclusiveMaximum;
  if (integer) {
    const lo = exclusiveMin || typeof s.exclusiveMinimum === "number" ? Math.floor(min) + 1 : Math.ceil(min);
    const hi = exclusiveMax || typeof s.exclusiveMaximum === "number" ? Math.ceil(max) - 1 : Math.floor(max);
    return fc.oneof(
      fc.constantFrom(lo, hi),
      fc.integer({ min: Math.max(lo, -5), max: Math.min(hi, Math.max(lo, -5) + 300) }),
      fc.integer({ min: Math.max(lo, Number.MIN_SAFE_INTEGER), max: Math.min(hi, Number.MAX_SAFE_INTEGER) }),
    );
  }
  const open = exclusiveMin || exclusiveMax || typeof s.exclusiveMinimum === "number";
  return fc
    .oneof(
      fc.constantFrom(min, max),
      fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
      fc.integer({ min: Math.ceil(Math.max(min, 0)), max: Math.floor(Math.min(max, 1000)) }),
    )
    .filter(
      (n) => !open || (n > min && n < max) || (!exclusiveMin && n === min) || (!exclusiveMax && n === max),
    )
    .filter((n) => (s as { multipleOf?: number }).multipleOf === undefined || Number.isInteger(n));
}

/** Everything `allOf` says, in one schema (patterns gathered). */
function merged(doc: OpenApiDocument, schema: Schema): { s: Schema; patterns: string[] } {
  const s = resolve(doc, schema);
  const patterns = s.pattern ? [s.pattern] : [];
  if (!s.allOf?.length) return { s, patterns };
  let out: Schema = { ...s, allOf: undefined };
  for (const part of s.allOf) {
    const inner = merged(doc, part);
    patterns.push(...inner.patterns);
    out = { ...inner.s, ...out, properties: { ...inner.s.properties, ...out.properties } };
  }
  return { s: out, patterns };
}

/** Who is calling: a body that depends on the caller marks its alternatives with `x-caller`. */
type Caller = "anonymous" | "partner" | "staff";
type Extended = Schema & { "x-caller"?: string; "x-unique-by"?: string; maxItems?: number };

/** Values the schema accepts; `null` only where the document says nullable. */
export function arbitraryOf(
  doc: OpenApiDocument,
  schema: Schema,
  caller: Caller,
  depth = 0,
): fc.Arbitrary<unknown> {
  const { s, patterns } = merged(doc, schema);
  const x = s as Extended;
  const base = ((): fc.Arbitrary<unknown> => {
    if (s.enum?.length) return fc.constantFrom(...s.enum);
    let alternatives = s.anyOf ?? s.oneOf;
    const mine = alternatives?.filter((alt) => (resolve(doc, alt) as Extended)["x-caller"] === caller);
    if (mine?.length) alternatives = mine;
    if (alternatives?.length) {
      const { anyOf: _a, oneOf: _o, ...rest } = s;
      return fc.oneof(
        ...alternatives.map((alt) =>
          arbitraryOf(doc, { ...rest, ...resolve(doc, alt) } as Schema, caller, depth + 1),
        ),
      );
    }
    const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
    switch (type) {
      case "string":
        return stringArb(s, patterns);
      case "integer":
        return numberArb(s, true);
      case "number":
        return numberArb(s, false);
      case "boolean":
        return fc.boolean();
      case "array": {
        const items = s.items && depth < 8 ? arbitraryOf(doc, s.items, caller, depth + 1) : fc.constant("a");
        const minLength = s.minItems ?? 0;
        const maxLength = Math.max(minLength, Math.min(x.maxItems ?? 3, 3));
        // A rule the document states by `x-unique-by` (JSON Schema has no "unique by this field").
        const key = x["x-unique-by"];
        if (key)
          return fc.uniqueArray(items, {
            minLength,
            maxLength,
            selector: (v) => (v as Record<string, unknown>)?.[key],
          });
        return fc.array(items, { minLength, maxLength });
      }
      case "object":
      case undefined: {
        if (!s.properties) return type === "object" ? fc.constant({}) : fc.constant("a");
        const required = new Set(s.required ?? []);
        const record: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [key, prop] of Object.entries(s.properties))
          record[key] = arbitraryOf(doc, prop, caller, depth + 1);
        return fc.record(record, { requiredKeys: [...required].filter((k) => k in record) });
      }
      default:
        return fc.constant("a");
    }
  })();
  return s.nullable
    ? fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 4, arbitrary: base })
    : base;
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

const asParam = (v: unknown): string | string[] | undefined =>
  v === null || v === undefined ? undefined : Array.isArray(v) ? v.map(String) : String(v);

/** A small file of each media type the uploads take (judged by content, so the bytes matter). */
const FILES: Record<string, { name: string; bytes: string }> = {
  "text/csv": { name: "cart.csv", bytes: "productId,qty\n1,1\n" },
  "application/pdf": { name: "file.pdf", bytes: "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n" },
};

/** A multipart body: a small file in each binary field (of its encoding's first type), text or JSON in the others. */
function multipart(
  fields: Record<string, unknown>,
  binaries: Map<string, string>,
): { payload: Buffer; type: string } {
  const boundary = "positive-phase-boundary";
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    const type = binaries.get(name);
    const file = type ? (FILES[type] ?? { name: `${name}.bin`, bytes: "not a known file" }) : null;
    const head = file ? `; filename="${file.name}"\r\nContent-Type: ${type}` : "";
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${head}\r\n\r\n`),
      Buffer.from(file ? file.bytes : typeof value === "object" ? JSON.stringify(value) : String(value)),
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

function requestArb(doc: OpenApiDocument, op: Operation, caller: Caller): fc.Arbitrary<InjectOptions> {
  const params: Record<string, fc.Arbitrary<unknown>> = {};
  const required: string[] = [];
  for (const p of op.parameters) {
    const key = `${p.in}:${p.name}`;
    params[key] = arbitraryOf(doc, p.schema, caller);
    if (p.required || p.in === "path") required.push(key);
  }
  type Content = Record<string, { schema?: Schema; encoding?: Record<string, { contentType?: string }> }>;
  const raw = doc.paths[op.path]?.[op.method.toLowerCase()] as
    | { requestBody?: { content?: Content } }
    | undefined;
  const form = raw?.requestBody?.content?.["multipart/form-data"];
  const multipartSchema = form?.schema ? resolve(doc, form.schema) : null;
  const body: fc.Arbitrary<unknown> = op.jsonBody
    ? arbitraryOf(doc, op.jsonBody, caller)
    : multipartSchema
      ? arbitraryOf(doc, multipartSchema, caller)
      : fc.constant(undefined);
  return fc.tuple(fc.record(params, { requiredKeys: required }), body).map(([values, payload]) => {
    const path: Record<string, string> = {};
    const query: Record<string, string | string[]> = {};
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(values)) {
      const [where, name] = key.split(":") as [string, string];
      const v = asParam(value);
      if (v === undefined) continue;
      if (where === "path") path[name] = String(v);
      else if (where === "query") query[name] = v;
      else headers[name] = String(v);
    }
    const url = urlOf(op, path);
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) for (const one of [v].flat()) qs.append(k, one);
    const request: InjectOptions = {
      method: op.method as InjectOptions["method"],
      url: qs.size ? `${url}?${qs}` : url,
      headers,
    };
    if (op.jsonBody && payload !== undefined) request.payload = payload as object;
    if (multipartSchema && payload && typeof payload === "object") {
      const binaries = new Map<string, string>();
      for (const [k, p] of Object.entries(multipartSchema.properties ?? {}))
        if (resolve(doc, p).format === "binary")
          binaries.set(
            k,
            form?.encoding?.[k]?.contentType?.split(",")[0]?.trim() ?? "application/octet-stream",
          );
      const built = multipart(payload as Record<string, unknown>, binaries);
      request.payload = built.payload;
      request.headers = { ...headers, "content-type": built.type };
    }
    return request;
  });
}

// ---------------------------------------------------------------------------------------------
// Business refusals: the domain's messages
// ---------------------------------------------------------------------------------------------

/** A message function's template as a regular expression (`${n} Item…` → /^.+? Item…$/). */
function templateOf(fn: (...args: never[]) => unknown): RegExp | null {
  const source = fn.toString();
  const start = source.indexOf("`");
  const end = source.lastIndexOf("`");
  if (start < 0 || end <= start) return null;
  const body = source.slice(start + 1, end);
  let out = "";
  for (let i = 0; i < body.length; i++) {
    if (body[i] === "$" && body[i + 1] === "{") {
      let depth = 1;
      i += 2;
      while (i < body.length && depth > 0) {
        if (body[i] === "{") depth += 1;
        if (body[i] === "}") depth -= 1;
        i += 1;
      }
      i -= 1;
      out += "[\\s\\S]+?";
    } else out += (body[i] as string).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${out}$`);
}

/** Every text of the domain's message groups (`messages`, `accountMessages`, …) and its message functions. */
function domainMessages(): { texts: Set<string>; templates: RegExp[] } {
  const texts = new Set<string>();
  const templates: RegExp[] = [];
  const add = (value: unknown) => {
    if (typeof value === "string") texts.add(value);
    else if (typeof value === "function") {
      const re = templateOf(value as (...args: never[]) => unknown);
      if (re) templates.push(re);
    }
  };
  for (const [name, value] of Object.entries(domain)) {
    if (/^(m|[a-z][A-Za-z]*M)essages$/.test(name) && value && typeof value === "object")
      Object.values(value).forEach(add);
  }
  for (const fn of [
    domain.itemsDeletedFromCart,
    domain.itemsAddedOrUpdated,
    domain.notServiceableBulkAdd,
    domain.notServiceableUpload,
    domain.warehouseNotMapped,
    domain.unknownStockType,
    domain.belowGroupMinimum,
    domain.onlyLeftInWarehouse,
    domain.pageBeyondLast,
  ])
    add(fn);
  return { texts, templates };
}

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

let world: TestWorld;
let doc: OpenApiDocument;
const tokens = new Map<string, string>();

/** Operations may sign a caller out or deactivate a partner: each starts as the last one did not. */
async function restoreSessions() {
  await world.database.db.execute(sql`UPDATE users SET active = true WHERE role <> 'admin' AND NOT active`);
  for (const [email, authorization] of tokens) {
    const me = await world.app.inject({ url: "/api/users/me", headers: { authorization } });
    if (me.statusCode !== 200) tokens.set(email, (await world.signIn(email)).authorization);
  }
}

/** The messages of the rules an operation's schemas name in `x-refinements` (refs followed). */
function refinementsOf(node: unknown, seen = new Set<unknown>()): Set<string> {
  const out = new Set<string>();
  if (!node || typeof node !== "object" || seen.has(node)) return out;
  seen.add(node);
  const record = node as Record<string, unknown>;
  if (typeof record.$ref === "string") return refinementsOf(resolve(doc, record as Schema), seen);
  for (const m of (record["x-refinements"] as string[] | undefined) ?? []) out.add(m);
  for (const value of Object.values(record)) for (const m of refinementsOf(value, seen)) out.add(m);
  return out;
}

/** A stable number for a text (the seed of an operation and caller). */
function seedOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

beforeAll(async () => {
  world = await createTestWorld({ products: 40, loginLimit: 100_000 });
  doc = await readDocument(world.app);
  for (const email of [PARTNER, STAFF]) tokens.set(email, (await world.signIn(email)).authorization);
});
afterAll(() => world.close());

describe("the positive phase over /api/openapi.json", () => {
  it("accepts the shape of every request the document calls valid, for each caller", async () => {
    const started = Date.now();
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThan(150);
    const { texts, templates } = domainMessages();
    const isBusiness = (message: string) => texts.has(message) || templates.some((t) => t.test(message));
    const refused = new Map<string, string[]>();
    let sent = 0;
    const byCaller = new Map<string, Set<string>>();
    /** Operations that answered some caller 2xx: the generated data gets past the refusals. */
    const accepted = new Set<string>();
    for (const op of ops) {
      const where = `${op.method} ${op.path}`;
      const isPublic = Array.isArray(op.security) && op.security.length === 0;
      const refinements = refinementsOf(doc.paths[op.path]?.[op.method.toLowerCase()]);
      for (const caller of [null, PARTNER, STAFF]) {
        const arb = requestArb(
          doc,
          op,
          caller === null ? "anonymous" : caller === STAFF ? "staff" : "partner",
        );
        // Signed out, a protected operation answers 401 before reading the request: nothing to learn.
        const count = caller === null && !isPublic ? 0 : SAMPLES;
        const requests = fc.sample(arb, { seed: seedOf(`${where} ${caller}`), numRuns: count });
        for (const request of requests) {
          const authorization = caller ? tokens.get(caller) : undefined;
          const headers = { ...(request.headers ?? {}), ...(authorization ? { authorization } : {}) };
          schemaRefusals.length = 0;
          const res = await world.app.inject({ ...request, headers });
          sent += 1;
          if (res.statusCode < 300) accepted.add(where);
          const json = String(res.headers["content-type"] ?? "").includes("json");
          const message = json ? String(res.json()?.message ?? "") : "";
          let problem: string | null = null;
          // A rule the document names in `x-refinements` (it cannot state it as a schema) may refuse.
          const unstated = schemaRefusals.filter((r) => !refinements.has(r.message));
          if (unstated.length > 0)
            problem = `schema: ${unstated.map((r) => `${r.part} ${r.path}: ${r.message}`).join("; ")}`;
          else if (
            schemaRefusals.length === 0 &&
            [400, 413, 414, 415, 422].includes(res.statusCode) &&
            !isBusiness(message)
          )
            problem = `${res.statusCode} by hand: ${message}`;
          if (problem) {
            const list = refused.get(where) ?? [];
            const shown = JSON.stringify(request.payload instanceof Buffer ? "<multipart>" : request.payload);
            list.push(
              `[${caller ?? "anonymous"}] ${request.url} ${shown?.slice(0, 300) ?? ""} → ${problem.slice(0, 300)}`,
            );
            refused.set(where, list);
            byCaller.set(
              caller ?? "anonymous",
              (byCaller.get(caller ?? "anonymous") ?? new Set()).add(where),
            );
          }
        }
      }
      // Only a call that writes can sign a caller out or deactivate a partner.
      if (op.method !== "GET") await restoreSessions();
    }
    const report = [...refused].map(([op, list]) => `${op}\n    ${list.slice(0, 3).join("\n    ")}`);
    const callers = [...byCaller].map(([c, set]) => `${c}: ${set.size}`).join(", ") || "none";
    console.info(
      `positive phase: ${sent} requests over ${ops.length} operations in ${Math.round((Date.now() - started) / 1000)} s; ${accepted.size} operations answered 2xx; ${refused.size} refused valid data (${callers})`,
    );
    expect(report).toEqual([]);
    // Not vacuous: most operations took some generated request (the rest refuse as the business says).
    expect(accepted.size).toBeGreaterThan(ops.length / 2);
  }, 600_000);
});
