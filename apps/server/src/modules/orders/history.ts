import type { PlaceOrderBody } from "@portal/contracts";
import { purchaseRefusal, type RuleSet } from "@portal/domain";
import type { DbOrTx } from "../../db/client";
import type { SessionUser } from "../auth/public";
import { productRows } from "../catalogue/public";
import { type ProductFacts, planPlacement, purchaseOrderId, type WarehouseFacts } from "./plan";
import * as repo from "./repo";
import { factsOf, purchaseOrderRows } from "./service";

/** Product facts for planning historical orders (read once, used for many). */
export async function productFactsOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, ProductFacts>> {
  const rows = await productRows(db, ids);
  return new Map(rows.map((r) => [r.product.id, factsOf(r)]));
}

/** One historical placement: who placed it, when, what, and the facts it is priced with. */
export type HistoricalPlacement = {
  /** The partner, with its franchise (which decides the ledger account, as a placement does). */
  user: Pick<SessionUser, "id"> & { franchise: { concept: string; createdAt: Date } | null };
  at: Date;
  body: PlaceOrderBody;
  shipToState: string;
  warehouses: readonly WarehouseFacts[];
  products: ReadonlyMap<number, ProductFacts>;
  rules: readonly RuleSet[];
  hasFoodLicense: boolean;
  /** Where the order came from (B2B unless said: the franchisee's Monday ARS runs are B2F). */
  source?: "B2B" | "B2F" | "Kiosk";
};

/** The placement planned and priced exactly as POST /api/order plans it (today's purchase rules, no serviceability). */
export function planHistoricalPlacement(input: HistoricalPlacement) {
  return planPlacement({
    orders: input.body.orders,
    shipToState: input.shipToState,
    warehouses: input.warehouses,
    products: input.products,
    // Today's purchase rules as if each warehouse held the product; history skips serviceability.
    refusal: (id, wh) => {
      const product = input.products.get(id);
      if (!product) return null;
      const buyer = {
        canOrder: true,
        hasFoodLicense: input.hasFoodLicense,
        rules: input.rules,
        mappedWarehouseIds: input.warehouses.map((w) => w.id),
      };
      return purchaseRefusal(buyer, { product, brandDelivers: true, from: wh });
    },
  });
}

/**
 * The demo world's past placements: planned and priced exactly as POST /api/order does (the same
 * plan, prices and GST), written at the given moment, without touching today's stock (history's
 * stock has long been replenished). Returns the purchase order ids written.
 */
export async function writeHistoricalPlacement(tx: DbOrTx, input: HistoricalPlacement): Promise<string[]> {
  const plan = planHistoricalPlacement(input);
  const placementId = `history-${input.user.id}-${input.at.getTime()}`;
  const poids: string[] = [];
  for (const order of plan) {
    if (order.kind !== "planned") continue;
    for (const po of order.purchaseOrders) {
      const poid = purchaseOrderId(input.at, await repo.nextOrderNumber(tx), po.letter);
      const { row, lineRows } = purchaseOrderRows(poid, order.wh, po, {
        user: input.user as unknown as SessionUser,
        body: input.body,
        placementId,
        at: input.at,
        ...(input.source ? { source: input.source } : {}),
      });
      await repo.insertPurchaseOrder(tx, row, lineRows);
      poids.push(poid);
    }
  }
  return poids;
}
