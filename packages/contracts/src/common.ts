import {
  accountMessages,
  CALENDAR_DAY_MAX,
  CALENDAR_DAY_MIN,
  CALENDAR_DAY_PATTERN,
  GST_TYPES,
  isDayWithin,
  ORDER_STATUSES,
  RULE_TYPES,
  SORT_NAMES,
  SORT_ORDERS,
  STOCK_TYPES,
  WAREHOUSE_GROUPS,
  WAREHOUSE_TYPE_KEYS,
} from "@portal/domain";
import { z } from "zod";

export const ErrorResponse = z.object({ message: z.string() }).meta({ id: "Error" });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const MessageResponse = z.object({ message: z.string() });

/** The largest id a PostgreSQL `integer` column holds. */
export const MAX_DB_ID = 2_147_483_647;

/** A row id (path, query or body): a whole number from 1 to MAX_DB_ID; "123" is accepted as 123. */
export const dbId = (what: string) =>
  z.coerce
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .min(1, `${what} must be positive`)
    .max(MAX_DB_ID, `${what} is too large`);

export const IdParam = z.object({ id: dbId("id") });

/** C0 and C1 control characters other than tab, line feed and carriage return. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
const CONTROL_MULTILINE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$/;
/** Every C0 and C1 control character (single-line text: no tabs or line breaks either). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
const CONTROL_SINGLE_LINE = /^[^\u0000-\u001F\u007F-\u009F]*$/;

/** A high surrogate without its low half, or a low one without its high half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text is refused (control characters, or a UTF-16 surrogate without its pair), or null. */
export function textProblem(value: string, options: { multiline?: boolean } = {}): string | null {
  const allowed = options.multiline ? CONTROL_MULTILINE : CONTROL_SINGLE_LINE;
  if (!allowed.test(value)) return "must not contain control characters";
  if (LONE_SURROGATE.test(value)) return "must be valid Unicode text";
  return null;
}

/**
 * Every text field of every request: refuses control characters (tab, line feed and carriage return
 * only in multi-line text) and lone UTF-16 surrogates with a 400 naming the field. PostgreSQL
 * refuses NUL, and a lone surrogate cannot be stored as JSON, so neither may reach the database.
 */
export const text = (field: string, options: { multiline?: boolean } = {}) =>
  z
    .string({
      // Also words a length check chained on without its own message (after a trim, blank is "required").
      // (zod types this map for the type check only; at run time the schema's checks use it too.)
      error: (raw) => {
        const issue = raw as { code: string; input?: unknown; minimum?: unknown; maximum?: unknown };
        if (issue.code === "too_small")
          return issue.minimum === 1
            ? `${field} is required`
            : `${field} must be at least ${issue.minimum} characters`;
        if (issue.code === "too_big") return `${field} must be at most ${issue.maximum} characters`;
        return issue.input === undefined ? `${field} is required` : `${field} must be text`;
      },
    })
    .regex(
      options.multiline ? CONTROL_MULTILINE : CONTROL_SINGLE_LINE,
      `${field} must not contain control characters`,
    )
    .refine((v) => !LONE_SURROGATE.test(v), `${field} must be valid Unicode text`);

/** The document's shape of a day: format date, yyyy-MM-dd, and its bounds in words. */
const dayJson = (min: string, max: string) => ({
  type: "string",
  format: "date",
  pattern: CALENDAR_DAY_PATTERN,
  minLength: 10,
  maxLength: 10,
  description: `A real calendar day written yyyy-MM-dd, from ${min} to ${max} (2026-02-30 is not one).`,
});

/**
 * Every day a request names (path, query or body): yyyy-MM-dd, a real day of the calendar from
 * CALENDAR_DAY_MIN to CALENDAR_DAY_MAX (or the bounds given), by the domain's `isDayWithin`;
 * anything else is a 400 naming the field ("fromDate must be a real date between 2000-01-01 and
 * 2100-12-31 (yyyy-MM-dd)"). The document states it: format date, the pattern and the bounds.
 */
export function calendarDay(field: string, bounds: { min?: string; max?: string } = {}) {
  const min = bounds.min ?? CALENDAR_DAY_MIN;
  const max = bounds.max ?? CALENDAR_DAY_MAX;
  const message = accountMessages.notADay(field, min, max);
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : message) })
    .refine((v) => isDayWithin(v, min, max), message)
    .meta(dayJson(min, max));
}

/** A day, or "" for "not given" (a cleared date field of the web): `calendarDay`'s rule otherwise. */
export function calendarDayOrBlank(field: string) {
  const message = accountMessages.notADay(field);
  const { description, ...day } = dayJson(CALENDAR_DAY_MIN, CALENDAR_DAY_MAX);
  return z
    .string({ error: message })
    .refine((v) => v === "" || isDayWithin(v), message)
    .meta({
      description: `${description} An empty value counts as not given.`,
      anyOf: [day, { type: "string", enum: [""] }],
    });
}

/** Emails are compared without case and surrounding spaces. */
export const Email = text("email")
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "email must be a valid email address" }).max(254))
  .meta({ format: "email", maxLength: 254 });

export const Pincode = text("pincode")
  .trim()
  .regex(/^\d{6}$/, "pincode must be 6 digits");

/** Money on the wire: a decimal string with 2 places. */
export const Money = z.string().regex(/^-?\d+\.\d{2}$/);

/** Enums of the wire, derived from the domain's constants (never restated). */
export const GstType = z.enum(GST_TYPES);
export const WarehouseGroupKey = z.enum(WAREHOUSE_GROUPS);
export const StockTypeName = z.enum(STOCK_TYPES);
export const OrderStatusName = z.enum(ORDER_STATUSES);
export const RuleType = z.enum(RULE_TYPES);
export const SortName = z.enum(SORT_NAMES, {
  error: `sort.name must be ${SORT_NAMES.slice(0, -1).join(", ")} or ${SORT_NAMES.at(-1)}`,
});
export const SortOrder = z.enum(SORT_ORDERS);
export const WarehouseTypeKey = z.enum(WAREHOUSE_TYPE_KEYS);

/** One GST rate of the HSN table (percent strings): the one shape for the rates list and a product's rates. */
export const GstRate = z.object({
  HSNCode: z.string(),
  CGST: z.string(),
  SGST: z.string(),
  IGST: z.string(),
});
export type GstRate = z.infer<typeof GstRate>;

/** The GST split of a priced line (rates in percent, amounts of the whole line): one shape for order and invoice lines. */
export const GstSplitFields = {
  cgstRate: Money,
  sgstRate: Money,
  igstRate: Money,
  cgst: Money,
  sgst: Money,
  igst: Money,
};

// Inferred types of the schemas above, for server and web alike.
export type MessageResponse = z.infer<typeof MessageResponse>;
