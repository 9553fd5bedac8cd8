import { type Paise, toPaise } from "./money";

/** Groups the whole part the Indian way: 1,23,45,678. */
function groupIndian(whole: string): string {
  if (whole.length <= 3) return whole;
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3);
  return `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ",")},${last3}`;
}

/** Rupees in the Indian format with 2 decimals: ₹1,23,456.00 (negative: -₹1,234.50). */
export function formatRupees(amount: string | number | Paise): string {
  const paise = typeof amount === "bigint" ? amount : toPaise(amount);
  const negative = paise < 0n;
  const abs = negative ? -paise : paise;
  const whole = (abs / 100n).toString();
  const fraction = (abs % 100n).toString().padStart(2, "0");
  return `${negative ? "-" : ""}₹${groupIndian(whole)}.${fraction}`;
}

/** A plain count in the Indian grouping: 123456 -> "1,23,456". */
export const formatCount = (n: number) =>
  `${n < 0 ? "-" : ""}${groupIndian(Math.trunc(Math.abs(n)).toString())}`;

/**
 * Every calendar day and clock time the portal shows or sends is India's. India keeps one offset all
 * year (UTC+05:30, no daylight saving since 1945), so its clock is UTC plus 330 minutes: plain
 * arithmetic, where an `Intl` formatter with a time zone costs tens of milliseconds to build on a phone
 * while a page loads.
 */
const INDIA_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

function toDate(value: Date | string): Date {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new Error(`Not a date: ${String(value)}`);
  return date;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The India calendar day and clock time of an instant, each part zero-padded. */
function indiaClock(value: Date | string) {
  const india = new Date(toDate(value).getTime() + INDIA_OFFSET_MS);
  return {
    year: pad(india.getUTCFullYear(), 4),
    month: pad(india.getUTCMonth() + 1),
    day: pad(india.getUTCDate()),
    hour: pad(india.getUTCHours()),
    minute: pad(india.getUTCMinutes()),
  };
}

/** Dates on screen: dd-MM-yyyy, the India calendar day. */
export function formatDate(value: Date | string): string {
  const { day, month, year } = indiaClock(value);
  return `${day}-${month}-${year}`;
}

/** Dates on screen with time: dd-MM-yyyy HH:mm, India time. */
export function formatDateTime(value: Date | string): string {
  const { day, month, year, hour, minute } = indiaClock(value);
  return `${day}-${month}-${year} ${hour}:${minute}`;
}

/** A clock time on screen: HH:mm, India time. */
export function formatTime(value: Date | string): string {
  const { hour, minute } = indiaClock(value);
  return `${hour}:${minute}`;
}

/** The hour (0–23) of an instant on India's clock: the home page's greeting. */
export function indiaHour(value: Date | string): number {
  return Number(indiaClock(value).hour);
}

/**
 * The India calendar day of an instant as yyyy-MM-dd: what filters send, what order ids are dated by
 * and the one place back-office rules read a calendar day.
 */
export function indiaDay(date: Date | string): string {
  const { day, month, year } = indiaClock(date);
  return `${year}-${month}-${day}`;
}

/**
 * The first instant of an India calendar day (yyyy-MM-dd): its midnight at UTC+05:30. A day's
 * moments are those from its start up to, not including, the next day's start (`indiaDayEnd`).
 */
export function indiaDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - INDIA_OFFSET_MS);
}

/** The instant an India calendar day ends: the next day's midnight (exclusive bound of the day). */
export function indiaDayEnd(day: string): Date {
  return new Date(indiaDayStart(day).getTime() + DAY_MS);
}

/** A percentage from the API ("30.00") as people write it: "30%", "12.5%". */
export function formatPercent(value: string | number): string {
  const n = Number(value);
  if (!Number.isFinite(n)) return "–";
  return `${Number.parseFloat(n.toFixed(2))}%`;
}
