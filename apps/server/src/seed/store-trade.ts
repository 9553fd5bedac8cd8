/**
 * The demo stores' own trade: what each store sold per product and day over the year before the
 * world's base date (the last 120 days drawn first), and its stock in hand. Order assist, the ARS report and store
 * performance read these. A generator of its own keeps the rest of the world unchanged.
 */
import { APPAREL_CATEGORY_IDS, indiaDay, toPaise } from "@portal/domain";
import { Random } from "./random";

export const STORE_SALES_DAYS = 120;
/**
 * The stores' older trade, back a whole year (store performance's 12-month trend): drawn after the
 * last 120 days with a generator of its own, so those days (and every figure built on them) stay as they were.
 */
export const STORE_HISTORY_DAYS = 365;

interface SoldProduct {
  id: number;
  categoryId: number;
  mrp: string;
}

export interface StoreTradeRows {
  sales: { userId: number; productId: number; saleDate: string; qty: number; amountPaise: bigint }[];
  stock: { userId: number; productId: number; qty: number }[];
}

/** yyyy-MM-dd of the day `daysBefore` days before `base` (India dates). */
function dayBefore(base: Date, daysBefore: number): string {
  return indiaDay(new Date(base.getTime() - daysBefore * 86_400_000));
}

/**
 * Each store sells a deterministic assortment (every 23rd product after the first 20 edge cases,
 * shifted per store), apparel more often in ones and twos, and keeps stock of what it sells and of
 * its ARS list.
 */
export function storeTradeRows(
  stores: readonly { userId: number; arsProductIds: readonly number[] }[],
  catalogue: readonly SoldProduct[],
  base: Date,
  seed: number,
): StoreTradeRows {
  const rng = new Random(seed ^ 0x5a1e5);
  const sales: StoreTradeRows["sales"] = [];
  const stock: StoreTradeRows["stock"] = [];
  stores.forEach(({ userId, arsProductIds }, storeIndex) => {
    const assortment = catalogue.filter((_, index) => index >= 20 && index % 23 === 7 + storeIndex);
    const stocked = new Set<number>();
    for (const product of assortment) {
      const apparel = (APPAREL_CATEGORY_IDS as readonly number[]).includes(product.categoryId);
      const sellsOnDay = apparel ? 0.35 : 0.25;
      const mrpPaise = toPaise(product.mrp);
      for (let day = STORE_SALES_DAYS; day >= 1; day--) {
        if (!rng.chance(sellsOnDay)) continue;
        const qty = apparel ? rng.int(1, 2) : rng.int(1, 4);
        sales.push({
          userId,
          productId: product.id,
          saleDate: dayBefore(base, day),
          qty,
          amountPaise: BigInt(qty) * mrpPaise,
        });
      }
      stock.push({ userId, productId: product.id, qty: rng.int(0, 12) });
      stocked.add(product.id);
    }
    for (const productId of arsProductIds) {
      if (stocked.has(productId)) continue;
      stock.push({ userId, productId, qty: rng.int(0, 10) });
    }
  });
  // The older days of the year, a little quieter the further back (the store grew).
  const older = new Random(seed ^ 0x01d5a1e);
  stores.forEach(({ userId }, storeIndex) => {
    const assortment = catalogue.filter((_, index) => index >= 20 && index % 23 === 7 + storeIndex);
    for (const product of assortment) {
      const apparel = (APPAREL_CATEGORY_IDS as readonly number[]).includes(product.categoryId);
      const mrpPaise = toPaise(product.mrp);
      for (let day = STORE_HISTORY_DAYS; day > STORE_SALES_DAYS; day--) {
        const sellsOnDay =
          (apparel ? 0.35 : 0.25) * (1 - (0.3 * (day - STORE_SALES_DAYS)) / STORE_HISTORY_DAYS);
        if (!older.chance(sellsOnDay)) continue;
        const qty = apparel ? older.int(1, 2) : older.int(1, 4);
        sales.push({
          userId,
          productId: product.id,
          saleDate: dayBefore(base, day),
          qty,
          amountPaise: BigInt(qty) * mrpPaise,
        });
      }
    }
  });
  return { sales, stock };
}
