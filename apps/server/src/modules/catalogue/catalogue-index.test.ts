/**
 * The listing answers from the catalogue index each server process keeps in memory. It must never be
 * behind the database: a change committed before a request, through any instance or straight in SQL,
 * is in that request's answer, on every instance. On PostgreSQL (TEST_DATABASE_URL) the instances
 * have their own connection pools, and a transaction that commits after later ones is not missed.
 */
import type { ListingResponse } from "@portal/contracts";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { DEMO_ACCOUNTS } from "../../test/test-facts";

let world: TestWorld;
let a: FastifyInstance;
let b: FastifyInstance;
let headers: { authorization: string };

beforeAll(async () => {
  world = await createTestWorld({ products: 120 });
  a = world.app;
  b = await world.anotherInstance();
  headers = await world.signIn("stockist@demo.in");
});
afterAll(() => world.close());

const run = (statement: ReturnType<typeof sql>) => world.database.db.execute(statement);

async function listing(app: FastifyInstance, body: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: "POST",
    url: "/api/listing/b2b",
    headers,
    payload: { size: 50, page: 1, ...body },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as ListingResponse;
}
/** Every product id the listing's cards hold (each card's sizes). */
const productIds = (res: ListingResponse) =>
  res.products.flatMap((p) => p.styleSizes?.map((s) => s.id) ?? [p.id]).sort((x, y) => x - y);

describe("the catalogue index", () => {
  it("shows every demo partner the products the SQL visibility rule counts per category", async () => {
    let partners = 0;
    for (const { email } of DEMO_ACCOUNTS) {
      const own = await world.signIn(email);
      const res = await a.inject({
        method: "POST",
        url: "/api/listing/b2b",
        headers: own,
        payload: { size: 10, page: 1 },
      });
      if (res.statusCode !== 200) continue; // staff accounts have no catalogue
      partners++;
      const tiles = (await a.inject({ url: "/api/category/b2b", headers: own })).json() as {
        productCount: number;
      }[];
      expect([email, (res.json() as ListingResponse).productTotal]).toEqual([
        email,
        tiles.reduce((sum, t) => sum + t.productCount, 0),
      ]);
    }
    expect(partners).toBeGreaterThanOrEqual(4);
  });

  it("counts each facet over every filter but its own, whichever categories are chosen", async () => {
    const all = await listing(a);
    const [first, second] = all.facets.categories;
    for (const chosen of [[first!.value], [first!.value, second!.value]]) {
      const inCategories = await listing(a, { filters: [{ key: "categories", values: chosen }] });
      expect(inCategories.facets.categories).toEqual(all.facets.categories);
      expect(inCategories.total).toBe(
        all.facets.categories.filter((c) => chosen.includes(c.value)).reduce((n, c) => n + c.count, 0),
      );
    }
    const brand = all.facets.brands[0]!.value;
    const byBrand = await listing(a, { filters: [{ key: "brands", values: [brand] }] });
    const both = await listing(a, {
      filters: [
        { key: "categories", values: [first!.value] },
        { key: "brands", values: [brand] },
      ],
    });
    expect(both.facets.categories).toEqual(byBrand.facets.categories);
  });

  it("drops a product whose stock ran out, on both instances, and takes it back when stock returns", async () => {
    const before = await listing(a);
    await listing(b);
    const gone = productIds(before)[0]!;
    const stock = await run(
      sql`SELECT warehouse_id, mrp, stock FROM product_stock WHERE product_id = ${gone}`,
    );
    await run(sql`UPDATE product_stock SET stock = 0 WHERE product_id = ${gone}`);
    for (const app of [a, b]) {
      const after = await listing(app);
      expect(after.productTotal).toBe(before.productTotal - 1);
      expect(productIds(after)).not.toContain(gone);
    }
    for (const row of (stock as unknown as { rows: { warehouse_id: number; mrp: string; stock: number }[] })
      .rows) {
      await run(
        sql`UPDATE product_stock SET stock = ${row.stock} WHERE product_id = ${gone} AND warehouse_id = ${row.warehouse_id} AND mrp = ${row.mrp}`,
      );
    }
    for (const app of [a, b]) {
      const back = await listing(app);
      expect(back.productTotal).toBe(before.productTotal);
      expect(productIds(back)).toContain(gone);
    }
  });

  it("prices a card with a changed GST rate and shows its changed stock at once, on both instances", async () => {
    const card = (await listing(a, { sort: { name: "price", order: "asc" } })).products[0]!;
    await listing(b, { sort: { name: "price", order: "asc" } });
    const hsn = await run(
      sql`SELECT hsn_code, igst FROM products JOIN gst_rates USING (hsn_code) WHERE id = ${card.id}`,
    );
    const { hsn_code: hsnCode, igst } = (hsn as unknown as { rows: { hsn_code: string; igst: string }[] })
      .rows[0]!;
    await run(sql`UPDATE gst_rates SET igst = 28, cgst = 14, sgst = 14 WHERE hsn_code = ${hsnCode}`);
    const atMrp = sql`product_id = ${card.id} AND warehouse_id = ${card.whId} AND mrp = (SELECT mrp FROM products WHERE id = ${card.id})`;
    await run(sql`UPDATE product_stock SET stock = stock + 5 WHERE ${atMrp}`);
    for (const app of [a, b]) {
      const after = (await listing(app, { sort: { name: "price", order: "asc" } })).products.find(
        (p) => p.id === card.id,
      )!;
      expect(after.gstratemaster.IGST).toBe("28.00");
      // The GST inside the price grows, the base cost under it shrinks.
      expect(Number(after.pricing!.vat)).toBeGreaterThan(Number(card.pricing!.vat));
      expect(Number(after.pricing!.baseCost)).toBeLessThan(Number(card.pricing!.baseCost));
      expect(after.totalStock).toBe(card.totalStock + 5);
    }
    const half = (Number(igst) / 2).toFixed(2);
    await run(
      sql`UPDATE gst_rates SET igst = ${igst}, cgst = ${half}, sgst = ${half} WHERE hsn_code = ${hsnCode}`,
    );
    await run(sql`UPDATE product_stock SET stock = stock - 5 WHERE ${atMrp}`);
    const back = (await listing(a, { sort: { name: "price", order: "asc" } })).products.find(
      (p) => p.id === card.id,
    )!;
    expect([back.pricing, back.totalStock]).toEqual([card.pricing, card.totalStock]);
  });

  it("moves a product whose MRP changed to its new place in the price order, and counts its new price range", async () => {
    const cheapest = (await listing(a, { sort: { name: "price", order: "asc" } })).products[0]!;
    const dearest = (await listing(b, { sort: { name: "price", order: "desc" } })).products[0]!;
    const before = await listing(a);
    const top = before.facets.prices.find((p) => p.value === "5000-")?.count ?? 0;
    // Every size of the cheapest style (and its stock rows, which visibility reads at the MRP) above the dearest.
    const ids = cheapest.styleSizes?.map((s) => s.id) ?? [cheapest.id];
    const price = Math.max(Number(dearest.pricing!.mrp) + 1, 6000).toFixed(2);
    for (const id of ids) {
      await run(sql`UPDATE product_stock SET mrp = ${price} WHERE product_id = ${id}`);
      await run(sql`UPDATE products SET mrp = ${price} WHERE id = ${id}`);
    }
    for (const app of [a, b]) {
      const desc = await listing(app, { sort: { name: "price", order: "desc" } });
      expect(desc.products[0]!.id).toBe(cheapest.id);
      expect(desc.products[0]!.pricing!.mrp).toBe(price);
      expect((await listing(app)).facets.prices.find((p) => p.value === "5000-")?.count).toBe(top + 1);
    }
  });

  it("lists a product added after the index was read, and forgets it when it is deleted", async () => {
    const before = await listing(a);
    await listing(b);
    const template = productIds(before)[0]!;
    const added = 9_000_001;
    await run(sql`
      INSERT INTO products (id, name, description, size, color, group_id, category_id, subcategory_id,
        subcategory_type_id, brand_id, hsn_code, mrp, retailer_margin, stock_type, current_stock, created_at)
      SELECT ${added}, name || ' (new)', description, size, 'Teal', ${added}, category_id, subcategory_id,
        subcategory_type_id, brand_id, hsn_code, mrp, retailer_margin, stock_type, current_stock, now() + interval '1 day'
      FROM products WHERE id = ${template}`);
    await run(sql`
      INSERT INTO product_stock (product_id, warehouse_id, mrp, stock)
      SELECT ${added}, warehouse_id, mrp, stock FROM product_stock WHERE product_id = ${template}`);
    for (const app of [a, b]) {
      const after = await listing(app);
      expect([after.total, after.productTotal]).toEqual([before.total + 1, before.productTotal + 1]);
      // The newest product leads the default order (new arrivals first).
      expect(after.products[0]!.id).toBe(added);
    }
    await run(sql`DELETE FROM product_stock WHERE product_id = ${added}`);
    await run(sql`DELETE FROM products WHERE id = ${added}`);
    for (const app of [a, b]) {
      const after = await listing(app);
      expect([after.total, after.productTotal]).toEqual([before.total, before.productTotal]);
      expect(productIds(after)).not.toContain(added);
    }
  });

  it("finds a renamed product by its new name in search and suggestions, on both instances", async () => {
    const suggest = (app: FastifyInstance, text: string) =>
      app
        .inject({ method: "POST", url: "/api/products/suggestions/b2b", headers, payload: { search: text } })
        .then((r) => r.json() as { products: { id: number; name: string }[] });
    const renamed = productIds(await listing(a))[0]!;
    // The word is known to search's vocabulary (as after a refresh), so it is looked up as typed.
    await run(sql`INSERT INTO search_words (word, frequency) VALUES ('zebracorn', 1)`);
    for (const app of [a, b]) {
      expect((await suggest(app, "zebracorn")).products).toEqual([]);
      expect((await listing(app, { search: "zebracorn" })).total).toBe(0);
    }
    await run(sql`UPDATE products SET name = name || ' Zebracorn' WHERE id = ${renamed}`);
    for (const app of [a, b]) {
      expect((await suggest(app, "zebracorn")).products.map((p) => p.id)).toEqual([renamed]);
      const found = await listing(app, { search: "zebracorn" });
      expect(productIds(found)).toEqual([renamed]);
    }
  });

  it("sees a change whose transaction commits after a later one (held open on PostgreSQL)", async () => {
    // On PGlite (one connection) transactions cannot overlap: the late change is simply made last.
    const other = world.url ? await openDatabase({ databaseUrl: world.url, poolSize: 2 }) : null;
    try {
      const before = await listing(a);
      const [late, early] = productIds(before);
      let commit!: () => void;
      const gate = new Promise<void>((resolve) => {
        commit = resolve;
      });
      let written!: () => void;
      const wrote = new Promise<void>((resolve) => {
        written = resolve;
      });
      const held = other
        ? other.db.transaction(async (tx) => {
            await tx.execute(sql`UPDATE product_stock SET stock = 0 WHERE product_id = ${late}`);
            written();
            await gate;
          })
        : (async () => {
            written();
            await gate;
            await run(sql`UPDATE product_stock SET stock = 0 WHERE product_id = ${late}`);
          })();
      await wrote;
      await run(sql`UPDATE product_stock SET stock = 0 WHERE product_id = ${early}`);
      const meanwhile = await listing(a);
      expect(productIds(meanwhile)).not.toContain(early);
      expect(productIds(meanwhile)).toContain(late);
      commit();
      await held;
      for (const app of [a, b]) {
        const after = await listing(app);
        expect(productIds(after)).not.toContain(late);
        expect(after.productTotal).toBe(before.productTotal - 2);
      }
    } finally {
      await other?.close();
    }
  });
});
