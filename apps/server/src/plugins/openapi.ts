/**
 * The OpenAPI document tells the truth: OpenAPI 3.0.3 throughout (nullable and enum, never 3.1's
 * type lists or const), public operations without security, error answers as JSON, the cart
 * upload's multipart body; and a known path called with a method it does not have answers 405
 * with Allow.
 */
import { CART_UPLOAD_FIELD } from "@portal/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createJsonSchemaTransformObject, jsonSchemaTransform } from "fastify-type-provider-zod";

type Json = Record<string, unknown>;

const toObject = createJsonSchemaTransformObject({ zodToJsonConfig: { target: "openapi-3.0" } });

/** Rewrites what JSON Schema 2020-12 left in a schema into OpenAPI 3.0 (const → enum, type lists → nullable). */
function toOpenApi30(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toOpenApi30);
  if (!node || typeof node !== "object") return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) out[key] = toOpenApi30(value);
  if ("const" in out) {
    out.enum = [out.const];
    delete out.const;
  }
  if (Array.isArray(out.type)) {
    const types = (out.type as string[]).filter((t) => t !== "null");
    if (types.length < (out.type as string[]).length) out.nullable = true;
    out.type = types.length === 1 ? types[0] : undefined;
    if (out.type === undefined) delete out.type;
  }
  for (const key of ["anyOf", "oneOf"] as const) {
    const list = out[key];
    if (!Array.isArray(list)) continue;
    const rest = list.filter((s) => !(s && typeof s === "object" && (s as Json).type === "null"));
    if (rest.length < list.length) {
      out.nullable = true;
      if (rest.length === 1) {
        delete out[key];
        Object.assign(out, rest[0] as Json, { nullable: true });
      } else out[key] = rest;
    }
  }
  // In 3.0, `nullable` does not widen an `enum`: null must be one of its values.
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null))
    out.enum = [...out.enum, null];
  if (Array.isArray(out.examples) && !("example" in out)) {
    out.example = out.examples[0];
    delete out.examples;
  }
  return out;
}

/** The cart upload's body: one CSV file in the form field "file". */
const CART_UPLOAD_BODY = {
  required: true,
  content: {
    "multipart/form-data": {
      schema: {
        type: "object",
        required: [CART_UPLOAD_FIELD],
        properties: { [CART_UPLOAD_FIELD]: { type: "string", format: "binary" } },
      },
    },
  },
};

/** The whole document, finished. */
export function finishDocument(input: Parameters<typeof toObject>[0]): ReturnType<typeof toObject> {
  const doc = toOpenApi30(toObject(input)) as Json & { paths?: Record<string, Record<string, Json>> };
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const op of Object.values(operations)) {
      const responses = (op.responses ?? {}) as Record<string, Json>;
      for (const [status, response] of Object.entries(responses)) {
        const content = response.content as Record<string, Json> | undefined;
        // Errors are always { message } as JSON, whatever the operation produces when it succeeds.
        if (Number(status) >= 400 && content && !content["application/json"]) {
          const schema = Object.values(content)[0]?.schema;
          response.content = { "application/json": { schema } };
        }
      }
      if (path === "/api/users/cart/upload") op.requestBody = CART_UPLOAD_BODY;
    }
  }
  return doc as ReturnType<typeof toObject>;
}

/** Route schemas: public operations say they need no token. */
export const transformRoute: typeof jsonSchemaTransform = (input) => {
  const result = jsonSchemaTransform(input);
  const access = (input.route.config as { access?: string } | undefined)?.access;
  const schema = result.schema as Json;
  if (access === "public") schema.security = [];
  return { ...result, schema: toOpenApi30(schema) as typeof result.schema };
};

/** Methods of every route, to answer 405 on a known path with a method it does not have. */
export function methodNotAllowed(app: FastifyInstance) {
  const routes: { pattern: RegExp; methods: Set<string> }[] = [];
  app.addHook("onRoute", (route) => {
    // Wildcard routes (the web app's files, the documentation's assets) say nothing about API paths.
    if (route.url.includes("*")) return;
    const source = route.url
      .split("/")
      .map((segment) =>
        segment.startsWith(":")
          ? "[^/]+"
          : segment === "*"
            ? ".*"
            : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
      )
      .join("/");
    const pattern = new RegExp(`^${source}/?$`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const existing = routes.find((r) => r.pattern.source === pattern.source);
    if (existing) for (const m of methods) existing.methods.add(m);
    else routes.push({ pattern, methods: new Set(methods) });
  });
  /** Answers 405 when the path is known under other methods; false when it is not known at all. */
  return (request: FastifyRequest, reply: FastifyReply): boolean => {
    const path = request.url.split("?")[0] ?? "";
    if (!path.startsWith("/api/")) return false;
    const allowed = new Set<string>();
    for (const r of routes) if (r.pattern.test(path)) for (const m of r.methods) allowed.add(m);
    if (allowed.size === 0 || allowed.has(request.method)) return false;
    reply
      .code(405)
      .header("allow", [...allowed].sort().join(", "))
      .send({ message: `${request.method} is not allowed here; use ${[...allowed].sort().join(", ")}` });
    return true;
  };
}
