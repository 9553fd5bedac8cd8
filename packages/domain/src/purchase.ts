import { hiddenReason, SERVICEABILITY_STOCK_TYPES, type Viewer, type VisibilityFacts } from "./catalogue";
import { messages } from "./messages";

/**
 * Whether a partner may buy a product: the one rule every buying path asks (cart add and update,
 * cart upload, the cart's allocation, gap reorder and order again, order placement).
 */

/** Drop-ship and credit-vendor goods are bought only when their brand delivers to the partner's pincode. */
export const needsServiceability = (stockType: string) =>
  (SERVICEABILITY_STOCK_TYPES as readonly string[]).includes(stockType);

/** Who is buying: the account's ordering flag and what decides which products they see. */
export interface Buyer extends Viewer {
  canOrder: boolean;
}

/** Why a purchase is refused: `status` is the HTTP status a path that refuses the whole request answers. */
export interface PurchaseRefusal {
  status: 403 | 404 | 400;
  message: string;
}

/** The account's ordering flag: without it nothing is bought, on any path. */
export const buyerRefusal = (buyer: Pick<Buyer, "canOrder">): PurchaseRefusal | null =>
  buyer.canOrder ? null : { status: 403, message: messages.orderingDisabled };

export interface PurchaseQuestion {
  /** The product; its stock (`currentStock`, `warehouses`) is read only when no warehouse is named. */
  product: Omit<VisibilityFacts, "currentStock" | "warehouses"> &
    Partial<Pick<VisibilityFacts, "currentStock" | "warehouses">> & { stockType: string };
  /** Whether the product's brand delivers to the buyer's shipping pincode (asked only where it matters). */
  brandDelivers: boolean;
  /**
   * The warehouse an order names. Without one (the cart), the product must be stocked at its MRP in
   * one of the buyer's warehouses now. With one (order placement), it must be a product the buyer
   * would see if that warehouse held it: the stock itself is checked under lock when the order is
   * written, so a product sold out there is refused for its stock ("has only 0 left"), not as unknown.
   */
  from?: number;
}

/**
 * The rules in order: the ordering flag (403 "Ordering is not enabled for your account."), then
 * visibility (active, margin, stock in the mapping, food licence, the partner's rules; 404 "Product
 * not found"), then serviceability (400 "Product is not serviceable"). Null: the buyer may buy it.
 */
export function purchaseRefusal(buyer: Buyer, question: PurchaseQuestion): PurchaseRefusal | null {
  const refused = buyerRefusal(buyer);
  if (refused) return refused;
  const { product, from } = question;
  const hidden =
    from === undefined
      ? hiddenReason(
          { ...product, currentStock: product.currentStock ?? 0, warehouses: product.warehouses ?? [] },
          buyer,
        )
      : hiddenReason(
          { ...product, currentStock: 1, warehouses: [{ id: from, mrp: product.mrp, stock: 1 }] },
          { ...buyer, mappedWarehouseIds: buyer.mappedWarehouseIds.includes(from) ? [from] : [] },
        );
  if (hidden !== null) return { status: 404, message: messages.productNotFound };
  if (needsServiceability(product.stockType) && !question.brandDelivers)
    return { status: 400, message: messages.productNotServiceable };
  return null;
}
