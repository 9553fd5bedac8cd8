import { and, eq, getTableColumns, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client";
import {
  arsProducts,
  brands,
  categories,
  gstRates,
  productStock,
  products,
  subcategories,
  subcategoryTypes,
  warehouses,
} from "../../db/schema";

const types = alias(subcategoryTypes, "types");
// Everything but the search vector and the stock index, which only queries need.
const { searchVector: _vector, stockedWarehouseIds: _stocked, ...productColumns } = getTableColumns(products);

/** Products with their category, subcategory, type, brand and HSN rates, by id (any order). */
export async function productRows(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      product: productColumns,
      categoryName: categories.name,
      subcategoryName: subcategories.name,
      typeName: types.name,
      brandName: brands.name,
      isPrivateLabel: brands.isPrivateLabel,
      cgst: gstRates.cgst,
      sgst: gstRates.sgst,
      igst: gstRates.igst,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    .leftJoin(types, eq(types.id, products.subcategoryTypeId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(gstRates, eq(gstRates.hsnCode, products.hsnCode))
    .where(inArray(products.id, [...ids]));
}
export type ProductRow = Awaited<ReturnType<typeof productRows>>[number];

/** Stock rows of these products in these warehouses, with the warehouses' names and states. */
export async function stockRows(db: DbOrTx, ids: readonly number[], warehouseIds: readonly number[]) {
  if (ids.length === 0 || warehouseIds.length === 0) return [];
  return db
    .select({
      productId: productStock.productId,
      warehouseId: productStock.warehouseId,
      mrp: productStock.mrp,
      stock: productStock.stock,
      name: warehouses.name,
      state: warehouses.state,
    })
    .from(productStock)
    .innerJoin(warehouses, eq(warehouses.id, productStock.warehouseId))
    .where(
      and(inArray(productStock.productId, [...ids]), inArray(productStock.warehouseId, [...warehouseIds])),
    );
}
export type StockRow = Awaited<ReturnType<typeof stockRows>>[number];

/** Which of these products are on the user's automatic replenishment list. */
export async function arsProductIds(
  db: DbOrTx,
  userId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ productId: arsProducts.productId })
    .from(arsProducts)
    .where(and(eq(arsProducts.userId, userId), inArray(arsProducts.productId, [...ids])));
  return new Set(rows.map((r) => r.productId));
}
