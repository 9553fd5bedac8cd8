import { type SQL, sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

import { warehouses } from "./warehouses";

export const categories = pgTable("categories", {
  id: integer().primaryKey(),
  name: text().notNull(),
  sortOrder: integer().notNull().default(0),
});

export const subcategories = pgTable(
  "subcategories",
  {
    id: integer().primaryKey(),
    categoryId: integer()
      .notNull()
      .references(() => categories.id),
    name: text().notNull(),
  },
  (t) => [index("subcategories_category_idx").on(t.categoryId)],
);

export const subcategoryTypes = pgTable(
  "subcategory_types",
  {
    id: integer().primaryKey(),
    subcategoryId: integer()
      .notNull()
      .references(() => subcategories.id),
    name: text().notNull(),
  },
  (t) => [index("subcategory_types_subcategory_idx").on(t.subcategoryId)],
);

export const brands = pgTable("brands", {
  id: integer().primaryKey(),
  name: text().notNull(),
  description: text().notNull().default(""),
  isPrivateLabel: boolean().notNull().default(false),
  contactName: text(),
  contactEmail: text(),
  contactPhone: text(),
});

/** GST rates by HSN code; the clothing and footwear thresholds are rules in packages/domain. */
export const gstRates = pgTable("gst_rates", {
  hsnCode: text().primaryKey(),
  description: text().notNull(),
  cgst: numeric({ precision: 5, scale: 2 }).notNull(),
  sgst: numeric({ precision: 5, scale: 2 }).notNull(),
  igst: numeric({ precision: 5, scale: 2 }).notNull(),
});

/**
 * A sellable item. Size and colour siblings share a groupId; each child carries its size,
 * colour and age range.
 */
export const products = pgTable(
  "products",
  {
    id: integer().primaryKey(),
    name: text().notNull(),
    description: text().notNull().default(""),
    size: text(),
    color: text(),
    groupId: integer().notNull(),
    categoryId: integer()
      .notNull()
      .references(() => categories.id),
    subcategoryId: integer()
      .notNull()
      .references(() => subcategories.id),
    subcategoryTypeId: integer().references(() => subcategoryTypes.id),
    brandId: integer()
      .notNull()
      .references(() => brands.id),
    hsnCode: text()
      .notNull()
      .references(() => gstRates.hsnCode),
    mrp: numeric({ precision: 12, scale: 2 }).notNull(),
    retailerMargin: numeric({ precision: 5, scale: 2 }).notNull(),
    stockType: text().notNull(),
    isReturnable: boolean().notNull().default(true),
    b2bIsActive: boolean().notNull().default(true),
    currentStock: integer().notNull().default(0),
    minimumShipHours: integer().notNull().default(24),
    isSet: boolean().notNull().default(false),
    isPremium: boolean().notNull().default(false),
    isSale: boolean().notNull().default(false),
    /** A product partners are meant to buy again (the spec's `reorder`): BABYHUG partners get its marks and checks. */
    reorder: boolean().notNull().default(false),
    isOffer: boolean().notNull().default(false),
    ageFromMonths: integer(),
    ageToMonths: integer(),
    bestSellerRank: integer(),
    imageCount: integer().notNull().default(8),
    /**
     * Warehouses holding stock above 0 at this product's MRP, kept by triggers on product_stock
     * (migration 0001), so visibility is an indexed array overlap instead of a join per product.
     */
    stockedWarehouseIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    searchVector: tsvector().generatedAlwaysAs(
      (): SQL =>
        sql`to_tsvector('simple', ${products.name} || ' ' || coalesce(${products.color}, '') || ' ' || ${products.description})`,
    ),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("products_category_idx").on(t.categoryId),
    index("products_subcategory_idx").on(t.subcategoryId),
    index("products_brand_idx").on(t.brandId),
    index("products_group_idx").on(t.groupId, t.color),
    index("products_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    index("products_search_idx").using("gin", t.searchVector),
    index("products_stocked_warehouses_idx").using("gin", t.stockedWarehouseIds),
    index("products_created_idx").on(t.createdAt),
    check("products_current_stock_not_negative", sql`${t.currentStock} >= 0`),
    // The listing's common paths: a category, sorted by price or by newness.
    index("products_category_mrp_idx").on(t.categoryId, t.mrp),
    index("products_category_created_idx").on(t.categoryId, t.createdAt),
    index("products_mrp_idx").on(t.mrp),
    index("products_best_seller_idx").on(t.bestSellerRank, t.id),
  ],
);

/** Stock and MRP per product and warehouse. */
export const productStock = pgTable(
  "product_stock",
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    warehouseId: integer()
      .notNull()
      .references(() => warehouses.id),
    mrp: numeric({ precision: 12, scale: 2 }).notNull(),
    stock: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.warehouseId, t.mrp] }),
    index("product_stock_warehouse_idx").on(t.warehouseId),
    check("product_stock_stock_not_negative", sql`${t.stock} >= 0`),
  ],
);

/** Pincodes a drop-ship or credit-vendor brand delivers to. */
export const serviceablePincodes = pgTable(
  "serviceable_pincodes",
  {
    brandId: integer()
      .notNull()
      .references(() => brands.id),
    pincode: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.pincode] })],
);

/** One like (1) or dislike (0) per user and product, with the reason given. */
export const productLikes = pgTable(
  "product_likes",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    likeDislike: smallint().notNull(),
    reason: text().notNull().default(""),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("product_likes_user_product_key").on(t.userId, t.productId)],
);

/** A store's automatic replenishment (ARS) list: products the retailer restocks for it. */
export const arsProducts = pgTable(
  "ars_products",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    targetStock: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

/**
 * The words of product names, colours, brands and categories, for typo-tolerant search: a mistyped
 * word is corrected to its nearest vocabulary word (trigram similarity) before the full-text match.
 */
export const searchWords = pgTable(
  "search_words",
  {
    word: text().primaryKey(),
    frequency: integer().notNull().default(1),
  },
  (t) => [index("search_words_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`)],
);
