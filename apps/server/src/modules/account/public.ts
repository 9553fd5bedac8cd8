/** What other modules may use of the account area: the PDF engine and its document helpers. */
export { pdfCells, renderPdf } from "./pdf";
