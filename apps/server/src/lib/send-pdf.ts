/** A PDF answer: its schema in the API document, and the reply that sends it under a safe file name. */
import type { FastifyReply } from "fastify";
import { z } from "zod";

/** The 200 answer of a route that sends a PDF (the OpenAPI document names its media type). */
export const pdfFile = z.any().describe("application/pdf");

/**
 * Sends `pdf` named `name`.pdf (anything but letters, digits and dashes becomes "_"): shown in the
 * browser (`inline`) or saved (`attachment`).
 */
export function sendPdf(
  reply: FastifyReply,
  name: string,
  pdf: Buffer,
  disposition: "inline" | "attachment" = "attachment",
) {
  return reply
    .type("application/pdf")
    .header("content-disposition", `${disposition}; filename="${name.replace(/[^A-Za-z0-9-]/g, "_")}.pdf"`)
    .send(pdf);
}
