/**
 * The order desk's confirm for many orders in one transaction (the network-sized world, issue 32):
 * each order confirmed in full as `steps.confirm(actor, poid, {}, at)` confirms it (the document
 * chain's restated lines and totals, any stock back, its proforma invoice, the partner's notice and
 * the audit entry), in a few multi-row statements. The notices and audit entries are handed to the
 * caller's `records`, which writes them in bulk.
 */
import {
  cancelledGap,
  indiaDay,
  lineColumns,
  lineGap,
  ORDER_LIFECYCLE,
  orderColumns,
  refusal,
  restatedOrder,
} from "@portal/domain";
import { asc, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { purchaseOrderLines, purchaseOrders } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { AuditEntry } from "../audit/public";
import { returnStock } from "../catalogue/public";
import { issueProformas } from "../invoices/public";
import type { PartnerNotice } from "../notifications/public";
import { recordOrderSteps, restateOrderLines } from "../orders/public";
import type { Actor } from "./service";

/** What a batched step tells partners and the audit log, for the caller to write in bulk. */
export interface StepRecords {
  notices: PartnerNotice[];
  audit: AuditEntry[];
}

/** Confirms every order of `items` in full, in the order given. */
export async function confirmOrdersInFull(
  tx: DbOrTx,
  actor: Actor,
  items: readonly { poid: string; at: Date }[],
  records: StepRecords,
): Promise<void> {
  if (items.length === 0) return;
  const poids = items.map((i) => i.poid);
  const orders = new Map(
    (await tx.select().from(purchaseOrders).where(inArray(purchaseOrders.poid, poids)).for("update")).map(
      (o) => [o.poid, o],
    ),
  );
  const allLines = await tx
    .select()
    .from(purchaseOrderLines)
    .where(inArray(purchaseOrderLines.poid, poids))
    .orderBy(asc(purchaseOrderLines.id));
  const linesOf = new Map<string, typeof allLines>();
  for (const l of allLines) {
    const list = linesOf.get(l.poid);
    if (list) list.push(l);
    else linesOf.set(l.poid, [l]);
  }
  const restatedLines: Parameters<typeof restateOrderLines>[1][number][] = [];
  const steps: Parameters<typeof recordOrderSteps>[1][number][] = [];
  for (const { poid, at } of items) {
    const order = orders.get(poid);
    if (!order) throw new AppError(404, `Order not found: ${poid}`);
    const lines = linesOf.get(poid) ?? [];
    const refused = refusal(ORDER_LIFECYCLE, order.status, "Confirmed", "staff");
    if (refused) throw new AppError(409, refused);
    const changes = lines.map((line) => ({ line, quantity: line.orderedQuantity }));
    const back = changes.filter((c) => c.quantity < c.line.quantity);
    const confirmed = new Map(changes.map((c) => [c.line.id, c.quantity]));
    const restated = restatedOrder(order, lines, (l) => confirmed.get(l.id) ?? l.quantity);
    restatedLines.push(
      ...restated.lines
        .filter((r) => r.amounts.quantity !== r.line.quantity)
        .map((r) => ({ id: r.line.id, ...lineColumns(r.amounts) })),
    );
    if (back.length > 0)
      await returnStock(
        tx,
        order.warehouseId,
        back.map((c) => ({
          productId: c.line.productId,
          mrp: c.line.mrp,
          qty: c.line.quantity - c.quantity,
        })),
      );
    const gap = changes.reduce((s, c) => s + lineGap(c.line.orderedQuantity, c.quantity), 0);
    steps.push({
      poid,
      ...orderColumns(restated.totals),
      confirmedAt: at,
      gapReport: gap,
      autoConfirmed: false,
      status: "Confirmed",
    });
    records.notices.push({
      userId: order.userId,
      title: gap > 0 ? "Order part-confirmed" : "Order confirmed",
      message:
        gap > 0
          ? `Your order ${poid} is confirmed in part: ${gap} unit(s) could not be confirmed. See the gap report.`
          : `Your order ${poid} is confirmed. Its proforma invoice is ready.`,
      target: `/account/orderDetails/${poid}`,
      at,
    });
    records.audit.push({
      actorId: actor?.id ?? null,
      action: "order.confirm",
      entity: "order",
      entityId: poid,
      before: {
        status: order.status,
        lines: lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
      },
      after: {
        status: "Confirmed",
        gapReport: gap,
        lines: changes.map((c) => ({ productId: c.line.productId, quantity: c.quantity })),
      },
      at,
    });
  }
  for (let i = 0; i < restatedLines.length; i += 2000)
    await restateOrderLines(tx, restatedLines.slice(i, i + 2000));
  await recordOrderSteps(tx, steps);
  await issueProformas(
    tx,
    items.map((i) => ({ poid: i.poid, day: indiaDay(i.at), at: i.at })),
  );
}

/** Cancels every order of `items` (Pending or Confirmed, in no load) as `steps.cancel` cancels each, in the order given. */
export async function cancelOrders(
  tx: DbOrTx,
  actor: Actor,
  items: readonly { poid: string; reason: string; at: Date }[],
  records: StepRecords,
): Promise<void> {
  if (items.length === 0) return;
  const poids = items.map((i) => i.poid);
  const orders = new Map(
    (await tx.select().from(purchaseOrders).where(inArray(purchaseOrders.poid, poids)).for("update")).map(
      (o) => [o.poid, o],
    ),
  );
  const allLines = await tx
    .select()
    .from(purchaseOrderLines)
    .where(inArray(purchaseOrderLines.poid, poids))
    .orderBy(asc(purchaseOrderLines.id));
  const linesOf = new Map<string, typeof allLines>();
  for (const l of allLines) {
    const list = linesOf.get(l.poid);
    if (list) list.push(l);
    else linesOf.set(l.poid, [l]);
  }
  const steps: Parameters<typeof recordOrderSteps>[1][number][] = [];
  for (const { poid, reason, at } of items) {
    const order = orders.get(poid);
    if (!order) throw new AppError(404, `Order not found: ${poid}`);
    const lines = linesOf.get(poid) ?? [];
    const refused = refusal(ORDER_LIFECYCLE, order.status, "Cancelled", "staff");
    if (refused) throw new AppError(409, refused);
    if (order.loadId !== null) throw new AppError(409, `Order ${poid} is on a load`);
    await returnStock(
      tx,
      order.warehouseId,
      lines.map((l) => ({ productId: l.productId, mrp: l.mrp, qty: l.quantity })),
    );
    const kept = restatedOrder(order, lines);
    const gap = cancelledGap(lines);
    steps.push({
      poid,
      ...orderColumns(kept.totals),
      cancelledAt: at,
      cancelReason: reason,
      gapReport: gap,
      status: "Cancelled",
    });
    records.notices.push({
      userId: order.userId,
      title: "Order cancelled",
      message: `Your order ${poid} was cancelled: ${reason}`,
      target: `/account/orderDetails/${poid}`,
      at,
    });
    records.audit.push({
      actorId: actor?.id ?? null,
      action: "order.cancel",
      entity: "order",
      entityId: poid,
      before: { status: order.status },
      after: {
        status: "Cancelled",
        reason,
        gapReport: gap,
        stockReturned: lines.reduce((s, l) => s + l.quantity, 0),
      },
      at,
    });
  }
  await recordOrderSteps(tx, steps);
}
