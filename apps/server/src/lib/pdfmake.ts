/**
 * pdfmake, set up once for every PDF the server makes (invoices, statements, the library's demo
 * documents): its own Roboto (which has the ₹ sign) held in memory, no network, and no local file.
 */
import { readFileSync } from "node:fs";
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

const FONT_FILES = {
  normal: "Roboto-Regular.ttf",
  bold: "Roboto-Medium.ttf",
  italics: "Roboto-Italic.ttf",
  bolditalics: "Roboto-MediumItalic.ttf",
};

/**
 * pdfkit parses every font afresh for every document (fontkit's `create`: about 60 % of an invoice's
 * 86 ms of CPU). It only reads a parsed font's tables (a subset is made per document) and the parse is
 * synchronous, so one parse of each font file serves every document: the files are held in pdfmake's
 * virtual file system (one Buffer each, the disk read once) and pdfkit is given a fontkit whose
 * `create` remembers the parsed font per Buffer. fontkit's own exports are read-only getters, so the
 * module pdfkit requires is replaced in the require cache before pdfkit is first loaded.
 *
 * Each document still gets a font of its own over the shared tables (as fontkit's own variations
 * share them), with its own glyph cache: a glyph remembers the characters it was first made for, and
 * the subset makes a composite glyph's parts with none (Roboto's ":" is two "."). Shared, a document
 * with a ":" and no "." left "." without its character in every later document's text ("₹16,649 76"
 * to a reader, a search or a copy).
 */
function shareParsedFonts(pdfmakeRequire: NodeJS.Require): void {
  const pdfkitPath = pdfmakeRequire.resolve("pdfkit");
  if (pdfmakeRequire.cache[pdfkitPath]) throw new Error("pdfkit was loaded before its fonts could be shared");
  const pdfkitRequire = createRequire(pdfkitPath);
  const fontkitPath = pdfkitRequire.resolve("fontkit");
  const fontkit = pdfkitRequire("fontkit") as {
    create(buffer: Uint8Array, postscriptName?: string): unknown;
  };
  const parsed = new WeakMap<Uint8Array, Map<string, object>>();
  const create = (buffer: Uint8Array, postscriptName?: string) => {
    let byName = parsed.get(buffer);
    if (!byName) {
      byName = new Map();
      parsed.set(buffer, byName);
    }
    const key = postscriptName ?? "";
    let font = byName.get(key);
    if (font === undefined) {
      font = fontkit.create(buffer, postscriptName) as object;
      byName.set(key, font);
    }
    const own = Object.create(font) as { _glyphs: Record<number, unknown> };
    own._glyphs = {};
    return own;
  };
  const cached = pdfkitRequire.cache[fontkitPath];
  if (!cached) throw new Error("fontkit is not in the require cache");
  cached.exports = { ...fontkit, create };
}

export function pdfmake(): PdfMake {
  if (engine) return engine;
  const require = createRequire(import.meta.url);
  shareParsedFonts(createRequire(require.resolve("pdfmake")));
  const made = require("pdfmake") as PdfMake & {
    virtualfs: { writeFileSync(name: string, content: Buffer): void };
  };
  const fontDir = path.join(path.dirname(require.resolve("pdfmake/package.json")), "fonts", "Roboto");
  const roboto: Record<string, string> = {};
  for (const [style, file] of Object.entries(FONT_FILES)) {
    const name = `portal-fonts/${file}`;
    made.virtualfs.writeFileSync(name, readFileSync(path.join(fontDir, file)));
    roboto[style] = name;
  }
  made.setFonts({ Roboto: roboto });
  made.setUrlAccessPolicy(() => false);
  // fonts come from memory: no document may read a local file
  made.setLocalAccessPolicy(() => false);
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
