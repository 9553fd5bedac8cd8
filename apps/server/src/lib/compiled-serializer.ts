import { isDeepStrictEqual } from "node:util";
import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

/**
 * Answers of the hot routes (catalogue, cart, order history and its stats) are written by serialisers compiled once from JSON schemas
 * generated from their zod contracts (fast-json-stringify), instead of parsing every outgoing object
 * field by field with zod and then JSON.stringify. Under tests (`checkContracts`) every such answer is
 * still parsed by its zod contract too, and the two writings must say the same thing: the contract
 * checks stay where they catch mistakes, and leave the hot path in production.
 */
export const COMPILED_RESPONSE_ROUTES: ReadonlySet<string> = new Set([
  "POST /api/listing/b2b",
  "POST /api/products/suggestions/b2b",
  "GET /api/products/:id",
  "POST /api/cart",
  "GET /api/order",
  "GET /api/order/stats",
]);

type JsonSchema = { [key: string]: unknown };

/**
 * fast-json-stringify decides an `anyOf` per value with a validator; a nullable object is the only
 * one of our contracts' unions that is hot (a product's subcategory type), so it is written as the
 * object with `nullable` instead.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== "object") return node;
  const schema = node as JsonSchema;
  const anyOf = schema.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const nonNull = anyOf.filter((s) => s.type !== "null");
    if (nonNull.length === 1 && nonNull[0]?.type === "object") {
      const { anyOf: _anyOf, ...rest } = schema;
      return simplify({ ...rest, ...nonNull[0], nullable: true });
    }
  }
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, simplify(v)]));
}

/** A compiled writer for a zod schema's output, or null when the schema cannot be expressed. */
export function compileStringify(schema: z.ZodType): ((data: unknown) => string) | null {
  try {
    const json = z.toJSONSchema(schema, { target: "draft-7", io: "output", unrepresentable: "throw" });
    const { $schema: _drop, ...rest } = simplify(json) as JsonSchema;
    return fastJson(rest as unknown as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
  } catch {
    return null;
  }
}

/**
 * The app's serialiser compiler: compiled writers for the hot routes' 200 answers, zod's contract
 * parse (fastify-type-provider-zod) for everything else. `checkContracts`: also parse the hot answers
 * with zod and refuse an answer the two would write differently.
 */
export function createSerializerCompiler(options: {
  checkContracts: boolean;
}): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const zodWriter = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    const status = String((route as { httpStatus?: string }).httpStatus ?? "");
    if (!COMPILED_RESPONSE_ROUTES.has(`${route.method} ${route.url}`) || status !== "200") return zodWriter;
    const compiled = compileStringify(route.schema);
    if (!compiled) return zodWriter;
    if (!options.checkContracts) return compiled;
    return (data: unknown) => {
      const checked = zodWriter(data) as string;
      const written = compiled(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(checked))) {
        throw new Error(
          `${route.method} ${route.url}: the compiled answer differs from the contract's:\n${written.slice(0, 2000)}\n${checked.slice(0, 2000)}`,
        );
      }
      return written;
    };
  };
}
