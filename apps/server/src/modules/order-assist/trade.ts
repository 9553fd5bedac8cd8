import {
  APPAREL_SALE_WINDOW_DAYS,
  ASSIST_SALE_WINDOW_DAYS,
  apparelSuggestion,
  assistOrderBucket,
  isApparelCategory,
  nonApparelSuggestion,
  type Paise,
  windowStart,
} from "@portal/domain";
import type { DbOrTx } from "../../db/client";
import * as repo from "./repo";

/** One product's counts at a store, as order assist reads them. */
export interface TradeCounts {
  sale30: number;
  sale7: number;
  amount30: Paise;
  stock: number;
  pending: number;
  inTransit: number;
}

export interface StoreTrade {
  /** The store's last sales date (its last point-of-sale sync), or null when it has reported none. */
  asOf: string | null;
  from: string | null;
  weekFrom: string | null;
  /** Every product the store sold in the 30 days up to `asOf`, holds, or has on order. */
  counts: Map<number, TradeCounts>;
}

const none = (): TradeCounts => ({ sale30: 0, sale7: 0, amount30: 0n, stock: 0, pending: 0, inTransit: 0 });

/** The store's trade: sales over the assist windows, stock in hand and units on open orders, per product. */
export async function storeTradeCounts(db: DbOrTx, userId: number): Promise<StoreTrade> {
  const asOf = await repo.lastSaleDate(db, userId);
  const from = asOf ? windowStart(asOf, ASSIST_SALE_WINDOW_DAYS) : null;
  const weekFrom = asOf ? windowStart(asOf, APPAREL_SALE_WINDOW_DAYS) : null;
  const [sales, stock, orders] = await Promise.all([
    asOf && from && weekFrom
      ? repo.salesByProduct(db, userId, { from, weekFrom, to: asOf })
      : Promise.resolve([]),
    repo.stockByProduct(db, userId),
    repo.openOrderQuantities(db, userId),
  ]);
  const counts = new Map<number, TradeCounts>();
  const entry = (id: number) => {
    let e = counts.get(id);
    if (!e) {
      e = none();
      counts.set(id, e);
    }
    return e;
  };
  for (const s of sales) {
    const e = entry(s.productId);
    e.sale30 += s.qty;
    e.sale7 += s.weekQty;
    e.amount30 += s.amountPaise;
  }
  for (const s of stock) entry(s.productId).stock += s.qty;
  for (const o of orders) {
    const bucket = assistOrderBucket(o.status);
    if (bucket) entry(o.productId)[bucket] += o.qty;
  }
  return { asOf, from, weekFrom, counts };
}

/** Counts of a product the store has no trade in. */
export const noTrade = none;

/**
 * Order assist's suggested units for a product: apparel 5 × the week's sale less stock, pending and
 * in transit; everything else 45 days of sale less stock and in transit.
 */
export function suggestedUnits(categoryId: number, c: TradeCounts): number {
  return isApparelCategory(categoryId)
    ? apparelSuggestion({ sale: c.sale7, stock: c.stock, pending: c.pending, inTransit: c.inTransit })
    : nonApparelSuggestion({ sale30: c.sale30, stock: c.stock, inTransit: c.inTransit });
}

/**
 * The products order assist suggests the store orders, most suggested units first (then by id): what
 * the cart's smart top-up offers before the store's best sellers.
 */
export async function assistSuggestedProductIds(db: DbOrTx, userId: number): Promise<number[]> {
  const { counts } = await storeTradeCounts(db, userId);
  const sold = [...counts].filter(([, c]) => c.sale30 > 0 || c.sale7 > 0).map(([id]) => id);
  const categoryOf = await repo.categoriesOf(db, sold);
  return sold
    .flatMap((id) => {
      const categoryId = categoryOf.get(id);
      const counted = counts.get(id);
      if (categoryId === undefined || !counted) return [];
      const suggested = suggestedUnits(categoryId, counted);
      return suggested > 0 ? [{ id, suggested }] : [];
    })
    .sort((a, b) => b.suggested - a.suggested || a.id - b.id)
    .map((s) => s.id);
}
