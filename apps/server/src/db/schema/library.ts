import {
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { users } from "./users";

/** A file of the content library; the bytes live in the file store under storageKey. */
export const contentFiles = pgTable(
  "content_files",
  {
    id: serial().primaryKey(),
    kind: text().notNull(),
    title: text().notNull(),
    description: text(),
    storageKey: text().notNull().unique(),
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    /** Escalation matrix: north, south, west or east. */
    region: text(),
    /** TV commercials and store music: Tamil or Hindi. */
    language: text(),
    /** A picture shown before a clip plays. */
    posterKey: text(),
    sortOrder: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("content_files_kind_idx").on(t.kind, t.sortOrder)],
);

export const trainingEvents = pgTable(
  "training_events",
  {
    id: serial().primaryKey(),
    title: text().notNull(),
    category: text().notNull(),
    trainer: text().notNull(),
    mode: text().notNull(),
    location: text().notNull(),
    eventDate: date({ mode: "string" }).notNull(),
    startTime: text().notNull(),
    seats: integer().notNull(),
  },
  (t) => [index("training_events_date_idx").on(t.eventDate)],
);

export const trainingItems = pgTable("training_items", {
  id: serial().primaryKey(),
  category: text().notNull(),
  subcategory: text().notNull(),
  image: text().notNull(),
  productsLink: text().notNull(),
  sortOrder: integer().notNull().default(0),
});

export const assessments = pgTable("assessments", {
  id: serial().primaryKey(),
  title: text().notNull(),
  category: text().notNull(),
  questions: integer().notNull(),
  durationMinutes: integer().notNull(),
  dueOn: date({ mode: "string" }).notNull(),
});

export const assessmentResults = pgTable(
  "assessment_results",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    assessmentId: integer()
      .notNull()
      .references(() => assessments.id, { onDelete: "cascade" }),
    score: integer().notNull(),
    total: integer().notNull(),
    takenOn: date({ mode: "string" }).notNull(),
    storageKey: text().notNull().unique(),
    /** When it was taken (migration 0017): newest results first. */
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("assessment_results_user_idx").on(t.userId)],
);

/** An assessment's questions (migration 0017): choices in order, `answer` the right one's index (server only). */
export const assessmentQuestions = pgTable(
  "assessment_questions",
  {
    id: serial().primaryKey(),
    assessmentId: integer()
      .notNull()
      .references(() => assessments.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    text: text().notNull(),
    choices: jsonb().$type<string[]>().notNull(),
    answer: integer().notNull(),
  },
  (t) => [unique("assessment_questions_position_unique").on(t.assessmentId, t.position)],
);

export const artworks = pgTable(
  "artworks",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text().notNull(),
    subType: text().notNull(),
    unit: text().notNull(),
    cat: text().notNull(),
    size: text().notNull(),
    bHeight: numeric({ precision: 8, scale: 2 }),
    bWidth: numeric({ precision: 8, scale: 2 }),
    address: text().notNull(),
    /** How many pieces are ordered, 1 to 999 (migration 0032). */
    quantity: integer().notNull().default(1),
    status: text().notNull().default("Pending"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("artworks_user_idx").on(t.userId, t.createdAt),
    index("artworks_status_idx").on(t.status, t.createdAt),
  ],
);
