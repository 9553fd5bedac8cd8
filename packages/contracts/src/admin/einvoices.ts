/** E-invoices (INV-01 v1.1) with the IRP: the desk's list, one document's JSON, register and cancel. */
import { z } from "zod";
import { text } from "../common";
import { DbId, Page, ShortText } from "./fields";

export const EINVOICE_STATES = ["not needed", "pending", "registered", "failed", "cancelled"] as const;
export const EINVOICE_DOC_TYPES = ["INV", "CRN", "DBN"] as const;

/** The e-invoice JSON as the IRP takes it (validated on the server against NIC's schema). */
export const EinvoiceJson = z.record(z.string(), z.unknown());

export const EinvoiceRow = z.object({
  type: z.enum(EINVOICE_DOC_TYPES),
  number: z.string(),
  day: z.string(),
  userId: z.number(),
  partnerName: z.string(),
  buyerGstin: z.string().nullable(),
  /** The tax invoice (INV) or the invoice a credit note credits. */
  invoiceId: z.number().nullable(),
  total: z.string().nullable(),
  state: z.enum(EINVOICE_STATES),
  /** Why the document takes no e-invoice (state "not needed"). */
  reason: z.string().nullable(),
  irn: z.string().nullable(),
  ackNo: z.string().nullable(),
  ackAt: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type EinvoiceRow = z.infer<typeof EinvoiceRow>;

export const AdminEinvoicesQuery = z.object({
  state: z.enum(EINVOICE_STATES).optional(),
  q: z.preprocess((v) => (v === "" ? undefined : v), text("q").trim().max(80).optional()),
  ...Page,
});
export type AdminEinvoicesQuery = z.infer<typeof AdminEinvoicesQuery>;
export const AdminEinvoicesResponse = z.object({
  rows: z.array(EinvoiceRow),
  total: z.number(),
  /** How many documents are in each state (all documents, before the filters). */
  counts: z.record(z.enum(EINVOICE_STATES), z.number()),
  /** Which IRP answers: "sandbox" or the configured endpoint's host. */
  irp: z.string(),
});
export type AdminEinvoicesResponse = z.infer<typeof AdminEinvoicesResponse>;

/** One document's e-invoice JSON and what NIC's schema and the IRP's rules find wrong with it. */
export const EinvoiceDetail = z.object({
  row: EinvoiceRow,
  einvoice: EinvoiceJson,
  problems: z.array(z.string()),
});
export type EinvoiceDetail = z.infer<typeof EinvoiceDetail>;

export const EinvoiceDocParams = z.object({
  type: z.enum(EINVOICE_DOC_TYPES),
  number: text("number").trim().min(1).max(16),
});
export const EinvoiceCancelBody = z.object({
  /** NIC's reasons: 1 duplicate, 2 data entry mistake, 3 order cancelled, 4 others. */
  reason: z.enum(["1", "2", "3", "4"]),
  remark: ShortText(100, "remark"),
});
export type EinvoiceCancelBody = z.infer<typeof EinvoiceCancelBody>;
/** Cancels any document's IRN (tax invoice, credit note or debit note) by type and number. */
export const EinvoiceDocCancelBody = EinvoiceDocParams.extend(EinvoiceCancelBody.shape);
export type EinvoiceDocCancelBody = z.infer<typeof EinvoiceDocCancelBody>;
export const EinvoiceBulkBody = z.object({
  documents: z
    .array(z.object({ type: z.enum(EINVOICE_DOC_TYPES), number: text("number").trim().min(1).max(16) }))
    .min(1)
    .max(100),
});
export type EinvoiceBulkBody = z.infer<typeof EinvoiceBulkBody>;
export const EinvoiceBulkResponse = z.object({ rows: z.array(EinvoiceRow) });
export const EinvoiceInvoiceParam = z.object({ id: DbId });
