import { ErrorResponse } from "@portal/contracts";
import { and, count, eq, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../db/client";
import { users } from "../db/schema";
import { notFound } from "./errors";

/** What every staff route shares: who may call it, its tag, its error answers. */
export const staffOnly = { access: "admin" } as const;
export const ADMIN_TAGS = ["admin"];
export const adminErrors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};

export interface PageRequest {
  page: number;
  pageSize: number;
}

/** The conditions given (undefined and false dropped), joined with AND. */
export function allOf(...parts: (SQL | undefined | false)[]): SQL | undefined {
  const kept = parts.filter((p): p is SQL => p !== undefined && p !== false);
  return kept.length ? and(...kept) : undefined;
}

/** One page of a table's rows with the partner each belongs to, and the total. */
export async function pageWithPartner<T extends PgTable>(
  db: DbOrTx,
  table: T,
  userIdColumn: PgColumn,
  where: SQL | undefined,
  orderBy: SQL | PgColumn,
  page: PageRequest,
) {
  const rows = await db
    .select({ row: table as PgTable, user: users })
    .from(table as PgTable)
    .innerJoin(users, eq(users.id, userIdColumn))
    .where(where)
    .orderBy(orderBy)
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(table as PgTable)
    .where(where);
  return {
    rows: rows as unknown as { row: T["$inferSelect"]; user: typeof users.$inferSelect }[],
    total: Number(total?.n ?? 0),
  };
}

/** The single row a look-up by id found, or 404. */
export function onlyRow<T>(rows: readonly T[], message: string): T {
  const row = rows[0];
  if (row === undefined) throw notFound(message);
  return row;
}
