import { hiddenReason, type Viewer, type VisibilityFacts } from "./catalogue";
import { sameAmount } from "./money";

/** At or below this many units across the partner's warehouses, a watched product says "only N left". */
export const LIVE_STOCK_LOW = 5;
/** The most products one live stock stream may watch (a cart of 500 lines, or a listing page). */
export const LIVE_STOCK_MAX_WATCH = 500;

/** A product's stock as the live stream tells one partner: their mapped warehouses at its MRP. */
export interface LiveStock {
  productId: number;
  /** Units across the partner's mapped warehouses at the product's MRP. */
  stock: number;
  warehouses: readonly { id: number; name: string; stock: number }[];
}

/**
 * Whether a stock change of this product may be told to the viewer: the catalogue's visibility
 * (active, margin, food licence, rules, held at its MRP in a mapped warehouse) with the stock
 * figures themselves left out, so that a partner who saw the product also learns it sold out.
 */
export function liveStockVisible(p: VisibilityFacts, viewer: Viewer): boolean {
  const held = p.warehouses.filter((w) => sameAmount(w.mrp, p.mrp));
  if (held.length === 0) return false;
  const asIfStocked: VisibilityFacts = {
    ...p,
    currentStock: Math.max(p.currentStock, 1),
    warehouses: held.map((w) => ({ ...w, stock: Math.max(w.stock, 1) })),
  };
  return hiddenReason(asIfStocked, viewer) === null;
}

/** The viewer's share of a product's stock: their mapped warehouses at its MRP, in mapping order. */
export function liveStockOf(
  p: Pick<VisibilityFacts, "mrp" | "warehouses"> & { id: number },
  mapping: readonly { id: number; name: string }[],
): LiveStock {
  const warehouses = mapping.flatMap((m) => {
    const rows = p.warehouses.filter((w) => w.id === m.id && sameAmount(w.mrp, p.mrp));
    return rows.length === 0
      ? []
      : [{ id: m.id, name: m.name, stock: rows.reduce((s, w) => s + w.stock, 0) }];
  });
  return { productId: p.id, stock: warehouses.reduce((s, w) => s + w.stock, 0), warehouses };
}

/**
 * What a cart line or a listing card says of a product's live stock, or null when nothing needs
 * saying: "sold out" (none left anywhere), "sold out at Pune, available at Mumbai" (a warehouse ran
 * out, another still has it), "only 3 left" (at or below LIVE_STOCK_LOW in all).
 */
export function liveStockNote(live: Pick<LiveStock, "stock" | "warehouses">): string | null {
  if (live.stock <= 0) return "sold out";
  const out = live.warehouses.filter((w) => w.stock <= 0).map((w) => w.name);
  const still = live.warehouses.filter((w) => w.stock > 0).map((w) => w.name);
  if (out.length > 0) return `sold out at ${out.join(", ")}, available at ${still.join(", ")}`;
  if (live.stock <= LIVE_STOCK_LOW) return `only ${live.stock} left`;
  return null;
}
