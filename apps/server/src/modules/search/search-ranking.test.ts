import type { ListingResponse, Product, SuggestionsResponse } from "@portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWorld, type TestWorld } from "../../test/harness";

/**
 * The ranking of common searches in the demo world (1,500 products), seen by the franchisee: what the
 * product is (its subcategory's head word or its type) ranks above words of its name, which rank above
 * its brand or description; mistyped words are corrected first ("daiper" → "diaper").
 */
let world: TestWorld;
let franchisee: { authorization: string };

beforeAll(async () => {
  world = await createTestWorld({ products: 1500 });
  franchisee = await world.signIn("franchisee@demo.in");
});
afterAll(() => world.close());

async function results(search: string, page = 1, size = 50) {
  const res = await world.app.inject({
    method: "POST",
    url: "/api/listing/b2b",
    headers: franchisee,
    payload: { search, size, page, filters: [] },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as ListingResponse;
}

/** Every result of a search, in its order. */
async function allResults(search: string): Promise<Product[]> {
  const first = await results(search);
  const all = [...first.products];
  for (let page = 2; page <= first.totalPages; page++) all.push(...(await results(search, page)).products);
  return all;
}

const DIAPERS = ["Diapers", "Cloth Diapers & Nappies"];

describe("search ranking of common searches", () => {
  it.each<[string, number, string[]]>([
    ["daiper", 10, DIAPERS],
    ["diaper", 10, DIAPERS],
    ["diapers", 10, DIAPERS],
    ["diaper bag", 1, ["Changing Mats & Diaper Bags"]],
    ["shoes", 10, ["Sports Shoes", "Casual Shoes", "School Shoes"]],
    ["t shirt", 10, ["T-Shirts"]],
    ["frock", 5, ["Frocks & Dresses"]],
    ["shampoo", 10, ["Shampoo & Body Wash"]],
    ["wipes", 10, ["Baby Wipes"]],
    ["stroller", 3, ["Strollers & Prams"]],
    ["soft toy", 10, ["Soft Toys"]],
    ["bottle", 10, ["Feeding Bottles & Nipples", "Lunch Boxes & Bottles"]],
    ["onesie", 3, ["Infant Rompers & Bodysuits"]],
    ["bib", 5, ["Bibs & Burp Cloths"]],
  ])('"%s": the first %i results are %j', async (search, count, subcategories) => {
    const found = (await results(search, 1, 10)).products.slice(0, count);
    expect(found.length).toBe(count);
    expect(found.map((p) => [p.name, p.subcategory.name])).toEqual(
      found.map((p) => [p.name, subcategories.includes(p.subcategory.name) ? p.subcategory.name : "(other)"]),
    );
  });

  it('"daiper" lists every diaper before any diaper bag, backpack or rash cream', async () => {
    const all = await allResults("daiper");
    const kinds = all.map((p) => (DIAPERS.includes(p.subcategory.name) ? "diaper" : "other"));
    const lastDiaper = kinds.lastIndexOf("diaper");
    const firstOther = kinds.indexOf("other");
    expect(lastDiaper).toBeGreaterThan(10);
    expect(firstOther).toBe(lastDiaper + 1);
    expect(all.slice(firstOther).map((p) => p.subcategory.name)).toEqual(
      expect.arrayContaining(["Changing Mats & Diaper Bags", "Diaper Rash Creams"]),
    );
  });

  it('suggests diapers first for "daiper"', async () => {
    const res = await world.app.inject({
      method: "POST",
      url: "/api/products/suggestions/b2b",
      headers: franchisee,
      payload: { search: "daiper" },
    });
    const names = (res.json() as SuggestionsResponse).products.map((p) => p.name);
    expect(names.length).toBe(8);
    expect(names.filter((n) => /bag|backpack|cream/i.test(n))).toEqual([]);
    expect(names.every((n) => /diaper/i.test(n))).toBe(true);
  });
});
