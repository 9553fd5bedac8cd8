/** The order desk: orders to confirm, part-confirm, bulk-confirm or cancel, and the auto-confirm settings. */
import { ACCOUNT_TYPES, ORDER_STATUSES } from "@portal/domain";
import { z } from "zod";
import { calendarDay, Money, text } from "../common";
import { DbId, listControls, Page, ShortText } from "./fields";

/** The orders list's sortable columns: the row's field names (amount is the net payment). */
export const ORDER_SORTS = [
  "createdAt",
  "poid",
  "partnerName",
  "warehouseName",
  "status",
  "totalQuantity",
  "netPayment",
  "gapReport",
] as const;

export const AdminOrdersQuery = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  userId: DbId.optional(),
  warehouseId: DbId.optional(),
  from: calendarDay("from").optional(),
  to: calendarDay("to").optional(),
  /** Confirmed orders not yet in a load. */
  unloaded: z.enum(["true", "false"]).optional(),
  ...listControls(ORDER_SORTS),
  ...Page,
});
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuery>;

export const AdminOrderRow = z.object({
  poid: z.string(),
  userId: z.number(),
  partnerName: z.string(),
  partnerEmail: z.string(),
  accountType: z.string(),
  warehouseId: z.number(),
  warehouseName: z.string(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  totalItems: z.number(),
  /** Units as placed; totalQuantity is the confirmed (after a proof of delivery, the delivered) units. */
  orderedQuantity: z.number(),
  totalQuantity: z.number(),
  netPayment: Money,
  gapReport: z.number(),
  loadId: z.number().nullable(),
  autoConfirmed: z.boolean(),
});
export type AdminOrderRow = z.infer<typeof AdminOrderRow>;
export const AdminOrdersResponse = z.object({ rows: z.array(AdminOrderRow), total: z.number() });
export type AdminOrdersResponse = z.infer<typeof AdminOrdersResponse>;

/** Confirm wholly (no lines) or in part: a confirmed quantity per line, at most the ordered one. */
export const ConfirmOrderBody = z.object({
  lines: z
    .array(z.object({ productId: DbId, quantity: z.number().int().min(0).max(100_000) }))
    .max(300)
    .optional(),
});
export type ConfirmOrderBody = z.infer<typeof ConfirmOrderBody>;

export const BulkConfirmBody = z.object({
  poids: z.array(text("poid").trim().min(1).max(40)).min(1).max(200),
});
export type BulkConfirmBody = z.infer<typeof BulkConfirmBody>;
export const BulkResult = z.object({
  done: z.array(z.string()),
  failed: z.array(z.object({ id: z.string(), message: z.string() })),
});
export type BulkResult = z.infer<typeof BulkResult>;

export const CancelOrderBody = z.object({ reason: ShortText(500, "reason", true) });
export type CancelOrderBody = z.infer<typeof CancelOrderBody>;

export const AccountTypeParam = z.object({ accountType: z.enum(ACCOUNT_TYPES) });
export const AutoConfirmedOrdersResponse = z.array(AdminOrderRow);

export const AutoConfirmSetting = z.object({
  accountType: z.enum(ACCOUNT_TYPES),
  autoConfirm: z.boolean(),
  /** Minutes a Pending order waits before the job confirms it. */
  delayMinutes: z.number().int().min(0).max(43_200),
});
export type AutoConfirmSetting = z.infer<typeof AutoConfirmSetting>;
export const AutoConfirmSettings = z.array(AutoConfirmSetting);
export const AutoConfirmSettingsBody = z.array(AutoConfirmSetting).min(1).max(10);

/** What the orders list's filters offer, from the database: every warehouse and every partner with an order. */
export const OrderFilterChoices = z.object({
  warehouses: z.array(z.object({ id: z.number(), name: z.string() })),
  partners: z.array(z.object({ id: z.number(), name: z.string(), email: z.string() })),
});
export type OrderFilterChoices = z.infer<typeof OrderFilterChoices>;
