import { pdfmake } from "../lib/pdfmake";

/** A real one-page PDF made by pdfmake, as a transporter's e-way bill would be. */
export const madePdf = (): Promise<Buffer> =>
  pdfmake()
    .createPdf({ content: ["E-way bill 4512 8890 1234", "Vehicle MH12AB1234, Pune to Delhi"] })
    .getBuffer();

/** `pdf` padded after its end with blank bytes to exactly `size` bytes (readers ignore them). */
export function paddedPdf(pdf: Buffer, size: number): Buffer {
  if (size < pdf.length) throw new Error(`A PDF of ${pdf.length} bytes cannot be ${size} bytes`);
  return Buffer.concat([pdf, Buffer.alloc(size - pdf.length, 0x20)]);
}
