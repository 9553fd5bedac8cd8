import { sameAmount } from "@portal/domain";
import { productStock, products } from "../db/schema";
import { STOCKIST_BLOCKED_BRAND_ID } from "../seed/brands-data";
import {
  DEMO_ACCOUNTS,
  FIRST_PRODUCT_ID,
  GST_EDGE_CASES,
  type GstEdgeCase,
  HIDDEN_REASONS,
  type HiddenReason,
} from "../seed/world";
import { createTestWorld, type TestWorld } from "./harness";

// The seed's facts module tests rely on, handed on here: module folders never import the seed.
export { DEMO_ACCOUNTS, STOCKIST_BLOCKED_BRAND_ID };

/** The seed's hand-made products come first, in the order the seed lists them. */
export const HIDDEN_PRODUCTS = Object.fromEntries(
  HIDDEN_REASONS.map((reason, index) => [reason, FIRST_PRODUCT_ID + index]),
) as Record<HiddenReason, number>;
export const GST_EDGE_PRODUCTS = Object.fromEntries(
  GST_EDGE_CASES.map((edge, index) => [edge, FIRST_PRODUCT_ID + HIDDEN_REASONS.length + index]),
) as Record<GstEdgeCase, number>;

export type CatalogueProduct = typeof products.$inferSelect & {
  /** Warehouses holding it at its MRP with stock above 0. */
  stockedIn: number[];
  /** Stock at its MRP per warehouse (above 0 only). */
  stockAt: Map<number, number>;
};

/** Every product of the test world with the warehouses that hold it at its MRP (a small world: 200 products). */
export async function loadCatalogue(world: TestWorld): Promise<CatalogueProduct[]> {
  const db = world.database.db;
  const [rows, stock] = await Promise.all([db.select().from(products), db.select().from(productStock)]);
  return rows
    .map((p) => {
      const held = stock.filter((s) => s.productId === p.id && s.stock > 0 && sameAmount(s.mrp, p.mrp));
      return {
        ...p,
        stockedIn: held.map((s) => s.warehouseId).sort((a, b) => a - b),
        stockAt: new Map(held.map((s) => [s.warehouseId, s.stock])),
      };
    })
    .sort((a, b) => a.id - b.id);
}

/** Active, with margin and current stock, and stocked at its MRP somewhere: what only mapping, licence and rules can hide. */
export const sellable = (p: CatalogueProduct) =>
  p.b2bIsActive && Number(p.retailerMargin) > 0 && p.currentStock > 0 && p.stockedIn.length > 0;

/** The first product matching, or a test failure naming what was looked for. */
export function pick(
  catalogue: readonly CatalogueProduct[],
  what: string,
  test: (p: CatalogueProduct) => boolean,
) {
  const found = catalogue.find(test);
  if (!found) throw new Error(`The test world has no ${what}`);
  return found;
}

type Headers = { authorization: string };

/** The world the product tests share: a seeded database, its catalogue, and the two partners signed in. */
export async function openCatalogueWorld() {
  const world = await createTestWorld();
  return {
    world,
    catalogue: await loadCatalogue(world),
    franchisee: await world.signIn("franchisee@demo.in"),
    stockist: await world.signIn("stockist@demo.in"),
    get: (url: string, headers: Headers) => world.app.inject({ url, headers }),
    post: (url: string, payload: unknown, headers: Headers) =>
      world.app.inject({ method: "POST", url, payload: payload as object, headers }),
  };
}
