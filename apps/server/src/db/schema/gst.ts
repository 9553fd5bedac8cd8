import { sql } from "drizzle-orm";
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { invoices, loads } from "./back-office";
import { users } from "./users";

const at = () => timestamp({ withTimezone: true });

/** A document's e-invoice with the IRP (migration 0037): state, IRN, acknowledgement, signed QR, error. */
export const einvoices = pgTable(
  "einvoices",
  {
    id: serial().primaryKey(),
    docType: text().notNull(),
    docNumber: text().notNull(),
    docDay: date({ mode: "string" }).notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    invoiceId: integer().references(() => invoices.id),
    state: text().notNull(),
    irn: text(),
    ackNo: text(),
    ackAt: at(),
    signedQr: text(),
    errorCode: text(),
    errorMessage: text(),
    cancelReason: text(),
    attempts: integer().notNull().default(0),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
    registeredAt: at(),
    cancelledAt: at(),
    updatedBy: integer().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("einvoices_doc_key").on(t.docType, t.docNumber),
    uniqueIndex("einvoices_irn_key").on(t.irn).where(sql`${t.irn} IS NOT NULL`),
    index("einvoices_state_idx").on(t.state, t.docDay),
  ],
);

/** A load's e-way bill (migration 0039): generated through the e-way bill system or entered by staff. */
export const ewayBills = pgTable(
  "eway_bills",
  {
    id: serial().primaryKey(),
    loadId: integer()
      .notNull()
      .references(() => loads.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    number: text().notNull(),
    source: text().notNull(),
    docNo: text(),
    docDay: date({ mode: "string" }),
    distanceKm: integer(),
    generatedAt: at().notNull(),
    validUntil: at(),
    payload: jsonb(),
    system: text().notNull(),
    createdAt: at().notNull().defaultNow(),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("eway_bills_load_key").on(t.loadId), uniqueIndex("eway_bills_number_key").on(t.number)],
);
