/**
 * pdfmake, set up once for every PDF the server makes (invoices, statements, the library's demo
 * documents): its own Roboto (which has the ₹ sign), no network, and no file outside its fonts.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { formatDate } from "@portal/domain";

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

/** Any pdfmake document, with the same fonts and access policy. */
export const renderPdf = (doc: object): Promise<Buffer> => pdfmake().createPdf(doc).getBuffer();

const cell = (text: string, extra: object = {}) => ({ text, fontSize: 7, ...extra });
/**
 * The table cells and date format of the invoice PDF, for every document to look the same; a day
 * (yyyy-MM-dd) or moment is shown as India's day, dd-MM-yyyy, by the domain's one formatter.
 */
export const pdfCells = {
  cell,
  right: (text: string) => cell(text, { alignment: "right" }),
  head: (text: string) => cell(text, { bold: true, fillColor: "#eeeeee" }),
  dmy: (day: string) => formatDate(day),
};
