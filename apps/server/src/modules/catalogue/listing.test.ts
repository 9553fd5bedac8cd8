import type { ListingResponse } from "@portal/contracts";
import { FOOD_SUBCATEGORY_IDS, sortBySize, toPaise } from "@portal/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWorld, type TestWorld } from "../../test/harness";

/** The stockist's listing of the 600-product demo world: styles (group id and colour) and their sizes. */
const STOCKIST_STYLES = 279;
const STOCKIST_PRODUCTS = 457;

let world: TestWorld;
let stockist: { authorization: string };
let franchisee: { authorization: string };

beforeAll(async () => {
  world = await createTestWorld({ products: 600 });
  stockist = await world.signIn("stockist@demo.in");
  franchisee = await world.signIn("franchisee@demo.in");
});
afterAll(() => world.close());

async function list(headers: { authorization: string }, body: Record<string, unknown>) {
  const res = await world.app.inject({ method: "POST", url: "/api/listing/b2b", headers, payload: body });
  return { status: res.statusCode, body: res.json() as ListingResponse & { message?: string } };
}

/** Every product of a listing, page by page. */
async function listAll(headers: { authorization: string }, body: Record<string, unknown>) {
  const first = await list(headers, { ...body, size: 50, page: 1 });
  expect(first.status).toBe(200);
  const all = [...first.body.products];
  for (let page = 2; page <= first.body.totalPages; page++) {
    all.push(...(await list(headers, { ...body, size: 50, page })).body.products);
  }
  return { all, first: first.body };
}

const facetCount = (res: ListingResponse, key: keyof ListingResponse["facets"], value: string | number) =>
  res.facets[key].find((f) => f.value === value)?.count ?? 0;

describe("POST /api/listing/b2b: filters", () => {
  it("narrows by category, subcategory, brand and subcategory type", async () => {
    const { first } = await list(stockist, {}).then((r) => ({ first: r.body }));
    const category = first.facets.categories[0]!;
    const byCategory = await listAll(stockist, {
      filters: [{ key: "categories", values: [category.value] }],
    });
    expect(byCategory.all.length).toBe(category.count);
    expect(byCategory.all.every((p) => p.catId === category.value)).toBe(true);

    const sub = byCategory.first.facets.subcategories[0]!;
    const bySub = await listAll(stockist, {
      filters: [{ key: "subcategories", values: [String(sub.value)] }],
    });
    expect(bySub.all.every((p) => p.subcatId === sub.value)).toBe(true);

    const brand = first.facets.brands[0]!;
    const byBrand = await listAll(stockist, { filters: [{ key: "brands", values: [brand.value] }] });
    expect(byBrand.all.length).toBe(brand.count);
    expect(byBrand.all.every((p) => p.brandId === brand.value)).toBe(true);

    const type = first.facets.Type[0]!;
    const byType = await listAll(stockist, { filters: [{ key: "Type", values: [type.value] }] });
    expect(byType.all.length).toBe(type.count);
    expect(byType.all.every((p) => p.subcategoryType?.id === type.value)).toBe(true);
  });

  it("narrows by price range on MRP, several ranges meaning either", async () => {
    const { all } = await listAll(stockist, { filters: [{ key: "prices", values: ["500-999", "5000-"] }] });
    expect(all).toHaveLength(73);
    for (const p of all) {
      const mrp = Number(p.mrp);
      expect((mrp >= 500 && mrp < 1000) || mrp >= 5000).toBe(true);
    }
  });

  it("narrows by age range overlap", async () => {
    const { all } = await listAll(stockist, { filters: [{ key: "age", values: ["0-12"] }] });
    expect(all).toHaveLength(14);
    for (const p of all) {
      expect(p.ageFromMonths).not.toBeNull();
      expect(p.ageFromMonths!).toBeLessThan(12);
      expect(p.ageToMonths!).toBeGreaterThan(0);
    }
  });

  it("narrows by offer, premium, stock type, sets and non-sets", async () => {
    const offer = await listAll(franchisee, { filters: [{ key: "offer", values: ["true"] }] });
    expect(offer.all).toHaveLength(14);
    expect(offer.all.every((p) => p.isOffer)).toBe(true);
    const premium = await listAll(franchisee, {
      filters: [{ key: "premium", values: [true] }],
    });
    expect(premium.all.every((p) => p.isPremium)).toBe(true);
    const dropship = await listAll(franchisee, {
      filters: [{ key: "stocktype", values: ["DropShipment", "JustInTime"] }],
    });
    expect(dropship.all).toHaveLength(38);
    expect(dropship.all.every((p) => ["DropShipment", "JustInTime"].includes(p.stockType))).toBe(true);
    const sets = await listAll(franchisee, { filters: [{ key: "isSet", values: ["true"] }] });
    expect(sets.all.every((p) => p.isSet)).toBe(true);
    const nonSets = await listAll(franchisee, { filters: [{ key: "isNonSet", values: ["true"] }] });
    expect(nonSets.all.every((p) => !p.isSet)).toBe(true);
    const all = await list(franchisee, {});
    expect(sets.first.total + nonSets.first.total).toBe(all.body.total);
  });

  it("counts per facet value what each choice leaves, other filters applied", async () => {
    const base = await list(stockist, {});
    const category = base.body.facets.categories[0]!;
    const withCategory = await list(stockist, { filters: [{ key: "categories", values: [category.value] }] });
    // The category facet ignores its own filter, so other categories stay selectable with their counts.
    expect(withCategory.body.facets.categories.length).toBe(base.body.facets.categories.length);
    expect(withCategory.body.total).toBe(category.count);
    // Each product has one brand: the brand counts under the category add up to its total.
    const brandSum = withCategory.body.facets.brands.reduce((s, f) => s + f.count, 0);
    expect(brandSum).toBe(withCategory.body.total);
    const brand = withCategory.body.facets.brands[0]!;
    const both = await list(stockist, {
      filters: [
        { key: "categories", values: [category.value] },
        { key: "brands", values: [brand.value] },
      ],
    });
    expect(both.body.total).toBe(brand.count);
    expect(facetCount(both.body, "categories", category.value)).toBe(brand.count);
  });
});

describe("POST /api/listing/b2b: one card per style, sizes inside", () => {
  it("lists each style (group id and colour) once with its sizes in size order, and says it counts styles", async () => {
    const { all, first } = await listAll(stockist, {});
    expect(first.counts).toBe("styles");
    expect([first.total, first.productTotal]).toEqual([STOCKIST_STYLES, STOCKIST_PRODUCTS]);
    const styles = all.map((p) => `${p.groupID}^${p.color}`);
    expect(new Set(styles).size).toBe(all.length);
    expect(all.length).toBe(STOCKIST_STYLES);
    // Every size of every card, once: the sizes inside add up to the products the filters leave.
    const sizeIds = all.flatMap((p) => p.styleSizes?.map((s) => s.id) ?? []);
    expect(new Set(sizeIds).size).toBe(STOCKIST_PRODUCTS);
    for (const card of all) {
      const sizes = card.styleSizes ?? [];
      expect(sizes.map((s) => s.id)).toContain(card.id);
      expect(sizes.map((s) => s.size)).toEqual(sortBySize(sizes, (s) => s.size).map((s) => s.size));
      expect(sizes.every((s) => s.totalStock > 0)).toBe(true);
    }
    const many = all.find((p) => (p.styleSizes?.length ?? 0) >= 4);
    expect(many?.styleSizes?.length).toBeGreaterThanOrEqual(4);
  });

  it("shows a shoe style's sizes from UK 3 up to UK 13 and then UK 1 and UK 2", async () => {
    const { all } = await listAll(franchisee, { search: "shoes" });
    const shoeSizes = all
      .map((p) => (p.styleSizes ?? []).map((s) => s.size ?? ""))
      .find(
        (sizes) =>
          sizes.some((s) => s.startsWith("UK 1 ")) && sizes.some((s) => /^UK ([3-9]|1[0-3]) /.test(s)),
      );
    // The demo world's kids' shoe: UK 11–13, then the youth sizes UK 1–2.
    expect(shoeSizes).toEqual([
      "UK 11 (5.5-6 Y)",
      "UK 12 (6-7 Y)",
      "UK 13 (7-8 Y)",
      "UK 1 (8-9 Y)",
      "UK 2 (9-10 Y)",
    ]);
    const numbers = shoeSizes!.map((s) => Number(/^UK (\d+)/.exec(s)?.[1]));
    const youth = numbers.filter((n) => n <= 2);
    expect(numbers).toEqual([...numbers.filter((n) => n > 2).sort((a, b) => a - b), ...youth.sort()]);
  });

  it("lists one card per size when a filter asks for sizes, and counts products", async () => {
    const base = await list(stockist, {});
    const sizeFacet = base.body.facets.sizes;
    expect(sizeFacet.map((f) => f.label)).toEqual(sortBySize(sizeFacet, (f) => f.label).map((f) => f.label));
    const chosen = sizeFacet.slice(0, 2).map((f) => String(f.value));
    const { all, first } = await listAll(stockist, { filters: [{ key: "sizes", values: chosen }] });
    expect(first.counts).toBe("products");
    expect(first.total).toBe(first.productTotal);
    expect(all.length).toBe(first.total);
    expect(all.every((p) => chosen.includes(p.size ?? "") && p.styleSizes === undefined)).toBe(true);
    // Each size's facet count is the styles that come in it: every product of a size is its own style.
    expect(first.total).toBe(sizeFacet.slice(0, 2).reduce((sum, f) => sum + f.count, 0));
  });
});

describe("sorts and pages", () => {
  it("sorts by price both ways", async () => {
    const asc = (await list(stockist, { sort: { name: "price", order: "asc" }, size: 50 })).body.products.map(
      (p) => toPaise(p.mrp),
    );
    const desc = (
      await list(stockist, { sort: { name: "price", order: "desc" }, size: 50 })
    ).body.products.map((p) => toPaise(p.mrp));
    expect(asc).toEqual([...asc].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(desc).toEqual([...desc].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
  });

  it("puts new arrivals first by default", async () => {
    const dates = (await list(stockist, { size: 30 })).body.products.map((p) => p.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("puts best sellers first, by rank", async () => {
    const res = await list(franchisee, { sort: { name: "bestSeller", order: "desc" }, size: 10 });
    expect(res.status).toBe(200);
    expect(res.body.products).toHaveLength(10);
  });

  it("pages without repeats and answers a page beyond the last with a 400", async () => {
    const first = await list(stockist, { size: 20, page: 1 });
    const second = await list(stockist, { size: 20, page: 2 });
    const ids = new Set([...first.body.products, ...second.body.products].map((p) => p.id));
    expect(ids.size).toBe(40);
    const beyond = await list(stockist, { size: 20, page: first.body.totalPages + 1 });
    expect(beyond.status).toBe(400);
    expect(beyond.body.message).toBe("page 15 is beyond the last page (14)");
  });

  it.each([
    [{ page: 0 }, /page/],
    [{ size: 15 }, /size must be one of 10, 20, 30, 50/],
    [{ filters: [{ key: "colour", values: ["red"] }] }, /filter key must be one of/],
    [{ filters: [{ key: "categories", values: ["abc"] }] }, /not an id/],
    [{ filters: [{ key: "brands", values: [99999999999] }] }, /not an id/],
    [{ filters: [{ key: "prices", values: ["1-2"] }] }, /not a range/],
    [{ filters: [{ key: "stocktype", values: ["Magic"] }] }, /not a stock type/],
    [{ filters: [{ key: "offer", values: ["maybe"] }] }, /true or false/],
    [{ sort: { name: "cheapest" } }, /sort.name/],
    [{ whId: 3 }, /not one of your warehouses/],
    [{ whType: "moon" }, /whType/],
  ])("refuses %j with a 400 naming the problem", async (body, reason) => {
    const res = await list(stockist, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(reason);
  });
});

describe("what a partner may see", () => {
  it("never lists the hidden products, even searched by id", async () => {
    for (const id of [100001, 100002, 100003, 100004, 100005]) {
      const res = await list(franchisee, { search: String(id) });
      expect(res.body.products.map((p) => p.id)).not.toContain(id);
    }
    const visible = await list(franchisee, { search: "100006" });
    expect(visible.body.products[0]?.id).toBe(100006);
  });

  it("follows stock: a product sold out everywhere vanishes, and comes back when restocked", async () => {
    const ids = async () => (await list(stockist, { search: "100006" })).body.products.map((p) => p.id);
    expect(await ids()).toContain(100006);
    await world.database.db.execute(sql`UPDATE product_stock SET stock = 0 WHERE product_id = 100006`);
    expect(await ids()).not.toContain(100006);
    await world.database.db.execute(
      sql`UPDATE product_stock SET stock = 12 WHERE product_id = 100006 AND warehouse_id = 7`,
    );
    expect(await ids()).toContain(100006);
    const restocked = (await list(stockist, { search: "100006" })).body.products[0];
    expect(restocked?.whId).toBe(7);
  });

  it("shows food subcategories 79 and 815 only with the food licence", async () => {
    const food = { filters: [{ key: "subcategories", values: [...FOOD_SUBCATEGORY_IDS] }] };
    expect((await list(franchisee, food)).body.total).toBe(7);
    expect((await list(stockist, food)).body.total).toBe(0);
    const { all } = await listAll(stockist, {});
    expect(all.some((p) => (FOOD_SUBCATEGORY_IDS as readonly number[]).includes(p.subcatId))).toBe(false);
  });

  it("prices from the partner's own warehouses only, and applies its block rules", async () => {
    const { all } = await listAll(stockist, {});
    expect(all.length).toBeGreaterThan(50);
    for (const p of all) {
      expect([2, 7, 102]).toContain(p.whId);
      expect(p.brandId).not.toBe(176);
      expect(p.subcategoryType?.id).not.toBe(3);
    }
  });

  it("lists stockist stock only under the stockist warehouse type", async () => {
    const { all } = await listAll(franchisee, { whType: "stockist" });
    expect(all).toHaveLength(19);
    expect(all.every((p) => p.whId === 101)).toBe(true);
    const owned = await listAll(franchisee, { whType: "owned" });
    expect(owned.all.every((p) => p.whId < 99 && ["OwnedStock", "CreditWHStock"].includes(p.stockType))).toBe(
      true,
    );
  });

  it("prices with CGST + SGST in the partner's state and IGST across states", async () => {
    const own = await list(franchisee, { whId: 2, size: 10 });
    for (const p of own.body.products) {
      expect(p.gstType).toBe("CGST/SGST");
      expect(toPaise(p.pricing!.netCost)).toBe(toPaise(p.pricing!.baseCost) + toPaise(p.pricing!.vat));
    }
    const across = await list(stockist, { whId: 2, size: 10 });
    expect(across.body.products.every((p) => p.gstType === "IGST")).toBe(true);
  });
});

describe("search", () => {
  it("finds diapers when the partner types 'daiper'", async () => {
    const res = await list(stockist, { search: "daiper" });
    expect(res.body.total).toBe(17);
    expect(res.body.products.every((p) => /diaper/i.test(`${p.name} ${p.desc}`))).toBe(true);
  });

  it("suggests products, categories and brands from 3 characters only", async () => {
    const short = await world.app.inject({
      method: "POST",
      url: "/api/products/suggestions/b2b",
      headers: stockist,
      payload: { search: "di" },
    });
    expect(short.json()).toEqual({ products: [], categories: [], brands: [] });
    const res = await world.app.inject({
      method: "POST",
      url: "/api/products/suggestions/b2b",
      headers: stockist,
      payload: { search: "Daiper!" },
    });
    const body = res.json();
    expect(body.products).toHaveLength(8);
    expect(body.categories.map((c: { name: string }) => c.name)).toContain("Diapering");
  });

  it("puts a product id typed in full first", async () => {
    const res = await world.app.inject({
      method: "POST",
      url: "/api/products/suggestions/b2b",
      headers: franchisee,
      payload: { search: "100010" },
    });
    expect(res.json().products[0].id).toBe(100010);
  });
});

describe("POST /api/listing/b2b: BABYHUG reorder marks", () => {
  it("marks the reorder products (every fourth style of the demo world) for the BABYHUG partner only", async () => {
    const babyhug = await list(franchisee, { size: 50, page: 1 });
    const marked = babyhug.body.products.filter((p) => p.reorder);
    expect(marked).toHaveLength(14);
    for (const p of babyhug.body.products) expect([p.id, p.reorder]).toEqual([p.id, p.groupID % 4 === 0]);
    const other = await list(stockist, { size: 50, page: 1 });
    expect(other.body.products.some((p) => p.groupID % 4 === 0)).toBe(true);
    expect(other.body.products.filter((p) => p.reorder)).toEqual([]);
  });
});
