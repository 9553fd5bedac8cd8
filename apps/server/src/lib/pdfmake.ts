/**
 * pdfmake, set up once for every PDF the server makes (invoices, statements, the library's demo
 * documents): its own Roboto (which has the ₹ sign), no network, and no file outside its fonts.
 */
import { createRequire } from "node:module";
import path from "node:path";

export interface PdfMake {
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (file: string) => boolean): void;
  createPdf(doc: object): { getBuffer(): Promise<Buffer> };
}

let engine: PdfMake | null = null;

export function pdfmake(): PdfMake {
  if (engine) return engine;
  const require = createRequire(import.meta.url);
  const made = require("pdfmake") as PdfMake;
  const fonts = path.join(path.dirname(require.resolve("pdfmake/package.json")), "fonts", "Roboto");
  made.setFonts({
    Roboto: {
      normal: path.join(fonts, "Roboto-Regular.ttf"),
      bold: path.join(fonts, "Roboto-Medium.ttf"),
      italics: path.join(fonts, "Roboto-Italic.ttf"),
      bolditalics: path.join(fonts, "Roboto-MediumItalic.ttf"),
    },
  });
  made.setUrlAccessPolicy(() => false);
  made.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fonts));
  engine = made;
  return made;
}
