/** What other modules may use of invoices. */

export { issueCform, ofLoads as invoicesOfLoads, ofOrders as invoicesOfOrders, openCforms } from "./repo";
export {
  type DocumentNumber,
  giveBackDocumentNumber,
  invoiceIssuing,
  takeDocumentNumber,
  toInvoice,
  toSummary as toInvoiceSummary,
} from "./service";
