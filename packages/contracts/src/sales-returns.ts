/**
 * Sales returns raised by staff from a tax invoice: the request, receipt of the goods, approval
 * (the credit note that reverses the invoice's lines) and rejection with a reason. Amounts are
 * decimal strings with 2 places, days yyyy-MM-dd.
 */
import { backOfficeMessages, TAX_REGIMES } from "@portal/domain";
import { z } from "zod";
import { dbId, Money, text } from "./common";

/** A credit note line: the invoice line's own unit taxable value, HSN and rate at the returned quantity. */
export const CreditNoteLine = z.object({
  poid: z.string(),
  productId: z.number(),
  name: z.string(),
  hsnCode: z.string(),
  quantity: z.number(),
  unitTaxable: Money,
  taxable: Money,
  vatRate: Money,
  vat: Money,
  cgstRate: Money,
  cgst: Money,
  sgstRate: Money,
  sgst: Money,
  igstRate: Money,
  igst: Money,
  total: Money,
});
export type CreditNoteLine = z.infer<typeof CreditNoteLine>;

/** The credit note of an approved sales return: serial number, the invoice it reverses, its regime. */
export const CreditNote = z.object({
  number: z.string(),
  day: z.string(),
  invoiceNumber: z.string(),
  taxRegime: z.enum(TAX_REGIMES),
  lines: z.array(CreditNoteLine),
  totals: z.object({ taxable: Money, vat: Money, cgst: Money, sgst: Money, igst: Money, total: Money }),
});
export type CreditNote = z.infer<typeof CreditNote>;

const Quantity = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(0, `${field} cannot be negative`)
    .max(100_000, `${field} is too large`);

/** POST /api/admin/sales-returns: the tax invoice (its id, or its number) and the returned lines. */
export const RaiseSalesReturnBody = z.object({
  invoice: z.union(
    [dbId("invoice"), text("invoice").trim().min(1, backOfficeMessages.srInvoiceRequired).max(40)],
    { error: backOfficeMessages.srInvoiceRequired },
  ),
  /** The partner the return is for, when staff want it checked against the invoice's. */
  userId: dbId("userId").optional(),
  lines: z
    .array(
      z.object({
        productId: dbId("productId"),
        quantity: Quantity("quantity").min(1, "quantity must be at least 1"),
        /** The order of the line, when the product is on the invoice more than once. */
        poid: text("poid").trim().min(1).max(40).optional(),
      }),
    )
    .min(1, "Return at least one line.")
    .max(500, "At most 500 lines can be returned at once."),
});
export type RaiseSalesReturnBody = z.infer<typeof RaiseSalesReturnBody>;

/** POST /api/admin/sales-returns/:id/receive: the units received back, per returned line. */
export const ReceiveSalesReturnBody = z.object({
  lines: z
    .array(
      z.object({
        productId: dbId("productId"),
        poid: text("poid").trim().min(1).max(40).optional(),
        receivedQuantity: Quantity("receivedQuantity"),
      }),
    )
    .min(1, "Give the quantity received of each line.")
    .max(500, "At most 500 lines."),
});
export type ReceiveSalesReturnBody = z.infer<typeof ReceiveSalesReturnBody>;

/** POST /api/admin/sales-returns/:id/reject: the reason is required, stored and shown. */
export const RejectSalesReturnBody = z.object({
  reason: text("reason", { multiline: true })
    .trim()
    .min(1, backOfficeMessages.srRejectReasonRequired)
    .max(500, "reason must be at most 500 characters"),
});
export type RejectSalesReturnBody = z.infer<typeof RejectSalesReturnBody>;

/** GET /api/admin/sales-returns/returnable?invoice=…: what of a tax invoice can still be returned. */
export const ReturnableInvoiceQuery = z.object({
  invoice: text("invoice").trim().min(1, backOfficeMessages.srInvoiceRequired).max(40),
});
export const ReturnableInvoice = z.object({
  id: z.number(),
  number: z.string(),
  userId: z.number(),
  partnerName: z.string(),
  warehouseId: z.number(),
  issuedOn: z.string(),
  taxRegime: z.enum(TAX_REGIMES),
  lines: z.array(
    z.object({
      poid: z.string(),
      productId: z.number(),
      name: z.string(),
      hsnCode: z.string(),
      /** The invoice line's quantity (what was shipped). */
      shipped: z.number(),
      /** Shipped but not delivered (a short delivery): credited by its product-removal note, not returnable. */
      notDelivered: z.number(),
      /** Already on returns of this invoice that are not rejected. */
      returned: z.number(),
      returnable: z.number(),
    }),
  ),
});
export type ReturnableInvoice = z.infer<typeof ReturnableInvoice>;
