/** Invoices: the proforma and tax invoices of orders and loads, and an order with its invoices. */
import { TAX_REGIMES } from "@portal/domain";
import { z } from "zod";
import { calendarDay, GstSplitFields, Money } from "../common";
import { PurchaseOrder } from "../orders";
import { DbId, listControls, Page } from "./fields";
import { AdminOrderRow } from "./order-desk";

export const InvoiceSummary = z.object({
  id: z.number(),
  kind: z.enum(["PERFORMA INVOICE", "TAX INVOICE"]),
  number: z.string(),
  userId: z.number(),
  warehouseId: z.number(),
  poid: z.string().nullable(),
  loadId: z.number().nullable(),
  issuedOn: z.string(),
  financialYear: z.string(),
  taxRegime: z.enum(TAX_REGIMES),
  total: Money,
});
export type InvoiceSummary = z.infer<typeof InvoiceSummary>;

export const InvoiceLine = z.object({
  poid: z.string(),
  productId: z.number(),
  name: z.string(),
  hsnCode: z.string(),
  quantity: z.number(),
  actualPrice: Money,
  taxable: Money,
  vatAmount: Money,
  /** The VAT or CST rate in percent before GST ("0.00" under GST); absent on invoices made before it was shown. */
  vatRate: Money.optional(),
  gstType: z.string(),
  ...GstSplitFields,
  total: Money,
});
/** The shipping charge billed on an invoice (GST inclusive at 18%, split by the invoice's regime). */
export const InvoiceShippingCharge = z.object({
  amount: Money,
  taxable: Money,
  vat: Money,
  vatRate: Money.optional(),
  ...GstSplitFields,
});
export const Invoice = InvoiceSummary.extend({
  company: z.object({ name: z.string(), gstNo: z.string(), cin: z.string() }),
  warehouse: z.object({
    id: z.number(),
    name: z.string(),
    gstNo: z.string(),
    address: z.string(),
    state: z.string(),
  }),
  partner: z.object({ name: z.string(), shipState: z.string(), billingGstNo: z.string().nullable() }),
  shipOutDate: z.string().nullable(),
  lines: z.array(InvoiceLine),
  /** The orders' shipping charges together, or null when none was charged (invoices before it existed too). */
  shippingCharge: InvoiceShippingCharge.nullable().default(null),
  totals: z.object({
    taxable: Money,
    vat: Money,
    cgst: Money,
    sgst: Money,
    igst: Money,
    total: Money,
  }),
});
export type Invoice = z.infer<typeof Invoice>;

export const AdminOrderDetail = z.object({
  order: PurchaseOrder,
  row: AdminOrderRow,
  invoices: z.array(InvoiceSummary),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetail>;

/** The invoices desk's sort columns (the row's field names). */
export const INVOICE_SORTS = [
  "issuedOn",
  "number",
  "kind",
  "partnerName",
  "warehouseName",
  "poid",
  "loadId",
  "total",
] as const;
/**
 * The invoices desk: `q` searches the invoice number, the orders invoiced (PO) and the partner's name
 * and email; `from`/`to` bound the issue day (India days, both included).
 */
export const AdminInvoicesQuery = z.object({
  userId: DbId.optional(),
  kind: z.enum(["PERFORMA INVOICE", "TAX INVOICE"]).optional(),
  warehouseId: DbId.optional(),
  from: calendarDay("from").optional(),
  to: calendarDay("to").optional(),
  ...listControls(INVOICE_SORTS),
  ...Page,
});
export type AdminInvoicesQuery = z.infer<typeof AdminInvoicesQuery>;
/** An invoice as the desk lists it: the summary with its partner and warehouse named. */
export const AdminInvoiceRow = InvoiceSummary.extend({
  partnerName: z.string(),
  partnerEmail: z.string(),
  warehouseName: z.string(),
});
export type AdminInvoiceRow = z.infer<typeof AdminInvoiceRow>;
export const AdminInvoicesResponse = z.object({ rows: z.array(AdminInvoiceRow), total: z.number() });
export type AdminInvoicesResponse = z.infer<typeof AdminInvoicesResponse>;
/** The invoices desk's filter choices, from the database: the warehouses that issued invoices. */
export const AdminInvoiceChoices = z.object({
  warehouses: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type AdminInvoiceChoices = z.infer<typeof AdminInvoiceChoices>;
