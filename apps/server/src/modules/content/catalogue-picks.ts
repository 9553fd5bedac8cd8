/**
 * Pictures and products the content screens take from the catalogue: a training topic's picture
 * and a lookbook's cover and products are products actually on sale in the listing they link to
 * (best sellers first, then by id: the same catalogue always gives the same pick), named through
 * the catalogue's public product rows.
 */
import type { LookbookProduct } from "@portal/contracts";
import { type CatalogueLink, productImageUrl, toPaise } from "@portal/domain";
import type { DbOrTx } from "../../db/client";
import { productRows } from "../catalogue/public";
import * as repo from "./library-repo";

type Filter = Pick<CatalogueLink, "categories" | "subcategories">;

/** Up to `limit` products of the listing, one per style (group and colour), in the listing's pick order. */
export async function pickProducts(db: DbOrTx, filter: Filter, limit: number): Promise<LookbookProduct[]> {
  if (limit <= 0 || filter.categories.length + filter.subcategories.length === 0) return [];
  const candidates = await repo.productsOnSale(db, filter, limit * 6);
  const seen = new Set<string>();
  const ids: number[] = [];
  for (const c of candidates) {
    const style = `${c.groupId}^${c.color ?? ""}`;
    if (seen.has(style)) continue;
    seen.add(style);
    ids.push(c.id);
    if (ids.length === limit) break;
  }
  const rows = new Map((await productRows(db, ids)).map((r) => [r.product.id, r]));
  return ids.flatMap((id) => {
    const row = rows.get(id);
    if (!row) return [];
    return [
      {
        id,
        name: row.product.name,
        brand: row.brandName,
        subcategory: row.subcategoryName,
        mrpPaise: Number(toPaise(row.product.mrp)),
        image: { url: productImageUrl(id), alt: row.product.name },
      },
    ];
  });
}

/** The first product of the listing (its picture stands for the listing), or null. */
export async function pickProduct(db: DbOrTx, filter: Filter): Promise<LookbookProduct | null> {
  return (await pickProducts(db, filter, 1))[0] ?? null;
}

export const countProducts = (db: DbOrTx, filter: Filter) =>
  filter.categories.length + filter.subcategories.length === 0
    ? Promise.resolve(0)
    : repo.countOnSale(db, filter);
