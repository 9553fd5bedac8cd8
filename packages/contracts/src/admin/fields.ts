/** What the staff calls' requests share: ids, short texts, paging and the path parameters. */
import { z } from "zod";
import { DbId as idOf } from "../catalogue";
import { text } from "../common";

/** A database id: 1 … 2147483647. */
export const DbId = idOf("id");
/** Required text of at most `max` characters; line breaks only where `multiline`. */
export const ShortText = (max: number, field: string, multiline = false) =>
  text(field, { multiline }).trim().min(1).max(max);
export const Page = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
};

export const AdminIdParam = z.object({ id: DbId });
export const AdminPoidParam = z.object({ poid: text("poid").trim().min(1).max(40) });
export const AdminUserIdParam = z.object({ userId: DbId });

/**
 * What every staff list takes besides its filters: `q` searches the list's numbers and names, `sort`
 * is one of its columns (`-column` for descending) applied in SQL over all rows, and `format=csv`
 * streams every matching row (India's dates and times) instead of a page.
 */
export function listControls<const C extends readonly [string, ...string[]]>(sortColumns: C) {
  const sorts = [...sortColumns, ...sortColumns.map((c) => `-${c}`)] as [
    C[number] | `-${C[number]}`,
    ...(C[number] | `-${C[number]}`)[],
  ];
  return {
    q: z.preprocess((v) => (v === "" ? undefined : v), text("q").trim().max(80).optional()),
    sort: z.enum(sorts, { error: `sort must be one of ${sorts.join(", ")}` }).optional(),
    format: z.enum(["json", "csv"]).optional(),
  };
}
