/**
 * What every staff list shares: a search over its numbers and names, a sort over all rows in SQL,
 * and a CSV export that streams every matching row page by page (memory stays flat however many).
 */
import { Readable } from "node:stream";
import { asc, desc, ilike, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { FastifyReply } from "fastify";
import Papa from "papaparse";

type Column = PgColumn | SQL;

/** `%q%` for ILIKE with LIKE's own wildcards escaped: "50%" finds "50%", not every row. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Rows where any of `columns` (texts; cast numbers with sql`${col}::text`) contains `q`; none when q is blank. */
export function searchWhere(q: string | undefined, columns: readonly Column[]): SQL | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  return or(...columns.map((c) => ilike(c as PgColumn, likePattern(term))));
}

/**
 * The ORDER BY for `sort` ("column" or "-column", keys of `columns`), with `tieBreak` after it so pages
 * never overlap; `fallback` when no sort is asked for.
 */
export function orderByOf(
  sort: string | undefined,
  columns: Readonly<Record<string, Column>>,
  fallback: readonly SQL[],
  tieBreak: PgColumn,
): SQL[] {
  const descending = sort?.startsWith("-") ?? false;
  const column = sort ? columns[descending ? sort.slice(1) : sort] : undefined;
  if (!column) return [...fallback];
  // A column that holds no NULL sorts plainly, so an index on (column, tie-break) serves both directions
  // (an index scan backwards gives DESC NULLS FIRST, which the planner will not take for NULLS LAST).
  if ("notNull" in column && column.notNull)
    return descending ? [desc(column), desc(tieBreak)] : [asc(column), asc(tieBreak)];
  return descending
    ? [sql`${column} DESC NULLS LAST`, desc(tieBreak)]
    : [sql`${column} ASC NULLS LAST`, asc(tieBreak)];
}

/** How many rows a CSV export reads per query. */
export const CSV_BATCH = 2000;

/**
 * Streams a CSV of every row `pageOf` returns, page after page until a short page, as an attachment:
 * `header` first, then each row through `toCells` (dates already in India's time, e.g. formatDateTime).
 */
export function sendCsvPages<Row>(
  reply: FastifyReply,
  filename: string,
  header: readonly string[],
  pageOf: (page: number, pageSize: number) => Promise<readonly Row[]>,
  toCells: (row: Row) => readonly (string | number | null | undefined)[],
) {
  async function* lines() {
    yield `${Papa.unparse([[...header]])}\r\n`;
    for (let page = 1; ; page++) {
      const rows = await pageOf(page, CSV_BATCH);
      if (rows.length > 0)
        yield `${Papa.unparse(
          rows.map((r) => toCells(r).map((c) => c ?? "")),
          { header: false },
        )}\r\n`;
      if (rows.length < CSV_BATCH) return;
    }
  }
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${filename}"`)
    .send(Readable.from(lines()));
}
