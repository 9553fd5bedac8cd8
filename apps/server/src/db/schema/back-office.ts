import { isNotNull } from "drizzle-orm";
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { purchaseOrders } from "./orders";
import { users } from "./users";
import { warehouses } from "./warehouses";

const money = () => numeric({ precision: 14, scale: 2 });
const at = () => timestamp({ withTimezone: true });
const day = () => date({ mode: "string" });

/** Which account types the auto-confirm job serves, and after how long. */
export const accountTypeSettings = pgTable("account_type_settings", {
  accountType: text().primaryKey(),
  autoConfirm: boolean().notNull().default(false),
  delayMinutes: integer().notNull().default(60),
});

/** A consignment: Confirmed orders of one partner and one warehouse. */
export const loads = pgTable(
  "loads",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    warehouseId: integer()
      .notNull()
      .references(() => warehouses.id),
    status: text().notNull().default("Ready To Dispatch"),
    createdAt: at().notNull().defaultNow(),
    estimatedShippingDate: day(),
    actualShippingDate: day(),
    handedOverAt: at(),
    deliveredAt: at(),
    docketNo: text(),
    transporter: text(),
    totalItems: integer().notNull(),
    totalQuantity: integer().notNull(),
    total: money().notNull(),
  },
  (t) => [index("loads_user_idx").on(t.userId, t.createdAt), index("loads_status_idx").on(t.status)],
);

/**
 * The last number taken and its date per issuing company (GSTIN), warehouse, financial year and
 * document type (I tax invoice, C credit note, D debit note): the gapless series (migration 0021).
 */
export const documentCounters = pgTable(
  "document_counters",
  {
    companyGstin: text().notNull(),
    warehouseId: integer().notNull(),
    financialYear: text().notNull(),
    documentType: text().notNull(),
    lastNumber: integer().notNull().default(0),
    lastDay: day().notNull(),
  },
  (t) => [
    primaryKey({
      name: "document_counters_pk",
      columns: [t.companyGstin, t.warehouseId, t.financialYear, t.documentType],
    }),
  ],
);

/** A proforma (per Confirmed order) or tax invoice (per shipped load); `document` is the printed invoice. */
export const invoices = pgTable(
  "invoices",
  {
    id: serial().primaryKey(),
    kind: text().notNull(),
    number: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    warehouseId: integer()
      .notNull()
      .references(() => warehouses.id),
    poid: text().references(() => purchaseOrders.poid),
    loadId: integer().references(() => loads.id),
    financialYear: text().notNull(),
    seq: integer(),
    issuedOn: day().notNull(),
    taxRegime: text().notNull(),
    total: money().notNull(),
    document: jsonb().notNull(),
    /** The buyer's GSTIN on the day of issue (billed, else registered; none before GST), migration 0040. */
    buyerGstin: text(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("invoices_number_key").on(t.number),
    index("invoices_user_idx").on(t.userId, t.issuedOn),
  ],
);

/** The append-only journal (a trigger refuses UPDATE and DELETE). One side per entry. */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    ledgerAccount: integer().notNull(),
    entryDate: day().notNull(),
    voucherType: text().notNull(),
    voucherNumber: text().notNull(),
    debit: money().notNull().default("0"),
    credit: money().notNull().default("0"),
    description: text().notNull(),
    reference: text(),
    noteType: text(),
    sacCode: text(),
    /** What wrote it (invoice, payment, sr, cancel, courier, ageing, correction) and its id: one entry per source. */
    sourceKind: text().notNull(),
    sourceId: text().notNull(),
    docketNumber: text(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [
    index("ledger_entries_user_idx").on(t.userId, t.ledgerAccount, t.entryDate),
    uniqueIndex("ledger_entries_source_key").on(t.sourceKind, t.sourceId),
  ],
);

export const payments = pgTable(
  "payments",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    ledgerAccount: integer().notNull().default(1),
    paymentType: text().notNull(),
    referenceId: text().notNull(),
    /** The reference as compared (`referenceKeyOf`) while waiting or approved; null once rejected (migration 0022). */
    referenceKey: text(),
    totalAmountPayable: money().notNull(),
    totalAmountPaid: money().notNull(),
    /** What accounts staff received and the ledger was credited with (null until approved). */
    amountReceived: money(),
    orders: text().array().notNull(),
    status: text().notNull().default("submitted"),
    reason: text(),
    submittedAt: at().notNull().defaultNow(),
    decidedAt: at(),
    decidedBy: integer().references(() => users.id),
    /** The store member who submitted it; null for the owner (migration 0038). */
    submittedByMemberId: integer(),
  },
  (t) => [
    index("payments_status_idx").on(t.status, t.submittedAt),
    index("payments_user_idx").on(t.userId, t.submittedAt),
    uniqueIndex("payments_reference_key").on(t.userId, t.referenceKey).where(isNotNull(t.referenceKey)),
  ],
);

export interface SalesReturnLine {
  poid: string;
  productId: number;
  quantity: number;
  mrp: string;
  amountRefundable: string;
  hsnCode: string;
  /** Units received back at the warehouse (staff record it; absent until received). */
  receivedQuantity?: number;
}

/** A credit note line: the invoice line's own unit taxable value, HSN and rate at the returned quantity. */
export interface CreditNoteLine {
  poid: string;
  productId: number;
  name: string;
  hsnCode: string;
  quantity: number;
  unitTaxable: string;
  taxable: string;
  vatRate: string;
  vat: string;
  cgstRate: string;
  cgst: string;
  sgstRate: string;
  sgst: string;
  igstRate: string;
  igst: string;
  total: string;
}

/** The credit note of an approved sales return, as issued. */
export interface CreditNoteDocument {
  number: string;
  day: string;
  invoiceNumber: string;
  taxRegime: string;
  lines: CreditNoteLine[];
  totals: { taxable: string; vat: string; cgst: string; sgst: string; igst: string; total: string };
}

export const salesReturns = pgTable(
  "sales_returns",
  {
    id: serial().primaryKey(),
    referenceId: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    warehouseId: integer()
      .notNull()
      .references(() => warehouses.id),
    ledgerAccount: integer().notNull().default(1),
    status: text().notNull().default("Pending"),
    invoiceDate: day().notNull(),
    shippingCompany: text(),
    awb: text(),
    amount: money().notNull(),
    lines: jsonb().$type<SalesReturnLine[]>().notNull(),
    createdAt: at().notNull().defaultNow(),
    approvedAt: at(),
    /** The tax invoice returned (staff-raised returns; null on older ones). */
    invoiceId: integer().references(() => invoices.id),
    receivedAt: at(),
    rejectedAt: at(),
    rejectionReason: text(),
    creditNoteNumber: text(),
    creditNote: jsonb().$type<CreditNoteDocument>(),
    /** The store member who last acted on it for the partner (marked it in transit); null for the owner. */
    partnerMemberId: integer(),
  },
  (t) => [
    uniqueIndex("sales_returns_reference_key").on(t.referenceId),
    index("sales_returns_invoice_idx").on(t.invoiceId),
    index("sales_returns_status_idx").on(t.status),
    index("sales_returns_user_idx").on(t.userId, t.invoiceDate),
  ],
);

export const waybills = pgTable(
  "waybills",
  {
    id: serial().primaryKey(),
    requestId: text().notNull(),
    loadId: integer()
      .notNull()
      .references(() => loads.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    warehouseId: integer()
      .notNull()
      .references(() => warehouses.id),
    status: text().notNull().default("WH Request"),
    transporter: text(),
    awbNo: text(),
    checkpostName: text(),
    whRequestDate: at().notNull().defaultNow(),
    invoiceValue: money().notNull(),
    totalQty: integer().notNull(),
    noOfBox: integer(),
    actualWeight: numeric({ precision: 10, scale: 2 }),
    closedAt: at(),
  },
  (t) => [
    uniqueIndex("waybills_request_key").on(t.requestId),
    // the menu's count of a partner's open WH requests (migration 0032)
    index("waybills_user_status_idx").on(t.userId, t.status),
  ],
);

export const waybillLog = pgTable("waybill_log", {
  id: serial().primaryKey(),
  waybillId: integer()
    .notNull()
    .references(() => waybills.id, { onDelete: "cascade" }),
  status: text().notNull(),
  action: text().notNull(),
  comment: text(),
  actionBy: integer().references(() => users.id),
  filePath: text(),
  /** The name the document was uploaded with (migration 0011). */
  fileName: text(),
  at: at().notNull().defaultNow(),
  /** When a wrong document was replaced (migration 0032): the row stays in the history, no longer a current document. */
  replacedAt: at(),
  /** The log row of the document that replaced this one. */
  replacedById: integer(),
});

/** C-form rows: one per CST invoice, To Be Submitted (Shipped) until Submitted (Issued). */
export const cforms = pgTable(
  "cforms",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id),
    status: text().notNull().default("Shipped"),
    cformNumber: text(),
    docketNumber: text(),
    courierName: text(),
    cstAmount: money().notNull(),
    updatedAt: at().notNull().defaultNow(),
    /** The file the partner sent (migration 0010): its key under DATA_DIR/cforms, name, type and size. */
    fileKey: text(),
    fileName: text(),
    fileMime: text(),
    fileSize: integer(),
    submittedAt: at(),
  },
  (t) => [uniqueIndex("cforms_invoice_key").on(t.invoiceId), index("cforms_user_idx").on(t.userId, t.status)],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: serial().primaryKey(),
    actorId: integer().references(() => users.id, { onDelete: "set null" }),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    at: at().notNull().defaultNow(),
    /** The store member who acted, when a partner's member did (actor_id is then the store). */
    actorMemberId: integer(),
  },
  (t) => [index("audit_log_entity_idx").on(t.entity, t.entityId), index("audit_log_at_idx").on(t.at)],
);

/** Work for the job runner, claimed with FOR UPDATE SKIP LOCKED. */
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    kind: text().notNull(),
    payload: jsonb().notNull().default({}),
    runAt: at().notNull().defaultNow(),
    status: text().notNull().default("queued"),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: at().notNull().defaultNow(),
    finishedAt: at(),
  },
  (t) => [index("jobs_queued_idx").on(t.status, t.runAt)],
);
