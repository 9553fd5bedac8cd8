/**
 * The details behind each entry of the partner's ledger: a note (credit, debit, delayed-payment,
 * general), a shipment and its orders, a sales return with its lines and credit notes, a
 * product-removal note, and one entry with what it refers to (the transaction screen).
 */
import type {
  LedgerAgeingNote,
  LedgerLoadShipment,
  LedgerNote,
  LedgerProductRemoval,
  LedgerSalesReturn,
  LedgerShipmentOrders,
  LedgerSrDetails,
  LedgerSrLines,
  LedgerTransaction,
} from "@portal/contracts";
import {
  agedDebits,
  indiaDay,
  type NoteType,
  passesAgeing,
  returnedLineNote,
  reversedTotals,
  storedLineTotal,
  taxRegimeFrom,
  toPaise,
} from "@portal/domain";
import * as repo from "./statement-repo";
import {
  dec,
  type LedgerCaller,
  money,
  noDetails,
  type StatementAccess,
  toEntry,
  toNote,
  YEAR_KINDS,
} from "./statement-views";

export function createEntryDetails(access: StatementAccess) {
  const { db, today, allowed, stateOf, entryOf } = access;

  async function shipment(userId: number, loadId: number): Promise<LedgerLoadShipment> {
    const load = await repo.ownLoad(db, userId, loadId);
    if (!load) throw noDetails();
    const invoice = await repo.taxInvoiceOfLoad(db, loadId);
    return {
      loadId: load.id,
      loadStatus: load.status,
      warehouseId: load.warehouseId,
      createdDate: indiaDay(load.createdAt),
      actualShippingDate: load.actualShippingDate,
      docketNumber: load.docketNo,
      transporter: load.transporter,
      totalItems: load.totalItems,
      totalQuantity: load.totalQuantity,
      total: dec(load.total),
      invoiceNumber: invoice?.number ?? null,
      invoiceTotal: invoice ? dec(invoice.total) : null,
    };
  }

  async function shipmentOrders(userId: number, loadId: number): Promise<LedgerShipmentOrders> {
    const load = await repo.ownLoad(db, userId, loadId);
    if (!load) throw noDetails();
    const orders = await repo.ordersOfLoad(db, userId, loadId);
    return {
      shippingID: loadId,
      orders: orders.map((o) => ({
        poid: o.poid,
        status: o.status,
        createddate: indiaDay(o.createdAt),
        shippedDate: o.shippedAt ? indiaDay(o.shippedAt) : null,
        deliveredDate: o.deliveredAt ? indiaDay(o.deliveredAt) : null,
        totalQuantity: o.totalQuantity,
        netPayment: dec(o.netPayment),
        gapReport: o.gapReport,
      })),
    };
  }

  /**
   * A credit note's totals when it reverses goods: a sales return's own note (returns raised from an
   * invoice), or a product-removal note (short delivery) reversing its tax invoice's lines at their
   * rates. Other notes are service notes, taxed by `noteTax`.
   */
  async function goodsNoteTotals(row: repo.EntryRow): Promise<repo.InvoiceTotals | undefined> {
    if (row.sourceKind === "sr")
      return (await repo.srCreditNoteTotals(db, [Number(row.sourceId)])).get(Number(row.sourceId));
    if (row.sourceKind !== "order-cancel" || row.sacCode !== null) return undefined;
    const poid = row.reference ?? row.sourceId;
    const lines = await repo.linesOfOrders(db, row.userId, [poid]);
    const loadId = lines[0]?.loadId;
    if (!loadId) return undefined;
    const invoice = await repo.taxInvoiceLinesOfLoad(db, loadId);
    if (!invoice.taxRegime) return undefined;
    const removed = invoice.lines.flatMap((s) => {
      const line = lines.find((l) => l.poid === poid && l.productId === s.productId);
      return s.poid === poid && line
        ? [{ line, quantity: s.quantity - (line.deliveredQuantity ?? s.quantity) }]
        : [];
    });
    const t = reversedTotals(removed, taxRegimeFrom(invoice.taxRegime));
    return {
      taxable: money(t.taxable),
      cgst: money(t.cgst),
      sgst: money(t.sgst),
      igst: money(t.igst),
      vat: money(t.vat),
      total: money(t.total),
    };
  }

  async function salesReturnRow(userId: number, by: { id: number } | { referenceId: string }) {
    const sr = await repo.ownSalesReturn(db, userId, by);
    if (!sr) throw noDetails();
    const lines = await repo.linesOfOrders(db, userId, sr.lines.map((l) => l.poid).filter(Boolean));
    const orderLine = (poid: string, productId: number) =>
      lines.find((l) => l.poid === poid && l.productId === productId) ?? null;
    return { sr, orderLine };
  }

  function toSalesReturn(
    sr: NonNullable<Awaited<ReturnType<typeof repo.ownSalesReturn>>>,
    orderLine: (
      poid: string,
      productId: number,
    ) => Awaited<ReturnType<typeof repo.linesOfOrders>>[number] | null,
  ): LedgerSalesReturn {
    return {
      id: sr.id,
      ReferenceID: sr.referenceId,
      InvoiceStatus: sr.status,
      InvoiceDate: sr.invoiceDate,
      WareHouseID: sr.warehouseId,
      ledgerAccount: sr.ledgerAccount,
      amount: dec(sr.amount),
      approvedDate: sr.approvedAt ? indiaDay(sr.approvedAt) : null,
      shippingCompany: sr.shippingCompany,
      awb: sr.awb,
      lines: sr.lines.map((l) => {
        const o = l.poid ? orderLine(l.poid, l.productId) : null;
        return {
          poid: l.poid || null,
          productID: l.productId,
          quantity: l.quantity,
          mrp: dec(l.mrp),
          amountRefundable: dec(l.amountRefundable),
          hsncode: l.hsnCode,
          shippingdetail: { loadId: o?.loadId ?? null, shippingDate: o?.shippingDate ?? null },
        };
      }),
    };
  }

  async function srLines(caller: LedgerCaller, id: number, which: "listing" | "excess" | "manual") {
    allowed(caller);
    const { sr, orderLine } = await salesReturnRow(caller.id, { id });
    const out: LedgerSrLines["lines"] = [];
    for (const l of sr.lines) {
      const o = l.poid ? orderLine(l.poid, l.productId) : null;
      const delivered = o ? (o.deliveredQuantity ?? o.quantity) : null;
      const base = { poid: l.poid || null, productID: l.productId, deliveredQuantity: delivered };
      const unit = l.quantity > 0 ? toPaise(l.amountRefundable) / BigInt(l.quantity) : 0n;
      if (which === "manual") {
        if (!o)
          out.push({
            ...base,
            quantity: l.quantity,
            mrp: dec(l.mrp),
            amountRefundable: dec(l.amountRefundable),
          });
        continue;
      }
      if (!o || delivered === null) continue;
      const listed = Math.min(l.quantity, delivered);
      const excess = l.quantity - listed;
      const qty = which === "listing" ? listed : excess;
      if (qty > 0)
        out.push({
          ...base,
          quantity: qty,
          mrp: dec(l.mrp),
          amountRefundable: money(qty === l.quantity ? toPaise(l.amountRefundable) : unit * BigInt(qty)),
        });
    }
    return { id: sr.id, ReferenceID: sr.referenceId, lines: out } satisfies LedgerSrLines;
  }

  async function ageingOverdue(userId: number, note: repo.EntryRow): Promise<LedgerAgeingNote["overdue"]> {
    const moves = await repo.movementsUpTo(db, userId, note.ledgerAccount, note.entryDate);
    // The job read the journal before writing that day's ageing notes.
    const before = moves.filter((m) => !(m.sourceKind === "ageing" && m.entryDate === note.entryDate));
    const debits = before
      .filter((m) => toPaise(m.debit) > 0n)
      .map((m) => ({ day: m.entryDate, amount: toPaise(m.debit), voucherNumber: m.voucherNumber }));
    const credits = before.reduce((s, m) => s + toPaise(m.credit), 0n);
    const charged = note.noteType === "DN180" ? "DN180" : "DN120";
    return agedDebits(debits, credits, note.entryDate)
      .filter((d) => d.note === charged)
      .map((d) => ({
        approvedDate: d.day,
        voucherNumber: d.voucherNumber,
        amount: money(d.open),
        ageDays: d.ageDays,
      }));
  }

  /** Units shipped (as invoiced) but not delivered, per line of the order. */
  async function removalLines(userId: number, poid: string): Promise<LedgerProductRemoval["lines"]> {
    const lines = await repo.linesOfOrders(db, userId, [poid]);
    const loadId = lines[0]?.loadId;
    if (!loadId) return [];
    const shipped = (await repo.shippedLinesOfLoad(db, loadId)).filter((l) => l.poid === poid);
    return shipped.flatMap((s) => {
      const line = lines.find((l) => l.productId === s.productId);
      const delivered = line?.deliveredQuantity ?? s.quantity;
      const removed = s.quantity - delivered;
      if (removed <= 0) return [];
      return [
        {
          productId: s.productId,
          productName: s.name,
          shippedQuantity: s.quantity,
          deliveredQuantity: delivered,
          removedQuantity: removed,
          actualPrice: dec(s.actualPrice),
          // the removed units' value, as the short-delivery credit took it (the tax engine's line)
          amount: money(line ? storedLineTotal(line, removed) : toPaise(s.actualPrice) * BigInt(removed)),
        },
      ];
    });
  }

  return {
    /** A credit or debit note of the journal. */
    async cndnMaster(caller: LedgerCaller, id: number): Promise<LedgerNote> {
      const row = await entryOf(caller, id, YEAR_KINDS.notes);
      return toNote(row, await stateOf(caller.id), await goodsNoteTotals(row));
    },

    /** A delayed-payment debit note (DN120 / DN180) with the overdue debits it was charged on. */
    async darpNote(caller: LedgerCaller, id: number): Promise<LedgerAgeingNote> {
      const row = await entryOf(caller, id, ["ageing"]);
      const percent = row.noteType === "DN180" ? "3.00" : "1.50";
      return {
        ...toNote(row, await stateOf(caller.id)),
        percent,
        overdue: await ageingOverdue(caller.id, row),
      };
    },

    /** A general credit or debit note (a staff correction). */
    async generalNote(caller: LedgerCaller, id: number): Promise<LedgerNote> {
      const row = await entryOf(caller, id, ["correction"]);
      return toNote(row, await stateOf(caller.id));
    },

    async shipmentOrders(caller: LedgerCaller, loadId: number) {
      allowed(caller);
      return shipmentOrders(caller.id, loadId);
    },

    async loadShipment(caller: LedgerCaller, loadId: number) {
      allowed(caller);
      return shipment(caller.id, loadId);
    },

    async salesReturn(caller: LedgerCaller, id: number): Promise<LedgerSalesReturn> {
      allowed(caller);
      const { sr, orderLine } = await salesReturnRow(caller.id, { id });
      return toSalesReturn(sr, orderLine);
    },

    /** Undelivered units credited back: the note and the order's short lines. */
    async productRemoval(caller: LedgerCaller, id: number): Promise<LedgerProductRemoval> {
      const row = await entryOf(caller, id, ["order-cancel"]);
      const poid = row.reference ?? row.sourceId;
      return {
        ...toNote(row, await stateOf(caller.id), await goodsNoteTotals(row)),
        poid,
        lines: await removalLines(caller.id, poid),
      };
    },

    /** A sales return's lines as credit notes on its approval day, filtered by the note type's ageing. */
    async srDetails(caller: LedgerCaller, referenceId: string, noteType: NoteType): Promise<LedgerSrDetails> {
      allowed(caller);
      const { sr, orderLine } = await salesReturnRow(caller.id, { referenceId });
      const base = toSalesReturn(sr, orderLine);
      const approvedDay = base.approvedDate ?? today();
      const state = await stateOf(caller.id);
      // A return raised from an invoice has its own credit note: each line's tax is the note line's.
      const note = sr.creditNote ?? null;
      const creditNotes = base.lines.flatMap((l) => {
        const noteLine = note?.lines.find((n) => n.poid === l.poid && n.productId === l.productID);
        const figures = returnedLineNote({
          net: toPaise(noteLine ? noteLine.total : l.amountRefundable),
          shippingDay: l.shippingdetail.shippingDate,
          approvedDay,
          state,
        });
        if (noteLine) figures.gstAmount = toPaise(noteLine.total) - toPaise(noteLine.taxable);
        if (!passesAgeing(noteType, figures.ageDays)) return [];
        return [
          {
            noteType,
            approvedDate: approvedDay,
            poItemID: `${l.poid ?? "-"}/${l.productID}`,
            productID: l.productID,
            quantity: l.quantity,
            shippingDate: l.shippingdetail.shippingDate,
            ageDays: figures.ageDays,
            srorderdetails: {
              type: "Reject",
              reasonCategories: ["Customer return"],
              whInDate: sr.status === "Pending" || sr.status === "InTransit" ? null : base.InvoiceDate,
              srOutDate: base.InvoiceDate,
              DNAmount120: money(figures.dnAmount120),
              DNAmount180: money(figures.dnAmount180),
              netAmount: money(figures.netAmount),
              GSTAmount: money(figures.gstAmount),
            },
          },
        ];
      });
      return {
        ...base,
        creditNote: note ? { ...note, taxRegime: taxRegimeFrom(note.taxRegime) } : null,
        creditNotes,
      };
    },

    srLines,

    /** One entry and what it refers to (the transaction details screen). */
    async transaction(caller: LedgerCaller, account: number, id: number): Promise<LedgerTransaction> {
      const row = await entryOf(caller, id, null, account);
      const entry = toEntry(row);
      const state = await stateOf(caller.id);
      const result: LedgerTransaction = {
        entry,
        note: toNote(row, state, await goodsNoteTotals(row)),
        shipment: null,
        orders: null,
        salesReturn: null,
        ageing: null,
        removal: null,
        payment: null,
      };
      if (entry.kind === "sales") {
        const totals = await repo.invoiceTotals(db, [Number(row.sourceId)]);
        result.note = toNote(row, state, totals.get(Number(row.sourceId)));
        if (entry.loadId) {
          result.shipment = await shipment(caller.id, entry.loadId);
          result.orders = (await shipmentOrders(caller.id, entry.loadId)).orders;
        }
      } else if (entry.kind === "salesReturn" && entry.srId) {
        const { sr, orderLine } = await salesReturnRow(caller.id, { id: entry.srId });
        result.salesReturn = toSalesReturn(sr, orderLine);
      } else if (entry.kind === "ageing") {
        result.ageing = await ageingOverdue(caller.id, row);
      } else if (entry.kind === "orderCancel") {
        result.removal = await removalLines(caller.id, row.reference ?? row.sourceId);
      } else if (entry.kind === "receipt") {
        const p = await repo.ownPayment(db, caller.id, Number(row.sourceId));
        if (p)
          result.payment = {
            paymentType: p.paymentType,
            referenceId: p.referenceId,
            totalAmountPayable: dec(p.totalAmountPayable),
            totalAmountPaid: dec(p.totalAmountPaid),
            orders: p.orders,
          };
      }
      return result;
    },
  };
}
