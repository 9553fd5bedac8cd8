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
import { notifyStockChanged } from "../events/public";

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

// ---- Stock: the catalogue owns a warehouse's stock and a product's current stock ----

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface StockLine {
  productId: number;
  /** The MRP the stock is held at. */
  mrp: string;
  qty: number;
}

const stockValuesOf = (lines: readonly StockLine[]) =>
  sql.join(
    lines.map((l) => sql`(${l.productId}::integer, ${l.qty}::integer, ${l.mrp}::numeric)`),
    sql`, `,
  );

/**
 * Takes the quantities off the warehouse's stock at each product's MRP, only where enough is left;
 * returns the products whose stock was decremented (a line missing from the answer was not).
 */
export async function takeWarehouseStock(
  tx: DbOrTx,
  warehouseId: number,
  lines: readonly StockLine[],
): Promise<Set<number>> {
  if (lines.length === 0) return new Set();
  const result = await tx.execute(sql`
    UPDATE ${productStock} AS s SET stock = s.stock - v.qty
    FROM (VALUES ${stockValuesOf(lines)}) AS v(product_id, qty, mrp)
    WHERE s.product_id = v.product_id AND s.warehouse_id = ${warehouseId}
      AND s.mrp = v.mrp AND s.stock >= v.qty
    RETURNING s.product_id`);
  const taken = new Set(rowsOf<{ product_id: number }>(result).map((r) => Number(r.product_id)));
  // Live stock: every instance hears of it once this transaction commits.
  await notifyStockChanged(tx, taken);
  return taken;
}

/** Takes the quantities off the products' current stock, only where enough is left; returns the ids decremented. */
export async function takeCurrentStock(tx: DbOrTx, lines: readonly StockLine[]): Promise<Set<number>> {
  if (lines.length === 0) return new Set();
  const result = await tx.execute(sql`
    UPDATE ${products} AS p SET current_stock = p.current_stock - v.qty
    FROM (VALUES ${stockValuesOf(lines)}) AS v(product_id, qty, mrp)
    WHERE p.id = v.product_id AND p.current_stock >= v.qty
    RETURNING p.id`);
  const taken = new Set(rowsOf<{ id: number }>(result).map((r) => Number(r.id)));
  await notifyStockChanged(tx, taken);
  return taken;
}

/** Units go back to the warehouse's stock at the line's MRP, and to the product's current stock. */
export async function returnStock(tx: DbOrTx, warehouseId: number, lines: readonly StockLine[]) {
  // One row per product and MRP (a sales return may hold a product from two orders): an upsert may not touch a row twice.
  const merged = new Map<string, StockLine>();
  for (const l of lines.filter((x) => x.qty > 0)) {
    const key = `${l.productId}:${l.mrp}`;
    const seen = merged.get(key);
    merged.set(key, { ...l, qty: (seen?.qty ?? 0) + l.qty });
  }
  const back = [...merged.values()];
  if (back.length === 0) return;
  await tx
    .insert(productStock)
    .values(back.map((l) => ({ productId: l.productId, warehouseId, mrp: l.mrp, stock: l.qty })))
    .onConflictDoUpdate({
      target: [productStock.productId, productStock.warehouseId, productStock.mrp],
      set: { stock: sql`${productStock.stock} + excluded.stock` },
    });
  const values = sql.join(
    back.map((l) => sql`(${l.productId}::integer, ${l.qty}::integer)`),
    sql`, `,
  );
  await tx.execute(sql`
    UPDATE ${products} AS p SET current_stock = p.current_stock + v.qty
    FROM (SELECT product_id, sum(qty)::integer AS qty FROM (VALUES ${values}) AS x(product_id, qty) GROUP BY product_id) AS v
    WHERE p.id = v.product_id`);
  await notifyStockChanged(
    tx,
    back.map((l) => l.productId),
  );
}
