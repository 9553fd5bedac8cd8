/**
 * Sales returns, C-forms and payment confirmation (account area, part 2): the partner's side of
 * the SR lifecycle, the C-form upload rule and the kiosk debit limit. Messages of the spec are in
 * messages.ts; the ones below are the server's own refusals, worded once here.
 */
import { CFORM_FIRST_YEAR, KIOSK_DEBIT_LIMIT } from "./constants";
import { indiaDay } from "./format";
import { toPaise } from "./money";

/** The six shipping companies a partner may name when sending a Pending SR back. */
export const SR_SHIPPING_COMPANIES = [
  "Blue Dart",
  "Delhivery",
  "DTDC",
  "Ecom Express",
  "FedEx",
  "India Post",
] as const;
export type SrShippingCompany = (typeof SR_SHIPPING_COMPANIES)[number];

/** SRs invoiced after this day and AccountApproved are SR invoices (GST era). */
export const SR_INVOICE_AFTER_DAY = "2017-06-30";

/** True when an SR is shown as an SR invoice: AccountApproved and invoiced after 2017-06-30. */
export const isSrInvoice = (status: string, invoiceDay: string) =>
  status === "AccountApproved" && invoiceDay > SR_INVOICE_AFTER_DAY;

/** C-form: years from CFORM_FIRST_YEAR (constants), quarters 1 to 4, files of at most 1 MB (xls, xlsx or jpeg by content). */
export const CFORM_QUARTERS = [1, 2, 3, 4] as const;
export const CFORM_MAX_BYTES = 1_048_576;
/** What a C-form file may be, judged by its content: the MIME types file-type reports. */
export const CFORM_FILE_TYPES = {
  "application/vnd.ms-excel": "xls",
  "application/x-cfb": "xls",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "image/jpeg": "jpg",
} as const;
export type CformFileMime = keyof typeof CFORM_FILE_TYPES;

/** The last C-form year a partner may ask for: the calendar year in India at `at`. */
export const cformLastYear = (at: Date = new Date()) =>
  Math.max(CFORM_FIRST_YEAR, Number(indiaDay(at).slice(0, 4)));

/** The C-form years offered: 2014 up to this year. */
export function cformYears(now: Date = new Date()): number[] {
  const last = cformLastYear(now);
  return Array.from({ length: last - CFORM_FIRST_YEAR + 1 }, (_, i) => last - i);
}

/** Calendar quarter (1–4) of a yyyy-MM-dd day, and the day range of a year's quarter. */
export const quarterOf = (day: string) => Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1;
export function quarterRange(year: number, quarter: number): { from: string; to: string } {
  const startMonth = (quarter - 1) * 3 + 1;
  const endMonth = startMonth + 2;
  const last = new Date(Date.UTC(year, endMonth, 0)).getUTCDate();
  const mm = (m: number) => String(m).padStart(2, "0");
  return { from: `${year}-${mm(startMonth)}-01`, to: `${year}-${mm(endMonth)}-${last}` };
}

/**
 * The kiosk rule: an order is refused when the debit balance (debits minus credits of the
 * partner's ledger, in rupees as exact decimal text) is greater than 5000. 5000.00 itself passes.
 */
export function exceedsKioskDebitLimit(debitBalance: string): boolean {
  return toPaise(debitBalance) > BigInt(KIOSK_DEBIT_LIMIT) * 100n;
}

/** Payment confirmations as the partner sees them. */
export const PAYMENT_STATUS_LABELS = {
  submitted: "Waiting for approval",
  approved: "Approved",
  rejected: "Rejected",
} as const;
