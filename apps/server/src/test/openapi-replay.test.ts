/**
 * The OpenAPI document tells the truth: it is OpenAPI 3.0.3 without 3.1 syntax, and replaying each
 * operation's documented examples plus one generated sample gives a documented status code with a
 * documented content type and a body its schema accepts.
 */
import { randomUUID } from "node:crypto";
import Ajv from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWorld, type TestWorld } from "./harness";
import { type OpenApiDocument, operationsOf, readDocument, type Schema, sample, urlOf } from "./openapi-walk";

let world: TestWorld;
let doc: OpenApiDocument;

beforeAll(async () => {
  world = await createTestWorld({ products: 60 });
  doc = await readDocument(world.app);
});
afterAll(() => world.close());

/** Keywords and shapes OpenAPI 3.0 does not have, with where they are. */
function openApi31Syntax(node: unknown, path = ""): string[] {
  if (Array.isArray(node)) return node.flatMap((n, i) => openApi31Syntax(n, `${path}/${i}`));
  if (!node || typeof node !== "object") return [];
  const found: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === "const" || key === "$schema") found.push(`${path}/${key}`);
    if (key === "type" && (Array.isArray(value) || value === "null")) found.push(`${path}/type`);
    if ((key === "exclusiveMinimum" || key === "exclusiveMaximum") && typeof value !== "boolean")
      found.push(`${path}/${key}`);
    found.push(...openApi31Syntax(value, `${path}/${key}`));
  }
  return found;
}

/** OpenAPI 3.0's boolean exclusive bounds as JSON Schema draft-07 numbers, refs into the document. */
function toDraft7(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toDraft7);
  if (!node || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = toDraft7(value);
  if (out.exclusiveMinimum === true) {
    out.exclusiveMinimum = out.minimum;
    delete out.minimum;
  } else if (out.exclusiveMinimum === false) delete out.exclusiveMinimum;
  if (out.exclusiveMaximum === true) {
    out.exclusiveMaximum = out.maximum;
    delete out.maximum;
  } else if (out.exclusiveMaximum === false) delete out.exclusiveMaximum;
  if (typeof out.$ref === "string") out.$ref = out.$ref.replace("#/components/", "openapi#/components/");
  return out;
}

describe("/api/openapi.json", () => {
  it("is OpenAPI 3.0.3 with no 3.1 syntax", () => {
    expect(doc.openapi).toBe("3.0.3");
    expect(openApi31Syntax(doc)).toEqual([]);
  });

  it("needs no token for sign-in, sign-up, the reset calls and a team invitation's", () => {
    const ops = operationsOf(doc);
    for (const [method, path] of [
      ["POST", "/api/auth/local"],
      ["POST", "/api/users"],
      ["GET", "/api/forgotpassword"],
      ["GET", "/api/forgotpassword/checkToken/{token}"],
      ["POST", "/api/forgotpassword/reset"],
      ["GET", "/api/team/invite/{token}"],
      ["POST", "/api/team/invite/accept"],
    ]) {
      expect(ops.find((o) => o.method === method && o.path === path)?.security, `${method} ${path}`).toEqual(
        [],
      );
    }
  });

  it("answers what it documents for its examples and a generated sample of every operation", async () => {
    const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: false });
    ajv.addSchema(toDraft7({ components: doc.components }) as object, "openapi");
    const authorization = (await world.signIn("franchisee@demo.in")).authorization;
    const problems: string[] = [];
    let replayed = 0;
    for (const op of operationsOf(doc)) {
      // Sign-out would end the session the other operations use.
      if (op.path === "/api/auth/logout") continue;
      const path: Record<string, string> = {};
      const query: Record<string, string> = {};
      const headers: Record<string, string> = { authorization };
      for (const p of op.parameters) {
        const value = String(sample(doc, p.schema));
        if (p.in === "path") path[p.name] = value;
        else if (p.in === "query") query[p.name] = value;
        else headers[p.name] = p.name === "idempotency-key" ? `replay-${randomUUID()}` : value;
      }
      // The documented example (inline or in the schema), then a sample generated from the schema alone.
      const bodies: unknown[] = op.jsonBody
        ? [
            ...new Set(
              [...op.bodyExamples, sample(doc, op.jsonBody), sample(doc, op.jsonBody, 0, false)].map((b) =>
                JSON.stringify(b),
              ),
            ),
          ].map((b) => JSON.parse(b))
        : [undefined];
      for (const body of bodies) {
        const res = await world.app.inject({
          method: op.method as "GET",
          url: urlOf(op, path, query),
          headers,
          ...(body !== undefined ? { payload: body as object } : {}),
        });
        replayed += 1;
        const where = `${op.method} ${op.path} → ${res.statusCode}`;
        const documented = op.responses[String(res.statusCode)] ?? op.responses.default;
        if (!documented) {
          problems.push(`${where}: status not documented (${res.body.slice(0, 120)})`);
          continue;
        }
        const content = documented.content;
        if (!content) continue;
        const type = String(res.headers["content-type"] ?? "").split(";")[0] ?? "";
        const media = content[type];
        if (!media) {
          problems.push(`${where}: content type ${type} not documented (${Object.keys(content).join(", ")})`);
          continue;
        }
        if (type !== "application/json" || !media.schema) continue;
        const validate = ajv.compile(toDraft7(media.schema as Schema) as object);
        if (!validate(res.json())) {
          problems.push(`${where}: body does not match its schema: ${ajv.errorsText(validate.errors)}`);
        }
      }
    }
    console.info(`openapi replay: ${replayed} requests, ${problems.length} disagreements`);
    expect(problems).toEqual([]);
  });

  it("answers 405 with Allow for a method a known path does not have", async () => {
    const res = await world.app.inject({ method: "DELETE", url: "/api/users/me" });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toMatch(/GET/);
    const order = await world.app.inject({ method: "PATCH", url: "/api/order" });
    expect(order.statusCode).toBe(405);
    expect(order.headers.allow).toBe("GET, HEAD, POST");
    expect((await world.app.inject({ method: "GET", url: "/api/no-such-thing" })).statusCode).toBe(404);
  });
});
