/**
 * The partner's ledger statement, as pure rules over the journal: opening balance recomputed from
 * the entries before the from-day (flipping between Debit and Credit when negative), running
 * balances, the closing balance, the financial years and the debit-note ageing filter.
 * Amounts are integer paise; a balance is debit minus credit (positive: the partner owes).
 */
import {
  ageingCharge,
  ageingNoteOf,
  DN120_DAYS,
  DN180_DAYS,
  daysBetween,
  LEDGER_START_DAY,
  noteTax,
  VOUCHER_TYPES,
} from "./back-office";
import { indiaDay, indiaDayStart } from "./format";
import { ledgerMessages, messages } from "./messages";
import { type Paise, paiseToDecimal } from "./money";

/** Dr when the partner owes (debit balance, and zero), Cr when the balance is in the partner's favour. */
export type DrCr = "Dr" | "Cr";

/** A balance as the statement shows it: the amount without sign, and Dr or Cr. */
export function drCr(balance: Paise): { amount: Paise; side: DrCr } {
  return balance < 0n ? { amount: -balance, side: "Cr" } : { amount: balance, side: "Dr" };
}

/** A signed balance back from its shown form. */
export const signedBalance = (amount: Paise, side: DrCr): Paise => (side === "Cr" ? -amount : amount);

export interface JournalMovement {
  day: string;
  debit: Paise;
  credit: Paise;
}

/** Debit minus credit of the movements before `fromDay` (the opening balance of a statement from that day). */
export function openingBalanceOf(movements: readonly JournalMovement[], fromDay: string): Paise {
  let balance = 0n;
  for (const m of movements) if (m.day < fromDay) balance += m.debit - m.credit;
  return balance;
}

/** The running balance after each movement, starting from the opening balance. */
export function runningBalances(opening: Paise, movements: readonly JournalMovement[]): Paise[] {
  let balance = opening;
  return movements.map((m) => {
    balance += m.debit - m.credit;
    return balance;
  });
}

/** Opening plus the period's debits minus its credits. */
export function closingBalanceOf(opening: Paise, movements: readonly JournalMovement[]): Paise {
  let balance = opening;
  for (const m of movements) balance += m.debit - m.credit;
  return balance;
}

/** The financial year (April to March) of a day, by the year it starts in: 2024-05-01 → 2024. */
export function financialYearStart(day: string): number {
  const year = Number(day.slice(0, 4));
  return Number(day.slice(5, 7)) >= 4 ? year : year - 1;
}

/** The days of financial year `year` (2024 → 2024-04-01 to 2025-03-31). */
export const financialYearRange = (year: number) => ({ from: `${year}-04-01`, to: `${year + 1}-03-31` });

/** The first financial year with a ledger (2017: the ledger starts on 2017-04-01). */
export const LEDGER_FIRST_YEAR = financialYearStart(LEDGER_START_DAY);

export type LedgerRangeCheck =
  | { ok: true; from: string; to: string }
  | { ok: false; status: 400 | 404; message: string };

/**
 * The statement's range: the financial year so far when no day is given; a range ending before the
 * ledger starts has no ledger ("Last Year Ledger Not Available"); a from-day before the start is
 * read from the start; a to-day before the from-day is refused.
 */
export function checkLedgerRange(
  range: { from?: string | undefined; to?: string | undefined },
  today: string,
): LedgerRangeCheck {
  const to = range.to || (range.from && range.from > today ? range.from : today);
  const from = range.from || financialYearRange(financialYearStart(to)).from;
  if (to < from) return { ok: false, status: 400, message: ledgerMessages.toBeforeFrom };
  if (to < LEDGER_START_DAY) return { ok: false, status: 404, message: messages.lastYearLedgerUnavailable };
  // biome-ignore lint/complexity/useMathMinMax: days are yyyy-MM-dd text, compared as text
  const start = from < LEDGER_START_DAY ? LEDGER_START_DAY : from;
  return { ok: true, from: start, to };
}

/** A financial year asked of the ledger (the current one when not given), or why there is none. */
export function checkLedgerYear(
  year: number | undefined,
  today: string,
): { ok: true; year: number; from: string; to: string } | { ok: false; status: 404; message: string } {
  const y = year ?? financialYearStart(today);
  if (y < LEDGER_FIRST_YEAR || y > financialYearStart(today))
    return { ok: false, status: 404, message: messages.lastYearLedgerUnavailable };
  return { ok: true, year: y, ...financialYearRange(y) };
}

// ---- What an entry is ----

/** The kinds of journal entry (by what wrote them) and the detail screen each one opens. */
export const LEDGER_ENTRY_KINDS = [
  "sales",
  "receipt",
  "salesReturn",
  "orderCancel",
  "courierExpenses",
  "ageing",
  "correction",
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

const KIND_OF_SOURCE: Record<string, LedgerEntryKind> = {
  invoice: "sales",
  payment: "receipt",
  sr: "salesReturn",
  "order-cancel": "orderCancel",
  courier: "courierExpenses",
  ageing: "ageing",
  correction: "correction",
};

export const ledgerEntryKindOf = (sourceKind: string): LedgerEntryKind =>
  KIND_OF_SOURCE[sourceKind] ?? "correction";

const TITLES: Record<LedgerEntryKind, string> = {
  sales: "Sales Invoice",
  receipt: "Payment Received",
  salesReturn: "Sales Return",
  orderCancel: "Order Cancel",
  courierExpenses: "Courier Expenses",
  ageing: "Delayed Payment",
  correction: "Adjustment",
};

/** The title line of an entry (its description follows): "Sales Invoice", "DN120 Delayed Payment"… */
export function ledgerTitleOf(kind: LedgerEntryKind, noteType: string | null): string {
  return kind === "ageing" && noteType ? `${noteType} ${TITLES.ageing}` : TITLES[kind];
}

// ---- Debit-note ageing of returned lines ----

export const NOTE_TYPES = ["CN", "DN120", "DN180"] as const;
export type NoteType = (typeof NOTE_TYPES)[number];

/** Whether a line aged `ageDays` shows under a note type: DN180 from 180 days, DN120 from 120, CN always. */
export function passesAgeing(noteType: NoteType, ageDays: number): boolean {
  if (noteType === "DN180") return ageDays >= DN180_DAYS;
  if (noteType === "DN120") return ageDays >= DN120_DAYS;
  return true;
}

/**
 * A returned line's credit-note figures on its approval day: its age since shipping, the ageing
 * debit note it draws (DN120 from 120 days, DN180 from 180: 1.5% or 3% of the net amount), and the
 * GST inside the net amount (18%, the note rules).
 */
export function returnedLineNote(line: {
  net: Paise;
  shippingDay: string | null;
  approvedDay: string;
  state: string;
}) {
  const ageDays = line.shippingDay ? daysBetween(line.shippingDay, line.approvedDay) : 0;
  const tax = noteTax(line.net, line.state, line.approvedDay);
  return {
    ageDays,
    dnAmount120: ageDays >= DN120_DAYS && ageDays < DN180_DAYS ? ageingCharge("DN120", line.net) : 0n,
    dnAmount180: ageDays >= DN180_DAYS ? ageingCharge("DN180", line.net) : 0n,
    netAmount: line.net,
    gstAmount: tax.cgst + tax.sgst + tax.igst,
  };
}

/** Paise as the wire's decimal, for the statement's shown balances. */
export const balanceText = (b: Paise) => {
  const { amount, side } = drCr(b);
  return { amount: paiseToDecimal(amount), side };
};

/**
 * The debits still open on a day when credits settle the oldest first (FIFO), each with its age:
 * what a delayed-payment note (DN120 / DN180) was charged on.
 */
export function openDebits<T extends { day: string; amount: Paise }>(
  debits: readonly T[],
  totalCredits: Paise,
  today: string,
): (T & { open: Paise; ageDays: number })[] {
  let credits = totalCredits;
  const out: (T & { open: Paise; ageDays: number })[] = [];
  for (const debit of debits) {
    const settled = credits >= debit.amount ? debit.amount : credits > 0n ? credits : 0n;
    credits -= settled;
    const open = debit.amount - settled;
    if (open > 0n) out.push({ ...debit, open, ageDays: daysBetween(debit.day, today) });
  }
  return out;
}

/**
 * The open debits on a day that draw a delayed-payment note, each with its note (`ageingNoteOf`:
 * DN180 from 180 days, DN120 from 120): what the ageing job charges and what a note's detail lists.
 */
export function agedDebits<T extends { day: string; amount: Paise }>(
  debits: readonly T[],
  totalCredits: Paise,
  today: string,
): (T & { open: Paise; ageDays: number; note: "DN120" | "DN180" })[] {
  return openDebits(debits, totalCredits, today).flatMap((debit) => {
    const note = ageingNoteOf(debit.ageDays);
    return note ? [{ ...debit, note }] : [];
  });
}

/** What of a debit balance is overdue on a day, by the note it draws (the sums of `agedDebits`). */
export function overdueByNote(
  debits: readonly { day: string; amount: Paise }[],
  totalCredits: Paise,
  today: string,
): { over120: Paise; over180: Paise } {
  let over120 = 0n;
  let over180 = 0n;
  for (const debit of agedDebits(debits, totalCredits, today)) {
    if (debit.note === "DN180") over180 += debit.open;
    else over120 += debit.open;
  }
  return { over120, over180 };
}

/** The receivables ageing buckets staff read a partner's open balance by, in days since the debit. */
export const AGEING_BUCKETS = [
  { key: "days0to30", label: "0–30 days", maxDays: 30 },
  { key: "days31to60", label: "31–60 days", maxDays: 60 },
  { key: "days61to90", label: "61–90 days", maxDays: 90 },
  { key: "days91to180", label: "91–180 days", maxDays: 180 },
  { key: "over180", label: "180+ days", maxDays: Number.POSITIVE_INFINITY },
] as const;
export type AgeingBucketKey = (typeof AGEING_BUCKETS)[number]["key"];

/**
 * What is still open of a partner's debits on a day, by age (credits settle the oldest debits
 * first, as `openDebits`): 0–30, 31–60, 61–90, 91–180 and over 180 days.
 */
export function ageingBuckets(
  debits: readonly { day: string; amount: Paise }[],
  totalCredits: Paise,
  today: string,
): Record<AgeingBucketKey, Paise> {
  const sums: Record<AgeingBucketKey, Paise> = {
    days0to30: 0n,
    days31to60: 0n,
    days61to90: 0n,
    days91to180: 0n,
    over180: 0n,
  };
  for (const debit of openDebits(debits, totalCredits, today)) {
    const bucket = AGEING_BUCKETS.find((b) => debit.ageDays <= b.maxDays) ?? AGEING_BUCKETS[4];
    sums[bucket.key] += debit.open;
  }
  return sums;
}

// ---- The partner's ledger page: ageing, voucher filter, the monthly statement ----

/** The ageing buckets the partner's ledger shows, in days since the debit was raised (due on its day). */
export const LEDGER_AGEING_BUCKETS = [
  { key: "days0to30", label: "0–30 days", maxDays: 30 },
  { key: "days31to60", label: "31–60 days", maxDays: 60 },
  { key: "days61to90", label: "61–90 days", maxDays: 90 },
  { key: "over90", label: "90+ days", maxDays: Number.POSITIVE_INFINITY },
] as const;
export type LedgerAgeingKey = (typeof LEDGER_AGEING_BUCKETS)[number]["key"];

/**
 * What a partner owes on a day, by age of the open debits (credits settle the oldest debits first,
 * as `openDebits`): 0–30, 31–60, 61–90 and 90+ days. The buckets sum to the outstanding, which is
 * the debit balance (zero when the balance is in the partner's favour).
 */
export function ledgerAgeing(
  debits: readonly { day: string; amount: Paise }[],
  totalCredits: Paise,
  today: string,
): { outstanding: Paise; buckets: Record<LedgerAgeingKey, Paise> } {
  const buckets: Record<LedgerAgeingKey, Paise> = {
    days0to30: 0n,
    days31to60: 0n,
    days61to90: 0n,
    over90: 0n,
  };
  let outstanding = 0n;
  for (const debit of openDebits(debits, totalCredits, today)) {
    const bucket = LEDGER_AGEING_BUCKETS.find((b) => debit.ageDays <= b.maxDays) ?? LEDGER_AGEING_BUCKETS[3];
    buckets[bucket.key] += debit.open;
    outstanding += debit.open;
  }
  return { outstanding, buckets };
}

/** The voucher types a statement can be filtered by (what the journal writes). */
export const LEDGER_VOUCHER_TYPES = Object.values(
  VOUCHER_TYPES,
) as readonly (typeof VOUCHER_TYPES)[keyof typeof VOUCHER_TYPES][];
export type LedgerVoucherType = (typeof LEDGER_VOUCHER_TYPES)[number];

/** A calendar month (yyyy-MM) with its first and last days: 2028-02 → 2028-02-01 to 2028-02-29. */
export function monthRange(month: string): { month: string; from: string; to: string } {
  const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  return { month, from: `${month}-01`, to: `${month}-${String(last).padStart(2, "0")}` };
}

/** The calendar month before a day's: its key (yyyy-MM) and its first and last days. 2026-12-01 → 2026-11. */
export function previousMonthOf(day: string): { month: string; from: string; to: string } {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1;
  return monthRange(month === 0 ? `${year - 1}-12` : `${year}-${String(month).padStart(2, "0")}`);
}

/** The India hour the monthly statements are mailed at on the 1st. */
export const MONTHLY_STATEMENT_HOUR_IST = 7;

/** When the monthly statement run after `at` starts: the next 1st of a month, 07:00 India time. */
export function nextMonthlyStatementAt(at: Date): Date {
  const day = indiaDay(at);
  const runOn = (d: string) => new Date(indiaDayStart(d).getTime() + MONTHLY_STATEMENT_HOUR_IST * 3_600_000);
  const thisMonth = runOn(`${day.slice(0, 8)}01`);
  if (thisMonth.getTime() > at.getTime()) return thisMonth;
  let year = Number(day.slice(0, 4));
  let month = Number(day.slice(5, 7)) + 1;
  if (month === 13) {
    month = 1;
    year += 1;
  }
  return runOn(`${year}-${String(month).padStart(2, "0")}-01`);
}
