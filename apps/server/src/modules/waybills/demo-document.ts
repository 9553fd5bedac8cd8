/**
 * The demo world's waybill documents. The seed has no file store, so it records each document under
 * a fixed name; the file is made from its waybill's row the first time it is asked for and then kept
 * in the file store (as the library's demo files are). A partner's upload gets a random name and is
 * never made here.
 */
import { formatDateTime, paiseToDecimal, toPaise } from "@portal/domain";
import { pdfCells, renderPdf } from "../../lib/pdfmake";
import type { WaybillRow } from "./repo";

const DEMO_NAME = "demo-eway-bill";
const DEMO_PATH = new RegExp(`^waybills/(\\d+)/${DEMO_NAME}\\.pdf$`);

/** The stored path and shown name of a seeded waybill's document. */
export const demoWaybillDocument = (waybillId: number) => ({
  path: `waybills/${waybillId}/${DEMO_NAME}.pdf`,
  name: `eway-bill-${waybillId}.pdf`,
});

/** The waybill id of a seeded document's path, or null for any other path. */
export function demoDocumentWaybillId(path: string): number | null {
  const match = DEMO_PATH.exec(path);
  return match ? Number(match[1]) : null;
}

/** A one-page e-way bill of the waybill's row: the same bytes every time it is made. */
export function demoWaybillPdf(w: WaybillRow): Promise<Buffer> {
  const { cell, head } = pdfCells;
  const rows: [string, string][] = [
    ["Request", w.requestId],
    ["Load", String(w.loadId)],
    ["Transporter", w.transporter ?? ""],
    ["AWB / docket", w.awbNo ?? ""],
    ["Check post", w.checkpostName ?? ""],
    ["Requested", formatDateTime(w.whRequestDate)],
    ["Invoice value", paiseToDecimal(toPaise(w.invoiceValue))],
    ["Units", String(w.totalQty)],
  ];
  return renderPdf({
    info: {
      title: `E-way bill ${w.requestId}`,
      creator: "Partner Portal",
      producer: "Partner Portal",
      creationDate: new Date(0),
    },
    defaultStyle: { font: "Roboto" },
    content: [
      { text: `E-way bill ${w.requestId}`, fontSize: 18, bold: true, margin: [0, 0, 0, 4] },
      { text: "Partner Portal · demo document", fontSize: 10, color: "#555555", margin: [0, 0, 0, 14] },
      {
        table: {
          widths: ["auto", "*"],
          body: rows.map(([label, value]) => [head(label), cell(value)]),
        },
      },
    ],
  });
}
