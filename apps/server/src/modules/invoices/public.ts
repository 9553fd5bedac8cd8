/** What other modules may use of invoices. */

export { issueProformas, issueTaxInvoices, type TaxInvoiceItem } from "./batch";
export { invoicePdf } from "./pdf";
export { ofLoads as invoicesOfLoads, ofOrders as invoicesOfOrders } from "./repo";
export {
  type DocumentNumber,
  giveBackDocumentNumber,
  INVOICE_PDF_JOB,
  invoiceIssuing,
  queueInvoicePdfs,
  renderInvoicePdf,
  takeDocumentNumber,
  toInvoice,
  toSummary as toInvoiceSummary,
} from "./service";
