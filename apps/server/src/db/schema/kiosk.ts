import { index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { products } from "./catalogue";
import { purchaseOrders } from "./orders";
import { kioskCustomers, users } from "./users";

const money = () => numeric({ precision: 14, scale: 2 });
const at = () => timestamp({ withTimezone: true });

/** A kiosk store's order for a walk-in customer: its purchase order, paid at the store counter. */
export const kioskOrders = pgTable(
  "kiosk_orders",
  {
    id: serial().primaryKey(),
    storeUserId: integer()
      .notNull()
      .references(() => users.id),
    customerId: integer()
      .notNull()
      .references(() => kioskCustomers.id),
    phoneNo: text().notNull(),
    /** The first purchase order of the placement (the acknowledgement link's POID). */
    poid: text()
      .notNull()
      .references(() => purchaseOrders.poid),
    placementId: text().notNull(),
    status: text().notNull().default("Pending"),
    /** What the customer paid: products at MRP plus gift vouchers. */
    totalAmount: money().notNull(),
    paymentMode: text().notNull(),
    paymentReference: text(),
    paidAt: at().notNull(),
    createdAt: at().notNull().defaultNow(),
    confirmedAt: at(),
    cancelledAt: at(),
  },
  (t) => [index("kiosk_orders_store_status_idx").on(t.storeUserId, t.status, t.createdAt)],
);

/** A kiosk order line: a product at MRP, or gift vouchers of one amount with their codes. */
export const kioskOrderLines = pgTable(
  "kiosk_order_lines",
  {
    id: serial().primaryKey(),
    kioskOrderId: integer()
      .notNull()
      .references(() => kioskOrders.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    productId: integer().references(() => products.id),
    name: text().notNull(),
    qty: integer().notNull(),
    unitAmount: money().notNull(),
    amount: money().notNull(),
    voucherCodes: text().array().notNull().default([]),
  },
  (t) => [index("kiosk_order_lines_order_idx").on(t.kioskOrderId)],
);

/** The refund of a cancelled kiosk order: what was paid back, how, when and by whom (one per order, never changed). */
export const kioskRefunds = pgTable(
  "kiosk_refunds",
  {
    id: serial().primaryKey(),
    kioskOrderId: integer()
      .notNull()
      .references(() => kioskOrders.id),
    amount: money().notNull(),
    mode: text().notNull(),
    reference: text(),
    refundedAt: at().notNull(),
    refundedBy: integer()
      .notNull()
      .references(() => users.id),
    refundedByName: text().notNull(),
  },
  (t) => [uniqueIndex("kiosk_refunds_order_key").on(t.kioskOrderId)],
);

/** A mail to a kiosk customer (the receipt with its PDF, or the acknowledgement link) and when the outbox sent it. */
export const kioskMails = pgTable(
  "kiosk_mails",
  {
    id: serial().primaryKey(),
    kioskOrderId: integer()
      .notNull()
      .references(() => kioskOrders.id),
    kind: text().notNull(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    attachment: text(),
    queuedAt: at().notNull(),
    queuedBy: integer()
      .notNull()
      .references(() => users.id),
    sentAt: at(),
  },
  (t) => [index("kiosk_mails_order_idx").on(t.kioskOrderId, t.queuedAt)],
);
