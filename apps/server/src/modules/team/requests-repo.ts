import { and, count, desc, eq, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  type OrderRequestLine,
  orderRequests,
  products,
  storeMembers,
  users,
  warehouses,
} from "../../db/schema";

/** Queries of buyers' order requests (issue 30). Every one is scoped to one store; none decides anything. */

export type OrderRequestRow = typeof orderRequests.$inferSelect;

/** A stored line: what placing it would have ordered, and its amount (goods and GST) as priced when asked. */
export type StoredRequestLine = OrderRequestLine & { amount?: string };

export async function insertRequest(
  tx: DbOrTx,
  values: {
    storeId: number;
    memberId: number;
    placement: Record<string, unknown>;
    lines: StoredRequestLine[];
    total: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<number> {
  const [row] = await tx.insert(orderRequests).values(values).returning({ id: orderRequests.id });
  if (!row) throw new Error("the order request was not written");
  return row.id;
}

/** One of the store's requests (another store's is null), locked for the decision when asked. */
export async function findRequest(
  tx: DbOrTx,
  storeId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<OrderRequestRow | null> {
  const query = tx
    .select()
    .from(orderRequests)
    .where(and(eq(orderRequests.id, id), eq(orderRequests.storeId, storeId)))
    .limit(1);
  const rows = options.lock ? await query.for("update") : await query;
  return rows[0] ?? null;
}

export interface RequestFilter {
  storeId: number;
  /** Only this member's (a buyer's own). */
  memberId?: number;
  status?: string;
}

const conditionOf = (f: RequestFilter): SQL | undefined =>
  and(
    eq(orderRequests.storeId, f.storeId),
    f.memberId === undefined ? undefined : eq(orderRequests.memberId, f.memberId),
    f.status === undefined ? undefined : eq(orderRequests.status, f.status),
  );

/** A page of requests, newest first, with who asked; and how many there are in all. */
export async function listRequests(db: DbOrTx, f: RequestFilter, page: { page: number; pageSize: number }) {
  const rows = await db
    .select({
      request: orderRequests,
      member: {
        id: storeMembers.id,
        firstname: storeMembers.firstname,
        lastname: storeMembers.lastname,
        email: storeMembers.email,
      },
    })
    .from(orderRequests)
    .innerJoin(storeMembers, eq(storeMembers.id, orderRequests.memberId))
    .where(conditionOf(f))
    .orderBy(desc(orderRequests.createdAt), desc(orderRequests.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [total] = await db.select({ n: count() }).from(orderRequests).where(conditionOf(f));
  return { rows, total: Number(total?.n ?? 0) };
}

export type ListedRequest = Awaited<ReturnType<typeof listRequests>>["rows"][number];

/** The names of these products and warehouses (a request's lines). */
export async function lineNames(db: DbOrTx, productIds: readonly number[], warehouseIds: readonly number[]) {
  const [productRows, warehouseRows] = [
    productIds.length === 0
      ? []
      : await db
          .select({ id: products.id, name: products.name })
          .from(products)
          .where(inArray(products.id, [...new Set(productIds)])),
    warehouseIds.length === 0
      ? []
      : await db
          .select({ id: warehouses.id, name: warehouses.name })
          .from(warehouses)
          .where(inArray(warehouses.id, [...new Set(warehouseIds)])),
  ];
  return {
    product: new Map(productRows.map((r) => [r.id, r.name])),
    warehouse: new Map(warehouseRows.map((r) => [r.id, r.name])),
  };
}

/** A member of the store (any state), or null. */
export async function memberOf(db: DbOrTx, storeId: number, memberId: number) {
  const rows = await db
    .select({
      id: storeMembers.id,
      firstname: storeMembers.firstname,
      lastname: storeMembers.lastname,
      email: storeMembers.email,
      role: storeMembers.role,
    })
    .from(storeMembers)
    .where(and(eq(storeMembers.id, memberId), eq(storeMembers.storeId, storeId)))
    .limit(1);
  return rows[0] ?? null;
}

/** The store's owner as a person: the partner account's name and email. */
export async function ownerOf(db: DbOrTx, storeId: number) {
  const rows = await db
    .select({ firstname: users.firstname, lastname: users.lastname, email: users.email })
    .from(users)
    .where(eq(users.id, storeId))
    .limit(1);
  return rows[0] ?? null;
}

/** Records the decision on a request (approved, failed, declined or expired). */
export async function recordDecision(
  tx: DbOrTx,
  id: number,
  decision: Pick<OrderRequestRow, "status" | "decidedAt"> &
    Partial<Pick<OrderRequestRow, "declineReason" | "failure" | "poids" | "decidedByMemberId">>,
) {
  await tx.update(orderRequests).set(decision).where(eq(orderRequests.id, id));
}

/**
 * Pending requests whose 7 days are over become expired (of one store, or of every store), in one
 * statement: a request another instance expires at the same moment is returned by one of them only.
 */
export async function expireDue(tx: DbOrTx, now: Date, storeId?: number) {
  return tx
    .update(orderRequests)
    .set({ status: "expired", decidedAt: now })
    .where(
      and(
        eq(orderRequests.status, "pending"),
        lte(orderRequests.expiresAt, now),
        storeId === undefined ? undefined : eq(orderRequests.storeId, storeId),
      ),
    )
    .returning({ id: orderRequests.id, storeId: orderRequests.storeId, memberId: orderRequests.memberId });
}

/** Whether the store has a pending request past its expiry (so a read expires them first). */
export async function hasDue(db: DbOrTx, storeId: number, now: Date): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(orderRequests)
    .where(
      and(
        eq(orderRequests.storeId, storeId),
        eq(orderRequests.status, "pending"),
        lte(orderRequests.expiresAt, now),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
