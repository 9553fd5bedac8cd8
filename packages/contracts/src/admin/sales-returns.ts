/** Sales returns as staff move them along. */
import { SR_ALL_STATUSES, SR_STATUSES } from "@portal/domain";
import { z } from "zod";
import { Money } from "../common";
import { CreditNote } from "../sales-returns";
import { DbId, listControls, Page } from "./fields";

/** The sales returns list's sort columns (the row's field names). */
export const SALES_RETURN_SORTS = [
  "createdAt",
  "referenceId",
  "invoiceNumber",
  "partnerName",
  "status",
  "invoiceDate",
  "amount",
] as const;
/** `q` searches the SR reference, the invoice number, the AWB and the partner's name and email. */
export const SalesReturnsQuery = z.object({
  status: z.enum(SR_ALL_STATUSES).optional(),
  /** Only the rows the dashboard counts as waiting for staff. */
  waiting: z.enum(["true", "false"]).optional(),
  userId: DbId.optional(),
  ...listControls(SALES_RETURN_SORTS),
  ...Page,
});
export type SalesReturnsQuery = z.infer<typeof SalesReturnsQuery>;
export const AdminSalesReturn = z.object({
  id: z.number(),
  referenceId: z.string(),
  userId: z.number(),
  partnerName: z.string(),
  partnerEmail: z.string(),
  warehouseId: z.number(),
  status: z.enum(SR_ALL_STATUSES),
  invoiceDate: z.string(),
  /** When the return was raised. */
  createdAt: z.string(),
  shippingCompany: z.string().nullable(),
  awb: z.string().nullable(),
  amount: Money,
  lines: z.array(
    z.object({
      poid: z.string(),
      productId: z.number(),
      quantity: z.number(),
      mrp: Money,
      amountRefundable: Money,
      hsnCode: z.string(),
      /** Units received back (null until the goods are received). */
      receivedQuantity: z.number().nullable(),
    }),
  ),
  approvedAt: z.string().nullable(),
  /** The tax invoice returned (null on returns not raised from an invoice). */
  invoiceId: z.number().nullable(),
  invoiceNumber: z.string().nullable(),
  receivedAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  creditNote: CreditNote.nullable(),
});
export type AdminSalesReturn = z.infer<typeof AdminSalesReturn>;
export const AdminSalesReturnsResponse = z.object({ rows: z.array(AdminSalesReturn), total: z.number() });
/** Moves an SR one step (WHReceived, InProcess, B2BApproved, AccountApproved; AccountApproved posts the credit note). */
export const AdvanceSalesReturnBody = z.object({ status: z.enum(SR_STATUSES) });
