import type {
  AdminSalesReturn,
  RaiseSalesReturnBody,
  ReceiveSalesReturnBody,
  ReturnableInvoice,
  SalesReturnsQuery,
} from "@portal/contracts";
import { MAX_DB_ID } from "@portal/contracts";
import {
  companyOfLedgerAccount,
  formatDate,
  formatDateTime,
  indiaDay,
  backOfficeMessages as msg,
  paiseToDecimal,
  refusal,
  type SalesReturnStatus,
  SR_LIFECYCLE,
  SR_STATUSES,
  srStatusOf,
  TAX_INVOICE,
  taxRegimeFrom,
  toPaise,
} from "@portal/domain";
import type { FastifyReply } from "fastify";
import type { Db, DbOrTx } from "../../db/client";
import { retryingTransaction } from "../../db/retry";
import type { SalesReturnLine } from "../../db/schema";
import { conflict, movable, staffViews } from "../../lib/admin";
import { badRequest, notFound } from "../../lib/errors";
import { sendCsvPages } from "../../lib/staff-list";
import { recordAudit } from "../audit/public";
import { returnStock } from "../catalogue/public";
import { toInvoice } from "../invoices/public";
import { ledgerPostings } from "../ledger/public";
import { type Notifier, notifyPartner } from "../notifications/public";
import { type Actor, partnerNameOf } from "../order-desk/public";
import { buildCreditNote, type InvoiceLine, toCreditNote } from "./credit-note";
import { createSrDetailsService } from "./partner";
import * as repo from "./repo";

type Listed = Awaited<ReturnType<typeof repo.list>>["rows"][number];

function toAdmin({ row: sr, user, invoiceNumber }: Listed): AdminSalesReturn {
  return {
    id: sr.id,
    referenceId: sr.referenceId,
    userId: sr.userId,
    partnerName: partnerNameOf(user),
    partnerEmail: user.email,
    warehouseId: sr.warehouseId,
    status: srStatusOf(sr.status),
    invoiceDate: sr.invoiceDate,
    createdAt: sr.createdAt.toISOString(),
    shippingCompany: sr.shippingCompany,
    awb: sr.awb,
    amount: paiseToDecimal(toPaise(sr.amount)),
    lines: sr.lines.map((l) => ({
      poid: l.poid,
      productId: l.productId,
      quantity: l.quantity,
      mrp: l.mrp,
      amountRefundable: l.amountRefundable,
      hsnCode: l.hsnCode,
      receivedQuantity: l.receivedQuantity ?? null,
    })),
    approvedAt: sr.approvedAt?.toISOString() ?? null,
    invoiceId: sr.invoiceId,
    invoiceNumber,
    receivedAt: sr.receivedAt?.toISOString() ?? null,
    rejectedAt: sr.rejectedAt?.toISOString() ?? null,
    rejectionReason: sr.rejectionReason,
    creditNote: toCreditNote(sr.creditNote),
  };
}

const CSV_HEADER = [
  "Id",
  "SR reference",
  "Invoice No",
  "Invoice date",
  "Partner",
  "Partner email",
  "Warehouse",
  "Status",
  "Amount",
  "Units",
  "Shipping company",
  "AWB",
  "Raised",
  "Received",
  "Approved",
  "Credit note",
  "Rejected",
  "Rejection reason",
] as const;

const dateTimeOrBlank = (moment: string | null) => (moment === null ? null : formatDateTime(moment));
const csvCells = (r: AdminSalesReturn) => [
  r.id,
  r.referenceId,
  r.invoiceNumber,
  formatDate(r.invoiceDate),
  r.partnerName,
  r.partnerEmail,
  r.warehouseId,
  r.status,
  r.amount,
  r.lines.reduce((units, l) => units + l.quantity, 0),
  r.shippingCompany,
  r.awb,
  formatDateTime(r.createdAt),
  dateTimeOrBlank(r.receivedAt),
  dateTimeOrBlank(r.approvedAt),
  r.creditNote?.number ?? null,
  dateTimeOrBlank(r.rejectedAt),
  r.rejectionReason,
];

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type InvoiceFacts = NonNullable<Awaited<ReturnType<typeof repo.invoiceFor>>>;

const lineKey = (poid: string, productId: number) => `${poid}:${productId}`;
/** Units of a return that count as returned: what was received once received, else what was raised. */
const countedOf = (l: SalesReturnLine) => l.receivedQuantity ?? l.quantity;

/** An invoice named by id (a number) or by its number (text): 404 when missing, 409 when proforma. */
async function taxInvoice(tx: DbOrTx, invoice: number | string, lockIt: boolean): Promise<InvoiceFacts> {
  const found =
    typeof invoice === "number"
      ? await repo.invoiceFor(tx, { id: invoice }, lockIt)
      : await repo.invoiceFor(tx, { number: invoice.trim() }, lockIt);
  if (!found) throw notFound(msg.srInvoiceNotFound(invoice));
  if (found.invoice.kind !== TAX_INVOICE) throw conflict(msg.srNotTaxInvoice(found.invoice.number));
  return found;
}

/**
 * Per invoice line: what was shipped, what never arrived (a short delivery, credited already by its
 * product-removal note), what returns (not rejected) already hold, and what is left to return.
 */
async function returnableLines(tx: DbOrTx, facts: InvoiceFacts, exceptId?: number) {
  const lines = toInvoice(facts.invoice).lines;
  const delivered = new Map(
    (
      await repo.orderLines(
        tx,
        lines.map((l) => l.poid),
      )
    ).map((o) => [lineKey(o.poid, o.productId), o.deliveredQuantity]),
  );
  const returned = new Map<string, number>();
  for (const sr of await repo.returnsOfInvoice(tx, facts.invoice.id, exceptId))
    for (const l of sr.lines) {
      const key = lineKey(l.poid, l.productId);
      returned.set(key, (returned.get(key) ?? 0) + countedOf(l));
    }
  return lines.map((line) => {
    const key = lineKey(line.poid, line.productId);
    const already = returned.get(key) ?? 0;
    const arrived = Math.min(line.quantity, delivered.get(key) ?? line.quantity);
    return {
      line,
      shipped: line.quantity,
      notDelivered: line.quantity - arrived,
      returned: already,
      left: Math.max(0, arrived - already),
    };
  });
}

/** The ledger account whose company issued the invoice: account 2 for the alternate company's. */
const ledgerAccountOf = (invoice: InvoiceFacts["invoice"]) =>
  toInvoice(invoice).company.gstNo === companyOfLedgerAccount(2).gstNo ? 2 : 1;

export function createSalesReturnsService(deps: {
  db: Db;
  now?: () => Date;
  /** How the partner is told (default `notifyPartner`: a notification and a mail). */
  notify?: Notifier;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const notify = deps.notify ?? notifyPartner;

  const views = staffViews(db, repo.list, toAdmin, msg.salesReturnNotFound);
  async function list(q: SalesReturnsQuery) {
    const { rows, total } = await repo.list(db, q);
    return { rows: rows.map(toAdmin), total };
  }

  /** The goods received: quantities per line (≤ returned), stock back into the return's warehouse. */
  async function receiveIn(
    tx: Tx,
    sr: repo.SalesReturnRow,
    received: ReadonlyMap<string, number>,
    actor: Actor,
    at: Date,
  ) {
    const lines = sr.lines.map((l) => ({
      ...l,
      receivedQuantity: received.get(lineKey(l.poid, l.productId)) ?? 0,
    }));
    for (const l of lines)
      if (l.receivedQuantity > l.quantity)
        throw badRequest(msg.srReceiveMoreThanReturned(l.productId, l.quantity));
    if (lines.every((l) => l.receivedQuantity === 0)) throw badRequest(msg.srReceiveNothing);
    await repo.update(tx, sr.id, { status: "WHReceived", lines, receivedAt: at });
    await returnStock(
      tx,
      sr.warehouseId,
      lines.map((l) => ({ productId: l.productId, mrp: l.mrp, qty: l.receivedQuantity })),
    );
    await notify(tx, {
      userId: sr.userId,
      title: "Sales return received",
      message: `Sales return ${sr.referenceId} was received at the warehouse.`,
      target: "/account/srDetails",
      at,
      mail: false,
    });
    await recordAudit(tx, {
      actorId: actor?.id ?? null,
      action: "salesReturn.receive",
      entity: "salesReturn",
      entityId: sr.id,
      before: { status: sr.status },
      after: {
        status: "WHReceived",
        received: lines.map((l) => ({ poid: l.poid, productId: l.productId, quantity: l.receivedQuantity })),
      },
      at,
    });
  }

  /**
   * Accounts approve: the credit note reverses the invoice lines returned (the received units at the
   * invoice lines' own unit taxable value, HSN and rate, under the invoice's regime), numbered from
   * the C series of the invoice's company, warehouse and financial year; the ledger credit is the
   * note's total.
   */
  async function approveIn(tx: Tx, sr: repo.SalesReturnRow, actor: Actor, at: Date) {
    if (!sr.invoiceId) throw conflict(msg.srInvoiceRequired);
    const day = indiaDay(at);
    const facts = await taxInvoice(tx, sr.invoiceId, false);
    const invoiceLines = toInvoice(facts.invoice).lines;
    const orderLines = await repo.orderLines(
      tx,
      sr.lines.map((l) => l.poid),
    );
    const returned = sr.lines.map((l) => {
      const line = invoiceLines.find((x) => x.poid === l.poid && x.productId === l.productId);
      if (!line) throw conflict(msg.srLineNotOnInvoice(l.productId, facts.invoice.number));
      const order = orderLines.find((o) => o.poid === l.poid && o.productId === l.productId);
      return { line, quantity: l.receivedQuantity ?? l.quantity, fallbackRate: order?.gstRate ?? null };
    });
    const head = {
      number: "",
      day,
      invoiceNumber: facts.invoice.number,
      taxRegime: facts.invoice.taxRegime,
    };
    const built = buildCreditNote(head, returned);
    const amount = paiseToDecimal(built.total);
    const number = await ledgerPostings.salesReturnCredit(tx, {
      userId: sr.userId,
      ledgerAccount: sr.ledgerAccount,
      day,
      srId: sr.id,
      referenceId: sr.referenceId,
      warehouseId: sr.warehouseId,
      reverses: {
        invoiceNumber: facts.invoice.number,
        ...built.document.totals,
        taxRegime: built.document.taxRegime,
      },
    });
    const creditNote = { ...built.document, number: number ?? "" };
    await repo.update(tx, sr.id, {
      status: "AccountApproved",
      approvedAt: at,
      amount,
      creditNote,
      creditNoteNumber: creditNote.number,
    });
    await notify(tx, {
      userId: sr.userId,
      title: "Sales return AccountApproved",
      message: `Sales return ${sr.referenceId} is approved: credit note ${creditNote.number} for ₹${amount} credited to your ledger.`,
      target: "/account/srDetails",
      at,
    });
    await recordAudit(tx, {
      actorId: actor?.id ?? null,
      action: "salesReturn.approve",
      entity: "salesReturn",
      entityId: sr.id,
      before: { status: sr.status },
      after: { status: "AccountApproved", amount, creditNote: creditNote.number },
      at,
    });
  }

  /** The return's steps; each resolves to the return's id without reading it back. */
  const steps = {
    /**
     * Staff raise a return from a tax invoice: each line up to what was shipped less what returns of
     * the invoice (not rejected) already hold. The return starts Pending, at the invoice's warehouse
     * and ledger account, its amount the credit its lines would get.
     */
    async raise(actor: Actor, body: RaiseSalesReturnBody, at = now()): Promise<number> {
      const id = await retryingTransaction(db, async (tx) => {
        const facts = await taxInvoice(tx, body.invoice, true);
        const { invoice } = facts;
        if (body.userId !== undefined && body.userId !== invoice.userId)
          throw conflict(msg.srInvoiceOfAnotherPartner(invoice.number, body.userId));
        const available = await returnableLines(tx, facts);
        const chosen: {
          line: InvoiceLine;
          quantity: number;
          left: number;
          shipped: number;
          notDelivered: number;
        }[] = [];
        for (const asked of body.lines) {
          const matches = available.filter(
            (a) =>
              a.line.productId === asked.productId &&
              (asked.poid === undefined || a.line.poid === asked.poid),
          );
          const [match] = matches;
          if (!match) throw badRequest(msg.srLineNotOnInvoice(asked.productId, invoice.number));
          if (matches.length > 1) throw badRequest(msg.srLineAmbiguous(asked.productId, invoice.number));
          if (chosen.some((c) => c.line === match.line)) throw badRequest(msg.srLineTwice(asked.productId));
          chosen.push({
            line: match.line,
            quantity: asked.quantity,
            left: match.left,
            shipped: match.shipped,
            notDelivered: match.notDelivered,
          });
        }
        for (const c of chosen)
          if (c.quantity > c.left)
            throw conflict(msg.srReturnMoreThanLeft(c.line.productId, c.left, c.shipped, c.notDelivered));
        const orderLines = await repo.orderLines(
          tx,
          chosen.map((c) => c.line.poid),
        );
        const note = buildCreditNote(
          { number: "", day: indiaDay(at), invoiceNumber: invoice.number, taxRegime: invoice.taxRegime },
          chosen.map((c) => ({
            line: c.line,
            quantity: c.quantity,
            fallbackRate:
              orderLines.find((o) => o.poid === c.line.poid && o.productId === c.line.productId)?.gstRate ??
              null,
          })),
        );
        const lines: SalesReturnLine[] = chosen.map((c, i) => ({
          poid: c.line.poid,
          productId: c.line.productId,
          quantity: c.quantity,
          mrp:
            orderLines.find((o) => o.poid === c.line.poid && o.productId === c.line.productId)?.mrp ??
            c.line.actualPrice,
          amountRefundable: note.document.lines[i]?.total ?? "0.00",
          hsnCode: c.line.hsnCode,
        }));
        const srId = await repo.nextId(tx);
        const row = await repo.insert(tx, {
          id: srId,
          referenceId: `SR${String(srId).padStart(6, "0")}`,
          userId: invoice.userId,
          warehouseId: invoice.warehouseId,
          ledgerAccount: ledgerAccountOf(invoice),
          status: SR_STATUSES[0],
          invoiceDate: indiaDay(at),
          amount: paiseToDecimal(note.total),
          lines,
          invoiceId: invoice.id,
          createdAt: at,
        });
        await notify(tx, {
          userId: row.userId,
          title: "Sales return raised",
          message: `Sales return ${row.referenceId} was raised against invoice ${invoice.number}.`,
          target: "/account/srDetails",
          at,
          mail: false,
        });
        await recordAudit(tx, {
          actorId: actor?.id ?? null,
          action: "salesReturn.raise",
          entity: "salesReturn",
          entityId: row.id,
          after: {
            referenceId: row.referenceId,
            invoice: invoice.number,
            lines: lines.map((l) => ({ poid: l.poid, productId: l.productId, quantity: l.quantity })),
            amount: row.amount,
          },
          at,
        });
        return row.id;
      });
      return id;
    },

    /** Staff record the units received per line (≤ returned); the stock goes back into the warehouse. */
    async receive(actor: Actor, id: number, body: ReceiveSalesReturnBody, at = now()): Promise<number> {
      await retryingTransaction(db, async (tx) => {
        const sr = await repo.lock(tx, id);
        if (!sr) throw notFound(msg.salesReturnNotFound);
        if (refusal(SR_LIFECYCLE, sr.status, "WHReceived", "staff"))
          throw conflict(msg.srNotReceivable(sr.status));
        const received = new Map<string, number>();
        for (const given of body.lines) {
          const matches = sr.lines.filter(
            (l) => l.productId === given.productId && (given.poid === undefined || l.poid === given.poid),
          );
          const [match] = matches;
          if (!match) throw badRequest(msg.srLineNotInReturn(given.productId));
          if (matches.length > 1) throw badRequest(msg.srLineAmbiguous(given.productId, sr.referenceId));
          const key = lineKey(match.poid, match.productId);
          if (received.has(key)) throw badRequest(msg.srLineTwice(given.productId));
          received.set(key, given.receivedQuantity);
        }
        await receiveIn(tx, sr, received, actor, at);
      });
      return id;
    },

    /** Accounts approve a received return: the credit note for the received quantities. */
    async approve(actor: Actor, id: number, at = now()): Promise<number> {
      await retryingTransaction(db, async (tx) => {
        const sr = await repo.lock(tx, id);
        if (!sr) throw notFound(msg.salesReturnNotFound);
        const refused = refusal(SR_LIFECYCLE, sr.status, "AccountApproved", "staff");
        // A return that may still be received is refused in the accounts' words: receive it first.
        if (refused && !refusal(SR_LIFECYCLE, sr.status, "WHReceived", "staff"))
          throw conflict(msg.srApproveBeforeReceive);
        if (refused) throw conflict(refused);
        await approveIn(tx, sr, actor, at);
      });
      return id;
    },

    /** Staff reject a return not yet approved, with a reason (stored, shown, audited, sent to the partner). */
    async reject(actor: Actor, id: number, reason: string, at = now()): Promise<number> {
      const why = reason.trim();
      if (!why) throw badRequest(msg.srRejectReasonRequired);
      await retryingTransaction(db, async (tx) => {
        const sr = movable(
          await repo.lock(tx, id),
          SR_LIFECYCLE,
          "Rejected",
          "staff",
          msg.salesReturnNotFound,
        );
        await repo.update(tx, id, { status: "Rejected", rejectedAt: at, rejectionReason: why });
        await notify(tx, {
          userId: sr.userId,
          title: "Sales return rejected",
          message: `Sales return ${sr.referenceId} was rejected: ${why}`,
          target: "/account/srDetails",
          at,
        });
        await recordAudit(tx, {
          actorId: actor?.id ?? null,
          action: "salesReturn.reject",
          entity: "salesReturn",
          entityId: id,
          before: { status: sr.status },
          after: { status: "Rejected", reason: why },
          at,
        });
      });
      return id;
    },

    /**
     * Staff move an SR one step. WHReceived receives every returned unit (back in stock);
     * AccountApproved approves (the credit note); Rejected needs its
     * reason (`reject`).
     */
    async advance(actor: Actor, id: number, to: SalesReturnStatus, at = now()): Promise<number> {
      if (to === "Rejected") throw badRequest(msg.srRejectWithReason);
      await retryingTransaction(db, async (tx) => {
        const sr = movable(await repo.lock(tx, id), SR_LIFECYCLE, to, "staff", msg.salesReturnNotFound);
        if (to === "AccountApproved") return approveIn(tx, sr, actor, at);
        if (to === "WHReceived") {
          const all = new Map(sr.lines.map((l) => [lineKey(l.poid, l.productId), l.quantity]));
          return receiveIn(tx, sr, all, actor, at);
        }
        await repo.update(tx, id, { status: to });
        await notify(tx, {
          userId: sr.userId,
          title: `Sales return ${to}`,
          message: `Sales return ${sr.referenceId} is now ${to}.`,
          target: "/account/srDetails",
          at,
          mail: false,
        });
        await recordAudit(tx, {
          actorId: actor?.id ?? null,
          action: "salesReturn.advance",
          entity: "salesReturn",
          entityId: id,
          before: { status: sr.status },
          after: { status: to },
          at,
        });
      });
      return id;
    },
  };

  return {
    /** What of a tax invoice (by id or number) can still be returned, line by line. */
    async returnable(invoice: number | string): Promise<ReturnableInvoice> {
      // Digits alone name an invoice by its id (a database id: at most MAX_DB_ID), else by its number.
      const digits =
        typeof invoice === "string" && /^\d{1,10}$/.test(invoice.trim()) ? Number(invoice) : null;
      const ref = digits !== null && digits >= 1 && digits <= MAX_DB_ID ? digits : invoice;
      const facts = await taxInvoice(db, ref, false);
      const lines = await returnableLines(db, facts);
      return {
        id: facts.invoice.id,
        number: facts.invoice.number,
        userId: facts.invoice.userId,
        partnerName: partnerNameOf(facts.user),
        warehouseId: facts.invoice.warehouseId,
        issuedOn: facts.invoice.issuedOn,
        taxRegime: taxRegimeFrom(facts.invoice.taxRegime),
        lines: lines.map((l) => ({
          poid: l.line.poid,
          productId: l.line.productId,
          name: l.line.name,
          hsnCode: l.line.hsnCode,
          shipped: l.shipped,
          notDelivered: l.notDelivered,
          returned: l.returned,
          returnable: l.left,
        })),
      };
    },

    /** Pending → InTransit with the shipping company and AWB (the partner's step). */
    async setInTransit(userId: number, id: number, shipping: { company: string; awb: string }, at = now()) {
      await retryingTransaction(db, async (tx) => {
        const locked = await repo.lock(tx, id);
        movable(
          locked?.userId === userId ? locked : null,
          SR_LIFECYCLE,
          "InTransit",
          "partner",
          msg.salesReturnNotFound,
        );
        await repo.update(tx, id, {
          status: "InTransit",
          shippingCompany: shipping.company,
          awb: shipping.awb,
        });
      });
      void at;
    },

    /** The staff list: filters, `q` (SR reference, invoice number, AWB, partner) and a sort over all rows. */
    list,
    /** Every return the list's filters and search match, as CSV (India's days and times). */
    csv: (reply: FastifyReply, q: SalesReturnsQuery) =>
      sendCsvPages(
        reply,
        "sales-returns.csv",
        CSV_HEADER,
        async (page, pageSize) => (await list({ ...q, page, pageSize })).rows,
        csvCells,
      ),
    get: views.get,
    /** The steps alone, for a caller that does not show their result (the demo world's batch). */
    steps,
    raise: async (actor: Actor, body: RaiseSalesReturnBody, at?: Date): Promise<AdminSalesReturn> =>
      views.get(await steps.raise(actor, body, at)),
    receive: async (
      actor: Actor,
      id: number,
      body: ReceiveSalesReturnBody,
      at?: Date,
    ): Promise<AdminSalesReturn> => views.get(await steps.receive(actor, id, body, at)),
    approve: async (actor: Actor, id: number, at?: Date): Promise<AdminSalesReturn> =>
      views.get(await steps.approve(actor, id, at)),
    reject: async (actor: Actor, id: number, reason: string, at?: Date): Promise<AdminSalesReturn> =>
      views.get(await steps.reject(actor, id, reason, at)),
    advance: async (actor: Actor, id: number, to: SalesReturnStatus, at?: Date): Promise<AdminSalesReturn> =>
      views.get(await steps.advance(actor, id, to, at)),
    /** The partner's own SRs (SR details screen). */
    partner: createSrDetailsService({ db, now }),
  };
}
export type SalesReturnsService = ReturnType<typeof createSalesReturnsService>;
