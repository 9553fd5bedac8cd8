import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  cartOf,
  type Headers,
  linesOfProduct,
  newKey,
  orderBody,
  orderWorld,
  putInCart,
  stockOf,
  stockUp,
} from "../../test/order-test-kit";

const kit = orderWorld();
const { db, place, freshOwned } = kit;
let franchisee: Headers;
let stockist: Headers;
let franchiseeId: number;
beforeAll(() => {
  ({ franchisee, stockist, franchiseeId } = kit.get());
});

describe("POST /api/order: Idempotency-Key", () => {
  it("answers a retry with the first answer and creates nothing more", async () => {
    const product = freshOwned();
    await stockUp(db(), product.id, 2, 20);
    await putInCart(db(), franchiseeId, product, 6);
    const key = newKey();
    const body = orderBody([{ wh: 2, products: [{ id: product.id, qty: 3 }] }]);
    const first = await place(franchisee, body, key);
    expect(first.statusCode).toBe(200);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const again = await place(franchisee, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    // The same body with its keys in another order is the same request.
    const reordered = {
      billingAddress: body.billingAddress,
      shippingAddress: body.shippingAddress,
      orders: [{ products: [{ qty: 3, id: product.id }], wh: 2 }],
    };
    const third = await place(franchisee, reordered, key);
    expect(third.json()).toEqual(first.json());
    expect(await linesOfProduct(db(), product.id)).toHaveLength(1);
    expect((await stockOf(db(), product.id, 2)).stock).toBe(17);
    expect((await cartOf(db(), franchiseeId)).get(product.id)).toBe(3);
  });

  it("answers a retry of a refused placement with the same refusal", async () => {
    const product = freshOwned();
    await stockUp(db(), product.id, 2, 1);
    const key = newKey();
    const body = orderBody([{ wh: 2, products: [{ id: product.id, qty: 2 }] }]);
    const first = await place(franchisee, body, key);
    expect(first.statusCode).toBe(400);
    await stockUp(db(), product.id, 2, 10);
    const again = await place(franchisee, body, key);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(first.json());
    expect(await linesOfProduct(db(), product.id)).toEqual([]);
  });

  it("refuses the same key with a different order", async () => {
    const product = freshOwned();
    await stockUp(db(), product.id, 2, 20);
    const key = newKey();
    expect(
      (await place(franchisee, orderBody([{ wh: 2, products: [{ id: product.id, qty: 1 }] }]), key))
        .statusCode,
    ).toBe(200);
    const other = await place(
      franchisee,
      orderBody([{ wh: 2, products: [{ id: product.id, qty: 2 }] }]),
      key,
    );
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ message: "This Idempotency-Key was already used for a different order." });
    expect(await linesOfProduct(db(), product.id)).toHaveLength(1);
    expect((await stockOf(db(), product.id, 2)).stock).toBe(19);
  });

  it("has the database refuse stock below zero, whatever an update misses", async () => {
    const product = freshOwned();
    await stockUp(db(), product.id, 2, 1);
    await expect(
      db().execute(sql`UPDATE product_stock SET stock = stock - 2 WHERE product_id = ${product.id}`),
    ).rejects.toThrow();
    await expect(
      db().execute(sql`UPDATE products SET current_stock = -1 WHERE id = ${product.id}`),
    ).rejects.toThrow();
    expect((await stockOf(db(), product.id, 2)).stock).toBe(1);
  });

  it("lets a key expire after 24 hours: the same key then places a new order", async () => {
    const product = freshOwned();
    await stockUp(db(), product.id, 2, 20);
    const key = newKey();
    const body = orderBody([{ wh: 2, products: [{ id: product.id, qty: 1 }] }]);
    expect((await place(franchisee, body, key)).statusCode).toBe(200);
    await db().execute(
      sql`UPDATE idempotency_keys SET created_at = now() - interval '24 hours 1 minute' WHERE key = ${key}`,
    );
    const again = await place(franchisee, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBeUndefined();
    expect((await stockOf(db(), product.id, 2)).stock).toBe(18);
  });

  it("keeps keys per partner", async () => {
    const product = freshOwned();
    await stockUp(db(), product.id, 2, 20);
    const key = newKey();
    const body = orderBody([{ wh: 2, products: [{ id: product.id, qty: 1 }] }]);
    const mine = await place(franchisee, body, key);
    const theirs = await place(stockist, body, key);
    expect(mine.statusCode).toBe(200);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().result[0].poid).not.toBe(mine.json().result[0].poid);
    expect((await stockOf(db(), product.id, 2)).stock).toBe(18);
  });
});
