import { quantityProblem } from "./cart";
import { CART_LIMIT } from "./constants";
import { itemsAddedOrUpdated, messages, notServiceableUpload } from "./messages";

/**
 * Cart upload and export: a CSV of two integer columns (product id, quantity) after a header row.
 * The server reads the file and splits it into records (papaparse); these rules decide what each
 * record means and build the row-by-row report.
 */

/** The largest cart file accepted (1 MB, about 60,000 rows of two columns). */
export const CART_UPLOAD_MAX_BYTES = 1024 * 1024;
/** The multipart form field that carries the file. */
export const CART_UPLOAD_FIELD = "file";
/**
 * The columns of a cart file, in order: the one definition the upload reads, the export writes, and
 * the upload dialog and its template show.
 */
export const CART_CSV_COLUMNS = [
  { name: "productId", label: "Product ID", holds: "the product's ID, as on its page (a whole number)" },
  {
    name: "quantity",
    label: "Quantity",
    holds: "how many to order: a quantity the cart offers (1 to 50, or 100 to 500 in steps of 50)",
  },
] as const;
/** The export's header row; the upload skips whatever the first row holds. */
export const CART_CSV_HEADER = CART_CSV_COLUMNS.map((c) => c.name).join(",");
/** The template a partner downloads to fill in: the header row, then one row per product. */
export const cartCsvTemplate = () => `${CART_CSV_HEADER}\r\n`;
/** A report quotes at most this much of a dropped row. */
const ROW_TEXT_LIMIT = 80;
/** Product ids are PostgreSQL integers. */
const MAX_PRODUCT_ID = 2_147_483_647;

export interface UploadRow {
  /** The row's number in the file, the header being row 1. */
  row: number;
  productId: number;
  qty: number;
}

export interface DroppedRow {
  row: number;
  /** The row as read (shortened). */
  text: string;
  reason: string;
}

export const tooLargeUploadMessage = () =>
  `The file is too large: a cart file may be at most ${CART_UPLOAD_MAX_BYTES / (1024 * 1024)} MB (about 60,000 rows).`;

/** "Please select valid csv file: <reason>" — the spec's message with what is wrong. */
export const invalidCsvBecause = (reason: string) => `${messages.invalidCsv}: ${reason}`;

/**
 * A refused upload's message read back: the spec's headline exactly ("Please select valid csv file")
 * and the reason for the report, or null when the message is another one.
 */
export function readInvalidCsv(message: string): { headline: string; reason: string | null } | null {
  if (message === messages.invalidCsv) return { headline: messages.invalidCsv, reason: null };
  const prefix = `${messages.invalidCsv}: `;
  return message.startsWith(prefix)
    ? { headline: messages.invalidCsv, reason: message.slice(prefix.length) }
    : null;
}

/** Null when the name ends in .csv (any case), else the reason. */
export function fileNameProblem(name: string | null | undefined): string | null {
  if (!name || name.trim() === "") return "the file has no name";
  return /\.csv$/i.test(name.trim()) ? null : `"${shorten(name)}" is not a .csv file`;
}

/**
 * Null when decoded text looks like a text file, else the reason: a NUL or other control character
 * (other than tab, carriage return and line feed) means a binary file renamed .csv.
 */
export function textProblem(text: string): string | null {
  if (text.length === 0) return "the file is empty";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for control characters is the point
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text) || text.includes("\ufffd"))
    return "the file is not text (it looks like a binary file renamed .csv)";
  return null;
}

/** Drops a UTF-8 byte order mark (spreadsheet programs write one). */
export const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

function shorten(text: string): string {
  return text.length > ROW_TEXT_LIMIT ? `${text.slice(0, ROW_TEXT_LIMIT - 1)}…` : text;
}

const isBlank = (fields: readonly string[]) => fields.every((f) => f.trim() === "");

/** A whole number written with digits only (spaces around it allowed); else null. */
function wholeNumber(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,12}$/.test(t)) return null;
  return Number(t);
}

function recordProblem(fields: readonly string[]): { productId: number; qty: number } | string {
  if (fields.length !== CART_CSV_COLUMNS.length)
    return `expected exactly ${CART_CSV_COLUMNS.length} values (${CART_CSV_COLUMNS.map((c) => c.label.toLowerCase()).join(", ")}) but found ${fields.length}`;
  const [idText = "", qtyText = ""] = fields;
  const productId = wholeNumber(idText);
  if (productId === null) return `product id "${shorten(idText.trim())}" is not a whole number`;
  if (productId <= 0 || productId > MAX_PRODUCT_ID) return `product id ${productId} is not a product id`;
  const qty = wholeNumber(qtyText);
  if (qtyText.trim() === "") return messages.selectQuantity;
  if (qty === null) return `quantity "${shorten(qtyText.trim())}" is not a whole number`;
  const problem = quantityProblem(qty);
  return problem ?? { productId, qty };
}

export interface ParsedUpload {
  /** Valid rows, one per product (the last row of a product wins), in file order. */
  rows: UploadRow[];
  /** Rows that cannot be used, with the reason, in file order. */
  dropped: DroppedRow[];
  /** Rows after the header that were not blank. */
  dataRows: number;
}

/**
 * The spec's upload rules over a file's records (each a list of fields): the first record is the
 * header and is skipped; blank lines are ignored; every other record must be exactly two whole
 * numbers, a product id and one of the offered quantities; a product listed again replaces its
 * earlier row (reported as dropped). Record i is row i + 1 of the file.
 */
export function readUploadRecords(records: readonly (readonly string[])[]): ParsedUpload {
  const dropped: DroppedRow[] = [];
  const byProduct = new Map<number, UploadRow>();
  let dataRows = 0;
  let headerSeen = false;
  records.forEach((fields, index) => {
    const row = index + 1;
    if (isBlank(fields)) return;
    const text = shorten(fields.join(","));
    const parsed = recordProblem(fields);
    if (!headerSeen) {
      headerSeen = true;
      if (typeof parsed !== "string")
        dropped.push({
          row,
          text,
          reason: `the first row is the header and is skipped; start the file with a header row such as ${CART_CSV_HEADER}`,
        });
      return;
    }
    dataRows += 1;
    if (typeof parsed === "string") {
      dropped.push({ row, text, reason: parsed });
      return;
    }
    const earlier = byProduct.get(parsed.productId);
    if (earlier) {
      dropped.push({
        row: earlier.row,
        text: `${earlier.productId},${earlier.qty}`,
        reason: `product ${parsed.productId} appears again in row ${row}; the last row is used`,
      });
      byProduct.delete(parsed.productId);
    }
    byProduct.set(parsed.productId, { row, ...parsed });
  });
  return {
    rows: [...byProduct.values()].sort((a, b) => a.row - b.row),
    dropped: dropped.sort((a, b) => a.row - b.row),
    dataRows,
  };
}

/** Why nothing in a file can be used, for the 400 answer: the first few reasons. */
export function noValidRowsReason(parsed: ParsedUpload): string {
  if (parsed.dataRows === 0) return "the file has no rows after the header";
  const first = parsed.dropped
    .slice(0, 3)
    .map((d) => `row ${d.row}: ${d.reason}`)
    .join("; ");
  const more = parsed.dropped.length > 3 ? ` (and ${parsed.dropped.length - 3} more)` : "";
  return `no row is a product id and a quantity — ${first}${more}`;
}

export interface UploadPlan {
  added: UploadRow[];
  updated: (UploadRow & { previousQty: number })[];
  unchanged: UploadRow[];
  /** Rows left out because the cart would pass its limit. */
  overLimit: DroppedRow[];
}

/**
 * Merges uploaded rows into a cart: a product already in the cart takes the uploaded quantity
 * (unchanged when equal); a new product is added while the cart stays within its limit, and the rows
 * beyond it are left out with the spec's cart-limit message.
 */
export function planUpload(
  rows: readonly UploadRow[],
  cart: ReadonlyMap<number, number>,
  limit: number = CART_LIMIT,
): UploadPlan {
  const plan: UploadPlan = { added: [], updated: [], unchanged: [], overLimit: [] };
  let lines = cart.size;
  for (const r of rows) {
    const current = cart.get(r.productId);
    if (current === r.qty) plan.unchanged.push(r);
    else if (current !== undefined) plan.updated.push({ ...r, previousQty: current });
    else if (lines < limit) {
      plan.added.push(r);
      lines += 1;
    } else plan.overLimit.push({ row: r.row, text: `${r.productId},${r.qty}`, reason: messages.cartLimit });
  }
  return plan;
}

/** The upload's headline: how many lines were added or updated (the spec's message), or that none was. */
export function uploadHeadline(input: { changed: number; unchanged: number }): string {
  if (input.changed > 0) return itemsAddedOrUpdated(input.changed);
  if (input.unchanged > 0) return messages.alreadyInCartSameQuantity;
  return messages.nothingAddedToCart;
}

/**
 * The upload's message: the headline; then the spec's unserviceable message; then how many rows
 * could not be used.
 */
export function uploadMessage(input: {
  changed: number;
  unchanged: number;
  unserviceableIds: readonly number[];
  otherDropped: number;
}): string {
  const parts: string[] = [uploadHeadline(input)];
  if (input.unserviceableIds.length > 0) parts.push(notServiceableUpload(input.unserviceableIds));
  if (input.otherDropped > 0)
    parts.push(
      `${input.otherDropped} row${input.otherDropped === 1 ? "" : "s"} could not be used; see the report.`,
    );
  // The spec's texts end without a full stop ("… successfully in cart"): close each sentence before the next.
  return parts.map((p, i) => (i < parts.length - 1 && !/[.!?]$/.test(p) ? `${p}.` : p)).join(" ");
}

/** The cart as a file the upload reads back unchanged. */
export function cartCsv(lines: readonly { productId: number; qty: number }[]): string {
  return [CART_CSV_HEADER, ...lines.map((l) => `${l.productId},${l.qty}`)].map((l) => `${l}\r\n`).join("");
}

/** A catalogue message naming the products it is about: "Product not found (100001, 100002)". */
export const namingIds = (message: string, ids: readonly number[]) =>
  ids.length === 0 ? message : `${message} (${ids.join(", ")})`;
