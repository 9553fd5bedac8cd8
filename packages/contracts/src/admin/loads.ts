/** Loads: the orders to load, a load made, handed over, shipped and delivered. */
import { LOAD_STATUSES } from "@portal/domain";
import { z } from "zod";
import { calendarDay, Money, text } from "../common";
import { DbId, Page, ShortText } from "./fields";
import { AdminOrderRow } from "./order-desk";

export const AdminLoadsQuery = z.object({
  status: z.enum(LOAD_STATUSES).optional(),
  userId: DbId.optional(),
  warehouseId: DbId.optional(),
  ...Page,
});
export type AdminLoadsQuery = z.infer<typeof AdminLoadsQuery>;

export const AdminLoad = z.object({
  id: z.number(),
  userId: z.number(),
  partnerName: z.string(),
  warehouseId: z.number(),
  warehouseName: z.string(),
  status: z.enum(LOAD_STATUSES),
  createdAt: z.string(),
  estimatedShippingDate: z.string().nullable(),
  actualShippingDate: z.string().nullable(),
  handedOverAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  docketNo: z.string().nullable(),
  transporter: z.string().nullable(),
  totalItems: z.number(),
  totalQuantity: z.number(),
  total: Money,
  poids: z.array(z.string()),
  invoiceId: z.number().nullable(),
  invoiceNumber: z.string().nullable(),
});
export type AdminLoad = z.infer<typeof AdminLoad>;
export const AdminLoadsResponse = z.object({ rows: z.array(AdminLoad), total: z.number() });
export type AdminLoadsResponse = z.infer<typeof AdminLoadsResponse>;

/** Confirmed orders of one partner and one warehouse, not yet loaded. */
export const LoadCandidate = z.object({
  userId: z.number(),
  partnerName: z.string(),
  warehouseId: z.number(),
  warehouseName: z.string(),
  orders: z.array(AdminOrderRow),
});
export const LoadCandidatesResponse = z.array(LoadCandidate);
export type LoadCandidate = z.infer<typeof LoadCandidate>;

export const CreateLoadBody = z.object({
  poids: z.array(text("poid").trim().min(1).max(40)).min(1).max(200),
  estimatedShippingDate: calendarDay("estimatedShippingDate").optional(),
});
export type CreateLoadBody = z.infer<typeof CreateLoadBody>;

export const HandOverBody = z.object({
  transporter: ShortText(120, "transporter"),
  /** Docket / air waybill number. */
  docketNo: ShortText(60, "docketNo"),
});
export type HandOverBody = z.infer<typeof HandOverBody>;

export const ShipLoadBody = z.object({ actualShippingDate: calendarDay("actualShippingDate").optional() });
export type ShipLoadBody = z.infer<typeof ShipLoadBody>;

/** Proof of delivery: delivered quantities per order line (missing lines: all shipped units arrived). */
export const DeliverLoadBody = z.object({
  lines: z
    .array(
      z.object({
        poid: text("poid").trim().min(1).max(40),
        productId: DbId,
        deliveredQuantity: z.number().int().min(0).max(100_000),
      }),
    )
    .max(2000)
    .optional(),
});
export type DeliverLoadBody = z.infer<typeof DeliverLoadBody>;
