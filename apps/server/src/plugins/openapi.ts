/**
 * The OpenAPI document tells the truth: OpenAPI 3.0.3 throughout (nullable and enum, never 3.1's
 * type lists or const), public operations without security, error answers as JSON, the cart
 * upload's multipart body; and a known path called with a method it does not have answers 405
 * with Allow.
 */
import {
  CformData,
  ContentUploadFields,
  CreatePartnerBody,
  ListName,
  SaveWaybillFields,
  SignupBody,
} from "@portal/contracts";
import { CART_UPLOAD_FIELD, messages, WAYBILL_FILE_FIELD } from "@portal/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createJsonSchemaTransformObject, jsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";

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

// ---------------------------------------------------------------------------------------------
// What JSON Schema does not get from zod on its own
// ---------------------------------------------------------------------------------------------

/** A zod schema as seen from outside: its definition (type, checks, wrapped schemas). */
type ZodNode = { _zod: { def: Record<string, unknown> & { type: string } } };
const isZod = (v: unknown): v is ZodNode => !!v && typeof v === "object" && "_zod" in v;

/** The length a string must still have after its `.trim()` (0 when it is not trimmed before a minimum). */
function minimumAfterTrim(schema: ZodNode): number {
  let trimmed = false;
  let minimum = 0;
  for (const check of (schema._zod.def.checks ?? []) as ZodNode[]) {
    const def = check._zod.def as { check?: string; tx?: (v: string) => unknown; minimum?: number };
    if (def.check === "overwrite" && def.tx?.(" a ") === "a") trimmed = true;
    if (trimmed && def.check === "min_length") minimum = Math.max(minimum, def.minimum ?? 0);
  }
  return minimum;
}

/** At least `n` characters that are not spaces at either end: what `.trim().min(n)` keeps. */
const nonBlankPattern = (n: number) =>
  n === 1 ? "\\S" : n === 2 ? "\\S[\\s\\S]*\\S" : `\\S[\\s\\S]{${n - 2},}\\S`;

function addPattern(node: Json, pattern: string) {
  const all = [node.pattern, ...((node.allOf as Json[] | undefined) ?? []).map((p) => p.pattern)];
  if (all.includes(pattern)) return;
  if (node.pattern === undefined && !node.allOf) node.pattern = pattern;
  else node.allOf = [...((node.allOf as Json[] | undefined) ?? []), { pattern }];
}

/** The input side of a zod schema as OpenAPI 3.0 JSON Schema. */
const inputJson = (schema: ZodNode) =>
  toOpenApi30(
    z.toJSONSchema(schema as unknown as z.ZodType, {
      target: "openapi-3.0",
      io: "input",
      unrepresentable: "any",
    }),
  ) as Json;

/** A string's rules from the far side of a pipe (`z.string().pipe(text(...).max(40))`), added to the node. */
function mergeString(node: Json, other: Json) {
  if (other.format !== undefined && node.format === undefined) node.format = other.format;
  if (typeof other.minLength === "number")
    node.minLength = Math.max(other.minLength, (node.minLength as number | undefined) ?? 0);
  if (typeof other.maxLength === "number")
    node.maxLength = Math.min(other.maxLength, (node.maxLength as number | undefined) ?? Infinity);
  for (const p of [other.pattern, ...((other.allOf as Json[] | undefined) ?? []).map((a) => a.pattern)])
    if (typeof p === "string") addPattern(node, p);
}

/**
 * Adds to a request's JSON Schema what zod checks but cannot write down itself: a trimmed string's
 * minimum (`.trim().min(1)` refuses "  ", so the document says a non-space character is needed)
 * and the rules past a pipe whose input side is a bare string (zod documents only the input side).
 * Walks the zod schema and its JSON together; where they part (a `$ref`, unions of other lengths) it
 * stops: components are walked from the registry.
 */
function describeChecks(schema: unknown, node: unknown): void {
  if (!isZod(schema) || !node || typeof node !== "object" || Array.isArray(node)) return;
  const json = node as Json;
  if (json.$ref) return;
  const def = schema._zod.def;
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      describeChecks(def.innerType, json);
      return;
    case "lazy":
      describeChecks((def.getter as () => unknown)(), json);
      return;
    case "pipe": {
      const [inner, outer] = [def.in as ZodNode, def.out as ZodNode];
      if (inner._zod.def.type === "transform") {
        describeChecks(outer, json);
        return;
      }
      describeChecks(inner, json);
      if (inner._zod.def.type === "string" && outer._zod.def.type === "string") {
        mergeString(json, inputJson(outer));
        describeChecks(outer, json);
      }
      return;
    }
    case "object": {
      const shape = def.shape as Record<string, unknown>;
      const properties = (json.properties ?? {}) as Record<string, unknown>;
      for (const [key, child] of Object.entries(shape)) describeChecks(child, properties[key]);
      return;
    }
    case "array":
      describeChecks(def.element, json.items);
      return;
    case "union": {
      const options = def.options as unknown[];
      const alternatives = (json.anyOf ?? json.oneOf) as unknown[] | undefined;
      if (alternatives?.length === options.length)
        for (const [i, option] of options.entries()) describeChecks(option, alternatives[i]);
      return;
    }
    case "string": {
      const minimum = minimumAfterTrim(schema);
      if (minimum > 0) addPattern(json, nonBlankPattern(minimum));
      return;
    }
  }
}

/**
 * A multipart body: one file (its media types, judged by content on the server) and the text
 * fields of a zod object (an object field, such as the C-form's `data`, is sent as JSON).
 */
function multipartBody(file: { field: string; types: string[]; rule: string }, fields?: ZodNode): Json {
  const described = fields ? inputJson(fields) : { properties: {}, required: [] };
  if (fields) describeChecks(fields, described);
  const properties = (described.properties ?? {}) as Record<string, Json>;
  const encoding: Record<string, Json> = { [file.field]: { contentType: file.types.join(", ") } };
  for (const [name, property] of Object.entries(properties))
    if (property.type === "object") encoding[name] = { contentType: "application/json" };
  return {
    required: true,
    content: {
      "multipart/form-data": {
        schema: {
          type: "object",
          required: [file.field, ...((described.required as string[] | undefined) ?? [])],
          properties: {
            [file.field]: { type: "string", format: "binary", description: file.rule },
            ...properties,
          },
        },
        encoding,
      },
    },
  };
}

/** The uploads' bodies, which their routes read part by part (no body schema of their own). */
const MULTIPART_BODIES: Record<string, () => Json> = {
  "POST /api/users/cart/upload": () =>
    multipartBody({
      field: CART_UPLOAD_FIELD,
      types: ["text/csv"],
      rule: "A .csv file of product ids and quantities, at most 1 MB",
    }),
  "POST /api/lists/import": () =>
    multipartBody(
      {
        field: CART_UPLOAD_FIELD,
        types: ["text/csv"],
        rule: "A .csv file in the cart upload's format (product ids and quantities), at most 1 MB",
      },
      z.object({ name: ListName.optional() }) as unknown as ZodNode,
    ),
  "POST /api/cform/addCFormDetails": () =>
    multipartBody(
      {
        field: "file",
        types: [
          "application/vnd.ms-excel",
          "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          "image/jpeg",
        ],
        rule: messages.cformFileRule,
      },
      z.object({ data: CformData }) as unknown as ZodNode,
    ),
  "POST /api/admin/content": () =>
    multipartBody(
      {
        field: "file",
        types: ["application/pdf", "image/png", "audio/wav", "video/mp4"],
        rule: "The content file (PDF, PNG, WAV or MP4 by kind), at most 20 MB",
      },
      ContentUploadFields as unknown as ZodNode,
    ),
  "PUT /api/admin/content/{id}/file": () =>
    multipartBody({
      field: "file",
      types: ["application/pdf", "image/png", "audio/wav", "video/mp4"],
      rule: "The new file, of the kind the content has, at most 20 MB",
    }),
  "POST /api/waybill/saveWaybillDoc": () =>
    multipartBody(
      { field: WAYBILL_FILE_FIELD, types: ["application/pdf"], rule: "The waybill: a PDF of at most 5 MB" },
      SaveWaybillFields as unknown as ZodNode,
    ),
};

/**
 * POST /api/users reads its body by caller (no body schema of its own): anonymous callers sign up
 * (SignupBody), staff create a partner (CreatePartnerBody). `x-caller` names whose each one is.
 */
const USERS_BODY = (): Json => ({
  required: true,
  content: {
    "application/json": {
      schema: {
        description: "Anonymous: a sign-up (SignupBody). Staff: a new partner (CreatePartnerBody).",
        oneOf: [
          { ...inputJson(SignupBody as unknown as ZodNode), "x-caller": "anonymous" },
          { ...inputJson(CreatePartnerBody as unknown as ZodNode), "x-caller": "staff" },
        ].map((schema, i) => {
          describeChecks(i === 0 ? SignupBody : CreatePartnerBody, schema);
          return schema;
        }),
      },
    },
  },
});

/** The whole document, finished. */
export function finishDocument(input: Parameters<typeof toObject>[0]): ReturnType<typeof toObject> {
  const doc = toOpenApi30(toObject(input)) as Json & {
    paths?: Record<string, Record<string, Json>>;
    components?: { schemas?: Record<string, Json> };
  };
  // Components of requests (`<id>Input`) get what their zod schemas check, as the routes' own schemas do.
  const registered = (z.globalRegistry as unknown as { _idmap: Map<string, unknown> })._idmap;
  for (const [id, schema] of registered) describeChecks(schema, doc.components?.schemas?.[`${id}Input`]);
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
    }
    for (const [method, op] of Object.entries(operations)) {
      const body = MULTIPART_BODIES[`${method.toUpperCase()} ${path}`];
      if (body) op.requestBody = body();
      if (path === "/api/users" && method === "post") op.requestBody = USERS_BODY();
    }
  }
  return doc as ReturnType<typeof toObject>;
}

/** Route schemas: public operations say they need no token. */
export const transformRoute: typeof jsonSchemaTransform = (input) => {
  const result = jsonSchemaTransform(input);
  const access = (input.route.config as { access?: string } | undefined)?.access;
  const schema = toOpenApi30(result.schema) as Json;
  if (access === "public") schema.security = [];
  const zodSchema = input.schema as Record<string, unknown>;
  for (const part of ["body", "querystring", "params", "headers"] as const)
    describeChecks(zodSchema[part], schema[part]);
  return { ...result, schema: schema as typeof result.schema };
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
