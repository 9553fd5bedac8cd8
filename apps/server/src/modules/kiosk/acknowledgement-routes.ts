/**
 * The kiosk customer's acknowledgement, opened from the mailed link without a session: a signed
 * public address (`ack-link.ts`) shows the order with a Confirm button (a POST, so a mail scanner
 * that opens the link confirms nothing), confirms it, and gives the receipt PDF once confirmed.
 * A changed or forged link answers 403 and an expired one 410, each with a page saying so.
 */
import {
  ErrorResponse,
  KioskAckForm,
  KioskAckParams,
  type KioskAckQuery,
  KioskAckQuery as KioskAckQuerySchema,
  type KioskOrder,
} from "@portal/contracts";
import { formatDate, formatDateTime, formatRupees } from "@portal/domain";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors";
import { pdfFile, sendPdf } from "../../lib/send-pdf";
import { KIOSK_ACK_PATH } from "./ack-link";
import type { KioskAcknowledgement } from "./acknowledgement-service";
import { ReceiptNotReady } from "./service";

const esc = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f6f7f9;color:#1a1b1e}
main{max-width:560px;margin:0 auto;padding:16px}
section{background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:16px;margin-top:12px}
h1{font-size:1.35rem;margin:8px 0}
table{width:100%;border-collapse:collapse}
td{padding:6px 0;border-bottom:1px solid #eceff1;vertical-align:top;overflow-wrap:anywhere}
td.n{text-align:right;white-space:nowrap;padding-left:12px}
tfoot td{font-weight:700;border-bottom:0}
button,a.button{display:inline-block;background:#1864ab;color:#fff;border:0;border-radius:6px;padding:12px 18px;font-size:1rem;text-decoration:none;cursor:pointer}
.muted{color:#495057;font-size:.9rem}
.status{font-weight:700}
</style></head>
<body><main>${body}</main></body></html>`;
}

function orderPage(order: KioskOrder, storeName: string, action: string, receipt: string): string {
  const lines = order.lines
    .map(
      (l) => `<tr><td>${esc(l.name)} × ${l.qty}</td><td class="n">${esc(formatRupees(l.amount))}</td></tr>`,
    )
    .join("");
  const status =
    order.status === "Pending"
      ? `<form method="post" action="${esc(action)}"><p>Please check your order and confirm it.</p><button type="submit">Confirm my order</button></form>`
      : order.status === "Confirmed"
        ? `<p class="status">Confirmed${order.confirmedAt ? ` on ${esc(formatDateTime(order.confirmedAt))}` : ""}. Thank you!</p><p><a class="button" href="${esc(receipt)}">Download your receipt (PDF)</a></p>`
        : `<p class="status">This order was cancelled.</p>`;
  return page(
    `Order ${order.id} at ${storeName}`,
    `<h1>Your order ${order.id} at ${esc(storeName)}</h1>
<p class="muted">Placed on ${esc(formatDate(order.createdAt))} · paid by ${esc(order.paymentMode)}</p>
<section><table><tbody>${lines}</tbody><tfoot><tr><td>Total</td><td class="n">${esc(formatRupees(order.totalAmount))}</td></tr></tfoot></table></section>
<section data-status="${esc(order.status)}">${status}</section>`,
  );
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).type("text/html; charset=utf-8").send(Buffer.from(html));
}

/** A refusal a customer reads in the browser: the message on a page, with its status. */
function refusalPage(reply: FastifyReply, error: unknown) {
  if (!(error instanceof AppError) || error.status >= 500) throw error;
  return sendHtml(
    reply,
    error.status,
    page("Order confirmation", `<section><p>${esc(error.message)}</p></section>`),
  );
}

const htmlPage = z.any().describe("text/html");
const errors = { 400: ErrorResponse, 403: htmlPage, 404: htmlPage, 409: htmlPage, 410: htmlPage };

/** The public routes of the signed acknowledgement link (no session). */
export const kioskAcknowledgementRoutes: FastifyPluginAsyncZod<{
  acknowledgement: KioskAcknowledgement;
}> = async (app, { acknowledgement }) => {
  // the page's Confirm button posts an empty form; nothing of it is read (this scope only)
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, _body, done) =>
    done(null, {}),
  );
  const schema = (summary: string, extra: object = {}) => ({
    tags: ["kiosk"],
    summary,
    params: KioskAckParams,
    querystring: KioskAckQuerySchema,
    produces: ["text/html"],
    response: { 200: htmlPage, 303: z.any(), ...errors },
    ...extra,
  });
  const addresses = (id: number, q: KioskAckQuery) => {
    const query = new URLSearchParams({ expires: q.expires, signature: q.signature }).toString();
    return { page: `${KIOSK_ACK_PATH}/${id}?${query}`, receipt: `${KIOSK_ACK_PATH}/${id}/receipt?${query}` };
  };

  app.get(
    `${KIOSK_ACK_PATH}/:id`,
    {
      config: { access: "public" },
      schema: schema(
        "The customer's acknowledgement page of a kiosk order, from the signed link in the mail",
      ),
    },
    async (request, reply) => {
      const { id } = request.params;
      try {
        const { order, storeName } = await acknowledgement.order(id, request.query);
        const to = addresses(id, request.query);
        return sendHtml(reply, 200, orderPage(order, storeName, to.page, to.receipt));
      } catch (error) {
        return refusalPage(reply, error);
      }
    },
  );
  app.post(
    `${KIOSK_ACK_PATH}/:id`,
    {
      config: { access: "public" },
      schema: schema(
        "The customer confirms a Pending kiosk order from the signed link; answers 303 to the page",
        {
          body: KioskAckForm,
        },
      ),
    },
    async (request, reply) => {
      const { id } = request.params;
      try {
        await acknowledgement.confirm(id, request.query);
        return reply.code(303).header("location", addresses(id, request.query).page).send();
      } catch (error) {
        return refusalPage(reply, error);
      }
    },
  );
  app.get(
    `${KIOSK_ACK_PATH}/:id/receipt`,
    {
      config: { access: "public" },
      schema: schema("The receipt PDF of a confirmed kiosk order, from the signed link", {
        produces: ["application/pdf", "text/html"],
        response: { 200: pdfFile, 422: htmlPage, ...errors },
      }),
    },
    async (request, reply) => {
      try {
        const { name, pdf } = await acknowledgement.receiptPdf(request.params.id, request.query);
        return sendPdf(reply, name, pdf, "inline");
      } catch (error) {
        if (error instanceof ReceiptNotReady)
          return sendHtml(reply, 422, page("Receipt", `<section><p>${esc(error.message)}</p></section>`));
        return refusalPage(reply, error);
      }
    },
  );
};
