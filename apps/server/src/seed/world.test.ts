import { createHash } from "node:crypto";
import { DEMO_PASSWORD, FOOD_SUBCATEGORY_IDS, PRIVATE_LABEL_BRAND_IDS, STOCK_TYPES } from "@portal/domain";
import { asc, eq, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/client";
import { brands, franchises, productStock, products, users, userWarehouses } from "../db/schema";
import { verifyPassword } from "../lib/password";
import { DEMO_ACCOUNTS, HIDDEN_REASONS, type HiddenReason, type SeedSummary, seedDemoWorld } from "./world";

const SIZE = 300;

async function freshDatabase(): Promise<Database> {
  const database = await openDatabase({});
  await database.migrate();
  return database;
}

/** A digest of every product and stock row in id order. */
async function catalogueDigest(database: Database): Promise<string> {
  const productRows = await database.db.select().from(products).orderBy(asc(products.id));
  const stockRows = await database.db
    .select()
    .from(productStock)
    .orderBy(asc(productStock.productId), asc(productStock.warehouseId), asc(productStock.mrp));
  return createHash("sha256")
    .update(JSON.stringify([productRows, stockRows]))
    .digest("hex");
}

/** Rows of a raw query; both drivers answer `execute` with `{ rows }`. */
async function query<T>(database: Database, statement: SQL): Promise<T[]> {
  const result = (await database.db.execute(statement)) as { rows: T[] };
  return result.rows;
}

const withoutDuration = ({ durationMs: _, ...rest }: SeedSummary) => rest;

describe("the demo world", () => {
  let first: Database;
  let second: Database;
  let summary: SeedSummary;

  beforeAll(async () => {
    [first, second] = await Promise.all([freshDatabase(), freshDatabase()]);
    summary = await seedDemoWorld(first.db, { products: SIZE, seed: 7 });
  });

  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it("is the same world, row for row, for the same seed and a different one for another seed", async () => {
    const again = await seedDemoWorld(second.db, { products: SIZE, seed: 7 });
    expect(withoutDuration(again)).toEqual(withoutDuration(summary));
    expect(await catalogueDigest(second)).toBe(await catalogueDigest(first));

    const other = await freshDatabase();
    try {
      await seedDemoWorld(other.db, { products: SIZE, seed: 8 });
      expect(await catalogueDigest(other)).not.toBe(await catalogueDigest(first));
    } finally {
      await other.close();
    }
  });

  it("has the requested number of products, each with its stock summed into currentStock", async () => {
    expect(summary.products).toBe(SIZE);
    const mismatched = await query<{ id: number }>(
      first,
      sql`
      SELECT p.id FROM products p LEFT JOIN product_stock s ON s.product_id = p.id
      GROUP BY p.id HAVING p.current_stock <> coalesce(sum(s.stock), 0)`,
    );
    expect(mismatched).toEqual([]);
    const [count] = await first.db.select({ n: sql<number>`count(*)::int` }).from(products);
    expect(count?.n).toBe(SIZE);
  });

  it("signs every demo account in with the demo password and gives it its flags and warehouses", async () => {
    const rows = await first.db
      .select({ user: users, concept: franchises.concept, franchiseCreated: franchises.createdAt })
      .from(users)
      .leftJoin(franchises, eq(franchises.id, users.franchiseId));
    const byEmail = new Map(rows.map((r) => [r.user.email, r]));
    expect([...byEmail.keys()].sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());

    const mapping = async (email: string) => {
      const id = byEmail.get(email)?.user.id ?? -1;
      const list = await first.db
        .select({ id: userWarehouses.warehouseId })
        .from(userWarehouses)
        .where(eq(userWarehouses.userId, id))
        .orderBy(asc(userWarehouses.warehouseId));
      return list.map((w) => w.id);
    };

    const franchisee = byEmail.get("franchisee@demo.in");
    expect(franchisee?.concept).toBe("BABYHUG");
    expect(franchisee?.user).toMatchObject({
      accountType: "franchise",
      role: "user",
      isFranchisee: true,
      enableLedger: true,
      hasFoodLicense: true,
      enableARS: true,
      canViewStorePerformance: true,
      canOrder: true,
      canCartUpload: true,
      offer: true,
      shippingCity: "Pune",
      shippingState: "Maharashtra",
      shippingPincode: "411001",
    });
    expect(await verifyPassword(DEMO_PASSWORD, franchisee?.user.passwordHash ?? "")).toBe(true);
    expect(await mapping("franchisee@demo.in")).toEqual([2, 3, 5, 7, 101]);

    const stockist = byEmail.get("stockist@demo.in");
    expect(stockist?.concept ?? null).toBeNull();
    expect(stockist?.user).toMatchObject({
      accountType: "stockist",
      isFranchisee: false,
      enableLedger: false,
      hasFoodLicense: false,
      offer: false,
      canOrder: true,
      canCartUpload: true,
      state: "Karnataka",
      shippingPincode: "560001",
    });
    expect(await mapping("stockist@demo.in")).toEqual([2, 7, 102]);

    expect(byEmail.get("kiosk@demo.in")?.user.accountType).toBe("kiosk");

    const coco = byEmail.get("coco@demo.in");
    expect(coco?.concept).toBe("COCO");
    expect(coco?.franchiseCreated?.toISOString()).toBe(new Date("2018-03-20T00:00:00+05:30").toISOString());
    // Its ledger flag is on: the store sees both ledger accounts and its ageing notes.
    expect(coco?.user).toMatchObject({
      isFranchisee: true,
      enableLedger: true,
      canOrder: true,
      offer: false,
    });

    const admin = byEmail.get("admin@demo.in");
    expect(admin?.user.role).toBe("admin");
    expect(await mapping("admin@demo.in")).not.toContain(104);
  });

  it("holds every stock type, the private labels and both food subcategories", async () => {
    const types = await first.db.selectDistinct({ type: products.stockType }).from(products);
    expect(types.map((t) => t.type).sort()).toEqual([...STOCK_TYPES].sort());

    const labels = await first.db
      .select({ id: brands.id })
      .from(brands)
      .where(eq(brands.isPrivateLabel, true))
      .orderBy(asc(brands.id));
    expect(labels.map((b) => b.id)).toEqual([...PRIVATE_LABEL_BRAND_IDS].sort((a, b) => a - b));

    const food = await query<{ id: number; category_id: number }>(
      first,
      sql`SELECT id, category_id FROM subcategories WHERE id IN (79, 815) ORDER BY id`,
    );
    expect(food.map((r) => r.id)).toEqual([...FOOD_SUBCATEGORY_IDS]);
  });

  type Counts = { below: number; exactly: number; above: number };

  it("has clothing on, below and above a cost of 1050 and footwear on, below and above an MRP of 500", async () => {
    const clothing = await query<Counts>(
      first,
      sql`
      SELECT count(*) FILTER (WHERE cost < 1050)::int AS below,
             count(*) FILTER (WHERE cost = 1050)::int AS exactly,
             count(*) FILTER (WHERE cost > 1050)::int AS above
      FROM (SELECT round(mrp * (1 - retailer_margin / 100), 2) AS cost FROM products
            WHERE left(hsn_code, 2) IN ('61', '62', '63') AND category_id IN (6, 21)) c`,
    );
    const footwear = await query<Counts>(
      first,
      sql`
      SELECT count(*) FILTER (WHERE mrp < 500)::int AS below,
             count(*) FILTER (WHERE mrp = 500)::int AS exactly,
             count(*) FILTER (WHERE mrp > 500)::int AS above
      FROM products WHERE left(hsn_code, 2) = '64' AND category_id = 22`,
    );
    for (const counts of [clothing[0], footwear[0]]) {
      expect(counts?.below).toBeGreaterThan(0);
      expect(counts?.exactly).toBeGreaterThan(0);
      expect(counts?.above).toBeGreaterThan(0);
    }
  });

  it("hides one product for each reason, and for that reason only", async () => {
    const failures = async (productId: number): Promise<HiddenReason[]> => {
      const [row] = await query<{
        inactive: boolean;
        zero_margin: boolean;
        zero_stock: boolean;
        unmapped: boolean;
        other_mrp: boolean;
      }>(
        first,
        sql`
        SELECT NOT p.b2b_is_active AS inactive,
               p.retailer_margin <= 0 AS zero_margin,
               p.current_stock <= 0 AND NOT EXISTS
                 (SELECT 1 FROM product_stock s WHERE s.product_id = p.id AND s.stock > 0) AS zero_stock,
               EXISTS (SELECT 1 FROM product_stock s WHERE s.product_id = p.id AND s.stock > 0 AND s.mrp = p.mrp)
                 AND NOT EXISTS (SELECT 1 FROM product_stock s JOIN user_warehouses m ON m.warehouse_id = s.warehouse_id
                                 WHERE s.product_id = p.id AND s.stock > 0 AND s.mrp = p.mrp) AS unmapped,
               EXISTS (SELECT 1 FROM product_stock s WHERE s.product_id = p.id AND s.stock > 0)
                 AND NOT EXISTS (SELECT 1 FROM product_stock s
                                 WHERE s.product_id = p.id AND s.stock > 0 AND s.mrp = p.mrp) AS other_mrp
        FROM products p WHERE p.id = ${productId}`,
      );
      if (!row) throw new Error(`Product ${productId} is missing`);
      const reasons: HiddenReason[] = [];
      if (row.inactive) reasons.push("inactive");
      if (row.zero_margin) reasons.push("zeroMargin");
      if (row.zero_stock) reasons.push("zeroStock");
      if (row.unmapped) reasons.push("unmappedWarehouse");
      if (row.other_mrp) reasons.push("stockAtOtherMrp");
      return reasons;
    };

    expect(Object.keys(summary.hiddenProducts).sort()).toEqual([...HIDDEN_REASONS].sort());
    for (const reason of HIDDEN_REASONS) {
      expect(await failures(summary.hiddenProducts[reason])).toEqual([reason]);
    }
    for (const id of Object.values(summary.gstEdgeProducts)) {
      expect(await failures(id)).toEqual([]);
    }
  });
  it("gives each franchise and kiosk store its own sales of the last 12 months (the store-performance trend) and its shelf stock", async () => {
    const rows = await query<{
      email: string;
      days: number;
      units: number;
      first: string;
      last: string;
      stocked: number;
    }>(
      first,
      sql`SELECT u.email,
            (SELECT count(DISTINCT s.sale_date)::int FROM store_sales s WHERE s.user_id = u.id) AS days,
            (SELECT coalesce(sum(s.qty), 0)::int FROM store_sales s WHERE s.user_id = u.id) AS units,
            (SELECT min(s.sale_date)::text FROM store_sales s WHERE s.user_id = u.id) AS first,
            (SELECT max(s.sale_date)::text FROM store_sales s WHERE s.user_id = u.id) AS last,
            (SELECT count(*)::int FROM store_stock t WHERE t.user_id = u.id) AS stocked
          FROM users u ORDER BY u.email`,
    );
    expect(rows).toEqual([
      { email: "admin@demo.in", days: 0, units: 0, first: null, last: null, stocked: 0 },
      { email: "coco@demo.in", days: 350, units: 2419, first: "2025-11-01", last: "2026-10-31", stocked: 12 },
      {
        email: "franchisee@demo.in",
        days: 358,
        units: 2455,
        first: "2025-11-01",
        last: "2026-10-31",
        stocked: 19,
      },
      {
        email: "kiosk@demo.in",
        days: 355,
        units: 2386,
        first: "2025-11-01",
        last: "2026-10-31",
        stocked: 12,
      },
      { email: "stockist@demo.in", days: 0, units: 0, first: null, last: null, stocked: 0 },
    ]);
    const [mismatch] = await query<{ n: number }>(
      first,
      sql`SELECT count(*)::int AS n FROM store_sales s JOIN products p ON p.id = s.product_id
          WHERE s.amount_paise <> s.qty * round(p.mrp * 100)`,
    );
    expect(mismatch?.n).toBe(0);
  });
  it("leaves the planner statistics of what it loaded (a fresh database would otherwise plan blind)", async () => {
    const rows = await query<{ relname: string; reltuples: number }>(
      first,
      sql`SELECT relname, reltuples::int AS reltuples FROM pg_class
          WHERE relname IN ('products', 'product_stock', 'store_sales') ORDER BY relname`,
    );
    expect(rows).toEqual([
      { relname: "product_stock", reltuples: 681 },
      { relname: "products", reltuples: SIZE },
      { relname: "store_sales", reltuples: 3401 },
    ]);
  });
});
