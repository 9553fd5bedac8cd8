import { APPAREL_CATEGORY_IDS, indiaDayEnd, indiaDayStart } from "@portal/domain";
import { and, asc, count, desc, eq, gte, inArray, lt, lte, max, sql, sum } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  arsProducts,
  arsRuns,
  brands,
  franchises,
  products,
  purchaseOrderLines,
  purchaseOrders,
  storeDailyMetrics,
  storeFeedback,
  storeFeedbackComments,
  storePeerDays,
  storeSales,
  storeStock,
  users,
} from "../../db/schema";
import { allOf } from "../../lib/admin";
import { orderByOf, searchWhere } from "../../lib/staff-list";

const num = (v: string | number | null | undefined) => Number(v ?? 0);

// ---------------------------------------------------------------------------------------------
// ARS report
// ---------------------------------------------------------------------------------------------

/** A page of the user's ARS list (product id order) and the list's size. */
export async function arsPage(db: DbOrTx, userId: number, page: { limit: number; offset: number } | null) {
  const base = db
    .select({ productId: arsProducts.productId, targetStock: arsProducts.targetStock })
    .from(arsProducts)
    .where(eq(arsProducts.userId, userId))
    .orderBy(asc(arsProducts.productId));
  const [rows, total] = await Promise.all([
    page ? base.limit(page.limit).offset(page.offset) : base,
    db.select({ n: count() }).from(arsProducts).where(eq(arsProducts.userId, userId)),
  ]);
  return { rows, count: total[0]?.n ?? 0 };
}

/** Units on the user's shelves per product. */
export async function stockInHand(db: DbOrTx, userId: number, productIds: readonly number[]) {
  if (productIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ productId: storeStock.productId, qty: storeStock.qty })
    .from(storeStock)
    .where(and(eq(storeStock.userId, userId), inArray(storeStock.productId, [...productIds])));
  return new Map(rows.map((r) => [r.productId, r.qty]));
}

/**
 * Units of these products on the user's orders placed in the range, per product and status: the
 * current quantity (confirmed or delivered, starting as ordered) and the ordered quantity.
 */
export async function orderedInRange(
  db: DbOrTx,
  userId: number,
  productIds: readonly number[],
  from: string,
  to: string,
) {
  if (productIds.length === 0) return [];
  const rows = await db
    .select({
      productId: purchaseOrderLines.productId,
      status: purchaseOrders.status,
      quantity: sum(purchaseOrderLines.quantity),
      ordered: sum(purchaseOrderLines.orderedQuantity),
    })
    .from(purchaseOrderLines)
    .innerJoin(purchaseOrders, eq(purchaseOrders.poid, purchaseOrderLines.poid))
    .where(
      and(
        eq(purchaseOrders.userId, userId),
        inArray(purchaseOrderLines.productId, [...productIds]),
        gte(purchaseOrders.createdAt, indiaDayStart(from)),
        lt(purchaseOrders.createdAt, indiaDayEnd(to)),
      ),
    )
    .groupBy(purchaseOrderLines.productId, purchaseOrders.status);
  return rows.map((r) => ({
    productId: r.productId,
    status: r.status,
    quantity: num(r.quantity),
    ordered: num(r.ordered),
  }));
}

// ---------------------------------------------------------------------------------------------
// Store performance
// ---------------------------------------------------------------------------------------------

/** The store (franchise) of a user, when it is this id. */
export async function storeOf(db: DbOrTx, userId: number, storeId: number) {
  const rows = await db
    .select({ id: franchises.id, name: franchises.name, concept: franchises.concept })
    .from(users)
    .innerJoin(franchises, eq(franchises.id, users.franchiseId))
    .where(and(eq(users.id, userId), eq(franchises.id, storeId)));
  return rows[0] ?? null;
}

/** The store's latest reported day, or null. */
export async function latestDay(db: DbOrTx, userId: number): Promise<string | null> {
  const rows = await db
    .select({ day: max(storeDailyMetrics.day) })
    .from(storeDailyMetrics)
    .where(eq(storeDailyMetrics.userId, userId));
  return rows[0]?.day ?? null;
}

/** The store's own sums over [from, to]: its sales (store_sales), its day metrics and its shelf stock now. */
export async function storeTotals(db: DbOrTx, userId: number, from: string, to: string) {
  const apparel = sql<string>`coalesce(sum(case when ${products.categoryId} in (${sql.join(
    APPAREL_CATEGORY_IDS.map((id) => sql`${id}`),
    sql`, `,
  )}) then ${storeSales.amountPaise} else 0 end), 0)`;
  const privateLabel = sql<string>`coalesce(sum(case when ${brands.isPrivateLabel} then ${storeSales.amountPaise} else 0 end), 0)`;
  const [sales, days, stock] = await Promise.all([
    db
      .select({
        netSalesPaise: sql<string>`coalesce(sum(${storeSales.amountPaise}), 0)`,
        units: sql<string>`coalesce(sum(${storeSales.qty}), 0)`,
        apparelSalesPaise: apparel,
        privateLabelSalesPaise: privateLabel,
      })
      .from(storeSales)
      .innerJoin(products, eq(products.id, storeSales.productId))
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(
        and(eq(storeSales.userId, userId), gte(storeSales.saleDate, from), lte(storeSales.saleDate, to)),
      ),
    db
      .select({
        days: count(),
        footfall: sum(storeDailyMetrics.footfall),
        bills: sum(storeDailyMetrics.bills),
        repeatBills: sum(storeDailyMetrics.repeatBills),
        returnedUnits: sum(storeDailyMetrics.returnedUnits),
        loyaltySalesPaise: sum(storeDailyMetrics.loyaltySalesPaise),
        auditScore: sql<string | null>`avg(${storeDailyMetrics.auditScore})`,
      })
      .from(storeDailyMetrics)
      .where(
        and(
          eq(storeDailyMetrics.userId, userId),
          gte(storeDailyMetrics.day, from),
          lte(storeDailyMetrics.day, to),
        ),
      ),
    db
      .select({ units: sum(storeStock.qty) })
      .from(storeStock)
      .where(eq(storeStock.userId, userId)),
  ]);
  const s = sales[0];
  const d = days[0];
  return {
    days: d?.days ?? 0,
    netSalesPaise: num(s?.netSalesPaise),
    units: num(s?.units),
    bills: num(d?.bills),
    footfall: num(d?.footfall),
    repeatBills: num(d?.repeatBills),
    returnedUnits: num(d?.returnedUnits),
    apparelSalesPaise: num(s?.apparelSalesPaise),
    privateLabelSalesPaise: num(s?.privateLabelSalesPaise),
    loyaltySalesPaise: num(d?.loyaltySalesPaise),
    stockUnits: num(stock[0]?.units),
    auditScore: d?.auditScore == null ? null : Number(d.auditScore),
  };
}

/** Each peer store's sums over [from, to] (peers of the concept, or every peer when the concept has none). */
export async function peerTotals(db: DbOrTx, concept: string, from: string, to: string) {
  const inRange = and(gte(storePeerDays.day, from), lte(storePeerDays.day, to));
  const hasConcept = await db
    .select({ n: count() })
    .from(storePeerDays)
    .where(and(eq(storePeerDays.concept, concept), inRange));
  const where = (hasConcept[0]?.n ?? 0) > 0 ? and(eq(storePeerDays.concept, concept), inRange) : inRange;
  const lastStock = sql<string>`(array_agg(${storePeerDays.stockUnits} order by ${storePeerDays.day} desc))[1]`;
  const rows = await db
    .select({
      peerNo: storePeerDays.peerNo,
      days: count(),
      netSalesPaise: sum(storePeerDays.netSalesPaise),
      units: sum(storePeerDays.units),
      bills: sum(storePeerDays.bills),
      footfall: sum(storePeerDays.footfall),
      repeatBills: sum(storePeerDays.repeatBills),
      returnedUnits: sum(storePeerDays.returnedUnits),
      apparelSalesPaise: sum(storePeerDays.apparelSalesPaise),
      privateLabelSalesPaise: sum(storePeerDays.privateLabelSalesPaise),
      loyaltySalesPaise: sum(storePeerDays.loyaltySalesPaise),
      stockUnits: lastStock,
      auditScore: sql<string | null>`avg(${storePeerDays.auditScore})`,
    })
    .from(storePeerDays)
    .where(where)
    .groupBy(storePeerDays.peerNo)
    .orderBy(asc(storePeerDays.peerNo));
  return rows.map((r) => ({
    days: r.days,
    netSalesPaise: num(r.netSalesPaise),
    units: num(r.units),
    bills: num(r.bills),
    footfall: num(r.footfall),
    repeatBills: num(r.repeatBills),
    returnedUnits: num(r.returnedUnits),
    apparelSalesPaise: num(r.apparelSalesPaise),
    privateLabelSalesPaise: num(r.privateLabelSalesPaise),
    loyaltySalesPaise: num(r.loyaltySalesPaise),
    stockUnits: num(r.stockUnits),
    auditScore: r.auditScore == null ? null : Number(r.auditScore),
  }));
}

// ---------------------------------------------------------------------------------------------
// Feedback
// ---------------------------------------------------------------------------------------------

export async function feedbackOf(db: DbOrTx, userId: number) {
  const threads = await db
    .select()
    .from(storeFeedback)
    .where(eq(storeFeedback.userId, userId))
    .orderBy(desc(storeFeedback.updatedAt), desc(storeFeedback.id));
  if (threads.length === 0) return [];
  const comments = await db
    .select()
    .from(storeFeedbackComments)
    .where(
      inArray(
        storeFeedbackComments.feedbackId,
        threads.map((t) => t.id),
      ),
    )
    .orderBy(asc(storeFeedbackComments.createdAt), asc(storeFeedbackComments.id));
  return threads.map((t) => ({ ...t, comments: comments.filter((c) => c.feedbackId === t.id) }));
}

export async function createFeedback(db: DbOrTx, userId: number, feature: string, message: string, at: Date) {
  const [thread] = await db
    .insert(storeFeedback)
    .values({ userId, feature, createdAt: at, updatedAt: at })
    .returning({ id: storeFeedback.id });
  if (!thread) throw new Error("feedback not created");
  await db.insert(storeFeedbackComments).values({ feedbackId: thread.id, message, createdAt: at });
  return thread.id;
}

/** Adds a comment to the user's own thread; false when the thread is not theirs (or does not exist). */
export async function addComment(db: DbOrTx, userId: number, feedbackId: number, message: string, at: Date) {
  const touched = await db
    .update(storeFeedback)
    .set({ updatedAt: at })
    .where(and(eq(storeFeedback.id, feedbackId), eq(storeFeedback.userId, userId)))
    .returning({ id: storeFeedback.id });
  if (touched.length === 0) return false;
  await db.insert(storeFeedbackComments).values({ feedbackId, message, createdAt: at });
  return true;
}

/** The last comment of the thread is the partner's: it waits for the head office's reply. */
const waitingOf = sql<boolean>`(SELECT c.staff_author_id IS NULL FROM ${storeFeedbackComments} c
  WHERE c.feedback_id = ${storeFeedback.id} ORDER BY c.created_at DESC, c.id DESC LIMIT 1)`;

/** The inbox's sort keys (FEEDBACK_SORTS) and the columns they sort by. */
const INBOX_SORT_COLUMNS = {
  updatedAt: storeFeedback.updatedAt,
  createdAt: storeFeedback.createdAt,
  feature: storeFeedback.feature,
  storeName: users.storeName,
  email: users.email,
};

/** Every partner's feedback threads for the staff inbox (newest activity first unless sorted), with their comments. */
export async function feedbackInbox(
  db: DbOrTx,
  f: {
    q?: string | undefined;
    sort?: string | undefined;
    waiting?: boolean | undefined;
    id?: number;
    page: number;
    pageSize: number;
  },
) {
  const where = allOf(
    searchWhere(f.q, [
      users.storeName,
      users.email,
      storeFeedback.feature,
      sql`(SELECT string_agg(c.message, ' ') FROM ${storeFeedbackComments} c WHERE c.feedback_id = ${storeFeedback.id})`,
    ]),
    f.waiting === undefined ? undefined : f.waiting ? sql`${waitingOf}` : sql`NOT ${waitingOf}`,
    f.id === undefined ? undefined : eq(storeFeedback.id, f.id),
  );
  const threads = await db
    .select({
      thread: storeFeedback,
      storeName: users.storeName,
      email: users.email,
      waiting: waitingOf,
    })
    .from(storeFeedback)
    .innerJoin(users, eq(users.id, storeFeedback.userId))
    .where(where)
    .orderBy(
      ...orderByOf(
        f.sort,
        INBOX_SORT_COLUMNS,
        [desc(storeFeedback.updatedAt), desc(storeFeedback.id)],
        storeFeedback.id,
      ),
    )
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(storeFeedback)
    .innerJoin(users, eq(users.id, storeFeedback.userId))
    .where(where);
  const comments = threads.length
    ? await db
        .select()
        .from(storeFeedbackComments)
        .where(
          inArray(
            storeFeedbackComments.feedbackId,
            threads.map((t) => t.thread.id),
          ),
        )
        .orderBy(asc(storeFeedbackComments.createdAt), asc(storeFeedbackComments.id))
    : [];
  return {
    rows: threads.map((t) => ({
      ...t.thread,
      storeName: t.storeName,
      email: t.email,
      waiting: Boolean(t.waiting),
      comments: comments.filter((c) => c.feedbackId === t.thread.id),
    })),
    total: Number(total?.n ?? 0),
  };
}

/** The head office's reply on a thread; the partner's id, or null when the thread does not exist. */
export async function addStaffReply(
  db: DbOrTx,
  feedbackId: number,
  staffId: number,
  message: string,
  at: Date,
) {
  const [touched] = await db
    .update(storeFeedback)
    .set({ updatedAt: at })
    .where(eq(storeFeedback.id, feedbackId))
    .returning({ userId: storeFeedback.userId, feature: storeFeedback.feature });
  if (!touched) return null;
  await db
    .insert(storeFeedbackComments)
    .values({ feedbackId, message, createdAt: at, staffAuthorId: staffId });
  return touched;
}

/** Active franchisees with an ARS list (who the weekly replenishment runs for), id order. */
export async function arsPartners(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: arsProducts.userId })
    .from(arsProducts)
    .innerJoin(users, eq(users.id, arsProducts.userId))
    .where(and(eq(users.isFranchisee, true), eq(users.active, true)))
    .orderBy(asc(arsProducts.userId));
  return rows.map((r) => r.userId);
}

// ---------------------------------------------------------------------------------------------
// ARS runs
// ---------------------------------------------------------------------------------------------

/** The partner's run of a run day, or null. */
export async function arsRunOf(db: DbOrTx, userId: number, runDay: string) {
  const rows = await db
    .select()
    .from(arsRuns)
    .where(and(eq(arsRuns.userId, userId), eq(arsRuns.runDay, runDay)));
  return rows[0] ?? null;
}

/** The partner's newest runs first. */
export async function arsRunsOf(db: DbOrTx, userId: number, limit: number) {
  return db
    .select()
    .from(arsRuns)
    .where(eq(arsRuns.userId, userId))
    .orderBy(desc(arsRuns.runDay), desc(arsRuns.id))
    .limit(limit);
}

/** Records a run; null when the partner's run of that day was recorded already (by another instance). */
export async function insertArsRun(db: DbOrTx, run: typeof arsRuns.$inferInsert) {
  const rows = await db.insert(arsRuns).values(run).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

/** The store's sums per calendar month (yyyy-MM) over [from, to]: sales and units, and its day metrics. */
export async function storeMonthly(db: DbOrTx, userId: number, from: string, to: string) {
  const saleMonth = sql<string>`to_char(${storeSales.saleDate}, 'YYYY-MM')`;
  const dayMonth = sql<string>`to_char(${storeDailyMetrics.day}, 'YYYY-MM')`;
  const [sales, days] = await Promise.all([
    db
      .select({
        month: saleMonth,
        netSalesPaise: sql<string>`coalesce(sum(${storeSales.amountPaise}), 0)`,
        units: sql<string>`coalesce(sum(${storeSales.qty}), 0)`,
      })
      .from(storeSales)
      .where(and(eq(storeSales.userId, userId), gte(storeSales.saleDate, from), lte(storeSales.saleDate, to)))
      .groupBy(saleMonth),
    db
      .select({
        month: dayMonth,
        days: count(),
        bills: sum(storeDailyMetrics.bills),
        footfall: sum(storeDailyMetrics.footfall),
      })
      .from(storeDailyMetrics)
      .where(
        and(
          eq(storeDailyMetrics.userId, userId),
          gte(storeDailyMetrics.day, from),
          lte(storeDailyMetrics.day, to),
        ),
      )
      .groupBy(dayMonth),
  ]);
  return {
    sales: new Map(
      sales.map((r) => [r.month, { netSalesPaise: BigInt(r.netSalesPaise), units: num(r.units) }]),
    ),
    days: new Map(
      days.map((r) => [r.month, { days: Number(r.days), bills: num(r.bills), footfall: num(r.footfall) }]),
    ),
  };
}
