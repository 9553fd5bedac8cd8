import type { CartUploadReport } from "@portal/contracts";
import {
  type DroppedRow,
  fileNameProblem,
  invalidCsvBecause,
  noValidRowsReason,
  type ParsedUpload,
  planUpload,
  readUploadRecords,
  stripBom,
  textProblem,
  uploadMessage,
} from "@portal/domain";
import Papa from "papaparse";
import type { Db } from "../../db/client";
import { badRequest } from "../../lib/errors";
import type { SessionUser } from "../auth/public";
import { buildLines, cartItemsOf } from "./facts";
import { type CartCaller, cartOwnerOf, purchaseRules, shippingPincodeOf } from "./purchase";
import * as repo from "./repo";

export interface UploadedFile {
  filename: string;
  bytes: Buffer;
}

/** The file as text: UTF-8 (a byte order mark is dropped), or a 400 saying why it is not a CSV. */
function fileText(file: UploadedFile): string {
  const nameProblem = fileNameProblem(file.filename);
  if (nameProblem) throw badRequest(invalidCsvBecause(nameProblem));
  if (file.bytes.length === 0) throw badRequest(invalidCsvBecause("the file is empty"));
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(file.bytes);
  } catch {
    throw badRequest(invalidCsvBecause("the file is not text (it is not UTF-8; save it as CSV UTF-8)"));
  }
  text = stripBom(text);
  const problem = textProblem(text);
  if (problem) throw badRequest(invalidCsvBecause(problem));
  return text;
}

/**
 * Comma-separated records, one per line (CRLF, LF or CR): quotes are read within a line only, so a
 * stray double quote makes its own line a bad row instead of swallowing the lines after it.
 */
export function records(text: string): string[][] {
  return text.split(/\r\n|\n|\r/).map((line) => {
    if (!line.includes('"')) return line.split(",");
    const parsed = Papa.parse<string[]>(line, { delimiter: ",", newline: "\n" });
    // An unbalanced quote: the line's own text, split as it stands, is reported as the bad row.
    return parsed.errors.length > 0 ? line.split(",") : (parsed.data[0] ?? []);
  });
}

/**
 * A cart file read as the upload reads it (name, text, records, rows), without touching any cart: a
 * 400 when it is not a CSV; otherwise its valid rows and the rows it dropped, with reasons. Saved
 * lists import the same format through it.
 */
export function readCartFile(file: UploadedFile): ParsedUpload {
  return readUploadRecords(records(fileText(file)));
}

/** The report lists at most this many dropped rows; the rest are counted. */
export const REPORT_DROPPED_LIMIT = 100;

export function createUpload(deps: { db: Db; assertCanUpload: (user: SessionUser) => void }) {
  const { db } = deps;
  return {
    /**
     * POST /api/users/cart/upload: merges a CSV of product ids and quantities into the caller's cart
     * in one transaction (new products added, products already there get the uploaded quantity) and
     * reports every row. A file that is not a CSV, or has no valid row, changes nothing.
     */
    async upload(caller: CartCaller, file: UploadedFile): Promise<CartUploadReport> {
      deps.assertCanUpload(caller.user);
      const parsed = readCartFile(file);
      if (parsed.rows.length === 0) throw badRequest(invalidCsvBecause(noValidRowsReason(parsed)));
      const owner = cartOwnerOf(caller.user);
      const pincode = shippingPincodeOf(caller.user);

      return db.transaction(async (tx) => {
        await repo.lockCart(tx, owner);
        const cart = new Map((await repo.cartLines(tx, owner)).map((l) => [l.productId, l.qty]));
        const rules = await purchaseRules(
          tx,
          caller,
          parsed.rows.map((r) => r.productId),
        );
        const dropped: DroppedRow[] = [...parsed.dropped];
        const unserviceable: number[] = [];
        const usable = parsed.rows.filter((r) => {
          const text = `${r.productId},${r.qty}`;
          const refused = rules.refusal(r.productId);
          if (refused?.status === 404) {
            dropped.push({ row: r.row, text, reason: refused.message });
            return false;
          }
          if (refused) {
            unserviceable.push(r.productId);
            const where = pincode ? `for pincode ${pincode}` : "(no shipping pincode on your account)";
            dropped.push({ row: r.row, text, reason: `${refused.message} ${where}` });
            return false;
          }
          return true;
        });
        const plan = planUpload(usable, cart);
        dropped.push(...plan.overLimit);

        const writes = [...plan.added, ...plan.updated];
        const lines = await buildLines(
          tx,
          caller,
          writes.map((r) => {
            const facts = rules.facts.get(r.productId);
            if (!facts) throw new Error(`product ${r.productId} passed the purchase rules`);
            return { facts, qty: r.qty };
          }),
        );
        await repo.upsertLines(tx, owner, lines);

        dropped.sort((a, b) => a.row - b.row);
        return {
          message: uploadMessage({
            changed: writes.length,
            unchanged: plan.unchanged.length,
            unserviceableIds: unserviceable,
            otherDropped: dropped.length - unserviceable.length,
          }),
          added: plan.added,
          updated: plan.updated,
          unchanged: plan.unchanged,
          dropped: dropped.slice(0, REPORT_DROPPED_LIMIT),
          droppedNotListed: Math.max(0, dropped.length - REPORT_DROPPED_LIMIT),
          unserviceable,
          products: await cartItemsOf(tx, owner),
        };
      });
    },
  };
}
