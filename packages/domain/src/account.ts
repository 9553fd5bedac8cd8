/**
 * Account area rules written once for server and web: the order history filter (spec section 5),
 * the load filter, order sources and amounts in words for invoices.
 */

import { isCalendarDay } from "./calendar";
import type { OrderStatus } from "./constants";
import { indiaDay } from "./format";
import { accountMessages, messages } from "./messages";
import type { Paise } from "./money";

/** Where an order came from (spec section 9). */
export const ORDER_SOURCES = ["B2B", "B2F", "Kiosk"] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/** Ship dates alone mean these statuses; with these others they are refused. */
export const SHIP_DATE_DEFAULT_STATUSES: readonly OrderStatus[] = ["Shipped", "Delivered"];
export const SHIP_DATE_REFUSED_STATUSES: readonly OrderStatus[] = ["Pending", "Confirmed", "Cancelled"];
/** The to-date may be at most this many months after the from-date (order and ship ranges). */
export const ORDER_RANGE_MONTHS = 3;

/** yyyy-MM-dd plus whole months (clamped to the month's last day). */
export function addMonths(day: string, months: number): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7)) - 1 + months;
  const d = Number(day.slice(8, 10));
  const year = y + Math.floor(m / 12);
  const month = ((m % 12) + 12) % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${year}-${String(month + 1).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

/** The default history range: the first of this month (India) to today. */
export function defaultOrderRange(now: Date = new Date()): { orderFrom: string; orderTo: string } {
  const today = indiaDay(now);
  return { orderFrom: `${today.slice(0, 8)}01`, orderTo: today };
}

export interface OrderHistoryFilterInput {
  orderFrom?: string | null | undefined;
  orderTo?: string | null | undefined;
  shipFrom?: string | null | undefined;
  shipTo?: string | null | undefined;
  status?: readonly OrderStatus[] | undefined;
}

export interface OrderHistoryRange {
  orderFrom: string | null;
  orderTo: string | null;
  shipFrom: string | null;
  shipTo: string | null;
  status: OrderStatus[];
}

const blank = (v: string | null | undefined) => (v ? v.trim() : "") || null;

function checkPair(from: string | null, to: string | null, today: string): string | null {
  if (!from || !to) return null;
  if (!isCalendarDay(from) || !isCalendarDay(to)) return accountMessages.badDate;
  if (from > today || to > today) return accountMessages.futureDate;
  if (to < from) return accountMessages.toBeforeFrom;
  if (to > addMonths(from, ORDER_RANGE_MONTHS)) return accountMessages.rangeTooLong;
  return null;
}

/**
 * The order history filter rules of spec section 5, in order: both dates of a pair, one
 * from-date at least, ship dates default the status to Shipped and Delivered and are refused with
 * Pending / Confirmed / Cancelled, three months at most, nothing in the future.
 */
export function checkOrderHistoryFilter(
  f: OrderHistoryFilterInput,
  now: Date = new Date(),
): { ok: true; range: OrderHistoryRange } | { ok: false; message: string } {
  const orderFrom = blank(f.orderFrom);
  const orderTo = blank(f.orderTo);
  const shipFrom = blank(f.shipFrom);
  const shipTo = blank(f.shipTo);
  if (!orderFrom !== !orderTo) return { ok: false, message: messages.selectOrderDates };
  if (!shipFrom !== !shipTo) return { ok: false, message: messages.selectShipDates };
  if (!orderFrom && !shipFrom) return { ok: false, message: messages.selectOrderOrShipFrom };
  let status = [...(f.status ?? [])];
  if (shipFrom) {
    if (status.length === 0) status = [...SHIP_DATE_DEFAULT_STATUSES];
    else if (status.some((s) => SHIP_DATE_REFUSED_STATUSES.includes(s)))
      return { ok: false, message: messages.shipDatesNotApplicable };
  }
  const today = indiaDay(now);
  const problem = checkPair(orderFrom, orderTo, today) ?? checkPair(shipFrom, shipTo, today);
  if (problem) return { ok: false, message: problem };
  return { ok: true, range: { orderFrom, orderTo, shipFrom, shipTo, status } };
}

/** The load filter: a to-date earlier than its from-date is cleared (spec section 5). */
export function normaliseLoadRange(from: string | null, to: string | null): [string | null, string | null] {
  if (from && to && to < from) return [from, null];
  return [from, to];
}

const ONES = [
  "",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? "";
  const t = TENS[Math.floor(n / 10)] ?? "";
  return n % 10 ? `${t} ${ONES[n % 10]}` : t;
}

function belowThousand(n: number): string {
  const h = Math.floor(n / 100);
  const rest = n % 100;
  return [h ? `${ONES[h]} Hundred` : "", rest ? belowHundred(rest) : ""].filter(Boolean).join(" ");
}

/** Whole rupees in words with Indian grouping (crore, lakh, thousand). */
function wholeInWords(n: number): string {
  if (n === 0) return "Zero";
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  if (crore) parts.push(`${wholeInWords(crore)} Crore`);
  let rest = n % 10_000_000;
  const lakh = Math.floor(rest / 100_000);
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`);
  rest %= 100_000;
  const thousand = Math.floor(rest / 1000);
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`);
  rest %= 1000;
  if (rest) parts.push(belowThousand(rest));
  return parts.join(" ");
}

/** "1234567.50" → "Rupees Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven and Fifty Paise Only". */
export function amountInWords(amount: string): string {
  const negative = amount.trim().startsWith("-");
  const [whole = "0", fraction = ""] = amount.replace("-", "").trim().split(".");
  const rupees = Number(whole);
  const paise = Number(fraction.padEnd(2, "0").slice(0, 2));
  const words = `Rupees ${wholeInWords(rupees)}${paise ? ` and ${belowHundred(paise)} Paise` : ""} Only`;
  return negative ? `Minus ${words}` : words;
}

// ---- Order history: search and sort (issue 28) ----

/**
 * The order history's sort keys: order date, PO id, status (in lifecycle order), amount (total
 * MRP), net payment and ship date. "-key" sorts descending; ties are broken by the PO id in the
 * same direction, so pages never overlap.
 */
export const ORDER_HISTORY_SORTS = ["date", "poid", "status", "amount", "netPayment", "shipped"] as const;
export type OrderHistorySortKey = (typeof ORDER_HISTORY_SORTS)[number];
export type OrderHistorySort = OrderHistorySortKey | `-${OrderHistorySortKey}`;
export const ORDER_HISTORY_SORT_VALUES: readonly OrderHistorySort[] = [
  ...ORDER_HISTORY_SORTS,
  ...ORDER_HISTORY_SORTS.map((k) => `-${k}` as const),
];
/** Newest first, as the history always opened. */
export const DEFAULT_ORDER_HISTORY_SORT: OrderHistorySort = "-date";

/** A sort value as key and direction. */
export function orderHistorySortOf(sort: OrderHistorySort | undefined): {
  key: OrderHistorySortKey;
  direction: "asc" | "desc";
} {
  const s = sort ?? DEFAULT_ORDER_HISTORY_SORT;
  return s.startsWith("-")
    ? { key: s.slice(1) as OrderHistorySortKey, direction: "desc" }
    : { key: s as OrderHistorySortKey, direction: "asc" };
}

/** The longest search text the order history takes (a PO id, a product name, an invoice number). */
export const ORDER_SEARCH_MAX = 60;

// ---- Invoice payment status (issue 28) ----

/** How much of a tax invoice the partner has paid. */
export const INVOICE_PAYMENT_STATUSES = ["paid", "partPaid", "unpaid"] as const;
export type InvoicePaymentStatus = (typeof INVOICE_PAYMENT_STATUSES)[number];
export const INVOICE_PAYMENT_LABELS: Record<InvoicePaymentStatus, string> = {
  paid: "Paid",
  partPaid: "Part-paid",
  unpaid: "Unpaid",
};

/** Paid when nothing is due, unpaid when all of it is, part-paid between. */
export function invoicePaymentStatusOf(amount: Paise, due: Paise): InvoicePaymentStatus {
  if (due <= 0n) return "paid";
  return due >= amount ? "unpaid" : "partPaid";
}

/**
 * The allocation rule of the partner's account (one ledger account at a time): every credit
 * (approved payments, credit notes of sales returns and cancelled units, credit adjustments)
 * settles the oldest debit first (FIFO by ledger day, then entry), whatever it was paid against.
 * `debits` come in the ledger's order. Each debit gets what was settled of it, what is still due
 * and its status; what no debit needed is `unapplied` (an advance in the partner's favour). Hence
 * the sum of the amounts due minus the unapplied credit is the ledger's balance.
 */
export function settleOldestFirst<T extends { amount: Paise }>(
  debits: readonly T[],
  totalCredits: Paise,
): {
  debits: (T & { settled: Paise; due: Paise; status: InvoicePaymentStatus })[];
  unapplied: Paise;
} {
  let left = totalCredits > 0n ? totalCredits : 0n;
  const out = debits.map((d) => {
    const amount = d.amount > 0n ? d.amount : 0n;
    const settled = left >= amount ? amount : left;
    left -= settled;
    const due = amount - settled;
    return { ...d, settled, due, status: invoicePaymentStatusOf(amount, due) };
  });
  return { debits: out, unapplied: left };
}

/** A month as yyyy-MM; its first and last days. */
export function monthDays(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  const last = addMonths(from, 1);
  const to = new Date(Date.UTC(Number(last.slice(0, 4)), Number(last.slice(5, 7)) - 1, 0))
    .toISOString()
    .slice(0, 10);
  return { from, to };
}

/** "2026-10" → "October 2026". */
export function monthName(month: string): string {
  const names = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
  ];
  return `${names[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`;
}

/** The most invoices one month's zip holds (a month of a large store is far below it). */
export const MONTH_ZIP_MAX_INVOICES = 400;

/** The allocation rule as the partner reads it beside the amounts due. */
export const INVOICE_ALLOCATION_RULE =
  "Payments and credit notes settle your oldest invoice first (on each ledger account).";
