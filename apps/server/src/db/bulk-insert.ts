/**
 * Many rows into one table in one statement with one parameter: the rows as a JSON array, read by
 * `json_populate_recordset` (the batched steps of the network-sized world, issue 32). Building a
 * multi-row INSERT value by value costs the query builder more than the database; this costs one
 * JSON.stringify. The rows must all set the same fields (a field left out would be NULL here, not
 * the column's default), else they go through the query builder as usual.
 */
import { getTableColumns, getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "./client";

/** The column's name in the database (the schema's fields are camelCase, its columns snake_case). */
const snakeCase = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const rowsOf = <T>(result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];

/**
 * Inserts `rows` (in their order) and resolves to the `returning` columns of each, in the same
 * order; `returning` names schema fields (e.g. "id").
 */
export async function bulkInsert<T extends PgTable>(
  tx: DbOrTx,
  table: T,
  rows: readonly T["$inferInsert"][],
  returning: readonly string[] = [],
  chunk = 5000,
): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  if (rows.length === 0) return out;
  const columns = getTableColumns(table) as Record<string, unknown>;
  const fields = Object.keys(rows[0] as object).filter(
    (k) => (rows[0] as Record<string, unknown>)[k] !== undefined,
  );
  const uniform = rows.every((r) => {
    const keys = Object.keys(r as object).filter((k) => (r as Record<string, unknown>)[k] !== undefined);
    return keys.length === fields.length && keys.every((k) => fields.includes(k));
  });
  if (!uniform || fields.some((f) => !(f in columns))) {
    for (let i = 0; i < rows.length; i += 1000) {
      const query = (tx as unknown as { insert: (t: T) => { values: (v: unknown) => unknown } })
        .insert(table)
        .values(rows.slice(i, i + 1000)) as {
        returning: (r?: unknown) => Promise<Record<string, unknown>[]>;
      };
      if (returning.length === 0) await (query as unknown as Promise<unknown>);
      else {
        const picked = Object.fromEntries(returning.map((f) => [f, columns[f]]));
        out.push(...(await query.returning(picked)));
      }
    }
    return out;
  }
  const name = getTableName(table);
  const list = sql.raw(fields.map((f) => `"${snakeCase(f)}"`).join(", "));
  const back =
    returning.length > 0
      ? sql.raw(` RETURNING ${returning.map((f) => `"${snakeCase(f)}" AS "${f}"`).join(", ")}`)
      : sql.raw("");
  for (let i = 0; i < rows.length; i += chunk) {
    const json = JSON.stringify(
      rows.slice(i, i + chunk).map((r) => {
        const o: Record<string, unknown> = {};
        for (const f of fields) {
          const v = (r as Record<string, unknown>)[f];
          o[snakeCase(f)] = v instanceof Date ? v.toISOString() : typeof v === "bigint" ? v.toString() : v;
        }
        return o;
      }),
    );
    const result = await tx.execute(
      sql`INSERT INTO ${sql.identifier(name)} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${sql.identifier(name)}, ${json}::json) WITH ORDINALITY AS r ORDER BY r.ordinality${back}`,
    );
    if (returning.length > 0) out.push(...rowsOf<Record<string, unknown>>(result));
  }
  return out;
}

/**
 * Sets each row's own fields, matched on `key` (a schema field, e.g. "id" or "poid"): rows are
 * grouped by the fields they set, each group one UPDATE … FROM json_populate_recordset.
 */
export async function bulkUpdate<T extends PgTable>(
  tx: DbOrTx,
  table: T,
  key: string,
  rows: readonly Partial<T["$inferSelect"]>[],
  chunk = 5000,
): Promise<void> {
  const groups = new Map<string, Partial<T["$inferSelect"]>[]>();
  for (const r of rows) {
    const fields = Object.keys(r)
      .filter((k) => k !== key && (r as Record<string, unknown>)[k] !== undefined)
      .sort()
      .join(",");
    const list = groups.get(fields);
    if (list) list.push(r);
    else groups.set(fields, [r]);
  }
  const name = getTableName(table);
  const k = snakeCase(key);
  for (const [joined, list] of groups) {
    const fields = joined.split(",").filter(Boolean);
    if (fields.length === 0) continue;
    const set = sql.raw(fields.map((f) => `"${snakeCase(f)}" = v."${snakeCase(f)}"`).join(", "));
    for (let i = 0; i < list.length; i += chunk) {
      const json = JSON.stringify(
        list.slice(i, i + chunk).map((r) => {
          const o: Record<string, unknown> = { [k]: (r as Record<string, unknown>)[key] };
          for (const f of fields) {
            const v = (r as Record<string, unknown>)[f];
            o[snakeCase(f)] = v instanceof Date ? v.toISOString() : typeof v === "bigint" ? v.toString() : v;
          }
          return o;
        }),
      );
      await tx.execute(
        sql`UPDATE ${sql.identifier(name)} AS t SET ${set} FROM json_populate_recordset(NULL::${sql.identifier(name)}, ${json}::json) AS v WHERE t.${sql.identifier(k)} = v.${sql.identifier(k)}`,
      );
    }
  }
}
