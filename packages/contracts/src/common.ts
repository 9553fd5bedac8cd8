import {
  GST_TYPES,
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

/** Emails are compared without case and surrounding spaces. */
export const Email = z
  .string({ error: "email is required" })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "email must be a valid email address" }).max(254));

export const Pincode = z
  .string()
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

// Inferred types of the schemas above, for server and web alike.
export type MessageResponse = z.infer<typeof MessageResponse>;
