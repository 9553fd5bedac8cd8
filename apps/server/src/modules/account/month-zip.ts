/**
 * A month's tax invoices as one zip of PDFs, streamed: each PDF is made by `render` (the invoices
 * module's one renderer, as the single download prints it: IRN, acknowledgement and QR code once
 * registered) as the zip reaches it, stored as is (a PDF is already compressed), and written out
 * while the next one is made; the writer waits while the client is slow and stops when it leaves.
 */
import { once } from "node:events";
import { PassThrough, type Readable } from "node:stream";
import type { Invoice } from "@portal/contracts";
import { Zip, ZipPassThrough } from "fflate";

export interface MonthZip {
  filename: string;
  stream: Readable;
}

/** "TI/1/5/2026-27/0007" → "TI-1-5-2026-27-0007.pdf": a file name any system takes. */
export const invoiceFileName = (number: string) => `${number.replace(/[^A-Za-z0-9-]+/g, "-")}.pdf`;

export function monthZip(
  filename: string,
  invoices: readonly Invoice[],
  render: (invoice: Invoice) => Promise<Buffer>,
): MonthZip {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    if (!out.destroyed) out.write(chunk);
    if (final) out.end();
  });
  void (async () => {
    const names = new Set<string>();
    for (const invoice of invoices) {
      if (out.destroyed) return;
      const pdf = await render(invoice);
      let name = invoiceFileName(invoice.number);
      for (let n = 2; names.has(name); n++) name = invoiceFileName(`${invoice.number}-${n}`);
      names.add(name);
      const entry = new ZipPassThrough(name);
      // The invoice's day, at noon in India, as the file's date.
      entry.mtime = new Date(`${invoice.issuedOn.slice(0, 10)}T12:00:00+05:30`);
      zip.add(entry);
      entry.push(new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength), true);
      if (out.writableNeedDrain) await Promise.race([once(out, "drain"), once(out, "close")]);
    }
    zip.end();
  })().catch((error: unknown) => out.destroy(error as Error));
  return { filename, stream: out };
}
