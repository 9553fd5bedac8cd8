import { DEMO_PASSWORD, STATIC_WAREHOUSES } from "@portal/domain";
import { eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../db/client";
import {
  arsProducts,
  banners,
  brands,
  categories,
  franchises,
  gstRates,
  menuItems,
  notifications,
  productStock,
  products,
  serviceablePincodes,
  storeDailyMetrics,
  storePeerDays,
  storeSales,
  storeStock,
  subcategories,
  subcategoryTypes,
  userRules,
  users,
  userWarehouses,
  warehouses,
} from "../db/schema";
import { hashPassword } from "../lib/password";
import { refreshSearchWords } from "../modules/search/public";
import {
  BANNERS,
  DEMO_USERS,
  NOTIFICATIONS,
  STOCKIST_WAREHOUSES,
  UNMAPPED_WAREHOUSE_ID,
} from "./accounts-data";
import { BRANDS, REGION_PINCODES, STOCKIST_BLOCKED_BRAND_ID } from "./brands-data";
import { CATEGORIES, GST_RATES } from "./catalogue-data";
import { seedContent } from "./content";
import { type HistorySummary, seedHistory } from "./history";
import { seedKioskOrders } from "./kiosk-orders";
import { buildSubcategoryTypes, type GstEdgeCase, generateCatalogue, type HiddenReason } from "./products";
import { Random } from "./random";
import { storePerformanceRows } from "./store-performance";
import { storeTradeRows } from "./store-trade";
import { seedDemoTeam } from "./team";

export {
  FIRST_PRODUCT_ID,
  GST_EDGE_CASES,
  type GstEdgeCase,
  HIDDEN_REASONS,
  type HiddenReason,
} from "./products";

export const DEFAULT_PRODUCT_COUNT = 5000;
export const DEFAULT_SEED = 20_261_101;
/** The smallest catalogue the generator makes: the hand-made cases plus a few groups. */
export const MIN_PRODUCT_COUNT = 50;
/**
 * Every date in the world is relative to this fixed moment (midnight IST), never to the clock,
 * so that the same seed always gives the same world.
 */
export const WORLD_BASE_DATE = new Date("2026-11-01T00:00:00+05:30");

/** The demo sign-ins main.ts prints; every one uses DEMO_PASSWORD. */
export const DEMO_ACCOUNTS: readonly { email: string; description: string }[] = DEMO_USERS.map((u) => ({
  email: u.email,
  description: u.description,
}));

export interface SeedOptions {
  /** Number of products (default 5000, at least 50). */
  products?: number;
  /** Random seed; the same seed gives the same world. */
  seed?: number;
  /** Months of back-office history ("full": back to 2017-04); default 0, none. */
  historyMonths?: number | "full";
  log?: (message: string) => void;
}

export interface SeedSummary {
  seed: number;
  products: number;
  stockRows: number;
  users: number;
  warehouses: number;
  brands: number;
  categories: number;
  /** One product per reason it must never be shown. */
  hiddenProducts: Record<HiddenReason, number>;
  /** Visible products on and either side of the clothing and footwear GST thresholds. */
  gstEdgeProducts: Record<GstEdgeCase, number>;
  /** The back-office history made, when asked for. */
  history: HistorySummary | null;
  durationMs: number;
}

/** Tables the demo world fills, children first; TRUNCATE … CASCADE also empties tables that refer to them. */
const WORLD_TABLES = [
  "jobs",
  "store_feedback_comments",
  "store_feedback",
  "store_daily_metrics",
  "store_peer_days",
  "store_sales",
  "store_stock",
  "kiosk_order_lines",
  "kiosk_orders",
  "audit_log",
  "cforms",
  "waybill_log",
  "waybills",
  "sales_returns",
  "payments",
  "ledger_entries",
  "invoices",
  "document_counters",
  "loads",
  "search_words",
  "ars_products",
  "product_likes",
  "notifications",
  "menu_items",
  "banners",
  "serviceable_pincodes",
  "product_stock",
  "products",
  "gst_rates",
  "brands",
  "subcategory_types",
  "subcategories",
  "categories",
  "kiosk_customers",
  "password_reset_tokens",
  "member_invites",
  "store_members",
  "sessions",
  "user_rules",
  "user_warehouses",
  "users",
  "franchises",
  "warehouses",
] as const;

/** Empties the catalogue and user tables (and whatever refers to them) and restarts their ids. */
export async function wipeDemoWorld(db: Db): Promise<void> {
  await db.execute(sql.raw(`TRUNCATE ${WORLD_TABLES.join(", ")} RESTART IDENTITY CASCADE`));
}

const rate = (percent: number) => percent.toFixed(2);

async function insertInChunks<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: readonly T["$inferInsert"][],
  chunkSize: number,
): Promise<void> {
  for (let start = 0; start < rows.length; start += chunkSize) {
    await tx.insert(table).values(rows.slice(start, start + chunkSize) as never);
  }
}

const FIRST_NAMES = [
  "Rahul",
  "Sneha",
  "Vikram",
  "Anjali",
  "Suresh",
  "Kavita",
  "Arjun",
  "Meera",
  "Nitin",
  "Pooja",
];
const LAST_NAMES = [
  "Sharma",
  "Patel",
  "Reddy",
  "Kulkarni",
  "Nair",
  "Singh",
  "Joshi",
  "Menon",
  "Agarwal",
  "Rao",
];

/**
 * Fills an empty database with the demo world in one transaction. The caller makes sure the
 * database is migrated and empty (see wipeDemoWorld).
 */
export async function seedDemoWorld(db: Db, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const seed = options.seed ?? DEFAULT_SEED;
  const productCount = Math.max(MIN_PRODUCT_COUNT, Math.floor(options.products ?? DEFAULT_PRODUCT_COUNT));
  const rng = new Random(seed);
  const lap = (() => {
    let last = started;
    return (what: string) => {
      const now = performance.now();
      log(`${what} (${Math.round(now - last)} ms)`);
      last = now;
    };
  })();

  const catalogue = generateCatalogue(rng, productCount, WORLD_BASE_DATE);
  lap(`Generated ${catalogue.products.length} products and ${catalogue.stock.length} stock rows`);

  const brandRows = BRANDS.map((brand) => {
    const withContact = brand.isPrivateLabel === true || rng.chance(0.6);
    const slug = brand.name.toLowerCase().replace(/[^a-z0-9]+/g, "");
    return {
      id: brand.id,
      name: brand.name,
      description: `${brand.tagline}.`,
      isPrivateLabel: brand.isPrivateLabel === true,
      contactName: withContact ? `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}` : null,
      contactEmail: withContact ? `sales@${slug}.in` : null,
      contactPhone: withContact ? `+91 ${rng.int(70_000, 99_999)} ${rng.int(10_000, 99_999)}` : null,
    };
  });
  const pincodeRows = BRANDS.flatMap((brand) =>
    (brand.regions ?? []).flatMap((region) =>
      REGION_PINCODES[region].map((pincode) => ({ brandId: brand.id, pincode })),
    ),
  );
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const allWarehouses = [...STATIC_WAREHOUSES, ...STOCKIST_WAREHOUSES];
  const { idOf: typeIdOf } = buildSubcategoryTypes();

  await db.transaction(async (tx) => {
    await tx.insert(warehouses).values(allWarehouses.map((w) => ({ ...w })));
    await tx
      .insert(categories)
      .values(CATEGORIES.map((c) => ({ id: c.id, name: c.name, sortOrder: c.sortOrder })));
    await tx
      .insert(subcategories)
      .values(
        CATEGORIES.flatMap((c) => c.subcategories.map((s) => ({ id: s.id, categoryId: c.id, name: s.name }))),
      );
    await tx.insert(subcategoryTypes).values(catalogue.subcategoryTypes);
    await tx.insert(brands).values(brandRows);
    await tx.insert(gstRates).values(
      GST_RATES.map((g) => ({
        hsnCode: g.hsnCode,
        description: g.description,
        cgst: rate(g.rate / 2),
        sgst: rate(g.rate / 2),
        igst: rate(g.rate),
      })),
    );
    await insertInChunks(tx, serviceablePincodes, pincodeRows, 1000);
    lap("Inserted warehouses, categories, brands, GST rates and serviceable pincodes");

    await insertInChunks(tx, products, catalogue.products, 500);
    lap(`Inserted ${catalogue.products.length} products`);
    await insertInChunks(tx, productStock, catalogue.stock, 2000);
    lap(`Inserted ${catalogue.stock.length} stock rows`);

    // Users, their franchises, warehouse mapping and rules.
    const userIds = new Map<string, number>();
    for (const demo of DEMO_USERS) {
      let franchiseId: number | null = null;
      if (demo.franchise) {
        const [franchise] = await tx
          .insert(franchises)
          .values({ ...demo.franchise })
          .returning({ id: franchises.id });
        franchiseId = franchise?.id ?? null;
      }
      const [user] = await tx
        .insert(users)
        .values({
          email: demo.email,
          passwordHash,
          role: demo.role,
          accountType: demo.accountType,
          firstname: demo.firstname,
          lastname: demo.lastname,
          storeName: demo.storeName,
          phone: demo.phone,
          ...demo.flags,
          pincode: demo.pincode,
          state: demo.state,
          gstin: demo.gstin,
          shippingAddress1: demo.shippingAddress1,
          shippingAddress2: demo.shippingAddress2,
          shippingCity: demo.shippingCity,
          shippingState: demo.state,
          shippingPincode: demo.pincode,
          franchiseId,
          createdAt: demo.createdAt,
        })
        .returning({ id: users.id });
      if (!user) throw new Error(`Could not create ${demo.email}`);
      userIds.set(demo.email, user.id);
      const mapped =
        demo.warehouses === "all"
          ? allWarehouses.map((w) => w.id).filter((id) => id !== UNMAPPED_WAREHOUSE_ID)
          : demo.warehouses;
      await tx.insert(userWarehouses).values(mapped.map((warehouseId) => ({ userId: user.id, warehouseId })));
    }
    await seedDemoTeam(tx, userIds, passwordHash, WORLD_BASE_DATE);
    const stockistId = userIds.get("stockist@demo.in");
    const blockedType = typeIdOf.get("601:Sleeveless");
    if (stockistId !== undefined && blockedType !== undefined) {
      await tx.insert(userRules).values([
        { userId: stockistId, kind: "block", dimension: "brand", valueId: STOCKIST_BLOCKED_BRAND_ID },
        { userId: stockistId, kind: "block", dimension: "subcategoryType", valueId: blockedType },
      ]);
    }

    // Home carousel, category menu and notifications.
    for (const [index, banner] of BANNERS.entries()) {
      const [row] = await tx
        .insert(banners)
        .values({ ...banner, imageUrl: "", sortOrder: index + 1 })
        .returning({ id: banners.id });
      if (row) {
        await tx
          .update(banners)
          .set({ imageUrl: `/api/images/banners/${row.id}.svg` })
          .where(eq(banners.id, row.id));
      }
    }
    await tx
      .insert(menuItems)
      .values(
        [...CATEGORIES]
          .sort((a, b) => a.sortOrder - b.sortOrder)
          .map((c) => ({ categoryId: c.id, sortOrder: c.sortOrder })),
      );
    const notificationRows = Object.entries(NOTIFICATIONS).flatMap(([email, list]) => {
      const userId = userIds.get(email);
      if (userId === undefined) return [];
      return list.map((n) => ({
        userId,
        title: n.title,
        message: n.message,
        target: n.target,
        createdAt: new Date(WORLD_BASE_DATE.getTime() - n.hoursAgo * 3_600_000),
      }));
    });
    await tx.insert(notifications).values(notificationRows);
    await refreshSearchWords(tx);

    // Automatic replenishment lists for the ARS users: every 37th product after the hidden ones.
    const arsRows = DEMO_USERS.filter((u) => u.flags.enableARS).flatMap((u) => {
      const userId = userIds.get(u.email);
      if (userId === undefined) return [];
      return catalogue.products
        .filter((_, index) => index >= 20 && index % 37 === 5)
        .map((p, index) => ({ userId, productId: p.id, targetStock: 6 + (index % 5) * 6 }));
    });
    await insertInChunks(tx, arsProducts, arsRows, 1000);
    // Content library rows, training calendar, assessments and artwork orders.
    await seedContent(tx, userIds, new Date(), WORLD_BASE_DATE);
    lap(
      `Inserted ${DEMO_USERS.length} users, banners, menu, notifications and ${arsRows.length} ARS entries`,
    );

    // The stores' own sales and shelf stock (franchise and kiosk stores).
    const stores = DEMO_USERS.filter(
      (u) => u.accountType === "franchise" || u.accountType === "kiosk",
    ).flatMap((u) => {
      const userId = userIds.get(u.email);
      if (userId === undefined) return [];
      const arsProductIds = arsRows.filter((r) => r.userId === userId).map((r) => r.productId);
      return [{ userId, arsProductIds }];
    });
    const trade = storeTradeRows(stores, catalogue.products, WORLD_BASE_DATE, seed);
    await insertInChunks(tx, storeSales, trade.sales, 2000);
    await insertInChunks(tx, storeStock, trade.stock, 2000);
    lap(`Inserted ${trade.sales.length} store sales rows and ${trade.stock.length} store stock rows`);

    // Store performance: the stores' daily footfall, bills and audits, and the national peer stores.
    const performance = storePerformanceRows(stores, trade.sales, WORLD_BASE_DATE, seed);
    await insertInChunks(tx, storeDailyMetrics, performance.metrics, 2000);
    await insertInChunks(tx, storePeerDays, performance.peers, 1000);
    lap(
      `Inserted ${performance.metrics.length} store day metrics and ${performance.peers.length} peer store days`,
    );
  });

  const months = options.historyMonths ?? 0;
  const history = months === 0 ? null : await seedHistory(db, { end: WORLD_BASE_DATE, months, seed, log });
  if (history) {
    const kioskOrders = await seedKioskOrders(db, WORLD_BASE_DATE);
    log(`${kioskOrders} kiosk orders for kiosk@demo.in`);
    lap(
      `History of ${history.months} months: ${history.orders} orders, ${history.loads} loads, ${history.invoices} tax invoices, ${history.payments} payments, ${history.salesReturns} sales returns, ${history.waybills} waybill requests`,
    );
  }

  // A bulk load leaves the planner without statistics: on a fresh database it would pick a bitmap
  // scan for the listing that takes 40 times longer than the index scan it picks once it knows.
  await db.execute(sql`ANALYZE`);
  lap("Analyzed the tables for the query planner");

  const durationMs = Math.round(performance.now() - started);
  log(`Seeded the demo world in ${(durationMs / 1000).toFixed(1)} s`);
  return {
    seed,
    products: catalogue.products.length,
    stockRows: catalogue.stock.length,
    users: DEMO_USERS.length,
    warehouses: allWarehouses.length,
    brands: brandRows.length,
    categories: CATEGORIES.length,
    hiddenProducts: catalogue.hiddenProducts,
    gstEdgeProducts: catalogue.gstEdgeProducts,
    history,
    durationMs,
  };
}
