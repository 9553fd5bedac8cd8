/**
 * Saved lists (issue 29): a store's named lists of products with a default quantity each. The store
 * is the partner's user id; every user of the store shares its lists. Written by the lists module.
 */
import { sql } from "drizzle-orm";
import { integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { products } from "./catalogue";
import { users } from "./users";

const at = () => timestamp({ withTimezone: true });

/** A named list of a store; the name is unique per store ignoring case and surrounding spaces. */
export const savedLists = pgTable(
  "saved_lists",
  {
    id: serial().primaryKey(),
    storeId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    createdAt: at().notNull(),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    updatedAt: at().notNull(),
    updatedBy: integer().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("saved_lists_store_name_idx").on(t.storeId, sql`lower(btrim(${t.name}))`)],
);

/** A product of a list with its default quantity; `position` keeps the order lines were added in. */
export const savedListLines = pgTable(
  "saved_list_lines",
  {
    listId: integer()
      .notNull()
      .references(() => savedLists.id, { onDelete: "cascade" }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    quantity: integer().notNull(),
    position: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.productId] })],
);
