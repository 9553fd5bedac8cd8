import { integer, pgTable, text } from "drizzle-orm/pg-core";

/** Company warehouses (ids under 100; 99 is the stockist warehouse) and stockists (ids 100 and above). */
export const warehouses = pgTable("warehouses", {
  id: integer().primaryKey(),
  name: text().notNull(),
  address: text().notNull(),
  city: text().notNull(),
  state: text().notNull(),
  pincode: text().notNull(),
  zone: text().notNull(),
  gstNo: text().notNull(),
});
