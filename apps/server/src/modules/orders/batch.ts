/**
 * Batched forms of the orders module's writes, for a caller that writes many documents of the same
 * step in one transaction (the network-sized world, issue 32): the same rows as the per-document
 * functions (`writeHistoricalPlacement`, `recordOrderConfirmed`, …), in a few multi-row statements.
 */
import { sql } from "drizzle-orm";
import { bulkInsert, bulkUpdate } from "../../db/bulk-insert";
import type { DbOrTx } from "../../db/client";
import { purchaseOrderLines, purchaseOrders } from "../../db/schema";
import type { SessionUser } from "../auth/public";
import { type HistoricalPlacement, planHistoricalPlacement } from "./history";

export type { HistoricalPlacement };

import { purchaseOrderId } from "./plan";
import type { NewPurchaseOrder, NewPurchaseOrderLine, PurchaseOrderRow } from "./repo";
import { purchaseOrderRows } from "./service";

const rowsOf = <T>(result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];

/** `count` purchase order numbers of the sequence, in the order they are taken. */
export async function reserveOrderNumbers(tx: DbOrTx, count: number): Promise<number[]> {
  if (count === 0) return [];
  const result = await tx.execute(
    sql`SELECT nextval('purchase_order_numbers')::bigint AS n FROM generate_series(1, ${count}::integer) ORDER BY 1`,
  );
  return rowsOf<{ n: string | number }>(result).map((r) => Number(r.n));
}

/**
 * Many historical placements (as `writeHistoricalPlacement` writes each, in the order given): every
 * placement planned and priced by the same plan, the order numbers taken as a range of the
 * sequence in the same order, the orders and lines written in multi-row statements. Returns each
 * placement's purchase order ids.
 */
export async function writeHistoricalPlacements(
  tx: DbOrTx,
  inputs: readonly HistoricalPlacement[],
): Promise<string[][]> {
  const planned = inputs.map((input) => ({ input, plan: planHistoricalPlacement(input) }));
  const count = planned.reduce(
    (n, p) =>
      n + p.plan.reduce((m, order) => m + (order.kind === "planned" ? order.purchaseOrders.length : 0), 0),
    0,
  );
  const numbers = await reserveOrderNumbers(tx, count);
  let next = 0;
  const orderRows: NewPurchaseOrder[] = [];
  const lineRows: (NewPurchaseOrderLine & { poid: string })[] = [];
  const out = planned.map(({ input, plan }) => {
    const placementId = `history-${input.user.id}-${input.at.getTime()}`;
    const poids: string[] = [];
    for (const order of plan) {
      if (order.kind !== "planned") continue;
      for (const po of order.purchaseOrders) {
        const n = numbers[next++];
        if (n === undefined) throw new Error("fewer order numbers reserved than planned");
        const poid = purchaseOrderId(input.at, n, po.letter);
        const rows = purchaseOrderRows(poid, order.wh, po, {
          user: input.user as unknown as SessionUser,
          body: input.body,
          placementId,
          at: input.at,
          ...(input.source ? { source: input.source } : {}),
        });
        orderRows.push(rows.row);
        for (const l of rows.lineRows) lineRows.push({ ...l, poid });
        poids.push(poid);
      }
    }
    return poids;
  });
  await bulkInsert(tx, purchaseOrders, orderRows);
  await bulkInsert(tx, purchaseOrderLines, lineRows);
  return out;
}

/** The order's totals as the document chain restates them, with a step's own columns. */
export type OrderStepColumns = Partial<PurchaseOrderRow> & { poid: string };

/**
 * Each order's own columns set in one statement per column set (what `recordOrderConfirmed`,
 * `recordOrderDelivered`, `assignOrdersToLoad`, … set one order or one load at a time).
 */
export async function recordOrderSteps(tx: DbOrTx, rows: readonly OrderStepColumns[]): Promise<void> {
  await bulkUpdate(tx, purchaseOrders, "poid", rows);
}
