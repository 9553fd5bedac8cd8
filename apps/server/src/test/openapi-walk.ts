/**
 * Reads the app's own OpenAPI document: its operations, and a plausible value for any schema in it.
 * Used by the fuzz test and the document replay test, so a new route is covered without anyone
 * remembering to add it.
 */
import type { FastifyInstance } from "fastify";

export type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  nullable?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  additionalProperties?: boolean | Schema;
};

export interface Parameter {
  in: "path" | "query" | "header";
  name: string;
  required?: boolean;
  schema: Schema;
}

export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  /** The JSON body schema, when the operation takes JSON. */
  jsonBody: Schema | null;
  bodyContentTypes: string[];
  bodyExamples: unknown[];
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
  security: unknown[] | undefined;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, Schema> };
  security?: unknown[];
}

export async function readDocument(app: FastifyInstance): Promise<OpenApiDocument> {
  const res = await app.inject({ url: "/api/openapi.json" });
  if (res.statusCode !== 200) throw new Error(`openapi.json answered ${res.statusCode}`);
  return res.json();
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as {
        parameters?: Parameter[];
        requestBody?: {
          content?: Record<
            string,
            { schema?: Schema; example?: unknown; examples?: Record<string, { value: unknown }> }
          >;
        };
        responses?: Operation["responses"];
        security?: unknown[];
      };
      const content = op.requestBody?.content ?? {};
      const json = content["application/json"];
      out.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        jsonBody: json?.schema ?? null,
        bodyContentTypes: Object.keys(content),
        bodyExamples: [
          ...(json?.example !== undefined ? [json.example] : []),
          ...Object.values(json?.examples ?? {}).map((e) => e.value),
        ],
        responses: op.responses ?? {},
        security: op.security,
      });
    }
  }
  return out;
}

export function resolve(doc: OpenApiDocument, schema: Schema): Schema {
  let s = schema;
  for (let i = 0; s.$ref && i < 20; i++) {
    const name = s.$ref.replace("#/components/schemas/", "");
    const found = doc.components?.schemas?.[name];
    if (!found) throw new Error(`unresolved ${s.$ref}`);
    s = found;
  }
  return s;
}

/** Plausible strings for the patterns the contracts use. */
const BY_PATTERN: [RegExp, string][] = [
  [/\\d\{6\}/, "560001"],
  [/\[6-9\]\\d\{9\}/, "9812345678"],
  [/\\d\{10\}/, "9812345678"],
  [/A-Za-z0-9_-\]\{8,100\}/, "fuzz-key-0001"],
];

/** A value the schema accepts, as far as a simple walk can tell (defaults and examples first). */
export function sample(doc: OpenApiDocument, schema: Schema, depth = 0, useExamples = true): unknown {
  const s = resolve(doc, schema);
  if (useExamples && s.example !== undefined) return s.example;
  if (useExamples && s.examples?.length) return s.examples[0];
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return sample(doc, alternatives[0] as Schema, depth + 1, useExamples);
  if (s.allOf?.length) return sample(doc, s.allOf[0] as Schema, depth + 1, useExamples);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      if (depth > 6) return out;
      for (const [key, prop] of Object.entries(s.properties ?? {})) {
        out[key] = sample(doc, prop, depth + 1, useExamples);
      }
      return out;
    }
    case "array":
      return s.items && depth <= 6 ? [sample(doc, s.items, depth + 1, useExamples)] : [];
    case "integer":
    case "number": {
      const min = typeof s.minimum === "number" ? s.minimum : 1;
      return typeof s.maximum === "number" && s.maximum < min ? s.maximum : Math.max(min, 1);
    }
    case "boolean":
      return true;
    case "string": {
      if (s.format === "email") return "franchisee@demo.in";
      if (s.format === "date") return "2026-10-01";
      for (const [pattern, value] of BY_PATTERN) if (s.pattern && pattern.test(s.pattern)) return value;
      return "a".repeat(Math.max(s.minLength ?? 1, 2));
    }
    default:
      return "a";
  }
}

/** Whether a schema is a day (format date), itself or as one of its alternatives (a day or ""). */
export function isDaySchema(doc: OpenApiDocument, schema: Schema): boolean {
  const s = resolve(doc, schema);
  if (s.format === "date") return true;
  return [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])].some((alt) => isDaySchema(doc, alt));
}

/**
 * Where the days of a body are (paths into a value `sample` made of the schema: arrays hold one
 * element, at 0).
 */
export function dayPaths(
  doc: OpenApiDocument,
  schema: Schema,
  prefix: (string | number)[] = [],
  depth = 0,
): (string | number)[][] {
  const s = resolve(doc, schema);
  if (depth > 6) return [];
  if (isDaySchema(doc, s)) return prefix.length ? [prefix] : [];
  const out: (string | number)[][] = [];
  for (const [key, prop] of Object.entries(s.properties ?? {}))
    out.push(...dayPaths(doc, prop, [...prefix, key], depth + 1));
  if (s.items) out.push(...dayPaths(doc, s.items, [...prefix, 0], depth + 1));
  const first = (s.anyOf ?? s.oneOf ?? s.allOf)?.[0];
  if (first) out.push(...dayPaths(doc, first, prefix, depth + 1));
  return out;
}

/** Fills a path template with sampled (or given) parameter values. */
export function urlOf(
  op: Operation,
  values: Record<string, string>,
  query: Record<string, string> = {},
): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(values[name] ?? "1"));
  const qs = new URLSearchParams(query).toString();
  return qs ? `${path}?${qs}` : path;
}

/** Days the calendar does not have, and real days outside 2000-01-01 to 2100-12-31: every day field refuses them. */
export const BAD_DAYS = [
  "2026-02-30",
  "2026-01-00",
  "2026-13-01",
  "0001-01-01",
  "0000-00-00",
  "2101-01-01",
  "1999-12-31",
];
