/**
 * The partner dashboard's rules (issue 30), written once: the period it covers (calendar days in
 * India, the last 12 months by default, at most 24), its months, the financial year to date, and the
 * figures derived from the sums SQL makes over the store's documents (fill rate, margin at MRP, the
 * gap of a line). Money is integer paise (plain numbers: every figure is far below 2^53 paise).
 */
import { addMonths } from "./account";
import { isCalendarDay } from "./calendar";
import { dashboardMessages } from "./messages";

/** The longest period the dashboard sums, in months. */
export const DASHBOARD_MAX_MONTHS = 24;
/** The default period: this month and the 11 before it. */
export const DASHBOARD_DEFAULT_MONTHS = 12;
/** How many gap products the dashboard names. */
export const DASHBOARD_TOP_GAPS = 10;
/** How many open documents "next dues" lists (oldest first). */
export const DASHBOARD_NEXT_DUES = 5;

/** The first day of a day's month. */
export const monthStartOf = (day: string) => `${day.slice(0, 7)}-01`;

/** The first day of the Indian financial year (1 April) a day falls in. */
export function financialYearStartOf(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return `${month >= 4 ? year : year - 1}-04-01`;
}

/** Every calendar month (yyyy-MM) from `from`'s to `to`'s, in order. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let m = monthStartOf(from); m <= to; m = addMonths(m, 1)) out.push(m.slice(0, 7));
  return out;
}

export type DashboardRange = { ok: true; from: string; to: string } | { ok: false; message: string };

/**
 * The period the dashboard covers: `to` defaults to today (India), `from` to the first day of the
 * month 11 months before `to`'s (12 calendar months). `from` must not come after `to`, and the
 * period may be at most 24 months (from on or after the same day 24 months before `to`).
 */
export function dashboardRange(today: string, asked: { from?: string | undefined; to?: string | undefined }) {
  const to = asked.to ?? today;
  const from = asked.from ?? monthStartOf(addMonths(to, -(DASHBOARD_DEFAULT_MONTHS - 1)));
  if (!isCalendarDay(from) || !isCalendarDay(to))
    return { ok: false, message: dashboardMessages.notADay } satisfies DashboardRange;
  if (from > to) return { ok: false, message: dashboardMessages.fromAfterTo } satisfies DashboardRange;
  if (from < addMonths(to, -DASHBOARD_MAX_MONTHS))
    return {
      ok: false,
      message: dashboardMessages.tooLong(DASHBOARD_MAX_MONTHS),
    } satisfies DashboardRange;
  return { ok: true, from, to } satisfies DashboardRange;
}

/** A share in percent with one decimal (half up), or null when there is nothing to share. */
export function percentOf(part: number, whole: number): number | null {
  if (whole === 0) return null;
  return Math.round((part * 1000) / whole) / 10;
}

/** Ordered against confirmed and shipped units: each as a share of what was ordered. */
export function fillRateOf(units: { ordered: number; confirmed: number; shipped: number }) {
  return {
    confirmedPercent: percentOf(units.confirmed, units.ordered),
    shippedPercent: percentOf(units.shipped, units.ordered),
  };
}

/** The margin earned at MRP: MRP value of the goods received less what they cost, and its share of the MRP value. */
export function marginAtMrp(
  mrpValue: number,
  cost: number,
): { margin: number; marginPercent: number | null } {
  const margin = mrpValue - cost;
  return { margin, marginPercent: percentOf(margin, mrpValue) };
}

/** The statuses whose gap is final (the gap report's and the gap reorder's): nothing more will come. */
export const CLOSED_ORDER_STATUSES = ["Delivered", "Cancelled"] as const;
