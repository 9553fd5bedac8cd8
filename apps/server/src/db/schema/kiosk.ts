import { index, integer, numeric, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
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
