import type { CartLine } from "@portal/contracts";
import type { WarehouseGroup } from "@portal/domain";

/** Tags a line can carry; the cart can be filtered by them. */
export const CART_TAGS = {
  short: "Short on stock",
  reorder: "Reorder warning",
  unavailable: "Not available",
  sale: "On sale",
} as const;
export type CartTag = keyof typeof CART_TAGS;

export function tagsOf(line: CartLine): CartTag[] {
  const tags: CartTag[] = [];
  if (!line.available) tags.push("unavailable");
  else if (line.gapQty > 0) tags.push("short");
  if (line.reorderWarning) tags.push("reorder");
  if (line.isSale) tags.push("sale");
  return tags;
}

/** The groups a line orders from: those of its allocations, else the group of its chosen warehouse. */
export function groupsOf(line: CartLine): WarehouseGroup[] {
  const groups = new Set<WarehouseGroup>(line.allocation.map((a) => a.group));
  if (groups.size === 0) groups.add(line.group);
  return [...groups];
}

export interface CartFilters {
  /** Words of the name, or a product id. */
  text: string;
  categoryId: number | null;
  group: WarehouseGroup | null;
  tag: CartTag | null;
}

export const NO_FILTERS: CartFilters = { text: "", categoryId: null, group: null, tag: null };

export const filtersActive = (f: CartFilters) =>
  f.text.trim() !== "" || f.categoryId !== null || f.group !== null || f.tag !== null;

export function filterLines(lines: readonly CartLine[], f: CartFilters): CartLine[] {
  const words = f.text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return lines.filter((line) => {
    if (f.categoryId !== null && line.category.id !== f.categoryId) return false;
    if (f.group !== null && !groupsOf(line).includes(f.group)) return false;
    if (f.tag !== null && !tagsOf(line).includes(f.tag)) return false;
    if (words.length > 0) {
      const haystack = `${line.id} ${line.name} ${line.brand.name}`.toLowerCase();
      if (!words.every((w) => haystack.includes(w))) return false;
    }
    return true;
  });
}

/** The categories present in the cart, by name, with how many lines each has. */
export function categoriesOf(lines: readonly CartLine[]): { id: number; name: string; count: number }[] {
  const byId = new Map<number, { id: number; name: string; count: number }>();
  for (const line of lines) {
    const entry = byId.get(line.category.id) ?? { ...line.category, count: 0 };
    entry.count += 1;
    byId.set(line.category.id, entry);
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}
