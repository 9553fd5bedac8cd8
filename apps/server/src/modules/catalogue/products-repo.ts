import { and, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client";
import { preparedQuery } from "../../db/prepared";
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

/** An integer array bound as one parameter: `column = ANY($n)` keeps one statement for any number of ids. */
const anyOf = (column: unknown, name: string) => sql`${column} = ANY(${sql.placeholder(name)}::int[])`;

const productRowsQuery = preparedQuery("catalogue_product_rows", (db) =>
  db
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
    .where(anyOf(products.id, "ids")),
);

/** Products with their category, subcategory, type, brand and HSN rates, by id (any order). */
export async function productRows(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return productRowsQuery(db).execute({ ids: [...ids] });
}
export type ProductRow = Awaited<ReturnType<typeof productRows>>[number];

/** Stock rows with their warehouses' names and states, narrowed by `where`. */
const stockRowsWhere = (db: DbOrTx, where: SQL | undefined) =>
  db
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
    .where(where);

const stockRowsQuery = preparedQuery("catalogue_stock_rows", (db) =>
  stockRowsWhere(
    db,
    and(anyOf(productStock.productId, "ids"), anyOf(productStock.warehouseId, "warehouseIds")),
  ),
);
const allStockRowsQuery = preparedQuery("catalogue_all_stock_rows", (db) =>
  stockRowsWhere(db, anyOf(productStock.productId, "ids")),
);

/** Stock rows of these products in every warehouse. */
export async function allStockRows(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return allStockRowsQuery(db).execute({ ids: [...ids] });
}

/** Stock rows of these products in these warehouses, with the warehouses' names and states. */
export async function stockRows(db: DbOrTx, ids: readonly number[], warehouseIds: readonly number[]) {
  if (ids.length === 0 || warehouseIds.length === 0) return [];
  return stockRowsQuery(db).execute({ ids: [...ids], warehouseIds: [...warehouseIds] });
}
export type StockRow = Awaited<ReturnType<typeof stockRows>>[number];

const arsQuery = preparedQuery("catalogue_ars_products", (db) =>
  db
    .select({ productId: arsProducts.productId })
    .from(arsProducts)
    .where(and(eq(arsProducts.userId, sql.placeholder("userId")), anyOf(arsProducts.productId, "ids"))),
);

/** Which of these products are on the user's automatic replenishment list. */
export async function arsProductIds(
  db: DbOrTx,
  userId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await arsQuery(db).execute({ userId, ids: [...ids] });
  return new Set(rows.map((r) => r.productId));
}
