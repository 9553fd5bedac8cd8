import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { cforms, invoices } from "../../db/schema";

export type CformRow = typeof cforms.$inferSelect;

/** The partner's C-form rows of CST invoices shipped in a day range, with the invoice's figures. */
export async function ofPartner(
  db: DbOrTx,
  userId: number,
  f: { from: string; to: string; status?: string | undefined },
) {
  const where = [eq(cforms.userId, userId), gte(invoices.issuedOn, f.from), lte(invoices.issuedOn, f.to)];
  if (f.status) where.push(eq(cforms.status, f.status));
  return db
    .select({
      cform: cforms,
      invoiceNumber: invoices.number,
      issuedOn: invoices.issuedOn,
      total: invoices.total,
      warehouseId: invoices.warehouseId,
      orderDate: sql<
        string | null
      >`(SELECT to_char(min(po.created_at) AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD') FROM purchase_orders po WHERE po.load_id = ${invoices.loadId})`,
      netPayment: sql<string>`coalesce((SELECT sum(po.net_payment) FROM purchase_orders po WHERE po.load_id = ${invoices.loadId}), 0)::numeric(14,2)::text`,
    })
    .from(cforms)
    .innerJoin(invoices, eq(invoices.id, cforms.invoiceId))
    .where(and(...where))
    .orderBy(invoices.issuedOn, invoices.id)
    .limit(2000);
}

export async function counts(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      toBeSubmitted: sql<number>`(count(*) FILTER (WHERE ${cforms.status} = 'Shipped'))::int`,
    })
    .from(cforms)
    .where(eq(cforms.userId, userId));
  const years = await db
    .selectDistinct({ year: sql<number>`extract(year from ${invoices.issuedOn})::int` })
    .from(cforms)
    .innerJoin(invoices, eq(invoices.id, cforms.invoiceId))
    .where(eq(cforms.userId, userId));
  return {
    total: Number(row?.total ?? 0),
    toBeSubmitted: Number(row?.toBeSubmitted ?? 0),
    years: years.map((y) => Number(y.year)).sort((a, b) => b - a),
  };
}

/** The partner's own C-form rows of these invoice numbers, locked for the update. */
export async function ownByInvoiceNumbers(tx: DbOrTx, userId: number, numbers: readonly string[]) {
  return tx
    .select({ cform: cforms, invoiceNumber: invoices.number })
    .from(cforms)
    .innerJoin(invoices, eq(invoices.id, cforms.invoiceId))
    .where(and(eq(cforms.userId, userId), inArray(invoices.number, [...numbers])))
    .for("update", { of: cforms });
}

export async function submit(
  tx: DbOrTx,
  ids: readonly number[],
  set: Pick<
    CformRow,
    "cformNumber" | "docketNumber" | "courierName" | "fileKey" | "fileName" | "fileMime" | "fileSize"
  > & {
    at: Date;
  },
) {
  const { at, ...rest } = set;
  return tx
    .update(cforms)
    .set({ ...rest, status: "Issued", submittedAt: at, updatedAt: at })
    .where(and(inArray(cforms.id, [...ids]), eq(cforms.status, "Shipped")))
    .returning({ id: cforms.id });
}

export async function byId(db: DbOrTx, id: number) {
  const rows = await db.select().from(cforms).where(eq(cforms.id, id));
  return rows[0] ?? null;
}

/** The C-form a CST invoice owes, To Be Submitted (status Shipped); written once per invoice. */
export async function recordCformOwed(
  tx: DbOrTx,
  owed: Pick<typeof cforms.$inferInsert, "userId" | "invoiceId" | "cstAmount">,
) {
  await tx
    .insert(cforms)
    .values({ ...owed, status: "Shipped" })
    .onConflictDoNothing();
}

/** C-forms still To Be Submitted (status Shipped) of a partner. */
export async function openCforms(db: DbOrTx, userId: number) {
  return db
    .select()
    .from(cforms)
    .where(and(eq(cforms.userId, userId), eq(cforms.status, "Shipped")));
}

/** A C-form is received: To Be Submitted (Shipped) → Submitted (Issued). */
export async function issueCform(
  db: DbOrTx,
  id: number,
  details: { cformNumber: string; docketNumber: string; courierName: string },
  at: Date,
) {
  await db
    .update(cforms)
    .set({ status: "Issued", ...details, updatedAt: at })
    .where(and(eq(cforms.id, id), eq(cforms.status, "Shipped")));
}
