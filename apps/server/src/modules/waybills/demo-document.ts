/**
 * The demo world's waybill documents. The seed has no file store, so it records each document under
 * a fixed name; the file is made from its waybill's row the first time it is asked for and then kept
 * in the file store (as the library's demo files are). A partner's upload gets a random name and is
 * never made here.
 */
import { formatDateTime, paiseToDecimal, toPaise, WAYBILL_CHECK_POSTS } from "@portal/domain";
import { pdfCells, renderPdf } from "../../lib/pdfmake";
import type { WaybillRow } from "./repo";

const DEMO_NAME = "demo-eway-bill";
const DEMO_PATH = new RegExp(`^waybills/(\\d+)/${DEMO_NAME}\\.pdf$`);

/** The stored path and shown name of a seeded waybill's document. */
export const demoWaybillDocument = (waybillId: number) => ({
  path: `waybills/${waybillId}/${DEMO_NAME}.pdf`,
  name: `eway-bill-${waybillId}.pdf`,
});

type CheckPost = (typeof WAYBILL_CHECK_POSTS)[number];
/** The state borders each company warehouse's loads cross (getCheckPostList's names). */
const CHECK_POSTS_OF_WAREHOUSE: Record<number, readonly CheckPost[]> = {
  2: ["Kagal (Maharashtra - Karnataka)", "Achhad (Maharashtra - Gujarat)"],
  3: ["Kundli (Haryana - Delhi)", "Rajokri (Delhi - Haryana)"],
  5: ["Achhad (Maharashtra - Gujarat)", "Sendhwa (Madhya Pradesh - Maharashtra)"],
  7: ["Hosur (Karnataka - Tamil Nadu)", "Attibele (Karnataka - Tamil Nadu)"],
};

/** The check post a seeded waybill request names: one of getCheckPostList's, on its warehouse's way out. */
export function demoCheckPost(warehouseId: number, loadId: number): CheckPost {
  const posts = CHECK_POSTS_OF_WAREHOUSE[warehouseId] ?? WAYBILL_CHECK_POSTS;
  return posts[loadId % posts.length] as CheckPost;
}

/**
 * How far a seeded waybill request goes. Older ones run their course (document, then closed); of the
 * recent ones, a third still wait for the partner's document (WH Request), a third for staff to check
 * it (Doc Uploaded) and a third are closed, so every tab of the waybill page has rows.
 */
export function demoWaybillStage(loadId: number, recent: boolean): "WH Request" | "Doc Uploaded" | "Closed" {
  if (!recent) return "Closed";
  return (["WH Request", "Doc Uploaded", "Closed"] as const)[loadId % 3] ?? "Closed";
}

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
