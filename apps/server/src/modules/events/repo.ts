import { eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { productStock, products, warehouses } from "../../db/schema";

/** What the stream needs of a changed product: its visibility facts and its stock in every warehouse. */
export async function stockFacts(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const [rows, stock] = await Promise.all([
    db
      .select({
        id: products.id,
        b2bIsActive: products.b2bIsActive,
        retailerMargin: products.retailerMargin,
        currentStock: products.currentStock,
        mrp: products.mrp,
        categoryId: products.categoryId,
        subcategoryId: products.subcategoryId,
        brandId: products.brandId,
        subcategoryTypeId: products.subcategoryTypeId,
      })
      .from(products)
      .where(inArray(products.id, [...ids])),
    db
      .select({
        productId: productStock.productId,
        id: productStock.warehouseId,
        mrp: productStock.mrp,
        stock: productStock.stock,
        name: warehouses.name,
      })
      .from(productStock)
      .innerJoin(warehouses, eq(warehouses.id, productStock.warehouseId))
      .where(inArray(productStock.productId, [...ids])),
  ]);
  const byProduct = new Map<number, typeof stock>();
  for (const s of stock) byProduct.set(s.productId, [...(byProduct.get(s.productId) ?? []), s]);
  return rows.map((p) => ({ ...p, warehouses: byProduct.get(p.id) ?? [] }));
}
export type StockFacts = Awaited<ReturnType<typeof stockFacts>>[number];
