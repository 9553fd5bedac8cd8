import { boolean, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { categories, subcategories } from "./catalogue";
import { storeMembers } from "./team";
import { users } from "./users";

export const banners = pgTable("banners", {
  id: serial().primaryKey(),
  title: text().notNull(),
  subtitle: text(),
  imageUrl: text().notNull(),
  link: text(),
  sortOrder: integer().notNull().default(0),
  active: boolean().notNull().default(true),
});

/** The navbar category menu: a category entry, optionally narrowed to a subcategory. */
export const menuItems = pgTable("menu_items", {
  id: serial().primaryKey(),
  categoryId: integer()
    .notNull()
    .references(() => categories.id),
  subcategoryId: integer().references(() => subcategories.id),
  sortOrder: integer().notNull().default(0),
});

export const notifications = pgTable(
  "notifications",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text().notNull(),
    message: text().notNull(),
    /** The web path the notification opens. */
    target: text().notNull(),
    /** For this member of the store alone (what became of their order request); null: not one member's. */
    memberId: integer().references(() => storeMembers.id, { onDelete: "cascade" }),
    /** For the store's owner alone (a buyer asks them to approve). Neither set: everyone of the store. */
    ownerOnly: boolean().notNull().default(false),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.readAt)],
);
