import type { AdminInvoiceRow, AdminInvoicesQuery, Invoice, InvoiceSummary } from "@portal/contracts";
import {
  backOfficeMessages,
  type Company,
  companyOfLedgerAccount,
  DOCUMENT_TYPES,
  type DocumentType,
  documentNumber,
  financialYearOf,
  formatDate,
  indiaDay,
  messages,
  PROFORMA_INVOICE,
  paiseToDecimal,
  percentToBasisPoints,
  proformaInvoiceNumber,
  type RegimeTax,
  SHIPPING_CHARGE_GST_RATE,
  servingCompanyOf,
  shippingChargeTax,
  splitByRegime,
  storedLineAt,
  sumPaise,
  TAX_INVOICE,
  type TaxRegime,
  taxRegimeFrom,
  taxRegimeOf,
  toPaise,
} from "@portal/domain";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import type { DbOrTx } from "../../db/client";
import { AppError, notFound } from "../../lib/errors";
import { cachedPdf, PDF_CACHE_DAYS } from "../../lib/pdf-cache";
import { sendCsvPages } from "../../lib/staff-list";
import { recordCformOwed } from "../cforms/public";
import { einvoiceRegistration } from "../gst/public";
import { enqueueJob } from "../jobs/public";
import { invoiceDocument } from "./pdf";
import * as repo from "./repo";

type OrderFacts = Awaited<ReturnType<typeof repo.ordersWithLines>>[number];

/** The company that invoices a partner and its ledger account: the domain's one rule (`servingCompanyOf`). */
export function companyOf(franchise: { concept: string; createdAt: Date } | null): {
  company: Company;
  ledgerAccount: 1 | 2;
} {
  return servingCompanyOf(franchise);
}

const m = (p: bigint) => paiseToDecimal(p);

/** The GST rates and amounts of a line as the invoice prints them. */
const gstColumns = (split: RegimeTax) => ({
  cgstRate: m(split.cgstRate),
  sgstRate: m(split.sgstRate),
  igstRate: m(split.igstRate),
  cgst: m(split.cgst),
  sgst: m(split.sgst),
  igst: m(split.igst),
});

/**
 * The printed invoice, from the stored order lines only (never re-priced): per unit the stored net
 * cost and base cost, times the confirmed (or shipped) quantity; the tax is their difference, split
 * by the regime of the day.
 */
export function buildDocument(
  orders: readonly OrderFacts[],
  head: {
    kind: typeof PROFORMA_INVOICE | typeof TAX_INVOICE;
    number: string;
    day: string;
    shipOutDate: string | null;
  },
) {
  const first = orders[0];
  if (!first) throw new Error("an invoice needs an order");
  const regime: TaxRegime = taxRegimeOf(head.day, first.order.shippingState, first.warehouse.state);
  const { company, ledgerAccount } = companyOf(first.franchise);
  const totals = { taxable: 0n, vat: 0n, cgst: 0n, sgst: 0n, igst: 0n, total: 0n };
  const addTax = (taxable: bigint, split: RegimeTax, total: bigint) => {
    totals.taxable += taxable;
    totals.vat += split.vat;
    totals.cgst += split.cgst;
    totals.sgst += split.sgst;
    totals.igst += split.igst;
    totals.total += total;
  };
  const lines = orders.flatMap((o) =>
    o.lines
      .filter((l) => l.quantity > 0)
      .map((l) => {
        // The tax engine's line: taxable = base cost × quantity, tax = taxable × rate (half up).
        const split = storedLineAt(l, l.quantity, regime);
        const { taxable, total } = split;
        addTax(taxable, split, total);
        return {
          poid: o.order.poid,
          productId: l.productId,
          name: l.productName,
          hsnCode: l.hsnCode,
          quantity: l.quantity,
          actualPrice: m(toPaise(l.actualPrice)),
          taxable: m(taxable),
          vatAmount: m(split.vat),
          vatRate: m(split.vatRate),
          gstType: regime,
          ...gstColumns(split),
          total: m(total),
        };
      }),
  );
  // The orders' shipping charges (GST inclusive at 18%), one line below the goods, in the totals.
  const chargeAmount = sumPaise(orders.map((o) => toPaise(o.order.shippingChargeAmount)));
  let shippingCharge = null;
  if (chargeAmount > 0n) {
    const { taxable, tax } = shippingChargeTax(chargeAmount);
    const split = splitByRegime(regime, tax, percentToBasisPoints(SHIPPING_CHARGE_GST_RATE));
    addTax(taxable, split, chargeAmount);
    shippingCharge = {
      amount: m(chargeAmount),
      taxable: m(taxable),
      vat: m(split.vat),
      vatRate: m(split.vatRate),
      ...gstColumns(split),
    };
  }
  const document = {
    company,
    warehouse: {
      id: first.warehouse.id,
      name: first.warehouse.name,
      gstNo: first.warehouse.gstNo,
      address: `${first.warehouse.address}, ${first.warehouse.city}, ${first.warehouse.state} ${first.warehouse.pincode}`,
      state: first.warehouse.state,
    },
    partner: {
      name: first.order.billingName,
      shipState: first.order.shippingState,
      billingGstNo: buyerGstinOf(first, regime),
    },
    shipOutDate: head.shipOutDate,
    lines,
    shippingCharge,
    totals: {
      taxable: m(totals.taxable),
      vat: m(totals.vat),
      cgst: m(totals.cgst),
      sgst: m(totals.sgst),
      igst: m(totals.igst),
      total: m(totals.total),
    },
  };
  return { regime, ledgerAccount, document, total: totals.total, vat: totals.vat };
}

/**
 * The buyer's GSTIN as the invoice records it on the day of issue: the GSTIN billed on the order,
 * else the partner's registered GSTIN; none under VAT or CST (before GST there was no GSTIN).
 */
function buyerGstinOf(first: OrderFacts, regime: TaxRegime): string | null {
  if (regime !== "IGST" && regime !== "CGST/SGST") return null;
  return first.order.billingGstNo || first.user.gstin || null;
}

/** A document's place in its series: the series' key, its sequence and its printed number. */
export interface DocumentNumber {
  series: { companyGstin: string; warehouseId: number; financialYear: string; documentType: DocumentType };
  seq: number;
  financialYear: string;
  number: string;
}

/**
 * Takes the next number of the series of the issuing company (by ledger account), warehouse,
 * financial year of `day` and document type, inside the caller's transaction. Numbers follow their
 * dates: a day earlier than the series' last document is refused (409) and nothing is taken.
 */
export async function takeDocumentNumber(
  tx: DbOrTx,
  d: { type: DocumentType; ledgerAccount: number; warehouseId: number; day: string },
): Promise<DocumentNumber> {
  const financialYear = financialYearOf(d.day);
  const series = {
    companyGstin: companyOfLedgerAccount(d.ledgerAccount).gstNo,
    warehouseId: d.warehouseId,
    financialYear,
    documentType: d.type,
  };
  const { seq, lastDay } = await repo.nextDocumentNumber(tx, { ...series, day: d.day });
  if (lastDay > d.day) {
    throw new AppError(
      409,
      d.type === DOCUMENT_TYPES.taxInvoice
        ? backOfficeMessages.shipDateBeforeLastInvoice(d.day, lastDay)
        : backOfficeMessages.documentBeforeLastInSeries(d.day, lastDay),
    );
  }
  return {
    series,
    seq,
    financialYear,
    number: documentNumber(d.type, d.ledgerAccount, d.warehouseId, financialYear, seq),
  };
}

/** Gives back a number taken for a document that was not written after all (see `repo.giveBackDocumentNumber`). */
export const giveBackDocumentNumber = (tx: DbOrTx, taken: DocumentNumber) =>
  repo.giveBackDocumentNumber(tx, taken.series, taken.seq);

/** Invoices, issued inside the transaction of the transition that calls for them. */
export const invoiceIssuing = {
  /** PERFORMA INVOICE of a Confirmed order (numbered after the order). */
  async proforma(tx: DbOrTx, poid: string, day: string, at: Date) {
    const orders = await repo.ordersWithLines(tx, [poid]);
    const first = orders[0];
    if (!first) throw notFound(messages.orderNotFound);
    const number = proformaInvoiceNumber(poid);
    const built = buildDocument(orders, { kind: PROFORMA_INVOICE, number, day, shipOutDate: null });
    await queueInvoicePdfs(tx, [number], at);
    return repo.insert(tx, {
      kind: PROFORMA_INVOICE,
      number,
      userId: first.order.userId,
      warehouseId: first.order.warehouseId,
      poid,
      financialYear: financialYearOf(day),
      issuedOn: day,
      taxRegime: built.regime,
      total: m(built.total),
      document: built.document,
      buyerGstin: built.document.partner.billingGstNo,
    });
  },

  /** TAX INVOICE of a shipped load, numbered from the warehouse's gapless series of the financial year. */
  async tax(
    tx: DbOrTx,
    load: { id: number; userId: number; warehouseId: number },
    poids: readonly string[],
    day: string,
    at: Date,
  ) {
    const orders = await repo.ordersWithLines(tx, poids);
    const {
      seq,
      number,
      financialYear: fy,
    } = await takeDocumentNumber(tx, {
      type: DOCUMENT_TYPES.taxInvoice,
      ledgerAccount: companyOf(orders[0]?.franchise ?? null).ledgerAccount,
      warehouseId: load.warehouseId,
      day,
    });
    const built = buildDocument(orders, { kind: TAX_INVOICE, number, day, shipOutDate: day });
    const row = await repo.insert(tx, {
      kind: TAX_INVOICE,
      number,
      userId: load.userId,
      warehouseId: load.warehouseId,
      loadId: load.id,
      financialYear: fy,
      seq,
      issuedOn: day,
      taxRegime: built.regime,
      total: m(built.total),
      document: built.document,
      buyerGstin: built.document.partner.billingGstNo,
    });
    await queueInvoicePdfs(tx, [number], at);
    // Inter-state sales before GST were taxed as CST: the partner owes a C-form for them.
    if (built.regime === "CST") {
      await recordCformOwed(tx, { userId: load.userId, invoiceId: row.id, cstAmount: m(built.vat) });
    }
    return { row, ledgerAccount: built.ledgerAccount };
  },
};

export function toSummary(row: repo.InvoiceRow): InvoiceSummary {
  return {
    id: row.id,
    kind: row.kind === TAX_INVOICE ? TAX_INVOICE : PROFORMA_INVOICE,
    number: row.number,
    userId: row.userId,
    warehouseId: row.warehouseId,
    poid: row.poid,
    loadId: row.loadId,
    issuedOn: row.issuedOn,
    financialYear: row.financialYear,
    taxRegime: taxRegimeFrom(row.taxRegime),
    total: m(toPaise(row.total)),
  };
}

/** The stored invoice as printed; the buyer's GSTIN is the one recorded at issue (`buyer_gstin`). */
export function toInvoice(row: repo.InvoiceRow): Invoice {
  const document = row.document as Omit<Invoice, keyof InvoiceSummary>;
  return {
    ...toSummary(row),
    ...document,
    partner: { ...document.partner, billingGstNo: row.buyerGstin ?? document.partner.billingGstNo ?? null },
    shippingCharge: document.shippingCharge ?? null,
  };
}

/**
 * An invoice's PDF as every path prints it: with its IRN, acknowledgement and QR code once registered.
 * Rendered once per version of what it prints and kept in the database (`lib/pdf-cache.ts`): a
 * registration, a cancelled IRN or any change to the stored document prints differently, so it is a
 * new version and rendered afresh.
 */
export async function renderInvoicePdf(db: DbOrTx, invoice: Invoice): Promise<Buffer> {
  return cachedPdf(db, invoiceDocument(invoice, await einvoiceRegistration(db, invoice.number)));
}

/**
 * The job that renders invoices' PDFs ahead of their first download: a partner opens an invoice
 * soon after it is issued, and a render is 30-40 ms of a core (a read of the kept PDF is under 1 ms).
 */
export const INVOICE_PDF_JOB = "invoicePdf";
const invoicePdfJob = z.object({ numbers: z.array(z.string().min(1).max(40)) });
/** How many PDFs one run of the job renders before it queues the rest (other jobs take their turn). */
const PDFS_PER_RUN = 20;

/** Queues the PDFs of invoices being issued to be rendered ahead, inside the issuing transaction. */
export async function queueInvoicePdfs(tx: DbOrTx, numbers: readonly string[], at: Date): Promise<void> {
  if (numbers.length > 0) await enqueueJob(tx, INVOICE_PDF_JOB, { numbers }, at);
}

type ListedInvoice = Awaited<ReturnType<typeof repo.list>>["rows"][number];

function toAdminRow({ invoice, user, warehouseName }: ListedInvoice): AdminInvoiceRow {
  return {
    ...toSummary(invoice),
    partnerName: user.storeName ?? `${user.firstname} ${user.lastname}`,
    partnerEmail: user.email,
    warehouseName,
  };
}

const CSV_HEADER = [
  "Invoice No",
  "Kind",
  "Date",
  "Financial year",
  "Partner",
  "Partner email",
  "Warehouse",
  "Order",
  "Load",
  "Tax",
  "Total",
] as const;

const csvCells = (r: AdminInvoiceRow) => [
  r.number,
  r.kind,
  formatDate(r.issuedOn),
  r.financialYear,
  r.partnerName,
  r.partnerEmail,
  r.warehouseName,
  r.poid,
  r.loadId,
  r.taxRegime,
  r.total,
];

export function createInvoicesService(deps: { db: DbOrTx }) {
  async function get(id: number): Promise<Invoice> {
    const row = await repo.byId(deps.db, id);
    if (!row) throw notFound(messages.invoiceUnavailable);
    return toInvoice(row);
  }
  async function list(q: AdminInvoicesQuery) {
    const { rows, total } = await repo.list(deps.db, q);
    return { rows: rows.map(toAdminRow), total };
  }
  return {
    get,
    list,
    /** Every invoice the desk's filters and search match, as CSV (India's days). */
    csv: (reply: FastifyReply, q: AdminInvoicesQuery) =>
      sendCsvPages(
        reply,
        "invoices.csv",
        CSV_HEADER,
        async (page, pageSize) => (await list({ ...q, page, pageSize })).rows,
        csvCells,
      ),
    /** The invoice as the partner's PDF prints it. */
    async pdf(id: number) {
      const invoice = await get(id);
      return { invoice, pdf: await renderInvoicePdf(deps.db, invoice) };
    },
    async choices() {
      return { warehouses: await repo.invoicingWarehouses(deps.db) };
    },
    /**
     * The job's run: renders (and keeps, `lib/pdf-cache.ts`) the PDFs of up to `PDFS_PER_RUN` of the
     * queued invoices and queues the rest. Invoices issued longer ago than the PDF cache keeps
     * renders (a back-dated or historical batch) are left to be rendered when first asked for.
     */
    async prerenderPdfs(payload: unknown, at: Date): Promise<number> {
      const { numbers } = invoicePdfJob.parse(payload);
      const since = indiaDay(new Date(at.getTime() - PDF_CACHE_DAYS * 86_400_000));
      const rows = await repo.byNumbersIssuedSince(deps.db, numbers, since);
      for (const row of rows.slice(0, PDFS_PER_RUN)) await renderInvoicePdf(deps.db, toInvoice(row));
      await queueInvoicePdfs(
        deps.db,
        rows.slice(PDFS_PER_RUN).map((r) => r.number),
        at,
      );
      return Math.min(rows.length, PDFS_PER_RUN);
    },
  };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;
