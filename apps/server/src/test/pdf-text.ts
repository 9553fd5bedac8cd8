/** The text of a PDF as PDF.js (Firefox's reader) reads it: every text item of every page, joined by a space. */
export async function pdfText(bytes: Buffer | Uint8Array): Promise<string> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  let text = "";
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    text += content.items.map((i) => ("str" in i ? i.str : "")).join(" ");
  }
  await doc.destroy();
  return text;
}
