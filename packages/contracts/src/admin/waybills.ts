/** Waybill requests as staff raise and close them. */
import { WAYBILL_STATUSES } from "@portal/domain";
import { z } from "zod";
import { Money, text } from "../common";
import { DbId, listControls, Page } from "./fields";

/** The waybills desk's sortable columns (the row's field names). */
export const WAYBILL_SORTS = [
  "id",
  "requestId",
  "loadId",
  "partnerName",
  "status",
  "transporter",
  "awbNo",
  "checkpostName",
  "whRequestDate",
  "invoiceValue",
  "totalQty",
  "closedAt",
] as const;

/** `q` searches the request id, the load number, the AWB (docket), the transporter and the partner's name and email. */
export const WaybillsQuery = z.object({
  status: z.enum(WAYBILL_STATUSES).optional(),
  /** Only the rows the dashboard counts as waiting for staff. */
  waiting: z.enum(["true", "false"]).optional(),
  userId: DbId.optional(),
  ...listControls(WAYBILL_SORTS),
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
  /** How many documents the partner uploaded. */
  documents: z.number(),
});
export type AdminWaybill = z.infer<typeof AdminWaybill>;
/** A document uploaded to a waybill request: its signed address comes from POST /api/waybill/download. */
export const AdminWaybillDocument = z.object({
  path: z.string(),
  fileName: z.string(),
  uploadedAt: z.string(),
  comment: z.string().nullable(),
});
export type AdminWaybillDocument = z.infer<typeof AdminWaybillDocument>;
export const AdminWaybillDocuments = z.array(AdminWaybillDocument);
export const AdminWaybillsResponse = z.object({ rows: z.array(AdminWaybill), total: z.number() });
export const CreateWaybillRequestBody = z.object({
  loadId: DbId,
  checkpostName: text("checkpostName").trim().max(120).optional(),
  comment: text("comment", { multiline: true }).trim().max(500).optional(),
});
export const CloseWaybillBody = z.object({
  comment: text("comment", { multiline: true }).trim().max(500).optional(),
});
