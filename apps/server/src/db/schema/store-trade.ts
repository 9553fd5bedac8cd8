import { bigint, date, index, integer, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { products } from "./catalogue";
import { users } from "./users";

/**
 * What a store sold to its customers, per product and day, as its point-of-sale system reports it.
 * Order assist, the ARS report and store performance read it; the portal never writes it from a
 * partner's request.
 */
export const storeSales = pgTable(
  "store_sales",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    saleDate: date({ mode: "string" }).notNull(),
    qty: integer().notNull(),
    /** Takings at MRP, in paise. */
    amountPaise: bigint({ mode: "bigint" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId, t.saleDate] }),
    index("store_sales_user_date_idx").on(t.userId, t.saleDate),
  ],
);

/** Units a store holds on its shelves (stock in hand), per product, as of its last stock sync. */
export const storeStock = pgTable(
  "store_stock",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    qty: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);
