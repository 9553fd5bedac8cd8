import type {
  QuickOrderAddResponse,
  QuickOrderResolvedRow,
  QuickOrderResolveResponse,
} from "@portal/contracts";
import {
  CART_LIMIT,
  FOOD_SUBCATEGORY_IDS,
  messages,
  namingIds,
  productEan,
  QUICK_ORDER_MAX_ROWS,
  SERVICEABILITY_STOCK_TYPES,
  styleCode,
} from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems } from "../../db/schema";
import {
  type Headers,
  requests,
  serves,
  setStock,
  storedCart,
  userIdOf,
  visibleIds,
} from "../../test/cart-test-kit";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { createPartner } from "../../test/order-test-kit";
import {
  type CatalogueProduct,
  HIDDEN_PRODUCTS,
  loadCatalogue,
  STOCKIST_BLOCKED_BRAND_ID,
  sellable,
} from "../../test/test-facts";

let world: TestWorld;
let api: ReturnType<typeof requests>;
let catalogue: CatalogueProduct[];
let franchisee: Headers;
let stockist: Headers;
let franchiseeId: number;
let stockistId: number;
/** Products the franchisee may buy (visible to it, and serviceable for 411001). */
let franchiseeBuys: number[];
let stockistSees: Set<number>;

const needsPincode = (p: CatalogueProduct) =>
  (SERVICEABILITY_STOCK_TYPES as readonly string[]).includes(p.stockType);
const byId = (id: number) => catalogue.find((p) => p.id === id) as CatalogueProduct;

beforeAll(async () => {
  world = await createTestWorld({ products: 600 });
  api = requests(world);
  catalogue = await loadCatalogue(world);
  [franchisee, stockist] = await Promise.all([
    world.signIn("franchisee@demo.in"),
    world.signIn("stockist@demo.in"),
  ]);
  franchiseeId = await userIdOf(world, "franchisee@demo.in");
  stockistId = await userIdOf(world, "stockist@demo.in");
  const all = catalogue.filter(sellable).map((p) => p.id);
  const seen = await visibleIds(world, franchisee, all);
  stockistSees = new Set(await visibleIds(world, stockist, all));
  franchiseeBuys = [];
  for (const id of seen) {
    const p = byId(id);
    if (!needsPincode(p) || (await serves(world, p.brandId, "411001"))) franchiseeBuys.push(id);
  }
});
afterAll(() => world.close());

const emptyCarts = () => world.database.db.delete(cartItems);

type Row = { code: string; quantity: number };
const resolve = (h: Headers, rows: readonly Row[]) =>
  api.post("/api/quickOrder/resolve", h, { rows: rows.map((r, i) => ({ row: i + 1, ...r })) });
const resolved = async (h: Headers, rows: readonly Row[]): Promise<QuickOrderResolvedRow[]> => {
  const res = await resolve(h, rows);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as QuickOrderResolveResponse).rows;
};
const addToCart = (h: Headers, rows: readonly { productId: number; quantity: number }[]) =>
  api.post("/api/quickOrder/addToCart", h, { rows: rows.map((r, i) => ({ row: i + 1, ...r })) });

/** What the cart itself answers for adding this product alone (the other buying path). */
async function cartAnswer(h: Headers, id: number, qty = 1) {
  const res = await api.update(h, { products: [{ id, qty }], mode: "update" });
  await emptyCarts();
  return { status: res.statusCode, message: (res.json() as { message: string }).message };
}

describe("POST /api/quickOrder/resolve", () => {
  it("reads product ids, EANs and a one-product style as the product, priced and stocked for the caller", async () => {
    const id = franchiseeBuys[0]!;
    const p = byId(id);
    const rows = await resolved(franchisee, [
      { code: String(id), quantity: 2 },
      { code: productEan(franchiseeBuys[1]!), quantity: 3 },
    ]);
    const [first, second] = rows as [QuickOrderResolvedRow, QuickOrderResolvedRow];
    expect(first).toMatchObject({ row: 1, code: String(id), quantity: 2, buyable: true, refusal: null });
    const info = (await api.post("/api/products/info/b2b", franchisee, { products: [id] })).json() as {
      pricing: { netCost: string };
      totalStock: number;
    }[];
    expect(first.product).toMatchObject({
      id,
      name: p.name,
      size: p.size,
      styleCode: styleCode(p.groupId),
      ean: productEan(id),
      image: `/api/images/products/${id}/a.svg`,
      netCost: info[0]?.pricing.netCost,
      totalStock: info[0]?.totalStock,
    });
    // Stock by warehouse: only the franchisee's warehouses (2, 3, 5, 7 and its stockist) holding it at MRP.
    const mapped = new Set([...p.stockAt.keys()].filter((w) => [2, 3, 5, 7].includes(w) || w >= 99));
    expect(first.product?.stock.map((s) => s.warehouseId).sort()).toEqual([...mapped].sort());
    for (const s of first.product?.stock ?? []) expect(s.stock).toBe(p.stockAt.get(s.warehouseId));
    expect(second).toMatchObject({ buyable: true, product: { id: franchiseeBuys[1] } });
  });

  it("offers a style's sizes the caller may buy when a style code names several", async () => {
    const groups = new Map<number, number[]>();
    for (const id of franchiseeBuys)
      groups.set(byId(id).groupId, [...(groups.get(byId(id).groupId) ?? []), id]);
    const [groupId, ids] = [...groups].find(([, members]) => members.length >= 2) ?? [];
    if (groupId === undefined || !ids) throw new Error("the test world has no style with two buyable sizes");
    const [row] = await resolved(franchisee, [{ code: styleCode(groupId).toLowerCase(), quantity: 1 }]);
    expect(row?.refusal).toEqual({
      rule: "chooseSize",
      message: `S${groupId} is a style: choose one of its sizes`,
    });
    expect(row?.product).toBeNull();
    expect(row?.alternatives.map((a) => a.id)).toEqual(expect.arrayContaining(ids.slice(0, 12)));
  });

  it("refuses each hidden product as the cart does (visibility: Product not found), naming nothing of it", async () => {
    for (const [reason, id] of Object.entries(HIDDEN_PRODUCTS)) {
      const [row] = await resolved(franchisee, [{ code: String(id), quantity: 1 }]);
      expect(row?.refusal, reason).toEqual({ rule: "visibility", message: messages.productNotFound });
      expect(row?.product, reason).toBeNull();
      expect(row?.buyable).toBe(false);
      expect(await cartAnswer(franchisee, id)).toEqual({
        status: 404,
        message: namingIds(messages.productNotFound, [id]),
      });
    }
    const [unknown] = await resolved(franchisee, [{ code: "99999999", quantity: 1 }]);
    expect(unknown?.refusal).toEqual({ rule: "visibility", message: messages.productNotFound });
  });

  it("refuses food to the partner without a food licence, and a blocked brand, as the cart does", async () => {
    const food = catalogue.find(
      (p) =>
        franchiseeBuys.includes(p.id) &&
        (FOOD_SUBCATEGORY_IDS as readonly number[]).includes(p.subcategoryId) &&
        p.stockedIn.some((w) => w === 2 || w === 7) &&
        !needsPincode(p),
    );
    const blocked = catalogue.find((p) => sellable(p) && p.brandId === STOCKIST_BLOCKED_BRAND_ID);
    if (!food || !blocked) throw new Error("the test world lacks a food product or a blocked-brand product");
    const rows = await resolved(stockist, [
      { code: String(food.id), quantity: 1 },
      { code: String(blocked.id), quantity: 1 },
    ]);
    for (const [row, id] of [
      [rows[0], food.id],
      [rows[1], blocked.id],
    ] as const) {
      expect(row?.refusal).toEqual({ rule: "visibility", message: messages.productNotFound });
      expect(row?.product).toBeNull();
      expect(await cartAnswer(stockist, id)).toEqual({
        status: 404,
        message: namingIds(messages.productNotFound, [id]),
      });
    }
    // The franchisee (food licence, no block) buys the same food product.
    expect((await resolved(franchisee, [{ code: String(food.id), quantity: 1 }]))[0]?.buyable).toBe(true);
  });

  it("refuses a drop-ship product whose brand does not deliver to the pincode (serviceability), as the cart does", async () => {
    let notServed: CatalogueProduct | undefined;
    for (const p of catalogue.filter((c) => stockistSees.has(c.id) && needsPincode(c)))
      if (!(await serves(world, p.brandId, "560001"))) {
        notServed = p;
        break;
      }
    if (!notServed) throw new Error("the test world has no drop-ship product unserved at 560001");
    const [row] = await resolved(stockist, [{ code: String(notServed.id), quantity: 1 }]);
    expect(row?.refusal).toEqual({ rule: "serviceability", message: messages.productNotServiceable });
    // Visible to the stockist: it is described.
    expect(row?.product?.id).toBe(notServed.id);
    expect(await cartAnswer(stockist, notServed.id)).toEqual({
      status: 400,
      message: messages.productNotServiceable,
    });
  });

  it("refuses quantities the cart does not offer with the cart's message, and a product on two rows", async () => {
    const id = franchiseeBuys[0]!;
    const rows = await resolved(franchisee, [
      { code: String(id), quantity: 60 },
      { code: String(franchiseeBuys[1]), quantity: 0 },
      { code: String(franchiseeBuys[2]), quantity: 1 },
      { code: productEan(franchiseeBuys[2]!), quantity: 4 },
    ]);
    const quantity60 =
      "Quantity 60 is not one of the offered quantities (1 to 50, then 100 to 500 in steps of 50)";
    expect(rows.map((r) => r.refusal)).toEqual([
      { rule: "quantity", message: quantity60 },
      { rule: "quantity", message: messages.selectQuantity },
      null,
      {
        rule: "repeated",
        message: `Product ${franchiseeBuys[2]} is already on row 3: change the quantity there`,
      },
    ]);
    expect(await cartAnswer(franchisee, id, 60)).toEqual({ status: 400, message: quantity60 });
    expect(await cartAnswer(franchisee, franchiseeBuys[1]!, 0)).toEqual({
      status: 400,
      message: messages.selectQuantity,
    });
  });

  it("says why a code cannot be read", async () => {
    const rows = await resolved(franchisee, [
      { code: "hello", quantity: 1 },
      { code: "4006381333931", quantity: 1 },
    ]);
    expect(rows.map((r) => r.refusal)).toEqual([
      { rule: "unreadable", message: '"hello" is not a product id, EAN or style code' },
      {
        rule: "unreadable",
        message: "EAN 4006381333931 is not one of our labels (890, the product id, a check digit)",
      },
    ]);
  });

  it("offers the same style's other sizes in stock when a size is sold out at the caller's warehouses", async () => {
    const groupOf = (id: number) => byId(id).groupId;
    const sizes = new Map<number, number[]>();
    for (const id of franchiseeBuys)
      if (byId(id).stockedIn.includes(2)) sizes.set(groupOf(id), [...(sizes.get(groupOf(id)) ?? []), id]);
    const [, family] = [...sizes].find(([, ids]) => ids.length >= 3) ?? [];
    if (!family) throw new Error("the test world has no style with three sizes stocked in warehouse 2");
    const soldOut = family[1]!;
    await setStock(world, soldOut, {});
    const [row] = await resolved(franchisee, [{ code: String(soldOut), quantity: 1 }]);
    expect(row?.refusal).toEqual({ rule: "visibility", message: messages.productNotFound });
    const offered = row?.alternatives.map((a) => a.id) ?? [];
    expect(offered.length).toBeGreaterThanOrEqual(2);
    expect(offered.length).toBeLessThanOrEqual(3);
    for (const id of offered) {
      expect(groupOf(id)).toBe(groupOf(soldOut));
      expect(franchiseeBuys).toContain(id);
    }
    // The nearest sizes first: the neighbours on either side of the sold-out size.
    expect(offered.slice(0, 2).sort()).toEqual([family[0], family[2]].sort());
  });

  it("answers 500 rows in one request and refuses 501 with the limit", async () => {
    const many = Array.from({ length: QUICK_ORDER_MAX_ROWS }, (_, i) => ({
      code: String(franchiseeBuys[i % franchiseeBuys.length]),
      quantity: 1,
    }));
    const rows = await resolved(franchisee, many);
    expect(rows).toHaveLength(500);
    expect(rows[0]?.buyable).toBe(true);
    const tooMany = await resolve(franchisee, [...many, { code: "1", quantity: 1 }]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain("The pad takes at most 500 rows at a time");
  });

  it.each([
    ["no rows", {}],
    ["an empty list", { rows: [] }],
    ["rows that are not a list", { rows: "100001,1" }],
    ["a control character in a code", { rows: [{ row: 1, code: "1000\u000701", quantity: 1 }] }],
    ["a negative quantity", { rows: [{ row: 1, code: "100001", quantity: -1 }] }],
    ["a fractional quantity", { rows: [{ row: 1, code: "100001", quantity: 1.5 }] }],
    ["a row number of 0", { rows: [{ row: 0, code: "100001", quantity: 1 }] }],
  ])("answers 400 with a reason to %s", async (_what, body) => {
    const res = await api.post("/api/quickOrder/resolve", franchisee, body);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message.length).toBeGreaterThan(0);
  });

  it("answers 401 without a session and 403 to an account that may not order (the cart's message)", async () => {
    const anonymous = await world.app.inject({
      method: "POST",
      url: "/api/quickOrder/resolve",
      payload: { rows: [{ row: 1, code: "100001", quantity: 1 }] },
    });
    expect(anonymous.statusCode).toBe(401);
    await createPartner(world.database.db, {
      email: "pad-no-order@test.in",
      canOrder: false,
      warehouses: [2],
    });
    const noOrder = await world.signIn("pad-no-order@test.in");
    for (const url of ["/api/quickOrder/resolve", "/api/quickOrder/addToCart"]) {
      const res = await api.post(url, noOrder, {
        rows: [{ row: 1, code: "100001", productId: 100001, quantity: 1 }],
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: messages.orderingDisabled });
    }
    expect((await api.update(noOrder, { products: [{ id: 100001, qty: 1 }] })).json()).toEqual({
      message: messages.orderingDisabled,
    });
  });

  it("never shows a partner a product another partner sees but it does not", async () => {
    const onlyFranchisee = catalogue.find(
      (p) =>
        franchiseeBuys.includes(p.id) &&
        !stockistSees.has(p.id) &&
        p.stockedIn.every((w) => w === 3 || w === 5),
    );
    if (!onlyFranchisee) throw new Error("the test world has no product stocked only in warehouses 3 and 5");
    const res = await resolve(stockist, [{ code: String(onlyFranchisee.id), quantity: 1 }]);
    const [row] = (res.json() as QuickOrderResolveResponse).rows;
    expect(row?.refusal).toEqual({ rule: "visibility", message: messages.productNotFound });
    expect(row?.product).toBeNull();
    expect(res.body).not.toContain(onlyFranchisee.name);
    const [mine] = await resolved(franchisee, [{ code: String(onlyFranchisee.id), quantity: 1 }]);
    expect(mine?.product?.name).toBe(onlyFranchisee.name);
  });
});

describe("POST /api/quickOrder/addToCart", () => {
  it("adds the buyable rows through the cart, reports each row, and keeps refused rows out", async () => {
    await emptyCarts();
    const [a, b] = franchiseeBuys as [number, number];
    const hidden = HIDDEN_PRODUCTS.zeroStock;
    const res = await addToCart(franchisee, [
      { productId: a, quantity: 5 },
      { productId: hidden, quantity: 1 },
      { productId: b, quantity: 60 },
      { productId: a, quantity: 2 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as QuickOrderAddResponse;
    expect(body.rows).toEqual([
      { row: 1, productId: a, quantity: 5, outcome: "added", message: null },
      { row: 2, productId: hidden, quantity: 1, outcome: "refused", message: messages.productNotFound },
      {
        row: 3,
        productId: b,
        quantity: 60,
        outcome: "refused",
        message: "Quantity 60 is not one of the offered quantities (1 to 50, then 100 to 500 in steps of 50)",
      },
      {
        row: 4,
        productId: a,
        quantity: 2,
        outcome: "refused",
        message: `Product ${a} is already on row 1: change the quantity there`,
      },
    ]);
    expect(body.message).toBe("1 row is in the cart; 3 rows stay on the pad");
    expect(body.cartLines).toBe(1);
    expect(await storedCart(world, franchiseeId)).toEqual({ [a]: 5 });

    // Again: the product in the cart takes the pad's quantity, the same quantity is unchanged.
    const again = (
      await addToCart(franchisee, [
        { productId: a, quantity: 7 },
        { productId: b, quantity: 2 },
      ])
    ).json() as QuickOrderAddResponse;
    expect(again.rows.map((r) => r.outcome)).toEqual(["updated", "added"]);
    const same = (
      await addToCart(franchisee, [{ productId: a, quantity: 7 }])
    ).json() as QuickOrderAddResponse;
    expect(same.rows[0]).toMatchObject({ outcome: "unchanged", message: null });
    expect(await storedCart(world, franchiseeId)).toEqual({ [a]: 7, [b]: 2 });
  });

  it("refuses a drop-ship row the stockist's pincode is not served for, as the cart does", async () => {
    await emptyCarts();
    let notServed: CatalogueProduct | undefined;
    for (const p of catalogue.filter((c) => stockistSees.has(c.id) && needsPincode(c)))
      if (!(await serves(world, p.brandId, "560001"))) {
        notServed = p;
        break;
      }
    if (!notServed) throw new Error("the test world has no drop-ship product unserved at 560001");
    const body = (
      await addToCart(stockist, [{ productId: notServed.id, quantity: 1 }])
    ).json() as QuickOrderAddResponse;
    expect(body.rows[0]).toMatchObject({ outcome: "refused", message: messages.productNotServiceable });
    expect(await storedCart(world, stockistId)).toEqual({});
  });

  it("stops at the cart's 300 lines: rows past the limit are refused with the cart's message", async () => {
    await emptyCarts();
    const filler = catalogue
      .filter((p) => !franchiseeBuys.slice(0, 3).includes(p.id))
      .slice(0, CART_LIMIT - 1);
    await world.database.db.insert(cartItems).values(
      filler.map((p) => ({
        userId: franchiseeId,
        productId: p.id,
        qty: 1,
        parent: String(p.id),
        stockType: p.stockType,
        mrp: p.mrp,
        whId: null,
      })),
    );
    const [a, b, c] = franchiseeBuys as [number, number, number];
    const body = (
      await addToCart(franchisee, [
        { productId: a, quantity: 1 },
        { productId: b, quantity: 1 },
        { productId: c, quantity: 1 },
      ])
    ).json() as QuickOrderAddResponse;
    expect(body.rows.map((r) => [r.outcome, r.message])).toEqual([
      ["added", null],
      ["refused", messages.cartLimit],
      ["refused", messages.cartLimit],
    ]);
    expect(body.cartLines).toBe(CART_LIMIT);
    await emptyCarts();
  });

  it("answers 400 to bad rows", async () => {
    for (const body of [
      { rows: [] },
      { rows: [{ row: 1, productId: "x", quantity: 1 }] },
      { rows: [{ row: 1 }] },
    ]) {
      const res = await api.post("/api/quickOrder/addToCart", franchisee, body);
      expect(res.statusCode).toBe(400);
    }
  });
});
