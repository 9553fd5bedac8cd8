/**
 * The one rule for a day a request names: written yyyy-MM-dd, a day the calendar has (2026-02-30 and
 * 2026-13-01 are not), and within the bounds the portal keeps (2000-01-01 to 2100-12-31), so no
 * impossible or far-off day reaches a date library or the database.
 */

/** The first and last day a request may name. */
export const CALENDAR_DAY_MIN = "2000-01-01";
export const CALENDAR_DAY_MAX = "2100-12-31";

/** yyyy-MM-dd, as a regular expression's source (for the API document). */
export const CALENDAR_DAY_PATTERN = "^\\d{4}-\\d{2}-\\d{2}$";
const DAY_SHAPE = new RegExp(CALENDAR_DAY_PATTERN);

/** A real calendar day written yyyy-MM-dd (2026-02-30, 2026-01-00 and 2026-13-01 are not). */
export function isCalendarDay(v: string): boolean {
  if (!DAY_SHAPE.test(v)) return false;
  const year = Number(v.slice(0, 4));
  const month = Number(v.slice(5, 7));
  const day = Number(v.slice(8, 10));
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] as number;
  return day <= days;
}

/** A real calendar day from `min` to `max` (both yyyy-MM-dd, inclusive; by default the portal's bounds). */
export function isDayWithin(
  v: string,
  min: string = CALENDAR_DAY_MIN,
  max: string = CALENDAR_DAY_MAX,
): boolean {
  return isCalendarDay(v) && v >= min && v <= max;
}
