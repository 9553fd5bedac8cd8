import { parseServiceability, type ServiceabilityResult } from "@portal/contracts";
import { messages, SERVICEABILITY_STOCK_TYPES, warehouseNotMapped } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Headers, requests, serves, visibleIds } from "../../test/cart-test-kit";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { type CatalogueProduct, HIDDEN_PRODUCTS, loadCatalogue, sellable } from "../../test/test-facts";

let world: TestWorld;
let api: ReturnType<typeof requests>;
let stockist: Headers;
let owned: CatalogueProduct;
/** Drop-ship or credit-vendor, seen by the stockist; its brand delivers to 411001 but not to 560001. */
let puneOnly: CatalogueProduct;

beforeAll(async () => {
  world = await createTestWorld();
  api = requests(world);
  stockist = await world.signIn("stockist@demo.in");
  const catalogue = await loadCatalogue(world);
  const seen = new Set(
    await visibleIds(
      world,
      stockist,
      catalogue.filter(sellable).map((p) => p.id),
    ),
  );
  const needsPincode = (p: CatalogueProduct) =>
    (SERVICEABILITY_STOCK_TYPES as readonly string[]).includes(p.stockType);
  const visible = catalogue.filter((p) => seen.has(p.id));
  owned = visible.find((p) => p.stockType === "OwnedStock") as CatalogueProduct;
  for (const p of visible.filter(needsPincode)) {
    if ((await serves(world, p.brandId, "411001")) && !(await serves(world, p.brandId, "560001"))) {
      puneOnly = p;
      break;
    }
  }
  if (!owned || !puneOnly) throw new Error("the test world lacks the products these tests need");
});
afterAll(() => world.close());

async function ask(url: string, body: unknown): Promise<ServiceabilityResult[]> {
  const res = await api.post(url, stockist, body);
  expect(res.statusCode).toBe(200);
  const json = res.json();
  expect(typeof json.products).toBe("string");
  return parseServiceability(json);
}

describe("POST /api/products/serviceability", () => {
  it("answers per product, serviceable only when no failure is listed", async () => {
    const results = await ask("/api/products/serviceability", {
      ProductList: [
        { ProductID: owned.id, BillingPincode: "560001" },
        { ProductID: puneOnly.id, BillingPincode: "560001" },
        { ProductID: puneOnly.id, BillingPincode: 411001 },
        { ProductID: HIDDEN_PRODUCTS.inactive, BillingPincode: "560001" },
      ],
    });
    expect(results).toEqual([
      { ProductID: owned.id, BillingPincode: "560001", serviceable: true, failures: [] },
      {
        ProductID: puneOnly.id,
        BillingPincode: "560001",
        serviceable: false,
        failures: [`${messages.productNotServiceable} for pincode 560001`],
      },
      { ProductID: puneOnly.id, BillingPincode: "411001", serviceable: true, failures: [] },
      {
        ProductID: HIDDEN_PRODUCTS.inactive,
        BillingPincode: "560001",
        serviceable: false,
        failures: [messages.productNotFound],
      },
    ]);
  });
});

describe("POST /api/products/checkServiceableProducts", () => {
  it("also checks the client's MRP and warehouse against the catalogue and the caller's mapping", async () => {
    const results = await ask("/api/products/checkServiceableProducts", {
      ProductList: [
        { ProductID: owned.id, MRP: owned.mrp, WarehouseID: 7, BillingPincode: "560001" },
        { ProductID: owned.id, MRP: Number(owned.mrp), BillingPincode: "560001" },
        { ProductID: owned.id, MRP: "1.00", WarehouseID: 104, BillingPincode: "560001" },
        { ProductID: puneOnly.id, MRP: puneOnly.mrp, BillingPincode: "560001" },
      ],
    });
    expect(results.map((r) => r.serviceable)).toEqual([true, true, false, false]);
    expect(results[2]?.failures).toEqual([
      `MRP 1.00 does not match the product's MRP ${owned.mrp}`,
      warehouseNotMapped(104),
    ]);
    expect(results[3]?.failures).toEqual([`${messages.productNotServiceable} for pincode 560001`]);
  });
});

describe("bad serviceability requests are 400 with a reason", () => {
  it.each([
    ["no list", {}],
    ["an empty list", { ProductList: [] }],
    ["a product id as text", { ProductList: [{ ProductID: "x", BillingPincode: "560001" }] }],
    ["a pincode of 5 digits", { ProductList: [{ ProductID: 100010, BillingPincode: "56000" }] }],
    ["no pincode", { ProductList: [{ ProductID: 100010 }] }],
  ])("%s", async (_what, body) => {
    for (const url of ["/api/products/serviceability", "/api/products/checkServiceableProducts"]) {
      const res = await api.post(url, stockist, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});
