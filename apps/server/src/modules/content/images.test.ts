import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { PICTURE_KINDS, pictureKindOf, productSvg } from "./images";

describe("pictureKindOf: each category drawn as its own kind of product", () => {
  it.each<[string, number, number, string]>([
    ["casual shoes", 22, 2201, "shoe"],
    ["sandals", 22, 2202, "shoe"],
    ["boys' T-shirts", 6, 601, "garment"],
    ["girls' frocks", 21, 2101, "dress"],
    ["shorts and trousers", 6, 603, "trousers"],
    ["diapers", 1, 101, "diaper"],
    ["baby wipes", 1, 102, "wipes"],
    ["diaper bags", 1, 105, "bag"],
    ["shampoo and body wash", 3, 302, "bottle"],
    ["lotions and creams", 3, 301, "tube"],
    ["feeding bottles", 2, 201, "feedingBottle"],
    ["soft toys", 4, 401, "toy"],
    ["building blocks", 4, 402, "blocks"],
    ["strollers", 5, 501, "stroller"],
    ["cribs", 9, 901, "crib"],
    ["story books", 10, 1004, "book"],
    ["infant formula", 7, 79, "jar"],
    ["sunglasses", 12, 1204, "glasses"],
  ])("%s → %s", (_, categoryId, subcategoryId, kind) => {
    expect(pictureKindOf(categoryId, subcategoryId)).toBe(kind);
  });

  it("draws every kind as a picture of its own", () => {
    const pictures = PICTURE_KINDS.map((kind) => productSvg(1, "a", kind));
    expect(new Set(pictures).size).toBe(PICTURE_KINDS.length);
    for (const [i, svg] of pictures.entries()) expect(svg).toContain(`data-kind="${PICTURE_KINDS[i]}"`);
  });
});

describe("GET /api/images/products/{id}/{view}.svg", () => {
  let world: TestWorld;
  beforeAll(async () => {
    world = await createTestWorld({ products: 200 });
  });
  afterAll(() => world.close());

  it("draws each seeded product as its category's kind: shoes for footwear, garments for clothes, bottles for shampoo", async () => {
    const rows = (
      (await world.database.db.execute(
        // One product of each of these subcategories in the seeded world.
        `SELECT DISTINCT ON (subcategory_id) id, subcategory_id FROM products
         WHERE subcategory_id IN (2201, 2203, 601, 2102, 302, 401) ORDER BY subcategory_id, id`,
      )) as unknown as { rows: { id: number; subcategory_id: number }[] }
    ).rows;
    expect(rows.length).toBeGreaterThanOrEqual(4);
    const expected: Record<number, string> = {
      2201: "shoe",
      2203: "shoe",
      601: "garment",
      2102: "garment",
      302: "bottle",
      401: "toy",
    };
    for (const row of rows) {
      const res = await world.app.inject({ url: `/api/images/products/${row.id}/c.svg` });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/svg+xml");
      expect([row.subcategory_id, /data-kind="(\w+)"/.exec(res.body)?.[1]]).toEqual([
        row.subcategory_id,
        expected[row.subcategory_id],
      ]);
    }
  });
});
