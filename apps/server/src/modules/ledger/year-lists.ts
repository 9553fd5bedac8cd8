/**
 * The partner's ledger by financial year: the entries of one kind (notes, sales, courier,
 * product removal, adjustments), the orders invoiced in it and its opening balance.
 */
import type { LedgerOpeningBalance, LedgerYearEntries, LedgerYearOrders } from "@portal/contracts";
import { drCr, toPaise } from "@portal/domain";
import * as journal from "./repo";
import * as repo from "./statement-repo";
import {
  dec,
  type LedgerCaller,
  type LedgerYearListing,
  money,
  type StatementAccess,
  toNote,
  YEAR_KINDS,
} from "./statement-views";

export function createYearLists(access: StatementAccess) {
  const { db, allowed, stateOf, yearOf } = access;

  async function yearEntries(
    caller: LedgerCaller,
    listing: LedgerYearListing,
    q: { ledgerAccount: number; year?: number | undefined },
  ): Promise<LedgerYearEntries> {
    allowed(caller);
    const y = yearOf(q.year);
    const rows = await repo.entriesOfKinds(db, caller.id, q.ledgerAccount, YEAR_KINDS[listing], y);
    const state = await stateOf(caller.id);
    const totals =
      listing === "sales"
        ? await repo.invoiceTotals(
            db,
            rows.map((r) => Number(r.sourceId)),
          )
        : null;
    const srTotals = await repo.srCreditNoteTotals(
      db,
      rows.filter((r) => r.sourceKind === "sr").map((r) => Number(r.sourceId)),
    );
    const notes = rows.map((r) =>
      toNote(r, state, (r.sourceKind === "sr" ? srTotals : totals)?.get(Number(r.sourceId))),
    );
    return {
      ledgerAccount: q.ledgerAccount,
      year: y.year,
      fromDate: y.from,
      toDate: y.to,
      rows: notes,
      total: money(notes.reduce((s, n) => s + toPaise(n.amount), 0n)),
    };
  }

  return {
    yearEntries,

    async yearOrders(
      caller: LedgerCaller,
      q: { ledgerAccount: number; year?: number | undefined },
    ): Promise<LedgerYearOrders> {
      allowed(caller);
      const y = yearOf(q.year);
      const rows = await repo.ordersInvoicedBetween(db, caller.id, q.ledgerAccount, y);
      return {
        ledgerAccount: q.ledgerAccount,
        year: y.year,
        rows: rows.map((r) => ({
          poid: r.poid,
          loadId: r.loadId,
          invoiceNumber: r.invoiceNumber,
          shippedDate: r.shippedDate,
          status: r.status,
          netPayment: dec(r.netPayment),
          shippingCharge: dec(r.shippingCharge),
          invoiced: money(toPaise(r.netPayment) + toPaise(r.shippingCharge)),
        })),
        total: money(rows.reduce((s, r) => s + toPaise(r.netPayment) + toPaise(r.shippingCharge), 0n)),
      };
    },

    async openingBalance(
      caller: LedgerCaller,
      q: { ledgerAccount: number; year?: number | undefined },
    ): Promise<LedgerOpeningBalance> {
      allowed(caller);
      const y = yearOf(q.year);
      const shown = drCr(toPaise(await journal.balance(db, caller.id, q.ledgerAccount, { before: y.from })));
      return {
        ledgerAccount: q.ledgerAccount,
        year: y.year,
        asOf: y.from,
        openingBalance: money(shown.amount),
        crdrOpeningBalance: shown.side,
      };
    },
  };
}
