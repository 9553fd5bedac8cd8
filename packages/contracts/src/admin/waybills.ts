/** Waybill requests as staff raise and close them. */
import { WAYBILL_STATUSES } from "@portal/domain";
import { z } from "zod";
import { Money, text } from "../common";
import { DbId, Page } from "./fields";

export const WaybillsQuery = z.object({
  status: z.enum(WAYBILL_STATUSES).optional(),
  userId: DbId.optional(),
  ...Page,
});
export const AdminWaybill = z.object({
  id: z.number(),
  requestId: z.string(),
  loadId: z.number(),
  userId: z.number(),
  partnerName: z.string(),
  warehouseId: z.number(),
  status: z.enum(WAYBILL_STATUSES),
  transporter: z.string().nullable(),
  awbNo: z.string().nullable(),
  checkpostName: z.string().nullable(),
  whRequestDate: z.string(),
  invoiceValue: Money,
  totalQty: z.number(),
  closedAt: z.string().nullable(),
});
export type AdminWaybill = z.infer<typeof AdminWaybill>;
export const AdminWaybillsResponse = z.object({ rows: z.array(AdminWaybill), total: z.number() });
export const CreateWaybillRequestBody = z.object({
  loadId: DbId,
  checkpostName: text("checkpostName").trim().max(120).optional(),
  comment: text("comment", { multiline: true }).trim().max(500).optional(),
});
export const CloseWaybillBody = z.object({
  comment: text("comment", { multiline: true }).trim().max(500).optional(),
});
