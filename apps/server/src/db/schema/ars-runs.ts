import { date, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

/** A line a run placed (the contracts' ArsPlacedLine). */
interface PlacedLine {
  productId: number;
  productName: string;
  qty: number;
  wh: number;
  warehouseName: string;
  poid: string;
}
/** A line a run refused, with the reason in the partner's words (the contracts' ArsRefusedLine). */
interface RefusedLine {
  productId: number;
  productName: string;
  qty: number;
  wh: number | null;
  warehouseName: string | null;
  reason: string;
}

/**
 * Each ARS replenishment run of a partner (the weekly job's or a staff member's): what it planned,
 * what it placed (lines, units, purchase orders) and each refused line with the reason in the
 * partner's words. One run per partner and run day (0033).
 */
export const arsRuns = pgTable(
  "ars_runs",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    runDay: date({ mode: "string" }).notNull(),
    startedBy: text().$type<"schedule" | "staff">().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    plannedLines: integer().notNull(),
    plannedUnits: integer().notNull(),
    placedLines: integer().notNull(),
    placedUnits: integer().notNull(),
    poids: jsonb().$type<string[]>().notNull(),
    placed: jsonb().$type<PlacedLine[]>().notNull(),
    refused: jsonb().$type<RefusedLine[]>().notNull(),
  },
  (t) => [uniqueIndex("ars_runs_user_day_idx").on(t.userId, t.runDay)],
);
