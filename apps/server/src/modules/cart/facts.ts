import type { CartItem } from "@portal/contracts";
import { cartParentKey, type StockType } from "@portal/domain";
import type { DbOrTx } from "../../db/client";
import { chooseWarehouse, mappedWarehouseIds, type StockRow, stockRows } from "../catalogue/public";
import type { CartCaller } from "./purchase";
import * as repo from "./repo";

/**
 * Cart lines for these products and quantities, with parent, stock type, MRP and warehouse taken
 * from the catalogue (never from the client): the warehouse is the caller's best stocked one.
 */
export async function buildLines(
  db: DbOrTx,
  caller: CartCaller,
  wanted: readonly { facts: repo.CartLineFacts; qty: number }[],
): Promise<repo.CartLineValues[]> {
  const stock = await stockRows(
    db,
    wanted.map((w) => w.facts.id),
    mappedWarehouseIds(caller.viewer),
  );
  const stockOf = new Map<number, StockRow[]>();
  for (const s of stock) stockOf.set(s.productId, [...(stockOf.get(s.productId) ?? []), s]);
  return wanted.map(({ facts, qty }) => ({
    productId: facts.id,
    qty,
    parent: cartParentKey(facts),
    stockType: facts.stockType,
    mrp: facts.mrp,
    whId:
      chooseWarehouse(facts.mrp, stockOf.get(facts.id) ?? [], caller.viewer.shipToState)?.warehouseId ?? null,
  }));
}

/** A stored line as the API shows it: `id` and `productId` both carry the product id. */
export const toCartItem = (line: repo.CartLineRow): CartItem => ({
  id: line.productId,
  productId: line.productId,
  qty: line.qty,
  parent: line.parent,
  stockType: line.stockType as StockType,
  mrp: line.mrp,
  whId: line.whId,
});

export async function cartItemsOf(db: DbOrTx, owner: repo.CartOwner): Promise<CartItem[]> {
  return (await repo.cartLines(db, owner)).map(toCartItem);
}
