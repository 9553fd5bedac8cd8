/**
 * The partner's side of sales returns (SR details): their own SRs only, by date range, status and
 * warehouse; a Pending SR is marked InTransit with one of the six shipping companies and an AWB.
 */
import type { SetInTransitBody, SrDetailsBody, SrInvoice, SrLine, SrRow } from "@portal/contracts";
import {
  accountMessages,
  financeMessages,
  indiaDay,
  isSrInvoice,
  noteTax,
  paiseToDecimal,
  refusal,
  SAC_SALES_RETURN,
  SR_LIFECYCLE,
  srStatusOf,
  toPaise,
} from "@portal/domain";
import type { Db, DbOrTx } from "../../db/client";
import { retryingTransaction } from "../../db/retry";
import { conflict } from "../../lib/admin";
import { badRequest, notFound } from "../../lib/errors";
import { recordAudit } from "../audit/public";
import { creditNoteFor } from "./credit-note";
import * as repo from "./repo";

const m = (v: string) => paiseToDecimal(toPaise(v));
const statusOf = srStatusOf;

function toRow(sr: repo.SalesReturnRow, warehouseName: string): SrRow {
  return {
    ReferenceID: sr.referenceId,
    InvoiceStatus: statusOf(sr.status),
    InvoiceDate: sr.invoiceDate,
    WareHouseID: sr.warehouseId,
    WareHouseName: warehouseName,
    ShippingCompany: sr.shippingCompany,
    AWB: sr.awb,
    TotalQuantity: sr.lines.reduce((s, l) => s + l.quantity, 0),
    Amount: m(sr.amount),
    isSRInvoice: isSrInvoice(sr.status, sr.invoiceDate),
  };
}

async function linesOf(db: DbOrTx, sr: repo.SalesReturnRow): Promise<SrLine[]> {
  const names = await repo.productNames(
    db,
    sr.lines.map((l) => l.productId),
  );
  const shipping = sr.shippingCompany ? `${sr.shippingCompany} / ${sr.awb ?? ""}` : "";
  return sr.lines.map((l) => ({
    poid: l.poid,
    productID: l.productId,
    productName: names.get(l.productId) ?? `Product ${l.productId}`,
    quantity: l.quantity,
    mrp: m(l.mrp),
    amountRefundable: m(l.amountRefundable),
    shippingdetail: shipping,
    hsncode: l.hsnCode,
  }));
}

export function createSrDetailsService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function own(userId: number, referenceId: string) {
    const found = await repo.ownByReference(db, userId, referenceId);
    if (!found) throw notFound(financeMessages.srNotFound);
    return found;
  }

  return {
    async list(userId: number, body: SrDetailsBody) {
      if (body.FromDate && body.ToDate && body.ToDate < body.FromDate)
        throw badRequest(accountMessages.toBeforeFrom);
      const filter = {
        from: body.FromDate,
        to: body.ToDate,
        status: body.Status,
        warehouseId: body.WareHouseID,
      };
      const [rows, totals] = await Promise.all([
        repo.ofPartner(db, userId, filter, {
          offset: (body.pageNo - 1) * body.pageSize,
          limit: body.pageSize,
        }),
        repo.partnerTotals(db, userId, filter),
      ]);
      return {
        rows: rows.map((r) => toRow(r.sr, r.warehouseName)),
        total: totals.count,
        pageNo: body.pageNo,
        pageSize: body.pageSize,
        totals: { quantity: totals.quantity, amount: m(totals.amount) },
      };
    },

    async download(userId: number, refId: string) {
      const { sr } = await own(userId, refId);
      return {
        ReferenceID: sr.referenceId,
        InvoiceStatus: statusOf(sr.status),
        InvoiceDate: sr.invoiceDate,
        WareHouseID: sr.warehouseId,
        lines: await linesOf(db, sr),
      };
    },

    /** Pending → InTransit, the partner's own SR only (another's is 404), nothing else moves. */
    async setInTransit(
      userId: number,
      body: SetInTransitBody,
      at = now(),
      /** The store member who did it (null: the owner). */
      memberId: number | null = null,
    ) {
      const row = await retryingTransaction(db, async (tx) => {
        const found = await repo.ownByReference(tx, userId, body.ReferenceID, true);
        if (!found) throw notFound(financeMessages.srNotFound);
        if (refusal(SR_LIFECYCLE, found.sr.status, "InTransit", "partner"))
          throw conflict(financeMessages.srNotPending);
        const set = { status: "InTransit", shippingCompany: body.ShippingCompany, awb: body.AWB };
        await repo.update(tx, found.sr.id, { ...set, partnerMemberId: memberId });
        await recordAudit(tx, {
          actorId: userId,
          actorMemberId: memberId,
          action: "salesReturn.inTransit",
          entity: "salesReturn",
          entityId: found.sr.id,
          before: { status: found.sr.status },
          after: set,
          at,
        });
        return toRow({ ...found.sr, ...set }, found.warehouseName);
      });
      return { message: financeMessages.srInTransit(row.ReferenceID), row };
    },

    /** The SR's invoice: AccountApproved and invoiced after 2017-06-30 is an SR invoice (SAC 999799). */
    async invoice(userId: number, referenceId: string): Promise<SrInvoice> {
      const { sr } = await own(userId, referenceId);
      const { user, warehouse } = await repo.invoiceParties(db, sr.userId, sr.warehouseId);
      const state = user?.shippingState ?? user?.state ?? "";
      const approvedDay = sr.approvedAt ? indiaDay(sr.approvedAt) : null;
      const srInvoice = isSrInvoice(sr.status, sr.invoiceDate);
      const gross = toPaise(sr.amount);
      // A return reverses its invoice's lines (their own HSN and rates). Only a return stored without
      // an invoice (none is made any more: every return is raised from its tax invoice) is shown as
      // a service note at 18% under SAC 999799.
      const creditNote = await creditNoteFor(db, sr, approvedDay ?? indiaDay(now()));
      const tax = creditNote
        ? {
            base: toPaise(creditNote.totals.taxable),
            cgst: toPaise(creditNote.totals.cgst),
            sgst: toPaise(creditNote.totals.sgst),
            igst: toPaise(creditNote.totals.igst),
          }
        : noteTax(gross, state, approvedDay ?? sr.invoiceDate);
      return {
        title: srInvoice ? (creditNote ? "CREDIT NOTE" : "SR INVOICE") : "SALES RETURN",
        isSRInvoice: srInvoice,
        ReferenceID: sr.referenceId,
        InvoiceStatus: statusOf(sr.status),
        InvoiceDate: sr.invoiceDate,
        approvedDate: approvedDay,
        sacCode: srInvoice && !creditNote ? SAC_SALES_RETURN : null,
        creditNote,
        rejectionReason: sr.rejectionReason,
        partner: {
          name: user?.storeName ?? `${user?.firstname ?? ""} ${user?.lastname ?? ""}`.trim(),
          address: [user?.shippingAddress1, user?.shippingAddress2, user?.shippingCity, user?.shippingPincode]
            .filter(Boolean)
            .join(", "),
          state,
        },
        warehouse: {
          id: sr.warehouseId,
          name: warehouse?.name ?? `Warehouse ${sr.warehouseId}`,
          address: warehouse
            ? `${warehouse.address}, ${warehouse.city}, ${warehouse.state} ${warehouse.pincode}`
            : "",
          gstNo: warehouse?.gstNo ?? null,
        },
        lines: await linesOf(db, sr),
        totals: {
          base: paiseToDecimal(tax.base),
          cgst: paiseToDecimal(tax.cgst),
          sgst: paiseToDecimal(tax.sgst),
          igst: paiseToDecimal(tax.igst),
          total: creditNote ? creditNote.totals.total : paiseToDecimal(gross),
        },
      };
    },
  };
}
export type SrDetailsService = ReturnType<typeof createSrDetailsService>;
