import { ErrorResponse } from "@portal/contracts";
import { type Lifecycle, type LifecycleActor, refusal } from "@portal/domain";
import { and, count, eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../db/client";
import { users } from "../db/schema";
import { AppError, notFound } from "./errors";
import { routeOptions } from "./route-options";

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

/** A staff route's options: staffRoute(summary, 200 answer, { params, querystring, body }). */
export const staffRoute = routeOptions(staffOnly, ADMIN_TAGS, adminErrors);

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

/** A staff listing's filters: by status, by partner, or one row by id; paged. */
export interface StaffListFilter extends PageRequest {
  status?: string | undefined;
  userId?: number | undefined;
  id?: number;
}

/** One page of a back-office table (status, userId, id columns) filtered, newest first by `newest` then id. */
export function listWithPartner<T extends PgTable & { status: PgColumn; userId: PgColumn; id: PgColumn }>(
  db: DbOrTx,
  table: T,
  newest: PgColumn,
  f: StaffListFilter,
) {
  const where = allOf(
    f.status !== undefined && eq(table.status, f.status),
    f.userId !== undefined && eq(table.userId, f.userId),
    f.id !== undefined && eq(table.id, f.id),
  );
  return pageWithPartner(db, table, table.userId, where, sql`${newest} DESC, ${table.id} DESC`, f);
}

export const conflict = (message: string) => new AppError(409, message);

/** A locked row that may take the step to `to`: 404 when missing, 409 when its lifecycle refuses. */
export function movable<R extends { status: string }, S extends string>(
  row: R | null | undefined,
  lifecycle: Lifecycle<S>,
  to: S,
  actor: LifecycleActor,
  missing: string,
): R {
  if (!row) throw notFound(missing);
  const refused = refusal(lifecycle, row.status, to, actor);
  if (refused) throw conflict(refused);
  return row;
}

/** A back-office service's list and get over its paged repo listing, mapped to the staff view. */
export function staffViews<Row, View>(
  db: DbOrTx,
  list: (db: DbOrTx, f: StaffListFilter) => Promise<{ rows: Row[]; total: number }>,
  toView: (row: Row) => View,
  missing: string,
) {
  return {
    async list(q: {
      status?: string | undefined;
      userId?: number | undefined;
      page: number;
      pageSize: number;
    }) {
      const { rows, total } = await list(db, q);
      return { rows: rows.map(toView), total };
    },
    async get(id: number): Promise<View> {
      const { rows } = await list(db, { id, page: 1, pageSize: 1 });
      return toView(onlyRow(rows, missing));
    },
  };
}
