/**
 * Every rule that decides whether a partner may buy a product (visibility and the product's ordering
 * flag, mapping, food licence, rules, serviceability, the partner's ordering flag) holds on every
 * path that buys it: cart update, cart upload and order placement.
 */
import { FOOD_SUBCATEGORY_IDS } from "@portal/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productStock, products, serviceablePincodes } from "../../db/schema";
import { STOCKIST_BLOCKED_BRAND_ID } from "../../seed/brands-data";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { requests } from "../cart/test-kit";
import { type CatalogueProduct, loadCatalogue } from "../products/test-facts";
import {
  createPartner,
  orderBody,
  orderCount,
  placeOrder,
  productsOfType,
  stockUp,
  userIdOf,
} from "./order-test-kit";

const STOCKIST = "stockist@demo.in";
/** A warehouse of the stockist's mapping, and one that is not (the franchisee's). */
const MAPPED_WH = 2;
const UNMAPPED_WH = 3;

let world: TestWorld;
let headers: { authorization: string };
let plain: CatalogueProduct[];

beforeAll(async () => {
  world = await createTestWorld();
  plain = productsOfType(await loadCatalogue(world), "OwnedStock", 8);
  headers = await world.signIn(STOCKIST);
});
afterAll(() => world.close());

/** Makes the i-th plain product buyable by the stockist from its mapped warehouse, then breaks one rule. */
async function arrange(i: number, breakRule: (id: number) => Promise<void>): Promise<number> {
  const product = plain[i];
  if (!product) throw new Error(`no plain product ${i}`);
  const db = world.database.db;
  await db.delete(productStock).where(eq(productStock.productId, product.id));
  await stockUp(db, product.id, MAPPED_WH, 500);
  await breakRule(product.id);
  return product.id;
}

const set = (id: number, values: Partial<typeof products.$inferInsert>) =>
  world.database.db
    .update(products)
    .set(values)
    .where(eq(products.id, id))
    .then(() => undefined);

const RULES: { rule: string; refusal: RegExp; breakRule: (id: number) => Promise<void> }[] = [
  {
    rule: "the product's ordering flag (b2bIsActive)",
    refusal: /not found/i,
    breakRule: (id) => set(id, { b2bIsActive: false }),
  },
  {
    rule: "mapping (stock only outside the partner's warehouses)",
    refusal: /not found/i,
    breakRule: async (id) => {
      await world.database.db.delete(productStock).where(eq(productStock.productId, id));
      await stockUp(world.database.db, id, UNMAPPED_WH, 500);
    },
  },
  {
    rule: "food licence",
    refusal: /not found/i,
    breakRule: (id) => set(id, { subcategoryId: FOOD_SUBCATEGORY_IDS[0] }),
  },
  {
    rule: "the partner's rules (a blocked brand)",
    refusal: /not found/i,
    breakRule: (id) => set(id, { brandId: STOCKIST_BLOCKED_BRAND_ID }),
  },
  {
    rule: "serviceability (drop-ship brand not delivering to the pincode)",
    refusal: /not serviceable/i,
    breakRule: async (id) => {
      await set(id, { stockType: "DropShipment" });
      const [row] = await world.database.db
        .select({ brandId: products.brandId })
        .from(products)
        .where(eq(products.id, id));
      await world.database.db
        .delete(serviceablePincodes)
        .where(
          and(eq(serviceablePincodes.brandId, row?.brandId ?? 0), eq(serviceablePincodes.pincode, "560001")),
        );
    },
  },
];

describe("a product the partner may not buy", () => {
  it("is bought on every path while every rule holds (the control)", async () => {
    const id = await arrange(7, async () => {});
    const update = await requests(world).update(headers, { products: [{ id, qty: 1 }] });
    expect(update.statusCode).toBe(200);
    const order = await placeOrder(
      world.app,
      headers,
      orderBody([{ wh: MAPPED_WH, products: [{ id, qty: 1 }] }]),
    );
    // Placed, or refused only for the warehouse group's minimum: never as not found or not serviceable.
    for (const r of order.json().result ?? [])
      if (r.status === 400) expect(r.message).not.toMatch(/not found|serviceable/i);
  });

  for (const [i, { rule, refusal, breakRule }] of RULES.entries()) {
    describe(rule, () => {
      let id: number;
      beforeAll(async () => {
        id = await arrange(i, breakRule);
      });

      it("is refused by cart update", async () => {
        const res = await requests(world).update(headers, { products: [{ id, qty: 1 }] });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.json().message).toMatch(refusal);
      });

      it("is dropped by cart upload", async () => {
        const res = await requests(world).upload(headers, "cart.csv", `productId,quantity\n${id},1\n`);
        expect(res.statusCode).toBe(200);
        const report = res.json();
        expect(report.added).toEqual([]);
        expect(report.dropped).toEqual([
          expect.objectContaining({ row: 2, reason: expect.stringMatching(refusal) }),
        ]);
      });

      it("is refused by order placement", async () => {
        const before = await orderCount(world.database.db);
        const wh = rule.startsWith("mapping") ? UNMAPPED_WH : MAPPED_WH;
        const res = await placeOrder(world.app, headers, orderBody([{ wh, products: [{ id, qty: 1 }] }]));
        expect(res.statusCode).toBe(400);
        const message = res.json().result?.[0]?.message ?? "";
        expect(message).toMatch(rule.startsWith("mapping") ? /not one of your|not found/i : refusal);
        expect(await orderCount(world.database.db)).toBe(before);
      });
    });
  }

  describe("the partner's ordering flag (canOrder)", () => {
    it("refuses order placement", async () => {
      await createPartner(world.database.db, {
        email: "no-order@example.com",
        canOrder: false,
        warehouses: [MAPPED_WH],
      });
      const h = await world.signIn("no-order@example.com");
      const id = plain[7]?.id ?? 0;
      const res = await placeOrder(world.app, h, orderBody([{ wh: MAPPED_WH, products: [{ id, qty: 1 }] }]));
      expect(res.statusCode).toBe(403);
      expect(
        await orderCount(world.database.db, await userIdOf(world.database.db, "no-order@example.com")),
      ).toBe(0);
    });
  });
});
