import { FOOD_SUBCATEGORY_IDS, messages, sortBySize, toPaise, warehouseNotMapped } from "@portal/domain";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productLikes, products } from "../../db/schema";
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

const isFood = (p: CatalogueProduct) => (FOOD_SUBCATEGORY_IDS as readonly number[]).includes(p.subcategoryId);
/** Stocked in a warehouse both demo partners map (2 Pune, 7 Bangalore). */
const inSharedWarehouse = (p: CatalogueProduct) => p.stockedIn.some((w) => w === 2 || w === 7);

describe("GET /api/products/{id}: visibility", () => {
  it("relies on the seed's hidden products each breaking its one rule", () => {
    const facts = (id: number) => catalogue.find((p) => p.id === id);
    expect(facts(HIDDEN_PRODUCTS.inactive)?.b2bIsActive).toBe(false);
    expect(facts(HIDDEN_PRODUCTS.zeroMargin)?.retailerMargin).toBe("0.00");
    expect(facts(HIDDEN_PRODUCTS.zeroStock)?.currentStock).toBe(0);
    expect(facts(HIDDEN_PRODUCTS.unmappedWarehouse)?.stockedIn).toEqual([104]);
    expect(facts(HIDDEN_PRODUCTS.stockAtOtherMrp)?.stockedIn).toEqual([]);
    expect(facts(HIDDEN_PRODUCTS.stockAtOtherMrp)?.currentStock).toBeGreaterThan(0);
  });

  it.each(Object.entries(HIDDEN_PRODUCTS))("answers 404 for the hidden product (%s)", async (_reason, id) => {
    for (const headers of [franchisee, stockist]) {
      const res = await get(`/api/products/${id}`, headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: messages.productNotFound });
    }
  });

  it("shows a food product to the food-licence franchisee and hides it from the stockist", async () => {
    const food = pick(
      catalogue,
      "food product in a shared warehouse",
      (p) => isFood(p) && sellable(p) && inSharedWarehouse(p),
    );
    const seen = await get(`/api/products/${food.id}`, franchisee);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().subcatId).toBe(food.subcategoryId);
    const hidden = await get(`/api/products/${food.id}`, stockist);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(messages.productNotFound);
  });

  it("hides a product held only in warehouses the stockist is not mapped to (3 Delhi, 5 Mumbai)", async () => {
    const product = pick(
      catalogue,
      "product stocked only in warehouses 3 and 5",
      (p) => sellable(p) && !isFood(p) && p.stockedIn.every((w) => w === 3 || w === 5),
    );
    expect((await get(`/api/products/${product.id}`, franchisee)).statusCode).toBe(200);
    const res = await get(`/api/products/${product.id}`, stockist);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(messages.productNotFound);
  });

  it("hides the stockist's blocked brand 176, but not from the franchisee", async () => {
    const product = pick(
      catalogue,
      "product both partners see",
      (p) => sellable(p) && !isFood(p) && p.stockedIn.includes(2) && p.subcategoryTypeId === null,
    );
    expect((await get(`/api/products/${product.id}`, stockist)).statusCode).toBe(200);
    await world.database.db.update(products).set({ brandId: 176 }).where(eq(products.id, product.id));
    try {
      expect((await get(`/api/products/${product.id}`, stockist)).statusCode).toBe(404);
      const seen = await get(`/api/products/${product.id}`, franchisee);
      expect(seen.statusCode).toBe(200);
      expect(seen.json().brandId).toBe(176);
    } finally {
      await world.database.db
        .update(products)
        .set({ brandId: product.brandId })
        .where(eq(products.id, product.id));
    }
  });

  it("hides the stockist's blocked subcategory type", async () => {
    const rules = (await get("/api/users/rules?appType=1", stockist)).json() as {
      type: string;
      subcategoryTypes: number[];
    }[];
    const blocked = rules.find((r) => r.type === "block")?.subcategoryTypes ?? [];
    expect(blocked).toHaveLength(1);
    const product = pick(
      catalogue,
      "product of a blocked type in a shared warehouse",
      (p) => sellable(p) && inSharedWarehouse(p) && blocked.includes(p.subcategoryTypeId ?? -1),
    );
    expect((await get(`/api/products/${product.id}`, franchisee)).statusCode).toBe(200);
    expect((await get(`/api/products/${product.id}`, stockist)).statusCode).toBe(404);
  });

  it("answers 400, not 500, for an id no product can have", async () => {
    const res = await get("/api/products/99999999999", franchisee);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("id is too large");
  });

  it("refuses an id that is not a positive whole number with 400 naming the field", async () => {
    for (const [bad, message] of [
      ["abc", "id must be a number"],
      ["-5", "id must be positive"],
      ["1.5", "id must be a whole number"],
      ["0", "id must be positive"],
    ]) {
      const res = await get(`/api/products/${bad}`, franchisee);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it("requires a signed-in user", async () => {
    const res = await world.app.inject({ url: `/api/products/${GST_EDGE_PRODUCTS.clothingCostBelow1050}` });
    expect(res.statusCode).toBe(401);
  });
});

describe("GET /api/products/{id}: price, GST and warehouses", () => {
  const cases = [
    { edge: "clothingCostBelow1050", mrp: "1499.00", rate: "5.00" },
    { edge: "clothingCostExactly1050", mrp: "1500.00", rate: "5.00" },
    { edge: "clothingCostAbove1050", mrp: "1599.00", rate: "12.00" },
    { edge: "footwearMrpBelow500", mrp: "499.00", rate: "5.00" },
    { edge: "footwearMrpExactly500", mrp: "500.00", rate: "5.00" },
    { edge: "footwearMrpAbove500", mrp: "549.00", rate: "18.00" },
  ] as const;
  const half = (rate: string) => (Number(rate) / 2).toFixed(2);

  it.each(cases)("$edge (MRP $mrp): $rate% as CGST + SGST for the franchisee from Maharashtra", async (c) => {
    const res = await get(`/api/products/${GST_EDGE_PRODUCTS[c.edge]}`, franchisee);
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p.mrp).toBe(c.mrp);
    // Pune (2) and Mumbai (5) are in the franchisee's own state.
    expect([2, 5]).toContain(p.whId);
    expect(p.gstType).toBe("CGST/SGST");
    expect(p.gstRates).toEqual({ cgst: half(c.rate), sgst: half(c.rate), igst: "0.00", total: c.rate });
    expect(p.tax.igst).toBe("0.00");
    expect(toPaise(p.tax.cgst) + toPaise(p.tax.sgst)).toBe(toPaise(p.pricing.vat));
    expect(toPaise(p.pricing.netCost)).toBe(toPaise(p.pricing.baseCost) + toPaise(p.pricing.vat));
  });

  it.each(cases)("$edge (MRP $mrp): $rate% as IGST for the stockist from Pune (whId=2)", async (c) => {
    const res = await get(`/api/products/${GST_EDGE_PRODUCTS[c.edge]}?whId=2`, stockist);
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p.whId).toBe(2);
    expect(p.gstType).toBe("IGST");
    expect(p.gstRates).toEqual({ cgst: "0.00", sgst: "0.00", igst: c.rate, total: c.rate });
    expect(p.tax).toEqual({ cgst: "0.00", sgst: "0.00", igst: p.pricing.vat });
    expect(toPaise(p.pricing.netCost)).toBe(toPaise(p.pricing.baseCost) + toPaise(p.pricing.vat));
  });

  it("works the clothing price out exactly: 1499 at 30% margin and 5%", async () => {
    const p = (await get(`/api/products/${GST_EDGE_PRODUCTS.clothingCostBelow1050}`, franchisee)).json();
    expect(p.pricing).toMatchObject({
      mrp: "1499.00",
      retailerMargin: "30.00",
      ctc: "1049.30",
      baseCost: "999.33",
      vat: "49.97",
      netCost: "1049.30",
    });
    expect(p.tax).toEqual({ cgst: "24.99", sgst: "24.98", igst: "0.00" });
  });

  it("prices the stockist from its own state's warehouse (7 Bangalore) unless asked otherwise", async () => {
    const p = (await get(`/api/products/${GST_EDGE_PRODUCTS.footwearMrpAbove500}`, stockist)).json();
    expect(p.whId).toBe(7);
    expect(p.gstType).toBe("CGST/SGST");
    expect(p.gstRates.total).toBe("18.00");
  });

  it("lists only the caller's warehouses that hold the product, with their stock and state", async () => {
    const id = GST_EDGE_PRODUCTS.clothingCostAbove1050;
    const mine = (await get(`/api/products/${id}`, franchisee)).json();
    expect(mine.warehouses.map((w: { id: number }) => w.id)).toEqual([2, 3, 5, 7]);
    expect(mine.warehouses[0]).toEqual({
      id: 2,
      name: "Pune",
      mrp: "1599.00",
      stock: 60,
      state: "Maharashtra",
    });
    expect(mine.totalStock).toBe(240);
    const theirs = (await get(`/api/products/${id}`, stockist)).json();
    expect(theirs.warehouses.map((w: { id: number }) => w.id)).toEqual([2, 7]);
    expect(theirs.totalStock).toBe(120);
  });

  it("prices from the warehouse asked for and refuses one the caller is not mapped to", async () => {
    const id = GST_EDGE_PRODUCTS.footwearMrpBelow500;
    const fromMumbai = (await get(`/api/products/${id}?whId=5`, franchisee)).json();
    expect(fromMumbai.whId).toBe(5);
    const fromDelhi = (await get(`/api/products/${id}?whId=3`, franchisee)).json();
    expect(fromDelhi.whId).toBe(3);
    expect(fromDelhi.gstType).toBe("IGST");

    const notMapped = await get(`/api/products/${id}?whId=3`, stockist);
    expect(notMapped.statusCode).toBe(400);
    expect(notMapped.json().message).toBe(warehouseNotMapped(3));
    const bad = await get(`/api/products/${id}?whId=abc`, stockist);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("whId must be a number");
  });

  it("falls back to a warehouse that holds the product when the one asked for does not", async () => {
    const product = pick(
      catalogue,
      "product held only in warehouses 3 and 5",
      (p) => sellable(p) && !isFood(p) && p.stockedIn.every((w) => w === 3 || w === 5),
    );
    const res = await get(`/api/products/${product.id}?whId=2`, franchisee);
    expect(res.statusCode).toBe(200);
    expect(product.stockedIn).toContain(res.json().whId);
  });
});

describe("GET /api/products/{id}: size and colour siblings", () => {
  it("lists the other members of the group, marking sold-out sizes not sellable", async () => {
    const soldOut = pick(
      catalogue,
      "sold-out size in a larger group",
      (p) =>
        p.b2bIsActive &&
        p.currentStock === 0 &&
        catalogue.some((q) => q.groupId === p.groupId && q.id !== p.id && sellable(q)),
    );
    const open = pick(catalogue, "a sellable sibling", (q) => q.groupId === soldOut.groupId && sellable(q));
    const res = await get(`/api/products/${open.id}`, franchisee);
    expect(res.statusCode).toBe(200);
    const others = res.json().otherProducts as {
      id: number;
      size: string;
      color: string;
      sellable: boolean;
    }[];
    // In size order (the domain's compareSizes), the seed's order within a size.
    const group = sortBySize(
      catalogue.filter((p) => p.groupId === open.groupId && p.id !== open.id),
      (p) => p.size,
    );
    expect(others.map((o) => o.id)).toEqual(group.map((p) => p.id));
    expect(others.find((o) => o.id === soldOut.id)).toEqual({
      id: soldOut.id,
      size: soldOut.size,
      color: soldOut.color,
      sellable: false,
    });
    for (const o of others) {
      const p = group.find((q) => q.id === o.id);
      if (p && sellable(p)) expect(o.sellable).toBe(true);
    }
  });
});

describe("GET /api/brand/{id}", () => {
  it("gives a brand with its description and contact", async () => {
    const res = await get("/api/brand/621", franchisee);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 621, name: "Babyhug", isPrivateLabel: true });
  });

  it("answers 404 for a brand the caller's rules block, and for a missing one", async () => {
    expect((await get("/api/brand/176", franchisee)).statusCode).toBe(200);
    const blocked = await get("/api/brand/176", stockist);
    expect(blocked.statusCode).toBe(404);
    expect(blocked.json()).toEqual({ message: "Brand not found" });
    expect((await get("/api/brand/987654", franchisee)).statusCode).toBe(404);
    expect((await get("/api/brand/x", franchisee)).statusCode).toBe(400);
  });
});

describe("POST /api/products/children", () => {
  const groupWithSoldOut = () =>
    pick(
      catalogue,
      "group with a sold-out size",
      (p) =>
        p.b2bIsActive &&
        p.currentStock === 0 &&
        catalogue.some((q) => q.groupId === p.groupId && q.id !== p.id && sellable(q)),
    );

  it("gives only the sellable, visible sizes of a group with their size and age range", async () => {
    const soldOut = groupWithSoldOut();
    const res = await post(
      "/api/products/children",
      { products: [{ groupID: soldOut.groupId }] },
      franchisee,
    );
    expect(res.statusCode).toBe(200);
    const children = res.json() as { id: number; groupID: number; size: string; ageFromMonths: number }[];
    const expected = sortBySize(
      catalogue.filter((p) => p.groupId === soldOut.groupId && sellable(p)),
      (p) => p.size,
    ).map((p) => p.id);
    expect(children.map((c) => c.id)).toEqual(expected);
    expect(children.map((c) => c.id)).not.toContain(soldOut.id);
    for (const c of children) {
      expect(c.groupID).toBe(soldOut.groupId);
      const p = catalogue.find((q) => q.id === c.id);
      expect(c).toMatchObject({
        size: p?.size,
        ageFromMonths: p?.ageFromMonths,
        ageToMonths: p?.ageToMonths,
      });
    }
  });

  it("narrows to one colour when asked", async () => {
    const soldOut = groupWithSoldOut();
    const colour = soldOut.color;
    const res = await post(
      "/api/products/children",
      { products: [{ groupID: soldOut.groupId, color: colour }] },
      franchisee,
    );
    const children = res.json() as { color: string }[];
    expect(children).toHaveLength(4);
    expect(children.every((c) => c.color === colour)).toBe(true);
  });

  it("leaves out every hidden product", async () => {
    const res = await post(
      "/api/products/children",
      { products: Object.values(HIDDEN_PRODUCTS).map((id) => ({ groupID: id })) },
      franchisee,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it("leaves out what the caller may not see (food without the licence)", async () => {
    const food = pick(catalogue, "food product", (p) => isFood(p) && sellable(p) && inSharedWarehouse(p));
    const body = { products: [{ groupID: food.groupId }] };
    expect((await post("/api/products/children", body, franchisee)).json()).toHaveLength(2);
    expect((await post("/api/products/children", body, stockist)).json()).toEqual([]);
  });

  it("refuses a bad body with 400 naming the field", async () => {
    const empty = await post("/api/products/children", { products: [] }, franchisee);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("products must list at least one groupID");
    const bad = await post("/api/products/children", { products: [{ groupID: "abc" }] }, franchisee);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("products.0.groupID: groupID must be a number");
  });
});

describe("likes and dislikes", () => {
  const product = () => GST_EDGE_PRODUCTS.footwearMrpExactly500;

  it("keeps one record per user and product: a second save updates it", async () => {
    const id = product();
    expect((await get(`/api/products/getLikesDislikes/${id}`, franchisee)).json()).toBeNull();

    const first = await post(
      "/api/products/likesDislikes",
      { productId: id, likeDislike: 1, reason: "  Sells well in summer  " },
      franchisee,
    );
    expect(first.statusCode).toBe(200);
    const liked = first.json();
    const row = catalogue.find((p) => p.id === id);
    expect(liked).toMatchObject({
      productId: id,
      productName: row?.name,
      categoryId: row?.categoryId,
      subCategoryId: row?.subcategoryId,
      likeDislike: 1,
      reason: "Sells well in summer",
    });

    const second = await post(
      "/api/products/likesDislikes",
      { productId: id, likeDislike: 0, reason: "Sizes run small" },
      franchisee,
    );
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ id: liked.id, likeDislike: 0, reason: "Sizes run small" });

    const read = await get(`/api/products/getLikesDislikes/${id}`, franchisee);
    expect(read.json()).toEqual(second.json());
    const [{ n } = { n: 0 }] = await world.database.db
      .select({ n: count() })
      .from(productLikes)
      .where(eq(productLikes.productId, id));
    expect(n).toBe(1);
  });

  it("never shows one partner another partner's record", async () => {
    const id = GST_EDGE_PRODUCTS.footwearMrpBelow500;
    await post("/api/products/likesDislikes", { productId: id, likeDislike: 1, reason: "" }, franchisee);
    expect((await get(`/api/products/getLikesDislikes/${id}`, stockist)).json()).toBeNull();
    const theirs = await post(
      "/api/products/likesDislikes",
      { productId: id, likeDislike: 0, reason: "Not for our store" },
      stockist,
    );
    expect(theirs.json().likeDislike).toBe(0);
    expect((await get(`/api/products/getLikesDislikes/${id}`, franchisee)).json().likeDislike).toBe(1);
    const rows = await world.database.db
      .select({ n: count() })
      .from(productLikes)
      .where(and(eq(productLikes.productId, id)));
    expect(rows[0]?.n).toBe(2);
  });

  it("accepts only 1 or 0 and a reason of at most 500 characters", async () => {
    const id = product();
    for (const likeDislike of [2, -1, "1", true, null]) {
      const res = await post(
        "/api/products/likesDislikes",
        { productId: id, likeDislike, reason: "" },
        franchisee,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("likeDislike must be 1 (like) or 0 (dislike)");
    }
    const long = await post(
      "/api/products/likesDislikes",
      { productId: id, likeDislike: 1, reason: "x".repeat(501) },
      franchisee,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe("reason must be at most 500 characters");
    const ok = await post(
      "/api/products/likesDislikes",
      { productId: id, likeDislike: 1, reason: "x".repeat(500) },
      franchisee,
    );
    expect(ok.statusCode).toBe(200);
    const noId = await post("/api/products/likesDislikes", { likeDislike: 1 }, franchisee);
    expect(noId.statusCode).toBe(400);
    expect(noId.json().message).toBe("productId must be a number");
  });

  it("answers 404 for a product the caller may not see", async () => {
    const hidden = await post(
      "/api/products/likesDislikes",
      { productId: HIDDEN_PRODUCTS.inactive, likeDislike: 1, reason: "" },
      franchisee,
    );
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(messages.productNotFound);
    const food = pick(catalogue, "food product", (p) => isFood(p) && sellable(p) && inSharedWarehouse(p));
    const unlicensed = await post(
      "/api/products/likesDislikes",
      { productId: food.id, likeDislike: 0, reason: "" },
      stockist,
    );
    expect(unlicensed.statusCode).toBe(404);
    const missing = await post(
      "/api/products/likesDislikes",
      { productId: 99999999999, likeDislike: 0, reason: "" },
      stockist,
    );
    expect(missing.statusCode).toBe(400);
  });
});
