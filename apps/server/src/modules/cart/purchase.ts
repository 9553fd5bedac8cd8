import {
  type Buyer,
  buyerRefusal,
  needsServiceability,
  type PurchaseRefusal,
  purchaseRefusal,
} from "@portal/domain";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/errors";
import type { SessionUser } from "../auth/public";
import { mappedWarehouseIds, type StockRow, stockRows, type Viewer } from "../catalogue/public";
import * as repo from "./repo";

/** Who is buying: the signed-in user and what the server knows about their catalogue. */
export interface CartCaller {
  user: SessionUser;
  viewer: Viewer;
}

/** Who of the store is signed in, as far as the cart goes: the store (`id`) and the member (null: the owner). */
export type CartPerson = Pick<SessionUser, "id" | "member">;

/** Whose cart a session works on: the store's, and in it the signed-in person's own (member 0: the owner). */
export const cartOwnerOf = (user: CartPerson): repo.CartOwner => ({
  userId: user.id,
  memberId: user.member?.id ?? 0,
});

/** The pincode drop-ship and credit-vendor goods are delivered to: shipping pincode, else the account's. */
export const shippingPincodeOf = (user: SessionUser): string | null =>
  user.shippingPincode ?? user.pincode ?? null;

const buyerOf = (caller: CartCaller): Buyer => ({
  canOrder: caller.user.canOrder,
  hasFoodLicense: caller.viewer.hasFoodLicense,
  mappedWarehouseIds: mappedWarehouseIds(caller.viewer),
  rules: caller.viewer.rules,
});

const refusalError = (refusal: PurchaseRefusal) => new AppError(refusal.status, refusal.message);

/**
 * The account's ordering flag, for a path to ask before it reads its request (the upload's file, a
 * reorder's lines): 403 "Ordering is not enabled for your account." when the partner may not buy.
 */
export function assertMayBuy(user: Pick<SessionUser, "canOrder">): void {
  const refused = buyerRefusal(user);
  if (refused) throw refusalError(refused);
}

export interface PurchaseRules {
  /** The facts of each asked product that exists (a cart line is built from them). */
  facts: ReadonlyMap<number, repo.CartProductFacts>;
  /** The asked products' stock rows in the caller's mapped warehouses, by product. */
  stockOf(productId: number): readonly StockRow[];
  /**
   * Why the caller may not buy the product (domain `purchaseRefusal`): from any of their warehouses
   * holding it now (the cart), or from the warehouse an order names (`from`). Null: they may.
   */
  refusal(productId: number, from?: number): PurchaseRefusal | null;
}

/**
 * The one server function behind every buying path (cart add and update, cart upload, the cart's
 * allocation, gap reorder and order again through cart update, order placement): it refuses an
 * account that may not order (403), reads the products, their stock in the caller's warehouses and
 * whether their brands deliver to the caller's pincode, and answers each product with the domain's
 * `purchaseRefusal`.
 */
export async function purchaseRules(
  db: DbOrTx,
  caller: CartCaller,
  productIds: readonly number[],
): Promise<PurchaseRules> {
  assertMayBuy(caller.user);
  const ids = [...new Set(productIds)];
  const buyer = buyerOf(caller);
  // in turn: inside a placement's transaction one connection answers one query at a time
  const rows = await repo.purchaseFacts(db, ids);
  const stock = await stockRows(db, ids, buyer.mappedWarehouseIds);
  const pincode = shippingPincodeOf(caller.user);
  const needing = rows.filter((r) => needsServiceability(r.stockType));
  const serving =
    pincode && needing.length > 0
      ? await repo.brandsServing(
          db,
          needing.map((r) => r.brandId),
          pincode,
        )
      : new Set<number>();
  const facts = new Map(rows.map((r) => [r.id, r]));
  const stockRowsOf = new Map<number, StockRow[]>();
  for (const s of stock) {
    const rowsOfProduct = stockRowsOf.get(s.productId);
    if (rowsOfProduct) rowsOfProduct.push(s);
    else stockRowsOf.set(s.productId, [s]);
  }
  const warehousesOf = (productId: number) =>
    (stockRowsOf.get(productId) ?? []).map((s) => ({ id: s.warehouseId, mrp: s.mrp, stock: s.stock }));
  return {
    facts,
    stockOf: (productId) => stockRowsOf.get(productId) ?? [],
    refusal(productId, from) {
      const product = facts.get(productId);
      return purchaseRefusal(buyer, {
        product: product
          ? { ...product, warehouses: warehousesOf(productId) }
          : // An id with no product: as hidden as a product nobody may see.
            {
              b2bIsActive: false,
              retailerMargin: "0",
              currentStock: 0,
              mrp: "0",
              stockType: "",
              categoryId: 0,
              subcategoryId: 0,
              warehouses: [],
            },
        brandDelivers: product !== undefined && serving.has(product.brandId),
        ...(from === undefined ? {} : { from }),
      });
    },
  };
}
