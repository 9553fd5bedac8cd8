/**
 * Whether bytes are a PDF a reader opens, judged by Mozilla's PDF.js (`pdfjs-dist`, the reader of
 * Firefox) rather than by the first bytes: the document must parse (cross-reference table, or its
 * reconstruction as readers do for a damaged one; trailer; catalogue) and its first page must load.
 * `%PDF-1.4` followed by anything else does not open; nor does a PDF without pages, nor one that
 * needs a password to open (staff could not read it either). Pages are not drawn, so no canvas or
 * fonts are needed. PDF.js is loaded on the first check, not at start.
 */

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
let pdfjs: Promise<PdfJs> | undefined;

export async function opensAsPdf(bytes: Uint8Array): Promise<boolean> {
  pdfjs ??= import("pdfjs-dist/legacy/build/pdf.mjs");
  const { getDocument } = await pdfjs;
  const task = getDocument({
    // A copy: PDF.js may take over (detach) the buffer it is given, and the caller keeps the file.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    stopAtErrors: true,
    disableFontFace: true,
    verbosity: 0,
  });
  try {
    const document = await task.promise;
    if (document.numPages < 1) return false;
    await document.getPage(1);
    return true;
  } catch {
    // Whatever the parser stumbles on, the upload is refused (400), never a server error.
    return false;
  } finally {
    await task.destroy();
  }
}
