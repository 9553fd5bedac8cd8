import type { CartGroupTotal, CartLine, PlaceOrderInput } from "@portal/contracts";
import { formatRupees, paiseToDecimal, sumPaise, toPaise, type WarehouseGroup } from "@portal/domain";

type WarehouseOrder = PlaceOrderInput["orders"][number];

/**
 * The spec's order payload: one order per warehouse with the allocated units of the selected groups.
 * Prices are only a request: the server prices every line again.
 */
export function buildOrders(lines: readonly CartLine[], groups: readonly WarehouseGroup[]): WarehouseOrder[] {
  const byWarehouse = new Map<number, { products: WarehouseOrder["products"]; totals: string[] }>();
  for (const line of lines) {
    if (!line.available) continue;
    for (const a of line.allocation) {
      if (a.qty <= 0 || !groups.includes(a.group)) continue;
      const entry = byWarehouse.get(a.wh) ?? { products: [], totals: [] };
      entry.products.push({
        id: line.id,
        qty: a.qty,
        isReturnable: line.isReturnable,
        actualPrice: a.netCost,
        totalPrice: a.total,
      });
      entry.totals.push(a.total);
      byWarehouse.set(a.wh, entry);
    }
  }
  return [...byWarehouse.entries()]
    .sort(([a], [b]) => a - b)
    .map(([wh, { products, totals }]) => ({
      wh,
      products,
      totalStockistOrWarehousePrice: paiseToDecimal(sumPaise(totals.map((t) => toPaise(t)))),
    }));
}

/** The groups the place-order dialog offers: those with something to order, in the server's order. */
export const offeredGroups = (groups: readonly CartGroupTotal[]) => groups.filter((g) => g.lines > 0);

/** Only groups meeting their minimum start selected. */
export const preselectedGroups = (groups: readonly CartGroupTotal[]): WarehouseGroup[] =>
  offeredGroups(groups)
    .filter((g) => g.preselected && g.meetsMinimum)
    .map((g) => g.group);

/** Why a group cannot be chosen, or null when it can. */
export function groupBlocker(group: CartGroupTotal): string | null {
  if (group.meetsMinimum) return null;
  return `Below the ${group.label.toLowerCase()} minimum of ${formatRupees(group.minimum)}`;
}

/** A fresh Idempotency-Key for a new order attempt. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
