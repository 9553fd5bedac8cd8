import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { products } from "./catalogue";
import { users } from "./users";
import { warehouses } from "./warehouses";

/** Numbers of purchase order ids, unique across every app instance. */
export const purchaseOrderNumbers = pgSequence("purchase_order_numbers", { startWith: 100_001 });

const money = () => numeric({ precision: 14, scale: 2 });
const rate = () => numeric({ precision: 5, scale: 2 });

/** The server-side cart: one line per person of a store (member 0 is the owner) and product. */
export const cartItems = pgTable(
  "cart_items",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** The store member whose cart this is; 0 for the owner (migration 0038). */
    memberId: integer().notNull().default(0),
    qty: integer().notNull(),
    /** groupID^colour for categories 6 and 21, else productId^colour. */
    parent: text().notNull(),
    stockType: text().notNull(),
    mrp: money().notNull(),
    whId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.memberId, t.productId] })],
);

/**
 * A purchase order: one per warehouse of a placement, with every field the account area reads
 * (order history, details, invoices, loads, gap reports).
 */
export const purchaseOrders = pgTable(
  "purchase_orders",
  {
    /** The order id; its last character is the stock type's letter. */
    poid: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    warehouseId: integer()
      .notNull()
      .references(() => warehouses.id),
    /** owned, stockist or dropship. */
    warehouseGroup: text().notNull(),
    stockType: text().notNull(),
    status: text().notNull().default("Pending"),
    /** The placement this order belongs to (several warehouses, one click). */
    placementId: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    paymentDate: timestamp({ withTimezone: true }),
    maxShipDate: timestamp({ withTimezone: true }).notNull(),
    totalItems: integer().notNull(),
    totalQuantity: integer().notNull(),
    totalMrp: money().notNull(),
    totalBase: money().notNull(),
    totalCgst: money().notNull(),
    totalSgst: money().notNull(),
    totalIgst: money().notNull(),
    couponDiscount: money().notNull().default("0"),
    netPayment: money().notNull(),
    gstType: text().notNull(),
    /** Set when the group total reached its minimum but not its shipping limit. */
    shippingCharge: boolean().notNull().default(false),
    /** The group's shipping charge (GST inclusive), on the first order of the flagged group of a placement; else 0. */
    shippingChargeAmount: money().notNull().default("0"),
    docketNo: text(),
    transporterNo: text(),
    /** Positive when fewer units were delivered than ordered. */
    gapReport: integer().notNull().default(0),
    shippingName: text().notNull(),
    shippingAddress1: text().notNull(),
    shippingAddress2: text(),
    shippingCity: text().notNull(),
    shippingState: text().notNull(),
    shippingPincode: text().notNull(),
    shippingPhone: text().notNull(),
    billingName: text().notNull(),
    billingAddress1: text().notNull(),
    billingAddress2: text(),
    billingCity: text().notNull(),
    billingState: text().notNull(),
    billingPincode: text().notNull(),
    billingGstNo: text(),
    /** Back office: the load it ships in, its lifecycle moments, and the ledger account it is billed to. */
    loadId: integer(),
    confirmedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelReason: text(),
    shippedAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    autoConfirmed: boolean().notNull().default(false),
    ledgerAccount: integer().notNull().default(1),
    /** Where the order came from: B2B, B2F or Kiosk (migration 0007). */
    source: text().notNull().default("B2B"),
    /** The store member who placed it (store_members.id); null for the owner, staff and older orders (migration 0038). */
    placedByMemberId: integer(),
    /** The order request the owner approved, when it was placed that way. */
    orderRequestId: integer(),
  },
  (t) => [
    index("purchase_orders_user_created_idx").on(t.userId, t.createdAt),
    index("purchase_orders_placement_idx").on(t.placementId),
    index("purchase_orders_user_shipped_idx").on(t.userId, t.shippedAt),
  ],
);

/** A purchase order line with its GST worked out per line. */
export const purchaseOrderLines = pgTable(
  "purchase_order_lines",
  {
    id: serial().primaryKey(),
    poid: text()
      .notNull()
      .references(() => purchaseOrders.poid, { onDelete: "cascade" }),
    productId: integer()
      .notNull()
      .references(() => products.id),
    productName: text().notNull(),
    productDesc: text().notNull(),
    hsnCode: text().notNull(),
    stockType: text().notNull(),
    isReturnable: boolean().notNull(),
    minimumShipHours: integer().notNull(),
    mrp: money().notNull(),
    /** Net cost per unit (the spec's ActualPrice). */
    actualPrice: money().notNull(),
    baseCost: money().notNull(),
    orderedQuantity: integer().notNull(),
    /** Units confirmed or delivered; starts as ordered. */
    quantity: integer().notNull(),
    totalPrice: money().notNull(),
    totalBase: money().notNull(),
    gstRate: rate().notNull(),
    cgstRate: rate().notNull(),
    sgstRate: rate().notNull(),
    igstRate: rate().notNull(),
    cgst: money().notNull(),
    sgst: money().notNull(),
    igst: money().notNull(),
    /** Units that arrived, from the proof of delivery. */
    deliveredQuantity: integer(),
  },
  (t) => [index("purchase_order_lines_poid_idx").on(t.poid)],
);

/** The first answer to an order request, kept per user and Idempotency-Key. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text().notNull(),
    requestHash: text().notNull(),
    statusCode: integer(),
    response: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index("idempotency_keys_created_at_idx").on(t.createdAt),
  ],
);
