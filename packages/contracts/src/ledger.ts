/** The partner's ledger: statement, account types and the detail calls behind each entry. */
import { LEDGER_AGEING_BUCKETS, LEDGER_ENTRY_KINDS, LEDGER_VOUCHER_TYPES, NOTE_TYPES } from "@portal/domain";
import { z } from "zod";
import { calendarDayOrBlank, dbId, Money, text } from "./common";
import { CreditNote } from "./sales-returns";

export const LedgerAccountNo = z.coerce
  .number({ error: "ledgerAccount must be 1 or 2" })
  .int("ledgerAccount must be 1 or 2")
  .refine((n) => n === 1 || n === 2, "ledgerAccount must be 1 or 2")
  .meta({ enum: [1, 2], description: "1: the main company's ledger, 2: the second company's" });

export const GetLedgerBody = z.object({
  ledgerAccount: LedgerAccountNo.default(1),
  /** yyyy-MM-dd; empty or missing: the start of the financial year of the to-date. */
  fromDate: calendarDayOrBlank("fromDate").optional(),
  /** yyyy-MM-dd; empty or missing: today. */
  toDate: calendarDayOrBlank("toDate").optional(),
  /** Only entries of this voucher type; empty or missing: every entry. */
  voucherType: z
    .union([z.literal(""), z.enum(LEDGER_VOUCHER_TYPES)], {
      error: `voucherType must be one of ${LEDGER_VOUCHER_TYPES.join(", ")}`,
    })
    .optional(),
});
export type GetLedgerBody = z.infer<typeof GetLedgerBody>;

const DrCr = z.enum(["Dr", "Cr"]);

export const LedgerOpening = z.object({
  openingBalance: Money,
  crdrOpeningBalance: DrCr,
});
export type LedgerOpening = z.infer<typeof LedgerOpening>;

export const LedgerStatementEntry = z.object({
  id: z.number(),
  approvedDate: z.string(),
  voucherType: z.string(),
  voucherNumber: z.string(),
  debit: Money,
  credit: Money,
  /** Dr for a debit entry, Cr for a credit entry. */
  creditAcc: DrCr,
  descTitle: z.string(),
  description: z.string(),
  accTypeName: z.string(),
  B2BReferenceNumber: z.string().nullable(),
  hasDetails: z.boolean(),
  noteType: z.string().nullable(),
  ledgerAccount: z.number(),
  isSR: z.boolean(),
  isCourierExpenses: z.boolean(),
  isOrderCancel: z.boolean(),
  cndninvoicedetails: z.object({ referenceID: z.string().nullable() }),
  docketNumber: z.string().nullable(),
  /** What wrote the entry, which says which details it opens. */
  kind: z.enum(LEDGER_ENTRY_KINDS),
  /** The load of a sales invoice (invoice and order-status popups). */
  loadId: z.number().nullable(),
  /** The sales return of an SR credit note. */
  srId: z.number().nullable(),
  balance: Money,
  crdrBalance: DrCr,
});
export type LedgerStatementEntry = z.infer<typeof LedgerStatementEntry>;

/**
 * What is open on the statement's last day by age (credits settle the oldest debits first), of
 * every entry whatever the filter: the buckets sum to the outstanding (the debit balance, 0 in credit).
 */
export const LedgerAgeingSummary = z.object({
  asOf: z.string(),
  outstanding: Money,
  buckets: z.array(
    z.object({ key: z.enum(LEDGER_AGEING_BUCKETS.map((b) => b.key)), label: z.string(), amount: Money }),
  ),
});
export type LedgerAgeingSummary = z.infer<typeof LedgerAgeingSummary>;

export const LedgerStatement = z.object({
  ledgerAccount: z.number(),
  accTypeName: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  /** The first element is the opening balance; then every entry of the range, oldest first. */
  ledger: z.tuple([LedgerOpening], LedgerStatementEntry),
  totalDebit: Money,
  totalCredit: Money,
  closingBalance: Money,
  crdrClosingBalance: DrCr,
  /** The voucher type the rows are filtered by (null: every entry). */
  voucherType: z.enum(LEDGER_VOUCHER_TYPES).nullable(),
  /**
   * The entries of the range the filter leaves out, so the figures still add up: opening + totalDebit
   * - totalCredit + otherEntries.debit - otherEntries.credit = closing (all zero without a filter).
   */
  otherEntries: z.object({ count: z.number(), debit: Money, credit: Money }),
  ageing: LedgerAgeingSummary,
});
export type LedgerStatement = z.infer<typeof LedgerStatement>;

export const LedgerAccType = z.object({
  ledgerAccount: z.number(),
  accTypeName: z.string(),
  /** Whether the caller has entries on this account. */
  hasEntries: z.boolean(),
});
export const LedgerAccTypes = z.array(LedgerAccType);
export type LedgerAccType = z.infer<typeof LedgerAccType>;

export const LedgerIdParam = z.object({ id: dbId("id") });
export const LedgerShippingIdParam = z.object({ shippingID: dbId("shippingID") });
export const LedgerReferenceParam = z.object({
  referenceId: text("referenceId")
    .trim()
    .min(1, "referenceId is required")
    .max(60, "referenceId is too long"),
});
/** The year queries: ledger account and the financial year by its first year (2024 = 2024-04-01 to 2025-03-31). */
export const LedgerYearQuery = z.object({
  ledgerAccount: LedgerAccountNo.default(1),
  year: z.coerce
    .number({ error: "year must be a number" })
    .int("year must be a whole number")
    .min(1900, "year must be from 1900")
    .max(9999, "year must be at most 9999")
    .optional(),
});
export type LedgerYearQuery = z.infer<typeof LedgerYearQuery>;

/** A credit or debit note of the journal with its tax split (18% GST, divisor 1.18 after 2017-06-30). */
export const LedgerNote = z.object({
  id: z.number(),
  ledgerAccount: z.number(),
  noteType: z.string().nullable(),
  voucherType: z.string(),
  voucherNumber: z.string(),
  approvedDate: z.string(),
  amount: Money,
  taxable: Money,
  cgst: Money,
  sgst: Money,
  igst: Money,
  sacCode: z.string().nullable(),
  description: z.string(),
  referenceID: z.string().nullable(),
  docketNumber: z.string().nullable(),
});
export type LedgerNote = z.infer<typeof LedgerNote>;

/** A delayed-payment (ageing) debit note: the overdue debits it was charged on. */
export const LedgerAgeingNote = LedgerNote.extend({
  percent: z.string(),
  overdue: z.array(
    z.object({ approvedDate: z.string(), voucherNumber: z.string(), amount: Money, ageDays: z.number() }),
  ),
});
export type LedgerAgeingNote = z.infer<typeof LedgerAgeingNote>;

/** Undelivered units credited back (product removal): the order's short lines. */
export const LedgerProductRemoval = LedgerNote.extend({
  poid: z.string(),
  lines: z.array(
    z.object({
      productId: z.number(),
      productName: z.string(),
      shippedQuantity: z.number(),
      deliveredQuantity: z.number(),
      removedQuantity: z.number(),
      actualPrice: Money,
      amount: Money,
    }),
  ),
});
export type LedgerProductRemoval = z.infer<typeof LedgerProductRemoval>;

/** The purchase orders of a shipment (the order-status popup). */
export const LedgerShipmentOrders = z.object({
  shippingID: z.number(),
  orders: z.array(
    z.object({
      poid: z.string(),
      status: z.string(),
      createddate: z.string(),
      shippedDate: z.string().nullable(),
      deliveredDate: z.string().nullable(),
      totalQuantity: z.number(),
      netPayment: Money,
      gapReport: z.number(),
    }),
  ),
});
export type LedgerShipmentOrders = z.infer<typeof LedgerShipmentOrders>;

export const LedgerLoadShipment = z.object({
  loadId: z.number(),
  loadStatus: z.string(),
  warehouseId: z.number(),
  createdDate: z.string(),
  actualShippingDate: z.string().nullable(),
  docketNumber: z.string().nullable(),
  transporter: z.string().nullable(),
  totalItems: z.number(),
  totalQuantity: z.number(),
  total: Money,
  invoiceNumber: z.string().nullable(),
  invoiceTotal: Money.nullable(),
});
export type LedgerLoadShipment = z.infer<typeof LedgerLoadShipment>;

const SrLine = z.object({
  poid: z.string().nullable(),
  productID: z.number(),
  quantity: z.number(),
  mrp: Money,
  amountRefundable: Money,
  hsncode: z.string(),
  shippingdetail: z.object({ loadId: z.number().nullable(), shippingDate: z.string().nullable() }),
});

/** A sales return with its lines (the spec's SR detail). */
export const LedgerSalesReturn = z.object({
  id: z.number(),
  ReferenceID: z.string(),
  InvoiceStatus: z.string(),
  InvoiceDate: z.string(),
  WareHouseID: z.number(),
  ledgerAccount: z.number(),
  amount: Money,
  approvedDate: z.string().nullable(),
  shippingCompany: z.string().nullable(),
  awb: z.string().nullable(),
  lines: z.array(SrLine),
});
export type LedgerSalesReturn = z.infer<typeof LedgerSalesReturn>;

/** The credit-note detail of a sales return on its approval day, filtered by note type (ageing). */
export const LedgerSrDetails = LedgerSalesReturn.extend({
  /** The credit note reversing the invoice's lines (returns raised from an invoice), else null. */
  creditNote: CreditNote.nullable(),
  creditNotes: z.array(
    z.object({
      noteType: z.enum(NOTE_TYPES),
      approvedDate: z.string(),
      poItemID: z.string(),
      productID: z.number(),
      quantity: z.number(),
      shippingDate: z.string().nullable(),
      ageDays: z.number(),
      srorderdetails: z.object({
        type: z.string(),
        reasonCategories: z.array(z.string()),
        whInDate: z.string().nullable(),
        srOutDate: z.string().nullable(),
        DNAmount120: Money,
        DNAmount180: Money,
        netAmount: Money,
        GSTAmount: Money,
      }),
    }),
  ),
});
export type LedgerSrDetails = z.infer<typeof LedgerSrDetails>;

export const LedgerSrDetailsQuery = z.object({
  noteType: z.enum(NOTE_TYPES, { error: "noteType must be CN, DN120 or DN180" }).default("CN"),
});

/** SR lines grouped by how they match the delivered order lines. */
export const LedgerSrLines = z.object({
  id: z.number(),
  ReferenceID: z.string(),
  lines: z.array(
    z.object({
      poid: z.string().nullable(),
      productID: z.number(),
      quantity: z.number(),
      deliveredQuantity: z.number().nullable(),
      mrp: Money,
      amountRefundable: Money,
    }),
  ),
});
export type LedgerSrLines = z.infer<typeof LedgerSrLines>;

/** The journal entries of one kind in a financial year. */
export const LedgerYearEntries = z.object({
  ledgerAccount: z.number(),
  year: z.number(),
  fromDate: z.string(),
  toDate: z.string(),
  rows: z.array(LedgerNote),
  total: Money,
});
export type LedgerYearEntries = z.infer<typeof LedgerYearEntries>;

/** Purchase orders invoiced (shipped) in a financial year. */
export const LedgerYearOrders = z.object({
  ledgerAccount: z.number(),
  year: z.number(),
  rows: z.array(
    z.object({
      poid: z.string(),
      loadId: z.number().nullable(),
      invoiceNumber: z.string().nullable(),
      shippedDate: z.string().nullable(),
      status: z.string(),
      /** The goods the order's tax invoice bills (its lines at the shipped quantities). */
      netPayment: Money,
      /** The GST-inclusive shipping charge billed with the order (0.00 when none). */
      shippingCharge: Money,
      /** netPayment + shippingCharge: the order's share of its tax invoice. */
      invoiced: Money,
    }),
  ),
  /** The sum of `invoiced`: the year's sales/load total. */
  total: Money,
});
export type LedgerYearOrders = z.infer<typeof LedgerYearOrders>;

export const LedgerOpeningBalance = z.object({
  ledgerAccount: z.number(),
  year: z.number(),
  /** The day the balance is taken on (the financial year's first day). */
  asOf: z.string(),
  openingBalance: Money,
  crdrOpeningBalance: DrCr,
});
export type LedgerOpeningBalance = z.infer<typeof LedgerOpeningBalance>;

/** One entry with what it refers to (the transaction details screen). */
export const LedgerTransactionParams = z.object({ acc: LedgerAccountNo, id: dbId("id") });
export const LedgerTransaction = z.object({
  entry: LedgerStatementEntry.omit({ balance: true, crdrBalance: true }),
  note: LedgerNote,
  shipment: LedgerLoadShipment.nullable(),
  orders: LedgerShipmentOrders.shape.orders.nullable(),
  salesReturn: LedgerSalesReturn.nullable(),
  ageing: LedgerAgeingNote.shape.overdue.nullable(),
  removal: LedgerProductRemoval.shape.lines.nullable(),
  payment: z
    .object({
      paymentType: z.string(),
      referenceId: z.string(),
      totalAmountPayable: Money,
      totalAmountPaid: Money,
      orders: z.array(z.string()),
    })
    .nullable(),
});
export type LedgerTransaction = z.infer<typeof LedgerTransaction>;
