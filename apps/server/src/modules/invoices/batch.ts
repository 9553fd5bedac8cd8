/**
 * Invoices issued many at a time inside one transaction (the network-sized world, issue 32): the
 * same rows as `invoiceIssuing.proforma` and `invoiceIssuing.tax` issue one at a time, built by the
 * same `buildDocument` (the one tax engine, `storedLineAt`), tax invoices numbered from the same
 * gapless counters with one range reserved per series.
 */
import {
  backOfficeMessages,
  companyOfLedgerAccount,
  DOCUMENT_TYPES,
  documentNumber,
  financialYearOf,
  PROFORMA_INVOICE,
  paiseToDecimal,
  proformaInvoiceNumber,
  TAX_INVOICE,
} from "@portal/domain";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { bulkInsert } from "../../db/bulk-insert";
import type { DbOrTx } from "../../db/client";
import { franchises, invoices, purchaseOrderLines, purchaseOrders, users, warehouses } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { recordCformOwed } from "../cforms/public";
import type * as repo from "./repo";
import { buildDocument, companyOf, queueInvoicePdfs } from "./service";

const rowsOf = <T>(result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];

type NewInvoice = typeof invoices.$inferInsert;

async function insertMany(tx: DbOrTx, rows: readonly NewInvoice[]) {
  return (await bulkInsert(tx, invoices, rows, ["id", "number", "total"])) as {
    id: number;
    number: string;
    total: string;
  }[];
}

/** Orders (with their lines, partner, franchise and warehouse) as `ordersWithLines` reads them, by poid. */
async function ordersWithLinesByPoid(tx: DbOrTx, poids: readonly string[]) {
  const out = new Map<string, Awaited<ReturnType<typeof repo.ordersWithLines>>[number]>();
  for (let i = 0; i < poids.length; i += 5000) {
    const part = poids.slice(i, i + 5000);
    const orders = await tx
      .select({ order: purchaseOrders, user: users, franchise: franchises, warehouse: warehouses })
      .from(purchaseOrders)
      .innerJoin(users, eq(users.id, purchaseOrders.userId))
      .leftJoin(franchises, eq(franchises.id, users.franchiseId))
      .innerJoin(warehouses, eq(warehouses.id, purchaseOrders.warehouseId))
      .where(inArray(purchaseOrders.poid, part));
    const lines = await tx
      .select()
      .from(purchaseOrderLines)
      .where(inArray(purchaseOrderLines.poid, part))
      .orderBy(asc(purchaseOrderLines.poid), asc(purchaseOrderLines.id));
    for (const o of orders) out.set(o.order.poid, { ...o, lines: [] });
    for (const l of lines) out.get(l.poid)?.lines.push(l);
  }
  return out;
}

/** The latest moment of a batch's steps: when the PDFs of its invoices are queued to be rendered. */
const latestOf = (items: readonly { at: Date }[]) =>
  new Date(items.reduce((latest, i) => Math.max(latest, i.at.getTime()), 0));

/** The proforma invoices of many Confirmed orders (as `invoiceIssuing.proforma` issues each). */
export async function issueProformas(tx: DbOrTx, items: readonly { poid: string; day: string; at: Date }[]) {
  const facts = await ordersWithLinesByPoid(
    tx,
    items.map((i) => i.poid),
  );
  const rows = items.map(({ poid, day }): NewInvoice => {
    const order = facts.get(poid);
    if (!order) throw new Error(`no order ${poid}`);
    const number = proformaInvoiceNumber(poid);
    const built = buildDocument([order], { kind: PROFORMA_INVOICE, number, day, shipOutDate: null });
    return {
      kind: PROFORMA_INVOICE,
      number,
      userId: order.order.userId,
      warehouseId: order.order.warehouseId,
      poid,
      financialYear: financialYearOf(day),
      issuedOn: day,
      taxRegime: built.regime,
      total: paiseToDecimal(built.total),
      document: built.document,
      buyerGstin: built.document.partner.billingGstNo,
    };
  });
  await insertMany(tx, rows);
  await queueInvoicePdfs(
    tx,
    rows.map((r) => r.number),
    latestOf(items),
  );
}

/**
 * Takes `days.length` numbers of one series at once, in the order of `days` (which must not go back
 * in time, nor start before the series' last document: the same 409 as `takeDocumentNumber`).
 */
async function reserveDocumentNumbers(
  tx: DbOrTx,
  s: { companyGstin: string; warehouseId: number; financialYear: string; documentType: string },
  days: readonly string[],
): Promise<number[]> {
  const first = days[0];
  const last = days[days.length - 1];
  if (first === undefined || last === undefined) return [];
  for (let i = 1; i < days.length; i++) {
    const day = days[i] as string;
    const before = days[i - 1] as string;
    if (before > day) throw new AppError(409, backOfficeMessages.shipDateBeforeLastInvoice(day, before));
  }
  const result = await tx.execute(sql`
    WITH previous AS (
      SELECT last_day::text AS last_day FROM document_counters
      WHERE company_gstin = ${s.companyGstin} AND warehouse_id = ${s.warehouseId}
        AND financial_year = ${s.financialYear} AND document_type = ${s.documentType}
      FOR UPDATE)
    INSERT INTO document_counters (company_gstin, warehouse_id, financial_year, document_type, last_number, last_day)
    VALUES (${s.companyGstin}, ${s.warehouseId}, ${s.financialYear}, ${s.documentType}, ${days.length}, ${last})
    ON CONFLICT (company_gstin, warehouse_id, financial_year, document_type) DO UPDATE
      SET last_number = document_counters.last_number + ${days.length},
          last_day = GREATEST(document_counters.last_day, EXCLUDED.last_day)
    RETURNING last_number, (SELECT last_day FROM previous) AS previous_day`);
  const row = rowsOf<{ last_number: number | string; previous_day: string | null }>(result)[0];
  if (!row) throw new Error("document counter not written");
  if (row.previous_day !== null && row.previous_day > first)
    throw new AppError(409, backOfficeMessages.shipDateBeforeLastInvoice(first, row.previous_day));
  const end = Number(row.last_number);
  return days.map((_, i) => end - days.length + 1 + i);
}

/** A load to invoice: the load, its orders and the ship day. */
export interface TaxInvoiceItem {
  load: { id: number; userId: number; warehouseId: number };
  poids: readonly string[];
  day: string;
  /** When the load shipped (its invoice's PDF is queued then). */
  at: Date;
}

/**
 * The tax invoices of many shipped loads, in the order given (as `invoiceIssuing.tax` issues each
 * when the loads ship one after the other): each series' numbers reserved as one range. Resolves to
 * each load's invoice row and ledger account, in the same order.
 */
export async function issueTaxInvoices(tx: DbOrTx, items: readonly TaxInvoiceItem[]) {
  const facts = await ordersWithLinesByPoid(
    tx,
    items.flatMap((i) => i.poids),
  );
  const prepared = items.map((item) => {
    const orders = [...item.poids]
      .sort()
      .map((poid) => facts.get(poid))
      .filter((o) => o !== undefined);
    const ledgerAccount = companyOf(orders[0]?.franchise ?? null).ledgerAccount;
    const financialYear = financialYearOf(item.day);
    const series = {
      companyGstin: companyOfLedgerAccount(ledgerAccount).gstNo,
      warehouseId: item.load.warehouseId,
      financialYear,
      documentType: DOCUMENT_TYPES.taxInvoice,
    };
    return { item, orders, ledgerAccount, financialYear, series, seq: 0 };
  });
  const bySeries = new Map<string, typeof prepared>();
  for (const p of prepared) {
    const key = JSON.stringify(p.series);
    bySeries.set(key, [...(bySeries.get(key) ?? []), p]);
  }
  for (const list of bySeries.values()) {
    const first = list[0];
    if (!first) continue;
    const seqs = await reserveDocumentNumbers(
      tx,
      first.series,
      list.map((p) => p.item.day),
    );
    list.forEach((p, i) => {
      p.seq = seqs[i] ?? 0;
    });
  }
  const built = prepared.map((p) => {
    const number = documentNumber(
      DOCUMENT_TYPES.taxInvoice,
      p.ledgerAccount,
      p.item.load.warehouseId,
      p.financialYear,
      p.seq,
    );
    const doc = buildDocument(p.orders, {
      kind: TAX_INVOICE,
      number,
      day: p.item.day,
      shipOutDate: p.item.day,
    });
    const row: NewInvoice = {
      kind: TAX_INVOICE,
      number,
      userId: p.item.load.userId,
      warehouseId: p.item.load.warehouseId,
      loadId: p.item.load.id,
      financialYear: p.financialYear,
      seq: p.seq,
      issuedOn: p.item.day,
      taxRegime: doc.regime,
      total: paiseToDecimal(doc.total),
      document: doc.document,
      buyerGstin: doc.document.partner.billingGstNo,
    };
    return { row, doc, ledgerAccount: doc.ledgerAccount };
  });
  const written = await insertMany(
    tx,
    built.map((b) => b.row),
  );
  await queueInvoicePdfs(
    tx,
    built.map((b) => b.row.number),
    latestOf(items),
  );
  const out = built.map((b, i) => {
    const row = written[i];
    if (!row || row.number !== b.row.number) throw new Error("tax invoices written out of order");
    return { row, ledgerAccount: b.ledgerAccount, regime: b.doc.regime, vat: b.doc.vat };
  });
  // Inter-state sales before GST were taxed as CST: the partner owes a C-form for them.
  for (const [i, o] of out.entries()) {
    if (o.regime === "CST")
      await recordCformOwed(tx, {
        userId: items[i]?.load.userId ?? 0,
        invoiceId: o.row.id,
        cstAmount: paiseToDecimal(o.vat),
      });
  }
  return out.map((o) => ({ row: o.row, ledgerAccount: o.ledgerAccount }));
}
