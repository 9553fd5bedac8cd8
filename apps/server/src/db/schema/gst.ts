import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { invoices } from "./back-office";
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
