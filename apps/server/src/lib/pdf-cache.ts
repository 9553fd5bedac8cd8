/**
 * Rendered PDFs kept in the database by what they print (table `pdf_cache`, migration 0043). pdfmake
 * takes 0.1 to 0.5 s of a core per invoice or statement, and the same document is downloaded again
 * and again (a partner, staff, the month's zip). A document's version is its whole pdfmake document
 * definition (every text, table, the IRN and QR code once registered; functions by their source) with
 * the pdfmake version: its SHA-256 is the key. So a document that changes gets a new key and is
 * rendered afresh, a document that does not is never rendered twice, and every instance on the
 * database uses what another rendered (nothing is kept in a process). Rows older than `PDF_CACHE_DAYS`
 * are removed a few at a time as new ones are written, so the table holds about a month of renders.
 */
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { eq, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { pdfCache } from "../db/schema";
import { renderPdf } from "./pdfmake";

export const PDF_CACHE_DAYS = 30;
/** How many expired rows one new row removes (bounded work on the writing request). */
const PRUNE_BATCH = 50;

let engineVersion: string | null = null;
function pdfmakeVersion(): string {
  if (engineVersion === null) {
    const require = createRequire(import.meta.url);
    engineVersion = String((require("pdfmake/package.json") as { version: string }).version);
  }
  return engineVersion;
}

/** The key of a document definition: SHA-256 of the pdfmake version and the definition as JSON (functions by their source). */
export function pdfKey(doc: object): string {
  const json = JSON.stringify(doc, (_key, value: unknown) =>
    typeof value === "function" ? `ƒ${value.toString()}` : value,
  );
  return createHash("sha256").update(`pdfmake ${pdfmakeVersion()}\n`).update(json).digest("hex");
}

/** The PDF of `doc`: the stored bytes when this exact document was rendered before, else rendered and stored. */
export async function cachedPdf(db: DbOrTx, doc: object): Promise<Buffer> {
  const key = pdfKey(doc);
  const [hit] = await db.select({ content: pdfCache.content }).from(pdfCache).where(eq(pdfCache.key, key));
  if (hit) return hit.content;
  const pdf = await renderPdf(doc);
  // another instance may have rendered the same document meanwhile: both are the same document, keep the first
  await db
    .insert(pdfCache)
    .values({ key, content: pdf, size: pdf.length })
    .onConflictDoNothing({ target: pdfCache.key });
  await db.delete(pdfCache).where(
    sql`${pdfCache.key} IN (SELECT ${pdfCache.key} FROM ${pdfCache}
      WHERE ${lt(pdfCache.createdAt, sql`now() - make_interval(days => ${PDF_CACHE_DAYS})`)}
      LIMIT ${PRUNE_BATCH})`,
  );
  return pdf;
}
