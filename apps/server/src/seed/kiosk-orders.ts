import { giftVoucherCode, paiseToDecimal, toPaise } from "@portal/domain";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  kioskCustomers,
  kioskOrderLines,
  kioskOrders,
  kioskRefunds,
  purchaseOrderLines,
  purchaseOrders,
  users,
} from "../db/schema";
import { ledgerBalance } from "../modules/ledger/public";
import { createPaymentsService } from "../modules/payments/public";
import { inAppOnly } from "./notify";

/** The demo kiosk's walk-in customers. */
const CUSTOMERS = [
  {
    mobileNo: "9840012345",
    firstName: "Priya",
    lastName: "Sharma",
    dob: "1991-06-14",
    email: "priya.sharma@example.in",
  },
  { mobileNo: "9840023456", firstName: "Arjun", lastName: "Mehta", dob: "1987-11-02", email: null },
  {
    mobileNo: "9840034567",
    firstName: "Kavya",
    lastName: "Iyer",
    dob: "1994-03-27",
    email: "kavya.iyer@example.in",
  },
] as const;

const HOUR = 3_600_000;

/**
 * Kiosk orders of the demo kiosk store, once: its three newest purchase orders of the history become
 * kiosk orders (source Kiosk) of three customers, paid at the counter: the newest Pending, the next
 * Confirmed with a ₹500 gift voucher, the third Confirmed, or Cancelled (and refunded) when its order was. Deterministic.
 */
export async function seedKioskOrders(db: Db, end: Date): Promise<number> {
  const [kiosk] = await db.select().from(users).where(eq(users.email, "kiosk@demo.in")).limit(1);
  if (!kiosk) return 0;
  const existing = await db
    .select({ id: kioskOrders.id })
    .from(kioskOrders)
    .where(eq(kioskOrders.storeUserId, kiosk.id))
    .limit(1);
  if (existing.length > 0) return 0;
  const newest = await db
    .select()
    .from(purchaseOrders)
    .where(
      and(
        eq(purchaseOrders.userId, kiosk.id),
        inArray(purchaseOrders.status, ["Pending", "Confirmed", "Cancelled", "Shipped", "Delivered"]),
      ),
    )
    .orderBy(desc(purchaseOrders.createdAt), desc(purchaseOrders.poid))
    .limit(40);
  // One kiosk order per placement: the newest purchase order of each of the three newest placements.
  const pos = newest
    .filter((p, i) => newest.findIndex((q) => q.placementId === p.placementId) === i)
    .slice(0, 3);
  if (pos.length === 0) return 0;
  await settleKioskBalance(
    db,
    kiosk.id,
    pos.map((p) => p.poid),
    new Date(end.getTime() - 2 * 24 * HOUR),
  );
  await db.transaction(async (tx) => {
    for (const [i, po] of pos.entries()) {
      const c = CUSTOMERS[i % CUSTOMERS.length];
      if (!c) continue;
      const [customer] = await tx
        .insert(kioskCustomers)
        .values({ storeUserId: kiosk.id, ...c, email: c.email ?? null })
        .onConflictDoUpdate({
          target: [kioskCustomers.storeUserId, kioskCustomers.mobileNo],
          set: { firstName: c.firstName, lastName: c.lastName, dob: c.dob },
        })
        .returning();
      if (!customer) continue;
      const lines = await tx.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.poid, po.poid));
      const status = i === 0 ? "Pending" : po.status === "Cancelled" ? "Cancelled" : "Confirmed";
      const vouchers = i === 1 ? [{ amount: 500, qty: 1 }] : [];
      let total = 0n;
      for (const l of lines) total += toPaise(l.mrp) * BigInt(l.orderedQuantity);
      for (const v of vouchers) total += toPaise(v.amount) * BigInt(v.qty);
      // Every purchase order of the kiosk order's placement came from the kiosk, as POST /api/kajukatli places them.
      await tx
        .update(purchaseOrders)
        .set({ source: "Kiosk" })
        .where(eq(purchaseOrders.placementId, po.placementId));
      const [order] = await tx
        .insert(kioskOrders)
        .values({
          storeUserId: kiosk.id,
          customerId: customer.id,
          phoneNo: customer.mobileNo,
          poid: po.poid,
          placementId: po.placementId,
          status,
          totalAmount: paiseToDecimal(total),
          paymentMode: ["Cash", "UPI", "Card"][i % 3] ?? "Cash",
          paymentReference: i === 1 ? "UPI-4471-2093" : null,
          paidAt: po.createdAt,
          createdAt: po.createdAt,
          confirmedAt: status === "Confirmed" ? new Date(po.createdAt.getTime() + 2 * HOUR) : null,
          cancelledAt:
            status === "Cancelled" ? (po.cancelledAt ?? new Date(po.createdAt.getTime() + 3 * HOUR)) : null,
        })
        .returning();
      if (!order) continue;
      const rows = [
        ...lines.map((l) => ({
          kioskOrderId: order.id,
          kind: "product",
          productId: l.productId,
          name: l.productName,
          qty: l.orderedQuantity,
          unitAmount: l.mrp,
          amount: paiseToDecimal(toPaise(l.mrp) * BigInt(l.orderedQuantity)),
        })),
        ...vouchers.map((v) => ({
          kioskOrderId: order.id,
          kind: "voucher",
          productId: null,
          name: `Gift voucher ₹${v.amount}`,
          qty: v.qty,
          unitAmount: paiseToDecimal(toPaise(v.amount)),
          amount: paiseToDecimal(toPaise(v.amount) * BigInt(v.qty)),
          voucherCodes: Array.from({ length: v.qty }, (_, n) => giftVoucherCode(v.amount, order.id, n + 1)),
        })),
      ];
      if (rows.length > 0) await tx.insert(kioskOrderLines).values(rows);
      // A cancelled order was paid at the counter: what was paid went back the way it came.
      if (status === "Cancelled" && order.cancelledAt)
        await tx.insert(kioskRefunds).values({
          kioskOrderId: order.id,
          amount: order.totalAmount,
          mode: order.paymentMode,
          reference: null,
          refundedAt: order.cancelledAt,
          refundedBy: kiosk.id,
          refundedByName: kiosk.storeName ?? `${kiosk.firstname} ${kiosk.lastname}`,
        });
    }
  });
  return pos.length;
}

/**
 * The demo kiosk has paid what it owed two days before the world's date (a NEFT payment approved by
 * staff), so its debit balance is within the kiosk limit of 5000 and it can take customer orders.
 */
async function settleKioskBalance(db: Db, userId: number, poids: string[], at: Date) {
  const payments = createPaymentsService({ db, notify: inAppOnly });
  const [staff] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  for (const ledgerAccount of [1, 2]) {
    const owed = toPaise(await ledgerBalance(db, userId, ledgerAccount));
    if (owed <= 0n) continue;
    const amount = paiseToDecimal(owed);
    const submitted = await payments.submit(
      userId,
      {
        paymentData: {
          paymentType: "Neft",
          referenceId: `UTRKIOSK${ledgerAccount}${at.toISOString().slice(0, 10).replaceAll("-", "")}`,
          totalAmountPayable: amount,
          totalAmountPaid: amount,
          orders: poids,
          ledgerAccount,
        },
      },
      at,
    );
    await payments.steps.approve(staff ? { id: staff.id } : null, submitted.id, at);
  }
}
