import { randomUUID } from "node:crypto";
import type { PlaceOrderInput, PurchaseOrder } from "@portal/contracts";
import { FOOD_SUBCATEGORY_IDS, HEAD_OFFICE_STATE, type StockType } from "@portal/domain";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import type { Db } from "../db/client";
import {
  cartItems,
  productStock,
  products,
  purchaseOrderLines,
  purchaseOrders,
  users,
  userWarehouses,
} from "../db/schema";
import { STOCKIST_BLOCKED_BRAND_ID } from "../seed/brands-data";
import { createTestWorld, type TestWorld } from "./harness";
import { type CatalogueProduct, GST_EDGE_PRODUCTS, HIDDEN_PRODUCTS, loadCatalogue } from "./test-facts";

/** Helpers of the order tests: bodies, stock set-up, extra partners and database look-ups. */

export type Headers = { authorization: string };

export const newKey = () => `test-${randomUUID()}`;

export const shippingAddress = {
  name: "Priya Deshmukh",
  address1: "Shop 4, Sterling Centre, 16 M.G. Road",
  address2: "Camp",
  city: "Pune",
  state: "Maharashtra",
  pincode: "411001",
  phone: "9822014567",
};
export const billingAddress = { ...shippingAddress, gstNo: "27AKXPD4417K1ZQ" };

export function orderBody(
  orders: {
    wh: number;
    products: { id: number; qty: number; actualPrice?: number; totalPrice?: number }[];
  }[],
): PlaceOrderInput {
  return { orders, shippingAddress, billingAddress };
}

export function placeOrder(
  app: FastifyInstance,
  headers: Headers,
  body: unknown,
  key: string | null = newKey(),
) {
  return app.inject({
    method: "POST",
    url: "/api/order",
    headers: key === null ? headers : { ...headers, "idempotency-key": key },
    payload: body as object,
  });
}

/** The subcategory of the type the stockist blocks (601:Sleeveless). */
const BLOCKED_TYPE_SUBCATEGORY = 601;

const HAND_MADE = new Set<number>([...Object.values(HIDDEN_PRODUCTS), ...Object.values(GST_EDGE_PRODUCTS)]);

/** Generated (not one of the seed's hand-made cases), non-food, not blocked for the stockist, active with a margin. */
export const plainProduct = (p: CatalogueProduct) =>
  !HAND_MADE.has(p.id) &&
  p.b2bIsActive &&
  Number(p.retailerMargin) > 0 &&
  !(FOOD_SUBCATEGORY_IDS as readonly number[]).includes(p.subcategoryId) &&
  p.brandId !== STOCKIST_BLOCKED_BRAND_ID &&
  p.subcategoryId !== BLOCKED_TYPE_SUBCATEGORY;

/** Distinct plain products of a stock type, ids ascending. */
export function productsOfType(catalogue: readonly CatalogueProduct[], type: StockType, n: number) {
  const found = catalogue.filter((p) => plainProduct(p) && p.stockType === type).slice(0, n);
  if (found.length < n) throw new Error(`The test world has fewer than ${n} plain ${type} products`);
  return found;
}

/** Sets a product's stock in a warehouse at its MRP, and its current stock to its stock at MRP across warehouses. */
export async function stockUp(db: Db, productId: number, warehouseId: number, stock: number) {
  const [product] = await db.select({ mrp: products.mrp }).from(products).where(eq(products.id, productId));
  if (!product) throw new Error(`no product ${productId}`);
  await db
    .insert(productStock)
    .values({ productId, warehouseId, mrp: product.mrp, stock })
    .onConflictDoUpdate({
      target: [productStock.productId, productStock.warehouseId, productStock.mrp],
      set: { stock },
    });
  await db.execute(sql`
    UPDATE products p SET current_stock = (
      SELECT coalesce(sum(s.stock), 0) FROM product_stock s WHERE s.product_id = p.id AND s.mrp = p.mrp)
    WHERE p.id = ${productId}`);
}

export async function stockOf(db: Db, productId: number, warehouseId: number) {
  const [product] = await db
    .select({ mrp: products.mrp, currentStock: products.currentStock })
    .from(products)
    .where(eq(products.id, productId));
  const rows = await db
    .select({ stock: productStock.stock })
    .from(productStock)
    .where(
      and(
        eq(productStock.productId, productId),
        eq(productStock.warehouseId, warehouseId),
        eq(productStock.mrp, product?.mrp ?? "0"),
      ),
    );
  return { stock: rows[0]?.stock ?? 0, currentStock: product?.currentStock ?? 0 };
}

export async function userIdOf(db: Db, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** A partner that signs in with the demo password, mapped to `warehouses`. */
export async function createPartner(
  db: Db,
  options: { email: string; canOrder: boolean; warehouses: readonly number[]; state?: string },
) {
  const [template] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, "franchisee@demo.in"));
  if (!template) throw new Error("the demo franchisee is missing");
  const state = options.state ?? HEAD_OFFICE_STATE;
  const [row] = await db
    .insert(users)
    .values({
      email: options.email,
      passwordHash: template.passwordHash,
      accountType: "franchise",
      firstname: "Test",
      lastname: "Partner",
      canOrder: options.canOrder,
      state,
      shippingState: state,
      pincode: "411001",
      shippingPincode: "411001",
    })
    .returning({ id: users.id });
  if (!row) throw new Error(`could not create ${options.email}`);
  if (options.warehouses.length > 0)
    await db
      .insert(userWarehouses)
      .values(options.warehouses.map((warehouseId) => ({ userId: row.id, warehouseId })));
  return row.id;
}

/** Puts a line in a cart: the owner's (member 0) unless a store member is named. */
export async function putInCart(
  db: Db,
  userId: number,
  product: CatalogueProduct,
  qty: number,
  memberId = 0,
) {
  await db
    .insert(cartItems)
    .values({
      userId,
      memberId,
      productId: product.id,
      qty,
      parent: `${product.id}^${product.color ?? ""}`,
      stockType: product.stockType,
      mrp: product.mrp,
      whId: null,
    })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.memberId, cartItems.productId],
      set: { qty },
    });
}

/** A cart as { productId → qty }: the owner's (member 0) unless a store member is named. */
export async function cartOf(db: Db, userId: number, memberId = 0) {
  const rows = await db
    .select({ productId: cartItems.productId, qty: cartItems.qty })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.memberId, memberId)));
  return new Map(rows.map((r) => [r.productId, r.qty]));
}

export async function orderCount(db: Db, userId?: number) {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(purchaseOrders)
    .where(userId === undefined ? undefined : eq(purchaseOrders.userId, userId));
  return Number(rows[0]?.n ?? 0);
}

export async function linesOfProduct(db: Db, productId: number) {
  return db
    .select({
      poid: purchaseOrderLines.poid,
      qty: purchaseOrderLines.orderedQuantity,
      totalPrice: purchaseOrderLines.totalPrice,
      netPayment: purchaseOrders.netPayment,
      totalItems: purchaseOrders.totalItems,
      userId: purchaseOrders.userId,
    })
    .from(purchaseOrderLines)
    .innerJoin(purchaseOrders, eq(purchaseOrders.poid, purchaseOrderLines.poid))
    .where(eq(purchaseOrderLines.productId, productId));
}

/** The placed purchase orders of a POST /api/order answer. */
export const placedOrders = (json: { result: { status: number; order?: PurchaseOrder }[] }) =>
  json.result.flatMap((r) => (r.status === 200 && r.order ? [r.order] : []));

export interface OrderWorld {
  world: TestWorld;
  catalogue: CatalogueProduct[];
  franchisee: Headers;
  stockist: Headers;
  franchiseeId: number;
}

/**
 * The shared preamble of the order test files (one per use case): a test world of its own with the
 * franchisee and the stockist signed in, closed after the file; and helpers bound to it.
 */
export function orderWorld() {
  let current: OrderWorld | undefined;
  beforeAll(async () => {
    const world = await createTestWorld();
    current = {
      world,
      catalogue: await loadCatalogue(world),
      franchisee: await world.signIn("franchisee@demo.in"),
      stockist: await world.signIn("stockist@demo.in"),
      franchiseeId: await userIdOf(world.database.db, "franchisee@demo.in"),
    };
  });
  afterAll(() => current?.world.close());
  const get = (): OrderWorld => {
    if (!current) throw new Error("the order world is made in beforeAll");
    return current;
  };
  /** Plain owned products handed out one per use, so tests never share stock. */
  let nextOwned = 0;
  return {
    get,
    db: () => get().world.database.db,
    place: (headers: Headers, body: unknown, key?: string | null) =>
      placeOrder(get().world.app, headers, body, key),
    byId: (id: number) => {
      const p = get().catalogue.find((c) => c.id === id);
      if (!p) throw new Error(`no product ${id}`);
      return p;
    },
    freshOwned: (): CatalogueProduct => {
      const p = productsOfType(get().catalogue, "OwnedStock", 40)[nextOwned++];
      if (!p) throw new Error("ran out of plain owned products");
      return p;
    },
  };
}
