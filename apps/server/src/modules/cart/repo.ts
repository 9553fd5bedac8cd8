import { and, asc, eq, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { cartItems, products, serviceablePincodes, users } from "../../db/schema";

/**
 * Queries of the server cart. Every one is scoped to one cart: a store (user) and the person of the
 * store whose cart it is (member 0 is the owner, issue 30); none decides anything.
 */

/** Whose cart: the store's users row and the member (0 for the owner). */
export interface CartOwner {
  userId: number;
  memberId: number;
}

const ofCart = (owner: CartOwner) =>
  and(eq(cartItems.userId, owner.userId), eq(cartItems.memberId, owner.memberId));

export interface CartLineValues {
  productId: number;
  qty: number;
  parent: string;
  stockType: string;
  mrp: string;
  whId: number | null;
}

const lineColumns = {
  productId: cartItems.productId,
  qty: cartItems.qty,
  parent: cartItems.parent,
  stockType: cartItems.stockType,
  mrp: cartItems.mrp,
  whId: cartItems.whId,
};

/** The cart's lines, oldest first (optionally only these products). */
export async function cartLines(db: DbOrTx, owner: CartOwner, productIds?: readonly number[]) {
  if (productIds && productIds.length === 0) return [];
  return db
    .select(lineColumns)
    .from(cartItems)
    .where(and(ofCart(owner), productIds ? inArray(cartItems.productId, [...productIds]) : undefined))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.productId));
}
export type CartLineRow = Awaited<ReturnType<typeof cartLines>>[number];

/**
 * Serialises the changes of one store's carts (two tabs, a double click): locks the store's row until
 * the transaction ends, so the line count a change is checked against cannot move under it.
 */
export async function lockCart(tx: DbOrTx, owner: CartOwner): Promise<void> {
  await tx.execute(sql`SELECT ${users.id} FROM ${users} WHERE ${users.id} = ${owner.userId} FOR UPDATE`);
}

/** Adds lines and replaces the quantity and catalogue facts of lines already there. */
export async function upsertLines(tx: DbOrTx, owner: CartOwner, lines: readonly CartLineValues[]) {
  if (lines.length === 0) return;
  await tx
    .insert(cartItems)
    .values(lines.map((l) => ({ userId: owner.userId, memberId: owner.memberId, ...l })))
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.memberId, cartItems.productId],
      set: {
        qty: sql`excluded.qty`,
        parent: sql`excluded.parent`,
        stockType: sql`excluded.stock_type`,
        mrp: sql`excluded.mrp`,
        whId: sql`excluded.wh_id`,
        updatedAt: sql`now()`,
      },
    });
}

/** Rewrites the catalogue facts (and optionally the quantity) of existing lines, one statement per line. */
export async function refreshLines(tx: DbOrTx, owner: CartOwner, lines: readonly CartLineValues[]) {
  for (const l of lines) {
    await tx
      .update(cartItems)
      .set({
        qty: l.qty,
        parent: l.parent,
        stockType: l.stockType,
        mrp: l.mrp,
        whId: l.whId,
        updatedAt: sql`now()`,
      })
      .where(and(ofCart(owner), eq(cartItems.productId, l.productId)));
  }
}

/** Deletes these products from the cart; returns the ids that were there. */
export async function deleteLines(tx: DbOrTx, owner: CartOwner, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  const rows = await tx
    .delete(cartItems)
    .where(and(ofCart(owner), inArray(cartItems.productId, [...productIds])))
    .returning({ productId: cartItems.productId });
  return rows.map((r) => r.productId);
}

/** Empties the cart; returns how many lines there were. */
export async function clearCart(tx: DbOrTx, owner: CartOwner): Promise<number> {
  const rows = await tx.delete(cartItems).where(ofCart(owner)).returning({ productId: cartItems.productId });
  return rows.length;
}

/** The facts a cart line is made of, for the products among `ids` that satisfy `visible`. */
export async function visibleProducts(db: DbOrTx, ids: readonly number[], visible: SQL) {
  if (ids.length === 0) return [];
  return db
    .select(lineFactColumns)
    .from(products)
    .where(and(inArray(products.id, [...ids]), visible));
}

const lineFactColumns = {
  id: products.id,
  mrp: products.mrp,
  stockType: products.stockType,
  brandId: products.brandId,
  groupId: products.groupId,
  categoryId: products.categoryId,
  color: products.color,
};

/** What the purchase rules read of these products (any that exist): a cart line's facts and visibility's. */
export async function purchaseFacts(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      ...lineFactColumns,
      b2bIsActive: products.b2bIsActive,
      retailerMargin: products.retailerMargin,
      currentStock: products.currentStock,
      subcategoryId: products.subcategoryId,
      subcategoryTypeId: products.subcategoryTypeId,
    })
    .from(products)
    .where(inArray(products.id, [...ids]));
}
export type CartProductFacts = Awaited<ReturnType<typeof purchaseFacts>>[number];
export type CartLineFacts = Awaited<ReturnType<typeof visibleProducts>>[number];

/** Which of these brands deliver to the pincode. */
export async function brandsServing(
  db: DbOrTx,
  brandIds: readonly number[],
  pincode: string,
): Promise<Set<number>> {
  if (brandIds.length === 0) return new Set();
  const rows = await db
    .select({ brandId: serviceablePincodes.brandId })
    .from(serviceablePincodes)
    .where(
      and(
        inArray(serviceablePincodes.brandId, [...new Set(brandIds)]),
        eq(serviceablePincodes.pincode, pincode),
      ),
    );
  return new Set(rows.map((r) => r.brandId));
}

/**
 * Ordered quantities leave the cart of whoever placed them (or asked for them, when an owner approves
 * a buyer's request): each line's quantity drops by what was ordered, and lines at 0 go.
 */
export async function takeOrderedFromCart(
  tx: DbOrTx,
  owner: CartOwner,
  ordered: readonly { productId: number; qty: number }[],
) {
  if (ordered.length === 0) return;
  const values = sql.join(
    ordered.map((o) => sql`(${o.productId}::integer, ${o.qty}::integer)`),
    sql`, `,
  );
  await tx.execute(sql`
    UPDATE ${cartItems} AS c SET qty = c.qty - v.qty, updated_at = now()
    FROM (VALUES ${values}) AS v(product_id, qty)
    WHERE c.user_id = ${owner.userId} AND c.member_id = ${owner.memberId} AND c.product_id = v.product_id`);
  await tx.delete(cartItems).where(
    and(
      ofCart(owner),
      inArray(
        cartItems.productId,
        ordered.map((o) => o.productId),
      ),
      lte(cartItems.qty, 0),
    ),
  );
}
