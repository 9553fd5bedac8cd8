import { productIdOfEan } from "./kiosk-orders";

/**
 * The quick order pad: rows of a product code (product id, EAN-13 or style code) and a quantity,
 * typed or pasted from a spreadsheet. What a code means and how pasted text becomes rows is decided
 * here, once, for the pad in the browser and for the server that resolves its rows.
 */

/** The pad resolves (and adds to the cart) at most this many rows in one request. */
export const QUICK_ORDER_MAX_ROWS = 500;

/** A style (the sizes and colours of one design, the products' group) is written S and its group id. */
export const styleCode = (groupId: number) => `S${groupId}`;

/** What a code names: one product (by id or by its EAN-13), or a style whose size is still to choose. */
export type QuickOrderCode =
  | { kind: "product"; productId: number; via: "id" | "ean" }
  | { kind: "style"; groupId: number };

const MAX_ID = 2_147_483_647;

/** Why a code cannot be read (in the partner's words), or what it names. */
export function readQuickOrderCode(raw: string): QuickOrderCode | { problem: string } {
  const code = raw.trim().toUpperCase();
  if (code === "") return { problem: "Enter a product id, EAN or style code" };
  if (/^\d{13}$/.test(code)) {
    const productId = productIdOfEan(code);
    return productId === null
      ? { problem: `EAN ${code} is not one of our labels (890, the product id, a check digit)` }
      : { kind: "product", productId, via: "ean" };
  }
  if (/^\d{1,10}$/.test(code)) {
    const productId = Number(code);
    if (productId >= 1 && productId <= MAX_ID) return { kind: "product", productId, via: "id" };
  }
  const style = /^S(\d{1,10})$/.exec(code);
  if (style) {
    const groupId = Number(style[1]);
    if (groupId >= 1 && groupId <= MAX_ID) return { kind: "style", groupId };
  }
  return { problem: `"${raw.trim()}" is not a product id, EAN or style code` };
}

/** One readable row of pasted text: its line number (from 1), the code as written and the quantity. */
export interface QuickOrderLine {
  line: number;
  code: string;
  quantity: number;
}

/** A line that could not be read, with the text as written and why. */
export interface QuickOrderLineProblem {
  line: number;
  text: string;
  reason: string;
}

export interface QuickOrderPaste {
  lines: QuickOrderLine[];
  problems: QuickOrderLineProblem[];
  /** The header row's line number when the first row was a header (it is ignored). */
  header: number | null;
}

/** A line's fields: split on tabs when it has one (a spreadsheet), else commas, else spaces. */
function fieldsOf(line: string): string[] {
  const separator = line.includes("\t") ? "\t" : line.includes(",") ? "," : /\s+/;
  return line
    .split(separator)
    .map((f) =>
      f
        .trim()
        .replace(/^"(.*)"$/, "$1")
        .trim(),
    )
    .filter((f) => f !== "");
}

const WHOLE = /^\d{1,6}$/;

/** Whether a first row is a header: its code is not a code and its quantity is not a number. */
const looksLikeHeader = (fields: readonly string[]) =>
  fields.some((f) => /[a-z]/i.test(f)) &&
  "problem" in readQuickOrderCode(fields[0] ?? "") &&
  !WHOLE.test(fields[fields.length - 1] ?? "");

/** Why a line's text cannot be a row before its code is read: control characters or a quantity that is no number. */
function lineProblem(raw: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/.test(raw))
    return "The row has control characters";
  const fields = fieldsOf(raw);
  const last = fields[fields.length - 1] ?? "";
  if (fields.length > 1 && !WHOLE.test(last)) return `Quantity "${last}" is not a whole number`;
  return null;
}

/**
 * Pasted text as pad rows. Blank lines are skipped; the first non-blank line is ignored when it is a
 * header ("Product id, Qty"). A row is a code and a quantity: the first field is the code, the last
 * the quantity (columns between, such as a product name, are ignored); a code alone means 1 unit.
 * A row that cannot be read is a problem naming its line and why; the others still become rows.
 */
export function parseQuickOrderPaste(text: string): QuickOrderPaste {
  const lines: QuickOrderLine[] = [];
  const problems: QuickOrderLineProblem[] = [];
  let header: number | null = null;
  let first = true;
  const all = text.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/);
  for (const [index, raw] of all.entries()) {
    const line = index + 1;
    if (raw.trim() === "") continue;
    const fields = fieldsOf(raw);
    const wasFirst = first;
    first = false;
    if (wasFirst && looksLikeHeader(fields)) {
      header = line;
      continue;
    }
    const problem = lineProblem(raw);
    if (problem) {
      problems.push({ line, text: raw.trim(), reason: problem });
      continue;
    }
    const code = fields[0] ?? "";
    const read = readQuickOrderCode(code);
    if ("problem" in read) problems.push({ line, text: raw.trim(), reason: read.problem });
    else lines.push({ line, code, quantity: fields.length > 1 ? Number(fields[fields.length - 1]) : 1 });
  }
  return { lines, problems, header };
}

/**
 * Rows naming a product an earlier row names already: each such row with the earlier row's number.
 * The cart takes a product once, so the pad asks the partner to keep one row per product.
 */
export function repeatedRows(productIds: readonly (number | null)[]): Map<number, number> {
  const firstAt = new Map<number, number>();
  const repeated = new Map<number, number>();
  productIds.forEach((id, index) => {
    if (id === null) return;
    const earlier = firstAt.get(id);
    if (earlier === undefined) firstAt.set(id, index);
    else repeated.set(index, earlier);
  });
  return repeated;
}

/** The refusal of a row naming a product that an earlier row names (rows counted from 1). */
export const repeatedRowMessage = (productId: number, earlierRow: number) =>
  `Product ${productId} is already on row ${earlierRow}: change the quantity there`;

/** A style code row: its size is still to choose (its sizes are offered). */
export const chooseSizeMessage = (code: string) => `${code} is a style: choose one of its sizes`;
