import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { cartItems, productStock, products, serviceablePincodes, users } from "../db/schema";
import type { TestWorld } from "./harness";

/** Helpers of the cart tests: requests, a hand-built multipart body and stock set up in the real database. */

export type Headers = { authorization: string };

export function requests(world: TestWorld) {
  const inject = (
    method: "GET" | "PUT" | "POST" | "DELETE",
    url: string,
    headers: Headers,
    payload?: unknown,
  ) =>
    world.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    getCart: (h: Headers) => inject("GET", "/api/users/cart", h),
    update: (h: Headers, body: unknown) => inject("PUT", "/api/users/cart/update", h, body),
    remove: (h: Headers, body: unknown) => inject("POST", "/api/users/cart/removeCartItems", h, body),
    clear: (h: Headers) => inject("DELETE", "/api/users/cart", h),
    refresh: (h: Headers, body: unknown = { products: [], wh: [], userState: "", appType: 1 }) =>
      inject("POST", "/api/cart", h, body),
    exportCsv: (h: Headers) => inject("GET", "/api/users/cart/export", h),
    upload: (h: Headers, filename: string, content: Buffer | string, field = "file") => {
      const body = multipartBody(filename, content, field);
      return world.app.inject({
        method: "POST",
        url: "/api/users/cart/upload",
        headers: { ...h, "content-type": body.contentType },
        payload: body.payload,
      });
    },
    post: (url: string, h: Headers, body: unknown) => inject("POST", url, h, body),
  };
}

/** A multipart/form-data body with one file, built by hand as a browser would send it. */
export function multipartBody(filename: string, content: Buffer | string, field = "file") {
  const boundary = `----PortalTestBoundary${randomBytes(8).toString("hex")}`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
    "Content-Type: text/csv\r\n\r\n";
  const payload = Buffer.concat([
    Buffer.from(head),
    typeof content === "string" ? Buffer.from(content) : content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function userIdOf(world: TestWorld, email: string): Promise<number> {
  const rows = await world.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no user ${email}`);
  return id;
}

/** The stored cart of a user, as { productId: qty }: the owner's (member 0) unless a store member is named. */
export async function storedCart(
  world: TestWorld,
  userId: number,
  memberId = 0,
): Promise<Record<number, number>> {
  const rows = await world.database.db
    .select({ productId: cartItems.productId, qty: cartItems.qty })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.memberId, memberId)));
  return Object.fromEntries(rows.map((r) => [r.productId, r.qty]));
}

/**
 * Puts a product's stock exactly in these warehouses at its MRP (current stock follows), so a test
 * knows where allocation must take it from. Optionally changes facts of the product.
 */
export async function setStock(
  world: TestWorld,
  productId: number,
  stockByWarehouse: Record<number, number>,
  facts: Partial<{ isSale: boolean; reorder: boolean; stockType: string; brandId: number; mrp: string }> = {},
) {
  const db = world.database.db;
  if (Object.keys(facts).length > 0) await db.update(products).set(facts).where(eq(products.id, productId));
  const [row] = await db.select({ mrp: products.mrp }).from(products).where(eq(products.id, productId));
  if (!row) throw new Error(`no product ${productId}`);
  await db.delete(productStock).where(eq(productStock.productId, productId));
  const entries = Object.entries(stockByWarehouse).map(([wh, stock]) => ({
    productId,
    warehouseId: Number(wh),
    mrp: row.mrp,
    stock,
  }));
  if (entries.length > 0) await db.insert(productStock).values(entries);
  const total = entries.reduce((sum, e) => sum + e.stock, 0);
  await db
    .update(products)
    .set({ currentStock: Math.max(total, 1), b2bIsActive: true })
    .where(eq(products.id, productId));
}

/** Whether the brand delivers to the pincode, from the database. */
export async function serves(world: TestWorld, brandId: number, pincode: string): Promise<boolean> {
  const rows = await world.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(serviceablePincodes)
    .where(and(eq(serviceablePincodes.brandId, brandId), eq(serviceablePincodes.pincode, pincode)));
  return Number(rows[0]?.n ?? 0) > 0;
}

/** Products the caller sees, among these ids, through the API (the visibility truth). */
export async function visibleIds(world: TestWorld, h: Headers, ids: readonly number[]): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < ids.length; i += 1000) {
    const res = await world.app.inject({
      method: "POST",
      url: "/api/products/info/b2b",
      headers: h,
      payload: { products: ids.slice(i, i + 1000) },
    });
    if (res.statusCode !== 200) throw new Error(`info/b2b failed: ${res.body}`);
    seen.push(...(res.json() as { id: number }[]).map((p) => p.id));
  }
  return seen;
}

export async function productFacts(world: TestWorld, ids: readonly number[]) {
  return world.database.db
    .select({
      id: products.id,
      stockType: products.stockType,
      brandId: products.brandId,
      mrp: products.mrp,
      isSale: products.isSale,
    })
    .from(products)
    .where(inArray(products.id, [...ids]));
}
