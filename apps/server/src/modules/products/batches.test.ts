import { APPAREL_CATEGORY_IDS, FOOD_SUBCATEGORY_IDS, messages, warehouseNotMapped } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestWorld } from "../../test/harness";
import {
  type CatalogueProduct,
  GST_EDGE_PRODUCTS,
  HIDDEN_PRODUCTS,
  openCatalogueWorld,
  pick,
  sellable,
} from "../../test/test-facts";

let ctx: Awaited<ReturnType<typeof openCatalogueWorld>>;
let world: TestWorld;
let catalogue: CatalogueProduct[];
let franchisee: { authorization: string };
let stockist: { authorization: string };

beforeAll(async () => {
  ctx = await openCatalogueWorld();
  ({ world, catalogue, franchisee, stockist } = ctx);
});
afterAll(() => world.close());

const get: typeof ctx.get = (url, headers) => ctx.get(url, headers);
const post: typeof ctx.post = (url, payload, headers) => ctx.post(url, payload, headers);

const hiddenIds = Object.values(HIDDEN_PRODUCTS);
const isFood = (p: CatalogueProduct) => (FOOD_SUBCATEGORY_IDS as readonly number[]).includes(p.subcategoryId);
const FRANCHISEE_WAREHOUSES = [2, 3, 5, 7, 101];
const STOCKIST_WAREHOUSES = [2, 7, 102];
const shirt = GST_EDGE_PRODUCTS.clothingCostBelow1050;
const shoe = GST_EDGE_PRODUCTS.footwearMrpAbove500;
const ids = (list: { id?: number; productId?: number; productid?: number }[]) =>
  list.map((x) => x.id ?? x.productId ?? x.productid);
const tooMany = Array.from({ length: 1001 }, (_, i) => 100_001 + i);

describe("POST /api/products/info/b2b", () => {
  it("gives the visible products in the order asked and leaves the hidden ones out", async () => {
    const res = await post(
      "/api/products/info/b2b",
      { products: [shoe, ...hiddenIds, shirt, shoe] },
      franchisee,
    );
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; pricing: { netCost: string } }[];
    expect(ids(list)).toEqual([shoe, shirt]);
    expect(list[0]?.pricing.netCost).toMatch(/^\d+\.\d{2}$/);
  });

  it("applies the caller's mapping, licence and rules", async () => {
    const food = pick(catalogue, "food product", (p) => isFood(p) && sellable(p));
    const farAway = pick(
      catalogue,
      "product held only in warehouses 3 and 5",
      (p) => sellable(p) && !isFood(p) && p.stockedIn.every((w) => w === 3 || w === 5),
    );
    const body = { products: [food.id, farAway.id, shirt] };
    expect(ids((await post("/api/products/info/b2b", body, franchisee)).json())).toEqual([
      food.id,
      farAway.id,
      shirt,
    ]);
    expect(ids((await post("/api/products/info/b2b", body, stockist)).json())).toEqual([shirt]);
  });

  it("prices from the warehouses asked for, which must be the caller's", async () => {
    const pune = await post("/api/products/info/b2b", { products: [shirt], wh: [2] }, stockist);
    expect(pune.json()[0]).toMatchObject({ id: shirt, whId: 2, gstType: "IGST" });
    const notMine = await post("/api/products/info/b2b", { products: [shirt], wh: [3] }, stockist);
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().message).toBe(warehouseNotMapped(3));
  });

  it("refuses more than 1000 ids and ids that are not product ids", async () => {
    const big = await post("/api/products/info/b2b", { products: tooMany }, franchisee);
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe("products: at most 1000 ids per request");
    for (const [bad, message] of [
      [["abc"], "products.0: product id must be a number"],
      [[-1], "products.0: product id must be positive"],
      [[1.5], "products.0: product id must be a whole number"],
      ["100006", "products: Invalid input: expected array, received string"],
      [null, "products: Invalid input: expected array, received null"],
    ] as const) {
      const res = await post("/api/products/info/b2b", { products: bad }, franchisee);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const exactly = await post("/api/products/info/b2b", { products: tooMany.slice(0, 1000) }, franchisee);
    expect(exactly.statusCode).toBe(200);
  });

  it("refuses an id no product can have with a 400, never a server error", async () => {
    const res = await post("/api/products/info/b2b", { products: [99999999999, shirt] }, franchisee);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("products.0: product id is too large");
  });
});

describe("POST /api/products/currentStock", () => {
  it("gives the stock at MRP in the caller's warehouses, from a bare list or {products}", async () => {
    const bare = await post("/api/products/currentStock", [shirt, ...hiddenIds], franchisee);
    expect(bare.statusCode).toBe(200);
    expect(bare.json()).toEqual([{ productid: shirt, totalStock: 240 }]);
    const wrapped = await post("/api/products/currentStock", { products: [shirt, ...hiddenIds] }, stockist);
    expect(wrapped.json()).toEqual([{ productid: shirt, totalStock: 120 }]);
  });

  it("sums the stock at MRP of the caller's warehouses for every product it may see", async () => {
    const all = catalogue.map((p) => p.id);
    const res = await post("/api/products/currentStock", { products: all }, stockist);
    const stock = res.json() as { productid: number; totalStock: number }[];
    const expected = catalogue
      .filter((p) => sellable(p) && !isFood(p) && p.brandId !== 176)
      .map((p) => ({
        productid: p.id,
        totalStock: STOCKIST_WAREHOUSES.reduce((sum, w) => sum + (p.stockAt.get(w) ?? 0), 0),
      }))
      .filter((s) => s.totalStock > 0);
    // The stockist's blocked subcategory type hides a few more; everything it does get must match.
    expect(stock.length).toBeGreaterThan(expected.length / 2);
    for (const s of stock) expect(s).toEqual(expected.find((e) => e.productid === s.productid));
    expect(ids(stock)).toEqual(ids(expected).filter((id) => ids(stock).includes(id)));
  });

  it("refuses more than 1000 ids and bad ids with 400 naming the field", async () => {
    const big = await post("/api/products/currentStock", tooMany, franchisee);
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe("products: at most 1000 ids per request");
    const bad = await post("/api/products/currentStock", { products: ["x"] }, franchisee);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("products.0: product id must be a number");
  });
});

describe("POST /api/products/getProductWarehouse", () => {
  it("lists the caller's warehouses holding each visible product", async () => {
    const res = await post(
      "/api/products/getProductWarehouse",
      { products: [shirt, ...hiddenIds] },
      stockist,
    );
    expect(res.statusCode).toBe(200);
    const [only, ...rest] = res.json() as {
      productId: number;
      warehouses: { id: number; state: string }[];
    }[];
    expect(rest).toEqual([]);
    expect(only?.productId).toBe(shirt);
    expect(only?.warehouses.map((w) => [w.id, w.state])).toEqual([
      [2, "Maharashtra"],
      [7, "Karnataka"],
    ]);
  });

  it("never names a warehouse outside the caller's mapping", async () => {
    const some = catalogue.filter(sellable).map((p) => p.id);
    const res = await post("/api/products/getProductWarehouse", { products: some }, stockist);
    const list = res.json() as { warehouses: { id: number; stock: number }[] }[];
    expect(list).toHaveLength(142);
    for (const entry of list) {
      expect(entry.warehouses.length).toBeGreaterThan(0);
      for (const w of entry.warehouses) {
        expect(STOCKIST_WAREHOUSES).toContain(w.id);
        expect(w.stock).toBeGreaterThan(0);
      }
    }
  });

  it("refuses a body without products", async () => {
    const res = await post("/api/products/getProductWarehouse", {}, stockist);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("products: Invalid input: expected array, received undefined");
  });
});

describe("POST /api/products/sale", () => {
  it("gives the sale flag of each visible product", async () => {
    const mine = (p: CatalogueProduct) =>
      sellable(p) && p.stockedIn.some((w) => FRANCHISEE_WAREHOUSES.includes(w));
    const onSale = pick(catalogue, "product on sale", (p) => mine(p) && p.isSale);
    const notOnSale = pick(catalogue, "product not on sale", (p) => mine(p) && !p.isSale);
    const res = await post(
      "/api/products/sale",
      { products: [onSale.id, notOnSale.id, ...hiddenIds] },
      franchisee,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { productId: onSale.id, isSale: true },
      { productId: notOnSale.id, isSale: false },
    ]);
  });

  it("refuses more than 1000 ids", async () => {
    const res = await post("/api/products/sale", { products: tooMany }, franchisee);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("products: at most 1000 ids per request");
  });
});

describe("GET /api/products/category", () => {
  it("leaves out the apparel categories 6, 21 and 22", async () => {
    const res = await get("/api/products/category", franchisee);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; subcategories: { id: number }[] }[];
    expect(list).toHaveLength(11);
    for (const id of APPAREL_CATEGORY_IDS) expect(list.map((c) => c.id)).not.toContain(id);
    for (const c of list) expect(c.subcategories.length).toBeGreaterThan(0);
  });

  it("shows the food subcategories 79 and 815 only with the food licence", async () => {
    const subIds = async (headers: { authorization: string }) =>
      (
        (await get("/api/products/category", headers)).json() as { subcategories: { id: number }[] }[]
      ).flatMap((c) => c.subcategories.map((s) => s.id));
    const licensed = await subIds(franchisee);
    const unlicensed = await subIds(stockist);
    for (const id of FOOD_SUBCATEGORY_IDS) {
      expect(licensed).toContain(id);
      expect(unlicensed).not.toContain(id);
    }
  });
});

describe("GET /api/subcategory/types", () => {
  it("lists every type with its subcategory", async () => {
    const res = await get("/api/subcategory/types", stockist);
    expect(res.statusCode).toBe(200);
    const types = res.json() as { id: number; name: string; subcategoryId: number }[];
    expect(types).toHaveLength(54);
    expect(types.map((t) => t.id)).toEqual([...types.map((t) => t.id)].sort((a, b) => a - b));
    expect(types.filter((t) => t.name === "Sleeveless")).toEqual([
      { id: 3, name: "Sleeveless", subcategoryId: 601 },
      { id: 21, name: "Sleeveless", subcategoryId: 607 },
      { id: 26, name: "Sleeveless", subcategoryId: 2102 },
    ]);
  });
});

describe("GET /api/bestseller/all", () => {
  it("gives the caller's visible best sellers, best rank first, at most 24", async () => {
    const res = await get("/api/bestseller/all", franchisee);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number }[];
    expect(list).toHaveLength(20);
    expect(list.length).toBeLessThanOrEqual(24);
    const rank = (id: number) => catalogue.find((p) => p.id === id)?.bestSellerRank ?? null;
    const ranks = list.map((p) => rank(p.id));
    expect(ranks.every((r) => r !== null)).toBe(true);
    expect(ranks).toEqual([...ranks].sort((a, b) => (a ?? 0) - (b ?? 0)));
    const visible = ids((await post("/api/products/info/b2b", { products: ids(list) }, franchisee)).json());
    expect(visible).toEqual(ids(list));
  });

  it("shows the stockist only what it may see", async () => {
    const list = (await get("/api/bestseller/all", stockist)).json() as { id: number; whId: number }[];
    for (const p of list) {
      const product = catalogue.find((q) => q.id === p.id);
      expect(product && isFood(product)).toBe(false);
      expect(STOCKIST_WAREHOUSES).toContain(p.whId);
    }
  });

  it("narrows to a category and answers 404 when there are none", async () => {
    const ranked = pick(catalogue, "best seller", (p) => p.bestSellerRank !== null && sellable(p));
    const inCategory = (await get(`/api/bestseller/all?category=${ranked.categoryId}`, franchisee)).json();
    expect(inCategory.every((p: { catId: number }) => p.catId === ranked.categoryId)).toBe(true);
    const none = await get("/api/bestseller/all?category=999", franchisee);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: messages.bestsellersNotFound });
    expect((await get("/api/bestseller/all?category=x", franchisee)).statusCode).toBe(400);
  });
});

describe("GET /api/ars/products", () => {
  it("lists the ARS products an enableARS user can see, with their target stock", async () => {
    const res = await get("/api/ars/products", franchisee);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { productId: number; targetStock: number }[];
    expect(list).toHaveLength(5);
    for (const item of list) expect(item.targetStock).toBeGreaterThan(0);
    const visible = ids(
      (await post("/api/products/info/b2b", { products: list.map((i) => i.productId) }, franchisee)).json(),
    );
    expect(visible).toEqual(list.map((i) => i.productId));
    const marked = (await post("/api/products/info/b2b", { products: visible }, franchisee)).json();
    expect(marked.every((p: { isARS: boolean }) => p.isARS)).toBe(true);
  });

  it("gives a user without ARS an empty list", async () => {
    const res = await get("/api/ars/products", stockist);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});

it("knows the demo partners' mappings this file relies on", async () => {
  const mapping = async (headers: { authorization: string }) =>
    ((await get("/api/mapping/getMapping", headers)).json() as { whID: number }[]).map((m) => m.whID).sort();
  expect(await mapping(franchisee)).toEqual([...FRANCHISEE_WAREHOUSES].sort());
  expect(await mapping(stockist)).toEqual([...STOCKIST_WAREHOUSES].sort());
});
