import { FOOD_CATEGORY_NAMES } from "@portal/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWorld, type TestWorld } from "../../test/harness";

let world: TestWorld;
beforeAll(async () => {
  world = await createTestWorld();
});
afterAll(() => world.close());

describe("GET /api/menu", () => {
  it("shows a food-licence user only the two food categories", async () => {
    const res = await world.app.inject({
      url: "/api/menu",
      headers: await world.signIn("franchisee@demo.in"),
    });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .map((c: { name: string }) => c.name)
        .sort(),
    ).toEqual([...FOOD_CATEGORY_NAMES].sort());
  });

  it("never shows food subcategories 79 and 815 to a user without the licence", async () => {
    const res = await world.app.inject({ url: "/api/menu", headers: await world.signIn("stockist@demo.in") });
    const menu = res.json() as { id: number; subcategories: { id: number }[] }[];
    expect(menu).toHaveLength(14);
    const subIds = menu.flatMap((c) => c.subcategories.map((s) => s.id));
    expect(subIds).not.toContain(79);
    expect(subIds).not.toContain(815);
  });
});

/** Products of the stockist's blocked brand and type that its warehouses stock (seeded world of 200 products). */
const BLOCKED_BRAND_PRODUCTS = 8;

describe("GET /api/category/b2b", () => {
  it("counts for the stockist exactly the products (sizes) the listing of each category totals (its brand and type blocks included)", async () => {
    const headers = await world.signIn("stockist@demo.in");
    const tiles = (await world.app.inject({ url: "/api/category/b2b", headers })).json() as {
      id: number;
      productCount: number;
    }[];
    const listingTotal = async (filters: { key: string; values: number[] }[]) =>
      (
        await world.app.inject({
          method: "POST",
          url: "/api/listing/b2b",
          headers,
          payload: { filters, page: 1, size: 10 },
        })
      ).json().productTotal as number;
    const everything = await listingTotal([]);
    expect(tiles.reduce((sum, t) => sum + t.productCount, 0)).toBe(everything);
    for (const tile of tiles)
      expect([tile.id, tile.productCount]).toEqual([
        tile.id,
        await listingTotal([{ key: "categories", values: [tile.id] }]),
      ]);
    // The blocked brand's and type's products are stocked in the stockist's warehouses: counting them was the bug.
    const blocked = await world.database.db.execute(sql`
      SELECT count(*)::int AS n FROM products p
      JOIN user_rules r ON r.user_id = (SELECT id FROM users WHERE email = 'stockist@demo.in')
      WHERE r.kind = 'block'
        AND ((r.dimension = 'brand' AND p.brand_id = r.value_id)
          OR (r.dimension = 'subcategoryType' AND p.subcategory_type_id = r.value_id))
        AND p.b2b_is_active AND p.retailer_margin > 0 AND p.current_stock > 0
        AND p.stocked_warehouse_ids && ARRAY[2, 7, 102]`);
    expect((blocked as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(BLOCKED_BRAND_PRODUCTS);
  });

  it("lists categories with a positive count of sellable products and a picture", async () => {
    const res = await world.app.inject({
      url: "/api/category/b2b",
      headers: await world.signIn("stockist@demo.in"),
    });
    const tiles = res.json() as { productCount: number; imageUrl: string }[];
    expect(tiles).toHaveLength(14);
    for (const tile of tiles) {
      expect(tile.productCount).toBeGreaterThan(0);
      const img = await world.app.inject({ url: tile.imageUrl });
      expect(img.headers["content-type"]).toMatch(/image\/svg\+xml/);
    }
  });
});

describe("GET /api/products/gstRates", () => {
  it("lists HSN rates where CGST plus SGST equals IGST", async () => {
    const res = await world.app.inject({
      url: "/api/products/gstRates?state=Maharashtra",
      headers: await world.signIn("franchisee@demo.in"),
    });
    expect(res.statusCode).toBe(200);
    const rates = res.json() as { HSNCode: string; CGST: string; SGST: string; IGST: string }[];
    expect(rates).toHaveLength(52);
    for (const r of rates)
      expect(Math.round((Number(r.CGST) + Number(r.SGST)) * 100)).toBe(Math.round(Number(r.IGST) * 100));
  });

  it("requires the state", async () => {
    const res = await world.app.inject({
      url: "/api/products/gstRates",
      headers: await world.signIn("franchisee@demo.in"),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("state is required");
  });
});

describe("banners, pictures and docs", () => {
  it("lists banners whose pictures the server draws", async () => {
    const res = await world.app.inject({ url: "/api/banner", headers: await world.signIn("coco@demo.in") });
    const banners = res.json() as { imageUrl: string; title: string }[];
    expect(banners).toHaveLength(5);
    const img = await world.app.inject({ url: banners[0]?.imageUrl ?? "" });
    expect(img.statusCode).toBe(200);
    expect(img.body).toMatch(/^<svg/);
  });

  it("serves eight product views a to h and refuses others", async () => {
    for (const view of "abcdefgh") {
      expect((await world.app.inject({ url: `/api/images/products/100001/${view}.svg` })).statusCode).toBe(
        200,
      );
    }
    expect((await world.app.inject({ url: "/api/images/products/100001/z.svg" })).statusCode).toBe(400);
  });

  it("serves the OpenAPI document and its UI", async () => {
    const doc = await world.app.inject({ url: "/api/openapi.json" });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toEqual(
      expect.arrayContaining(["/api/auth/local", "/api/users/{id}", "/api/notifications/{id}"]),
    );
    const ui = await world.app.inject({ url: "/api/docs/" });
    expect(ui.statusCode).toBe(200);
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const res = await world.app.inject({
      url: "/api/nothing-here",
      headers: await world.signIn("coco@demo.in"),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Not found" });
  });
});
