/** Loads: the orders to load, a load made, handed over, shipped and delivered. */
import { LOAD_STATUSES, loadDeskMessages, ORDER_STATUSES } from "@portal/domain";
import { z } from "zod";
import { calendarDay, Money, text } from "../common";
import { AdminPoidParam, DbId, listControls, Page, ShortText } from "./fields";
import { AdminOrderRow } from "./order-desk";

/** The loads board's sortable columns (the row's field names). */
export const LOAD_SORTS = [
  "id",
  "partnerName",
  "warehouseName",
  "status",
  "createdAt",
  "estimatedShippingDate",
  "actualShippingDate",
  "handedOverAt",
  "deliveredAt",
  "transporter",
  "docketNo",
  "totalItems",
  "totalQuantity",
  "total",
] as const;

/** `q` searches the load number, its orders' POs, the docket, the transporter and the partner's name and email. */
export const AdminLoadsQuery = z.object({
  status: z.enum(LOAD_STATUSES).optional(),
  userId: DbId.optional(),
  warehouseId: DbId.optional(),
  /** One of the transporters the loads use (GET /api/admin/loads/choices), whatever its case. */
  transporter: text("transporter").trim().max(120).optional(),
  /** Loads shipped on this India day (the dashboard's "Shipped today"). */
  shippedOn: calendarDay("shippedOn").optional(),
  ...listControls(LOAD_SORTS),
  ...Page,
});
export type AdminLoadsQuery = z.infer<typeof AdminLoadsQuery>;

/** The loads board's filter choices, from the database: every warehouse and every transporter used. */
export const AdminLoadChoices = z.object({
  warehouses: z.array(z.object({ id: z.number(), name: z.string() })),
  transporters: z.array(z.string()),
});
export type AdminLoadChoices = z.infer<typeof AdminLoadChoices>;

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

/** A line of an order on a load: ordered, loaded (confirmed or shipped) and delivered units. */
export const AdminLoadLine = z.object({
  productId: z.number(),
  productName: z.string(),
  orderedQuantity: z.number(),
  quantity: z.number(),
  deliveredQuantity: z.number().nullable(),
});
export const AdminLoadOrder = z.object({
  poid: z.string(),
  status: z.enum(ORDER_STATUSES),
  totalQuantity: z.number(),
  netPayment: Money,
  lines: z.array(AdminLoadLine),
});
export type AdminLoadOrder = z.infer<typeof AdminLoadOrder>;
/** One load with its orders and their lines, the steps staff may take now, and its waybill request. */
export const AdminLoadDetail = AdminLoad.extend({
  orders: z.array(AdminLoadOrder),
  nextSteps: z.array(z.enum(LOAD_STATUSES)),
  /** Orders may be taken off the load (before it ships, while no waybill request covers them). */
  canRemoveOrders: z.boolean(),
  waybillRequestId: z.string().nullable(),
});
export type AdminLoadDetail = z.infer<typeof AdminLoadDetail>;

export const AdminLoadOrderParams = z.object({ id: DbId, ...AdminPoidParam.shape });
export const RemoveLoadOrderBody = z.object({
  reason: text("reason", { multiline: true }).trim().max(300).optional(),
});
export type RemoveLoadOrderBody = z.infer<typeof RemoveLoadOrderBody>;
export const CancelLoadBody = z.object({
  reason: text("reason", { multiline: true }).trim().min(1, loadDeskMessages.cancelReasonRequired).max(300),
});
export type CancelLoadBody = z.infer<typeof CancelLoadBody>;

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
