import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { warehouses } from "./warehouses";

export const franchises = pgTable("franchises", {
  id: serial().primaryKey(),
  concept: text().notNull(),
  name: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  "users",
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    role: text().notNull().default("user"),
    accountType: text().notNull().default("stockist"),
    firstname: text().notNull(),
    lastname: text().notNull(),
    storeName: text(),
    phone: text(),
    offer: boolean().notNull().default(false),
    canViewStorePerformance: boolean().notNull().default(false),
    canOrder: boolean().notNull().default(false),
    canCartUpload: boolean().notNull().default(false),
    isFranchisee: boolean().notNull().default(false),
    enableLedger: boolean().notNull().default(false),
    hasFoodLicense: boolean().notNull().default(false),
    enableARS: boolean("enable_ars").notNull().default(false),
    pincode: text(),
    state: text(),
    shippingAddress1: text(),
    shippingAddress2: text(),
    shippingCity: text(),
    shippingState: text(),
    shippingPincode: text(),
    franchiseId: integer().references(() => franchises.id),
    /** A deactivated partner cannot sign in; deactivation ends every session. */
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Raised when staff change the user's mapping or rules: every instance's cached copies are keyed by it. */
    contextVersion: integer().notNull().default(0),
    /** The partner's GSTIN (validated by the domain's gstinProblem), in capitals. */
    gstin: text(),
    /** The registered (billing) address staff keep on the partner's record. */
    address: text(),
    /** How much the partner may owe, in paise; null: no limit set. */
    creditLimitPaise: bigint({ mode: "number" }),
  },
  (t) => [uniqueIndex("users_email_key").on(sql`lower(${t.email})`)],
);

/** Counters of the limiters (sign-in, sign-up, reset requests), shared by every app instance. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text().primaryKey(),
    count: integer().notNull(),
    resetAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_reset_at_idx").on(t.resetAt)],
);

export const userWarehouses = pgTable(
  "user_warehouses",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    warehouseId: integer()
      .notNull()
      .references(() => warehouses.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.warehouseId] })],
);

/** One row per allowed or blocked id: dimension is category, subcategory, brand or subcategoryType. */
export const userRules = pgTable(
  "user_rules",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    dimension: text().notNull(),
    valueId: integer().notNull(),
  },
  (t) => [index("user_rules_user_idx").on(t.userId)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    /** Set for a kiosk guest session: the walk-in customer's mobile number. */
    kioskCustomerMobile: text(),
    /** Set when a member of the store signed in (store_members.id); null for the owner. */
    memberId: integer(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("sessions_token_key").on(t.tokenHash)],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("password_reset_tokens_token_key").on(t.tokenHash)],
);

export const kioskCustomers = pgTable(
  "kiosk_customers",
  {
    id: serial().primaryKey(),
    storeUserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    mobileNo: text().notNull(),
    firstName: text(),
    lastName: text(),
    email: text(),
    dob: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("kiosk_customers_store_mobile_key").on(t.storeUserId, t.mobileNo)],
);
