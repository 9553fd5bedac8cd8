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

const pad = (n: number) => n.toString().padStart(2, "0");

function toDate(value: Date | string): Date {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new Error(`Not a date: ${String(value)}`);
  return date;
}

/** Dates on screen: dd-MM-yyyy (in the viewer's local time). */
export function formatDate(value: Date | string): string {
  const d = toDate(value);
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()}`;
}

/** Dates on screen with time: dd-MM-yyyy HH:mm. */
export function formatDateTime(value: Date | string): string {
  const d = toDate(value);
  return `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Dates sent to the API in filters: yyyy-MM-dd (the local calendar day). */
export function toApiDate(value: Date | string): string {
  const d = toDate(value);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Parses an API filter date (yyyy-MM-dd) strictly; returns null when it is not a real calendar day. */
export function parseApiDate(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day ? d : null;
}
