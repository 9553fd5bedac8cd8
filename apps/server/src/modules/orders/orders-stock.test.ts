import { messages, onlyLeftInWarehouse } from "@portal/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "../../db/schema";
import type { TestWorld } from "../../test/harness";
import {
  cartOf,
  type Headers,
  linesOfProduct,
  orderBody,
  orderCount,
  orderWorld,
  plainProduct,
  putInCart,
  stockOf,
  stockUp,
} from "../../test/order-test-kit";
import type { CatalogueProduct } from "../../test/test-facts";

const kit = orderWorld();
const { db, place, freshOwned } = kit;
let world: TestWorld;
let franchisee: Headers;
let franchiseeId: number;
beforeAll(() => {
  ({ world, franchisee, franchiseeId } = kit.get());
});

describe("POST /api/order: stock", () => {
  it("takes the ordered quantity off the warehouse's stock and the product's current stock", async () => {
    const product = freshOwned();
    await stockUp(db(), product.id, 2, 25);
    const before = await stockOf(db(), product.id, 2);
    const res = await place(franchisee, orderBody([{ wh: 2, products: [{ id: product.id, qty: 7 }] }]));
    expect(res.statusCode).toBe(200);
    expect(await stockOf(db(), product.id, 2)).toEqual({ stock: 18, currentStock: before.currentStock - 7 });
  });

  it("refuses a warehouse order with a line beyond stock whole, writing nothing, and still places the other warehouse's order", async () => {
    const [a, b, c] = [freshOwned(), freshOwned(), freshOwned()] as [
      CatalogueProduct,
      CatalogueProduct,
      CatalogueProduct,
    ];
    await stockUp(db(), a.id, 2, 10);
    await stockUp(db(), b.id, 2, 3);
    await stockUp(db(), c.id, 5, 10);
    await putInCart(db(), franchiseeId, a, 2);
    await putInCart(db(), franchiseeId, b, 5);
    await putInCart(db(), franchiseeId, c, 1);
    const ordersBefore = await orderCount(db(), franchiseeId);

    const res = await place(
      franchisee,
      orderBody([
        {
          wh: 2,
          products: [
            { id: a.id, qty: 2 },
            { id: b.id, qty: 5 },
          ],
        },
        { wh: 5, products: [{ id: c.id, qty: 1 }] },
      ]),
    );
    expect(res.statusCode).toBe(200);
    const { result } = res.json();
    expect(result).toHaveLength(2);
    expect(result[0]).toEqual({ status: 400, wh: 2, message: `${b.name} has only 3 left in Pune` });
    expect(result[1]).toMatchObject({ status: 200, wh: 5 });

    expect((await stockOf(db(), a.id, 2)).stock).toBe(10);
    expect((await stockOf(db(), b.id, 2)).stock).toBe(3);
    expect((await stockOf(db(), c.id, 5)).stock).toBe(9);
    expect(await orderCount(db(), franchiseeId)).toBe(ordersBefore + 1);
    expect(await linesOfProduct(db(), a.id)).toEqual([]);
    const cart = await cartOf(db(), franchiseeId);
    expect(cart.get(a.id)).toBe(2);
    expect(cart.get(b.id)).toBe(5);
    expect(cart.has(c.id)).toBe(false);
  });

  it("answers 400 with every reason when no warehouse order can be placed", async () => {
    const product = freshOwned();
    await stockUp(db(), product.id, 2, 4);
    const res = await place(franchisee, orderBody([{ wh: 2, products: [{ id: product.id, qty: 5 }] }]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: messages.orderFailedRetry,
      result: [{ status: 400, wh: 2, message: `${product.name} has only 4 left in Pune` }],
    });
    expect((await stockOf(db(), product.id, 2)).stock).toBe(4);
  });

  it("refuses a product that the chosen warehouse does not hold at its MRP", async () => {
    const product = freshOwned();
    await stockUp(db(), product.id, 2, 10);
    await stockUp(db(), product.id, 5, 0);
    const res = await place(franchisee, orderBody([{ wh: 5, products: [{ id: product.id, qty: 1 }] }]));
    expect(res.statusCode).toBe(400);
    expect(res.json().result).toEqual([
      { status: 400, wh: 5, message: onlyLeftInWarehouse(product.name, 0, "Mumbai") },
    ]);
  });

  it("never lets stock go below zero over repeated orders", async () => {
    const product = freshOwned();
    await stockUp(db(), product.id, 2, 5);
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push(
        (await place(franchisee, orderBody([{ wh: 2, products: [{ id: product.id, qty: 2 }] }]))).statusCode,
      );
    expect(answers).toEqual([200, 200, 400, 400]);
    expect((await stockOf(db(), product.id, 2)).stock).toBe(1);
  });
});

describe("POST /api/order: the cart", () => {
  it("removes what was ordered in full, reduces what was ordered in part and keeps the rest", async () => {
    const [whole, part, untouched] = [freshOwned(), freshOwned(), freshOwned()] as [
      CatalogueProduct,
      CatalogueProduct,
      CatalogueProduct,
    ];
    for (const p of [whole, part, untouched]) await stockUp(db(), p.id, 2, 30);
    await putInCart(db(), franchiseeId, whole, 5);
    await putInCart(db(), franchiseeId, part, 3);
    await putInCart(db(), franchiseeId, untouched, 4);
    const res = await place(
      franchisee,
      orderBody([
        {
          wh: 2,
          products: [
            { id: whole.id, qty: 5 },
            { id: part.id, qty: 2 },
          ],
        },
      ]),
    );
    expect(res.statusCode).toBe(200);
    const cart = await cartOf(db(), franchiseeId);
    expect(cart.has(whole.id)).toBe(false);
    expect(cart.get(part.id)).toBe(1);
    expect(cart.get(untouched.id)).toBe(4);
  });
});

describe("the catalogue after an order", () => {
  it("shows the reduced stock at once", async () => {
    const product = freshOwned();
    await stockUp(db(), product.id, 2, 4);
    expect(plainProduct(product)).toBe(true);
    const before = await world.app.inject({ url: `/api/products/${product.id}?whId=2`, headers: franchisee });
    expect(before.statusCode).toBe(200);
    const res = await place(franchisee, orderBody([{ wh: 2, products: [{ id: product.id, qty: 4 }] }]));
    expect(res.statusCode).toBe(200);
    const [row] = await db()
      .select({ stocked: products.stockedWarehouseIds })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row?.stocked).not.toContain(2);
  });
});
