/**
 * The fonts are parsed once for every document the process makes, and what one document printed
 * never changes another's text: a document with a ":" and no "." (Roboto draws ":" from two "."
 * glyphs) used to leave "." without its character in every later document, so a reader, a search or
 * a copy of the amount read "₹16,649 76".
 */
import { describe, expect, it } from "vitest";
import { pdfText as readPdf } from "../test/pdf-text";
import { renderPdf } from "./pdfmake";

/** The text as a reader gives it, its items' spacing collapsed. */
const pdfText = async (pdf: Buffer) => (await readPdf(pdf)).replace(/\s+/g, " ");

describe("pdfmake's shared fonts", () => {
  it("keeps every character of a document made after another that drew only some glyphs", async () => {
    const first = await pdfText(
      await renderPdf({ content: ["Date: 18-11-2026", { text: "Load: 1", bold: true }] }),
    );
    expect(first).toContain("Date: 18-11-2026");
    const invoice = await pdfText(
      await renderPdf({ content: ["Amount payable: ₹16,649.76", { text: "Total ₹14,368.72", bold: true }] }),
    );
    expect(invoice).toContain("Amount payable: ₹16,649.76");
    expect(invoice).toContain("Total ₹14,368.72");
  });
});
