import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * What a store's point-of-sale and store systems report per day besides its sales (store_sales):
 * footfall, bills, repeat-customer bills, units returned by customers, loyalty members' takings and
 * the score of a store audit held that day. Store performance reads it.
 */
export const storeDailyMetrics = pgTable(
  "store_daily_metrics",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date({ mode: "string" }).notNull(),
    footfall: integer().notNull(),
    bills: integer().notNull(),
    repeatBills: integer().notNull(),
    returnedUnits: integer().notNull(),
    /** Takings from loyalty members, in paise. */
    loyaltySalesPaise: bigint({ mode: "number" }).notNull(),
    /** The store audit's score out of 100 when one was held that day. */
    auditScore: smallint(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * The national network's stores as the head office reports them (anonymous peers), per day: the
 * same figures a store's own data gives, from which store performance takes national averages.
 */
export const storePeerDays = pgTable(
  "store_peer_days",
  {
    peerNo: smallint().notNull(),
    concept: text().notNull(),
    day: date({ mode: "string" }).notNull(),
    netSalesPaise: bigint({ mode: "number" }).notNull(),
    units: integer().notNull(),
    bills: integer().notNull(),
    footfall: integer().notNull(),
    repeatBills: integer().notNull(),
    returnedUnits: integer().notNull(),
    apparelSalesPaise: bigint({ mode: "number" }).notNull(),
    privateLabelSalesPaise: bigint({ mode: "number" }).notNull(),
    loyaltySalesPaise: bigint({ mode: "number" }).notNull(),
    /** Units on the shelves at the end of the day. */
    stockUnits: integer().notNull(),
    auditScore: smallint(),
  },
  (t) => [
    primaryKey({ columns: [t.peerNo, t.day] }),
    index("store_peer_days_concept_day_idx").on(t.concept, t.day),
  ],
);

/** A partner's feedback on store performance: one thread per feature, with its comments. */
export const storeFeedback = pgTable(
  "store_feedback",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    feature: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("store_feedback_user_idx").on(t.userId)],
);

export const storeFeedbackComments = pgTable(
  "store_feedback_comments",
  {
    id: serial().primaryKey(),
    feedbackId: integer()
      .notNull()
      .references(() => storeFeedback.id, { onDelete: "cascade" }),
    message: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The staff member who replied; null for the partner's own comment. */
    staffAuthorId: integer().references(() => users.id),
  },
  (t) => [index("store_feedback_comments_feedback_idx").on(t.feedbackId)],
);
