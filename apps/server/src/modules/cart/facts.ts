import type { CartItem } from "@portal/contracts";
import { cartParentKey, SERVICEABILITY_STOCK_TYPES, type StockType } from "@portal/domain";
import type { DbOrTx } from "../../db/client";
import type { SessionUser } from "../auth/public";
import {
  chooseWarehouse,
  mappedWarehouseIds,
  productsRepo,
  type Viewer,
  visibleTo,
} from "../catalogue/public";
import * as repo from "./repo";

/** Who is changing a cart: the signed-in user and what the server knows about their catalogue. */
export interface CartCaller {
  user: SessionUser;
  viewer: Viewer;
}

/** The pincode drop-ship and credit-vendor goods are delivered to: shipping pincode, else the account's. */
export const shippingPincodeOf = (user: SessionUser): string | null =>
  user.shippingPincode ?? user.pincode ?? null;

export const needsServiceability = (stockType: string) =>
  (SERVICEABILITY_STOCK_TYPES as readonly string[]).includes(stockType);

export interface ResolvedProducts {
  /** Products the caller may see and buy, by id. */
  visible: Map<number, repo.CartProductFacts>;
  /** Visible drop-ship and credit-vendor products whose brand does not deliver to the caller's pincode. */
  unserviceable: Set<number>;
}

/**
 * Serviceability, the one rule of buying that is not visibility: drop-ship and credit-vendor
 * products whose brand does not deliver to the caller's shipping pincode. Cart update, cart upload
 * and order placement all ask this function.
 */
export async function unserviceableAmong(
  db: DbOrTx,
  user: SessionUser,
  products: readonly { id: number; stockType: string; brandId: number }[],
): Promise<Set<number>> {
  const needing = products.filter((r) => needsServiceability(r.stockType));
  if (needing.length === 0) return new Set();
  const pincode = shippingPincodeOf(user);
  const serving = pincode
    ? await repo.brandsServing(
        db,
        needing.map((r) => r.brandId),
        pincode,
      )
    : new Set<number>();
  return new Set(needing.filter((r) => !serving.has(r.brandId)).map((r) => r.id));
}

/**
 * May the caller buy these products: visible to them (active, margin, stock in their mapping, food
 * licence, rules) and serviceable where the stock type needs it. Cart update and cart upload use
 * this; order placement applies the same visibility per chosen warehouse (orders/plan.ts mayOrder,
 * held equal to this SQL by the catalogue tests) and this serviceability.
 */
export async function resolveProducts(
  db: DbOrTx,
  caller: CartCaller,
  ids: readonly number[],
): Promise<ResolvedProducts> {
  const rows = await repo.visibleProducts(db, ids, visibleTo(caller.viewer));
  const visible = new Map(rows.map((r) => [r.id, r]));
  return { visible, unserviceable: await unserviceableAmong(db, caller.user, rows) };
}

/**
 * Cart lines for these products and quantities, with parent, stock type, MRP and warehouse taken
 * from the catalogue (never from the client): the warehouse is the caller's best stocked one.
 */
export async function buildLines(
  db: DbOrTx,
  caller: CartCaller,
  wanted: readonly { facts: repo.CartProductFacts; qty: number }[],
): Promise<repo.CartLineValues[]> {
  const stock = await productsRepo.stockRows(
    db,
    wanted.map((w) => w.facts.id),
    mappedWarehouseIds(caller.viewer),
  );
  const stockOf = new Map<number, productsRepo.StockRow[]>();
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

export async function cartItemsOf(db: DbOrTx, userId: number): Promise<CartItem[]> {
  return (await repo.cartLines(db, userId)).map(toCartItem);
}
