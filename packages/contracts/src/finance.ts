/**
 * Account area, part 2 (partner side): sales returns (SR details), C-forms and payment
 * confirmation. Days are yyyy-MM-dd, amounts decimal strings with 2 places.
 */
import {
  CFORM_FIRST_YEAR,
  CFORM_STATUS_LABELS,
  cformLastYear,
  financeMessages,
  PAYMENT_MODES,
  PAYMENT_STATUSES,
  SR_ALL_STATUSES,
  SR_SHIPPING_COMPANIES,
} from "@portal/domain";
import { z } from "zod";
import { pageNo, pageSizeOf } from "./account";
import { calendarDayOrBlank, dbId, Money, text } from "./common";
import { CreditNote } from "./sales-returns";

/** "" (All) is the same as leaving it out. */
const blankIsAll = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

// ---- Sales returns ----

/** The page sizes of the SR list. */
export const SR_PAGE_SIZES = [10, 20, 50, 100] as const;

export const SrDetailsBody = z.object({
  FromDate: blankIsAll(calendarDayOrBlank("FromDate")),
  ToDate: blankIsAll(calendarDayOrBlank("ToDate")),
  Status: blankIsAll(
    z.enum(SR_ALL_STATUSES, { error: `Status must be one of ${SR_ALL_STATUSES.join(", ")}` }),
  ),
  WareHouseID: blankIsAll(dbId("WareHouseID")),
  /** The page (1 first) of the filtered set, newest invoice first. */
  pageNo,
  pageSize: pageSizeOf(SR_PAGE_SIZES).default(20),
});
export type SrDetailsBody = z.infer<typeof SrDetailsBody>;

export const SrRow = z.object({
  ReferenceID: z.string(),
  InvoiceStatus: z.enum(SR_ALL_STATUSES),
  InvoiceDate: z.string(),
  WareHouseID: z.number(),
  WareHouseName: z.string(),
  ShippingCompany: z.string().nullable(),
  AWB: z.string().nullable(),
  TotalQuantity: z.number(),
  Amount: Money,
  isSRInvoice: z.boolean(),
});
export type SrRow = z.infer<typeof SrRow>;
export const SrDetailsResponse = z.object({
  /** One page of the filtered set. */
  rows: z.array(SrRow),
  /** How many SRs the filter finds (every page). */
  total: z.number(),
  pageNo: z.number(),
  pageSize: z.number(),
  /** The totals of the whole filtered set (every page): units returned and amount. */
  totals: z.object({ quantity: z.number(), amount: Money }),
});
export type SrDetailsResponse = z.infer<typeof SrDetailsResponse>;

const ReferenceId = (field: string) => text(field).trim().min(1, `${field} is required`).max(40);

export const SrDownloadBody = z.object({ refId: ReferenceId("refId") });
export const SrLine = z.object({
  poid: z.string(),
  productID: z.number(),
  productName: z.string(),
  quantity: z.number(),
  mrp: Money,
  amountRefundable: Money,
  shippingdetail: z.string(),
  hsncode: z.string(),
});
export type SrLine = z.infer<typeof SrLine>;
export const SrDownloadResponse = z.object({
  ReferenceID: z.string(),
  InvoiceStatus: z.enum(SR_ALL_STATUSES),
  InvoiceDate: z.string(),
  WareHouseID: z.number(),
  lines: z.array(SrLine),
});
export type SrDownloadResponse = z.infer<typeof SrDownloadResponse>;

export const SetInTransitBody = z.object({
  ShippingCompany: z.enum(SR_SHIPPING_COMPANIES, { error: financeMessages.selectShippingCompany }),
  AWB: z
    .string({ error: financeMessages.provideAwb })
    .pipe(text("AWB").trim().min(1, financeMessages.provideAwb).max(40, "AWB must be at most 40 characters")),
  ReferenceID: ReferenceId("ReferenceID"),
});
export type SetInTransitBody = z.infer<typeof SetInTransitBody>;
export const SetInTransitResponse = z.object({ message: z.string(), row: SrRow });

export const SrInvoiceBody = z.object({
  InvoiceStatus: blankIsAll(z.enum(SR_ALL_STATUSES)),
  ReferenceID: ReferenceId("ReferenceID"),
});
export const SrInvoice = z.object({
  title: z.string(),
  isSRInvoice: z.boolean(),
  ReferenceID: z.string(),
  InvoiceStatus: z.enum(SR_ALL_STATUSES),
  InvoiceDate: z.string(),
  approvedDate: z.string().nullable(),
  sacCode: z.string().nullable(),
  partner: z.object({ name: z.string(), address: z.string(), state: z.string() }),
  warehouse: z.object({
    id: z.number(),
    name: z.string(),
    address: z.string(),
    gstNo: z.string().nullable(),
  }),
  lines: z.array(SrLine),
  totals: z.object({ base: Money, cgst: Money, sgst: Money, igst: Money, total: Money }),
  /** The credit note reversing the invoice's lines (approved returns raised from an invoice), else null. */
  creditNote: CreditNote.nullable(),
  /** Why staff rejected the return (Rejected only). */
  rejectionReason: z.string().nullable(),
});
export type SrInvoice = z.infer<typeof SrInvoice>;

// ---- C-form ----

const CFORM_STATUS_KEYS = Object.keys(CFORM_STATUS_LABELS) as [
  keyof typeof CFORM_STATUS_LABELS,
  ...(keyof typeof CFORM_STATUS_LABELS)[],
];

/** Worded when the request is read, with that day's year (a message made at load time goes stale on 1 January). */
const cformYearRange = () => financeMessages.cformYearRange(cformLastYear());

export const CformQuery = z.object({
  year: z.coerce
    .number({ error: cformYearRange })
    .int({ error: cformYearRange })
    .min(CFORM_FIRST_YEAR, { error: cformYearRange })
    .max(2100, { error: cformYearRange }),
  quarter: blankIsAll(
    z.coerce
      .number({ error: financeMessages.cformQuarterRange })
      .int(financeMessages.cformQuarterRange)
      .min(1, financeMessages.cformQuarterRange)
      .max(4, financeMessages.cformQuarterRange),
  ),
  status: blankIsAll(z.enum(CFORM_STATUS_KEYS, { error: "status must be Shipped or Issued" })),
});
export type CformQuery = z.infer<typeof CformQuery>;

export const CformRow = z.object({
  id: z.number(),
  InvoiceNumber: z.string(),
  OrderDate: z.string(),
  ShippingDate: z.string(),
  CSTAmount: Money,
  NetPayment: Money,
  TotalInvoiceAmount: Money,
  WareHouseID: z.number(),
  status: z.enum(CFORM_STATUS_KEYS),
  statusLabel: z.string(),
  cFormNumber: z.string().nullable(),
  docketNumber: z.string().nullable(),
  courierName: z.string().nullable(),
  fileName: z.string().nullable(),
});
export type CformRow = z.infer<typeof CformRow>;
export const CformResponse = z.object({ rows: z.array(CformRow), total: z.number() });
export type CformResponse = z.infer<typeof CformResponse>;
export const CformSummary = z.object({
  total: z.number(),
  toBeSubmitted: z.number(),
  /** The years with C-form rows, newest first (the screen opens on the newest). */
  years: z.array(z.number()),
});
export type CformSummary = z.infer<typeof CformSummary>;

/** The `data` field of the multipart upload (JSON text). */
export const CformData = z.object({
  cFormNumber: z
    .string({ error: financeMessages.cformNumberRequired })
    .pipe(text("cFormNumber").trim().min(1, financeMessages.cformNumberRequired).max(40)),
  docketNumber: z
    .string({ error: financeMessages.cformDocketRequired })
    .pipe(text("docketNumber").trim().min(1, financeMessages.cformDocketRequired).max(40)),
  courierName: z
    .string({ error: financeMessages.cformCourierRequired })
    .pipe(text("courierName").trim().min(1, financeMessages.cformCourierRequired).max(80)),
  invoices: z
    .array(text("InvoiceNumber").trim().min(1).max(40), { error: financeMessages.cformSelectInvoices })
    .min(1, financeMessages.cformSelectInvoices)
    .max(200),
});
export type CformData = z.infer<typeof CformData>;
export const CformFileParam = z.object({ id: dbId("id") });

// ---- Payment confirmation ----

export const PendingPaymentsQuery = z.object({
  accountId: z.coerce
    .number({ error: "accountId must be 1 or 2" })
    .int("accountId must be 1 or 2")
    .min(1, "accountId must be 1 or 2")
    .max(2, "accountId must be 1 or 2")
    .default(1),
});
export const PendingOrder = z.object({
  poid: z.string(),
  createdDate: z.string(),
  status: z.string(),
  warehouseId: z.number(),
  amountPayable: Money,
});
export type PendingOrder = z.infer<typeof PendingOrder>;
/**
 * A document of the ledger account still (partly) owed: a tax invoice (goods, shipping charge and
 * its tax) or a debit note, oldest first; credits settle the oldest first (FIFO).
 */
export const OpenDocument = z.object({
  /** The ledger entry's id: what a confirmation names in `documents`. */
  entryId: z.number(),
  kind: z.enum(["invoice", "debitNote"]),
  number: z.string(),
  day: z.string(),
  invoiceId: z.number().nullable(),
  loadId: z.number().nullable(),
  orders: z.array(z.string()),
  amount: Money,
  openAmount: Money,
});
export type OpenDocument = z.infer<typeof OpenDocument>;
/**
 * What the ledger says is owed on one account. `orders` are the orders of the open invoices with
 * their open part; `totalPayable` is the balance less confirmations waiting for approval (never
 * below 0) and equals the open documents' sum.
 */
export const PendingPaymentsResponse = z.object({
  accountId: z.number(),
  orders: z.array(PendingOrder),
  totalPayable: Money,
  /** The ledger balance: debits less credits (negative when the account is in credit). */
  balance: Money,
  /** Confirmations sent and not yet approved or rejected. */
  awaitingApproval: Money,
  openDocuments: z.array(OpenDocument),
});
export type PendingPaymentsResponse = z.infer<typeof PendingPaymentsResponse>;

export const PaymentConfirmation = z.object({
  id: z.number(),
  ledgerAccount: z.number(),
  paymentType: z.enum(PAYMENT_MODES),
  referenceId: z.string(),
  totalAmountPayable: Money,
  totalAmountPaid: Money,
  /** What accounts staff received and credited (null until approved). */
  amountReceived: Money.nullable(),
  orders: z.array(z.string()),
  status: z.enum(PAYMENT_STATUSES),
  statusLabel: z.string(),
  reason: z.string().nullable(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type PaymentConfirmation = z.infer<typeof PaymentConfirmation>;
export const PaymentConfirmationsResponse = z.object({ rows: z.array(PaymentConfirmation) });
export type PaymentConfirmationsResponse = z.infer<typeof PaymentConfirmationsResponse>;
export const PaymentIdParam = z.object({ id: dbId("id") });
