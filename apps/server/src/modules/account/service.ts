import {
  type AccountInvoicesResponse,
  DISCOUNT_FILE_COLUMNS,
  type GapReport,
  type Invoice,
  LOAD_DATA_FILE_COLUMNS,
  type LoadDetail,
  type OrderHistoryResponse,
  type OrderHistoryRow,
  type OrderStats,
  type ReorderResponse,
} from "@portal/contracts";
import {
  accountDocumentMessages,
  amountOf,
  backOfficeMessages,
  checkOrderHistoryFilter,
  defaultOrderRange,
  deliveredUnitsOf,
  formatDate,
  INVOICE_ALLOCATION_RULE,
  INVOICE_PAYMENT_LABELS,
  type InvoicePaymentStatus,
  lineGap,
  loadStatusOf,
  MONTH_ZIP_MAX_INVOICES,
  messages,
  monthDays,
  monthName,
  normaliseLoadRange,
  type OrderHistorySort,
  type OrderSource,
  type OrderStatus,
  orderSourceOf,
  orderStatusOf,
  PROFORMA_INVOICE,
  paiseToDecimal,
  QUANTITY_CHOICES,
  stockTypeOf,
  storedLineAt,
  storedLineTotal,
  TAX_INVOICE,
  type TaxRegime,
  taxRegimeFrom,
  toPaise,
} from "@portal/domain";
import Papa from "papaparse";
import type { DbOrTx } from "../../db/client";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { assertMayBuy, type CartCaller, type CartService } from "../cart/public";
import { ewayBillsOfLoads } from "../gst/public";
import { renderInvoicePdf, toInvoice } from "../invoices/public";
import { placedByOf } from "../orders/public";
import {
  duesOfSettlements,
  duesSummary,
  type InvoiceDues,
  invoiceDues,
  partnerDues,
  pendingDues,
} from "./dues";
import type { HistoryPageRow } from "./history-sql";
import { type MonthZip, monthZip } from "./month-zip";
import * as repo from "./repo";

const asSource = orderSourceOf;
/** A day or moment as India's day, dd-MM-yyyy (the domain's one formatter), or null. */
const dmy = (day: string | null) => (day ? formatDate(day) : null);
const INVOICED: readonly string[] = ["Confirmed", "Shipped", "Delivered"];

export interface HistoryQuery {
  orderFrom?: string | undefined;
  orderTo?: string | undefined;
  shipFrom?: string | undefined;
  shipTo?: string | undefined;
  status: OrderStatus[];
  warehouseId?: number | undefined;
  source?: OrderSource | undefined;
  q?: string | undefined;
  sort?: OrderHistorySort | undefined;
  pageNo: number;
  pageSize: number;
}

export interface LoadQuery {
  pageNo: number;
  msgsPerPage?: number | undefined;
  selectedPageSize?: number | undefined;
  wareHouseId?: number | "" | undefined;
  loadStatus: string[];
  productId?: number | "" | undefined;
  loadFrom?: string | undefined;
  loadTo?: string | undefined;
  shipFrom?: string | undefined;
  shipTo?: string | undefined;
  paymentStatus?: InvoicePaymentStatus[] | undefined;
}

/** The largest offered quantity not above n (1 to 50, then 100 to 500 in steps of 50), or 0. */
const offeredAtMost = (n: number) => [...QUANTITY_CHOICES].filter((q) => q <= n).pop() ?? 0;

const csv = (columns: readonly string[], rows: readonly (readonly unknown[])[]) =>
  Papa.unparse({ fields: [...columns], data: rows.map((r) => [...r]) });

/**
 * A data-file row's CGST, SGST, IGST and GST type: the tax engine's line at the line's (shipped)
 * quantity under the invoice's regime, so the row carries its invoice line's tax.
 */
export function dataFileTaxColumns(
  line: { baseCost: string; gstRate: string; quantity: number },
  regime: TaxRegime,
): [string, string, string, string] {
  const tax = storedLineAt(line, line.quantity, regime);
  return [paiseToDecimal(tax.cgst), paiseToDecimal(tax.sgst), paiseToDecimal(tax.igst), regime];
}

const lineKey = (poid: string, productId: number) => `${poid}:${productId}`;

/** Units of each order line on a load's tax invoice (what shipped), by order and product. */
function invoicedUnits(invoice: { kind: string; document: unknown } | null): Map<string, number> | null {
  if (!invoice || invoice.kind !== TAX_INVOICE) return null;
  const lines = (invoice.document as { lines?: { poid?: string; productId?: number; quantity?: number }[] })
    .lines;
  const units = new Map<string, number>();
  for (const l of lines ?? []) {
    if (l.poid === undefined || l.productId === undefined) continue;
    const key = lineKey(l.poid, l.productId);
    units.set(key, (units.get(key) ?? 0) + Number(l.quantity ?? 0));
  }
  return units;
}

/**
 * The credit raised for each order line (paise), by order and product: the product-removal credit
 * note of a short delivery (the shipped but undelivered units at the line's value, as the proof of
 * delivery credited them) plus the credit notes of approved sales returns of the line.
 */
function creditsOf(
  lines: readonly {
    poid: string;
    productId: number;
    baseCost: string;
    gstRate: string;
    deliveredQuantity: number | null;
    shipped: number;
  }[],
  salesReturns: Awaited<ReturnType<typeof repo.approvedSalesReturns>>,
): Map<string, bigint> {
  const credit = new Map<string, bigint>();
  const add = (key: string, amount: bigint) => credit.set(key, (credit.get(key) ?? 0n) + amount);
  for (const l of lines) {
    if (l.deliveredQuantity !== null && l.shipped > l.deliveredQuantity)
      add(lineKey(l.poid, l.productId), storedLineTotal(l, l.shipped - l.deliveredQuantity));
  }
  const wanted = new Set(lines.map((l) => lineKey(l.poid, l.productId)));
  for (const sr of salesReturns) {
    // The credit note as issued (the invoice lines it reverses), else the return's refundable amounts.
    const noted = sr.creditNote?.lines;
    const source = noted
      ? noted.map((n) => ({ poid: n.poid, productId: n.productId, amount: n.total }))
      : sr.lines.map((n) => ({ poid: n.poid, productId: n.productId, amount: n.amountRefundable }));
    for (const n of source) {
      if (n.poid === undefined || n.productId === undefined || n.amount === undefined) continue;
      const key = lineKey(n.poid, n.productId);
      if (wanted.has(key)) add(key, toPaise(n.amount));
    }
  }
  return credit;
}

/** The order facts of a history row (spec section 5). */
function historyFacts({ order: o, warehouseName, load, placedBy }: HistoryPageRow) {
  return {
    poid: o.poid,
    createdDate: o.createdAt.toISOString(),
    paymentDate: o.paymentDate?.toISOString() ?? null,
    totalItems: o.totalItems,
    totalQuantity: o.totalQuantity,
    totalMRP: amountOf(o.totalMrp),
    couponDiscount: amountOf(o.couponDiscount),
    netPayment: amountOf(o.netPayment),
    status: orderStatusOf(o.status),
    maxShipDate: o.maxShipDate.toISOString(),
    shipDate: o.shippedAt?.toISOString() ?? null,
    warehouseId: o.warehouseId,
    warehouseName,
    stockType: stockTypeOf(o.stockType),
    source: asSource(o.source),
    docketNo: o.docketNo,
    transporterNo: o.transporterNo,
    gapReport: o.gapReport,
    invoiceAvailable: INVOICED.includes(o.status),
    shippingdetails: {
      referenceNumber: load?.docketNo ?? null,
      company: load?.transporter ?? null,
      loadId: load?.id ?? null,
      actualDate: load?.actualShippingDate ?? null,
      amount: load ? amountOf(load.total) : null,
    },
    placedBy: placedByOf(placedBy),
  };
}

export function createAccountService(deps: { db: DbOrTx; cart: CartService; now?: () => Date }) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();

  function whereOf(userId: number, q: HistoryQuery): repo.HistoryWhere {
    const none = [q.orderFrom, q.orderTo, q.shipFrom, q.shipTo].every((d) => d === undefined);
    const checked = checkOrderHistoryFilter(
      none ? { ...defaultOrderRange(now()), status: q.status } : q,
      now(),
    );
    if (!checked.ok) throw badRequest(checked.message);
    return { userId, range: checked.range, warehouseId: q.warehouseId, source: q.source, q: q.q };
  }

  /** The invoice of a history row as the partner knows it: its load's tax invoice, else its proforma. */
  function rowInvoice(r: HistoryPageRow, dues: InvoiceDues | null) {
    const status = r.order.status;
    const tax = status === "Shipped" || status === "Delivered" ? r.taxInvoice : null;
    const number = tax?.number ?? (status === "Confirmed" ? r.proformaNumber : null);
    const due = tax ? dues?.invoices.get(tax.id) : undefined;
    return {
      invoiceNumber: number ?? null,
      docketNumber: r.load?.docketNo ?? r.order.docketNo ?? null,
      invoiceStatus: due?.status ?? null,
      amountDue: due ? paiseToDecimal(due.due) : null,
    };
  }

  /** What the rows' tax invoices are paid, read only when there are some (bounded by those invoices). */
  const duesFor = async (userId: number, invoiceIds: readonly number[]) =>
    invoiceIds.length > 0 ? invoiceDues(db, userId, invoiceIds) : null;
  const taxInvoiceIds = (rows: readonly repo.HistoryRow[]) =>
    rows.flatMap((r) => (r.taxInvoice ? [r.taxInvoice.id] : []));

  async function ownOrder(userId: number, poid: string) {
    const order = await repo.ownOrder(db, userId, poid);
    if (!order) throw notFound(messages.orderNotFound);
    return order;
  }

  async function orderInvoice(userId: number, poid: string): Promise<Invoice> {
    const order = await ownOrder(userId, poid);
    const row = !INVOICED.includes(order.status)
      ? null
      : order.status === "Confirmed"
        ? await repo.invoiceOfOrder(db, poid, PROFORMA_INVOICE)
        : order.loadId
          ? await repo.invoiceOfLoad(db, order.loadId)
          : null;
    if (!row) throw notFound(messages.invoiceUnavailable);
    return toInvoice(row);
  }

  async function ownLoad(userId: number, loadId: number) {
    const load = await repo.ownLoad(db, userId, loadId);
    if (!load) throw notFound(backOfficeMessages.loadNotFound);
    return load;
  }

  async function loadInvoice(userId: number, loadId: number): Promise<Invoice> {
    await ownLoad(userId, loadId);
    const row = await repo.invoiceOfLoad(db, loadId);
    if (!row || row.kind !== TAX_INVOICE) throw notFound(messages.loadInvoiceUnavailable);
    return toInvoice(row);
  }

  /** The load filter; a payment status keeps the loads whose tax invoice has it. */
  async function loadWhere(userId: number, f: LoadQuery): Promise<repo.LoadWhere> {
    const [loadFrom, loadTo] = normaliseLoadRange(f.loadFrom || null, f.loadTo || null);
    const [shipFrom, shipTo] = normaliseLoadRange(f.shipFrom || null, f.shipTo || null);
    let loadIds: number[] | undefined;
    if (f.paymentStatus && f.paymentStatus.length > 0) {
      const wanted = new Set<string>(f.paymentStatus);
      const dues = await partnerDues(db, userId);
      loadIds = (await repo.taxInvoicesOf(db, userId)).flatMap((i) => {
        const status = dues.invoices.get(i.id)?.status;
        return i.loadId !== null && status && wanted.has(status) ? [i.loadId] : [];
      });
    }
    return {
      userId,
      loadIds,
      warehouseId: f.wareHouseId || undefined,
      statuses: f.loadStatus,
      productId: f.productId || undefined,
      loadFrom,
      loadTo,
      shipFrom,
      shipTo,
    };
  }

  type LoadInvoice = { id: number; number: string; total: string } | undefined;
  const loadRow = (
    l: Awaited<ReturnType<typeof repo.loadList>>["rows"][number],
    invoice: LoadInvoice,
    dues: InvoiceDues | null,
  ) => {
    const due = invoice ? dues?.invoices.get(invoice.id) : undefined;
    return {
      ...loadFacts(l),
      InvoiceNumber: invoice?.number ?? null,
      InvoiceTotal: invoice ? amountOf(invoice.total) : null,
      PaymentStatus: due?.status ?? null,
      AmountDue: due ? paiseToDecimal(due.due) : null,
    };
  };

  /** Load rows with their tax invoices and what is due on them: three queries for any number of loads. */
  async function loadRows(userId: number, loads: Awaited<ReturnType<typeof repo.loadList>>["rows"]) {
    const invoices = await repo.taxInvoicesOfLoads(
      db,
      loads.map((l) => l.id),
    );
    const byLoad = new Map(invoices.map((i) => [i.loadId, i]));
    const dues = await duesFor(
      userId,
      invoices.map((i) => i.id),
    );
    // The e-way bill the goods travel with (its number and last valid moment), once the load has one.
    const ewayBills = await ewayBillsOfLoads(
      db,
      loads.map((l) => l.id),
    );
    return loads.map((l) => {
      const ewayBill = ewayBills.get(l.id);
      return {
        ...loadRow(l, byLoad.get(l.id), dues),
        EwayBillNo: ewayBill?.number ?? null,
        EwayBillValidUntil: ewayBill?.validUntil?.toISOString() ?? null,
      };
    });
  }

  const loadFacts = (l: Awaited<ReturnType<typeof repo.loadList>>["rows"][number]) => ({
    LoadID: l.id,
    CreatedDate: l.createdAt.toISOString(),
    LoadStatus: loadStatusOf(l.status),
    EstimatedShippingDate: dmy(l.estimatedShippingDate),
    ActualShippingDate: dmy(l.actualShippingDate),
    TotalProducts: l.totalItems,
    TotalProductQty: l.totalQuantity,
    LoadValue: amountOf(l.total),
    AWBNo: l.docketNo,
    Transporter: l.transporter,
    WareHouseID: l.warehouseId,
  });

  return {
    /** GET /api/order: the partner's orders under the spec's filter rules, a page at a time. */
    async history(userId: number, q: HistoryQuery): Promise<OrderHistoryResponse> {
      const where = whereOf(userId, q);
      // the page, the count and the page's invoices' dues: one statement
      const { rows, count, settlements } = await repo.history(db, where, q);
      const dues = settlements.length > 0 ? duesOfSettlements(settlements) : null;
      return {
        rows: rows.map(
          (r): OrderHistoryRow => ({
            ...historyFacts(r),
            ...rowInvoice(r, dues),
          }),
        ),
        count,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        applied: where.range,
      };
    },

    async stats(userId: number, q: HistoryQuery): Promise<OrderStats> {
      const row = await repo.stats(db, whereOf(userId, q));
      return {
        totalorders: Number(row?.orders ?? 0),
        totals: {
          totalItems: Number(row?.items ?? 0),
          totalQuantity: Number(row?.quantity ?? 0),
          totalMRP: amountOf(row?.mrp),
          netPayment: amountOf(row?.net),
        },
      };
    },

    /** The history as CSV; none is the spec's "No Orders Found!!". */
    async historyCsv(userId: number, q: HistoryQuery): Promise<string> {
      const rows = await repo.historyAll(db, whereOf(userId, q), q.sort);
      if (rows.length === 0) throw notFound(messages.noOrdersFound);
      const dues = await duesFor(userId, taxInvoiceIds(rows));
      return csv(
        [
          "OrderID",
          "OrderDate",
          "Status",
          "Source",
          "WarehouseID",
          "Warehouse",
          "TotalItems",
          "TotalQuantity",
          "TotalMRP",
          "NetPayment",
          "ShipDate",
          "DocketNo",
          "Transporter",
          "InvoiceNo",
          "PaymentStatus",
          "AmountDue",
        ],
        rows.map((r) => {
          const { order: o, warehouseName } = r;
          const invoice = rowInvoice(r, dues);
          return [
            o.poid,
            formatDate(o.createdAt),
            o.status,
            o.source,
            o.warehouseId,
            warehouseName,
            o.totalItems,
            o.totalQuantity,
            amountOf(o.totalMrp),
            amountOf(o.netPayment),
            o.shippedAt ? formatDate(o.shippedAt) : "",
            invoice.docketNumber ?? "",
            o.transporterNo ?? "",
            invoice.invoiceNumber ?? "",
            invoice.invoiceStatus ? INVOICE_PAYMENT_LABELS[invoice.invoiceStatus] : "",
            invoice.amountDue ?? "",
          ];
        }),
      );
    },

    /** GET /api/order/getGapReport: ordered, confirmed and delivered per line, and the gap. */
    async gapReport(userId: number, poid: string): Promise<GapReport> {
      const order = await ownOrder(userId, poid);
      // A proof of delivery writes the delivered units over the line's quantity: what was confirmed
      // (and shipped) is then the tax invoice's.
      const invoiced =
        order.status === "Delivered" && order.loadId !== null
          ? invoicedUnits(await repo.invoiceOfLoad(db, order.loadId))
          : null;
      const lines = (await repo.linesOf(db, poid)).map((l) => {
        const delivered = deliveredUnitsOf(l, order.status);
        const confirmed = invoiced ? (invoiced.get(lineKey(l.poid, l.productId)) ?? 0) : l.quantity;
        return {
          productId: l.productId,
          name: l.productName,
          mrp: amountOf(l.mrp),
          orderedQuantity: l.orderedQuantity,
          confirmedQuantity: order.status === "Pending" || order.status === "Cancelled" ? 0 : confirmed,
          deliveredQuantity: delivered,
          gap: lineGap(l.orderedQuantity, delivered),
        };
      });
      return {
        poid,
        status: orderStatusOf(order.status),
        lines,
        totalGap: lines.reduce((n, l) => n + l.gap, 0),
      };
    },

    /**
     * Gap reorder (mode gap: ordered minus delivered) or order again (mode all: ordered): each line
     * enters the cart as the cart itself would take it, reduced to stock in the mapped warehouses and
     * to an offered quantity; refusals carry the cart's message.
     */
    async reorder(caller: CartCaller, poid: string, mode: "gap" | "all"): Promise<ReorderResponse> {
      // The purchase rules' ordering flag refuses the whole reorder; each line then meets the rest through cart update.
      assertMayBuy(caller.user);
      const order = await ownOrder(caller.user.id, poid);
      const lines = await repo.linesOf(db, poid);
      const warehouseIds = caller.viewer.warehouses.map((w) => w.id);
      const out: ReorderResponse["lines"] = [];
      for (const l of lines) {
        const requested =
          mode === "all" ? l.orderedQuantity : lineGap(l.orderedQuantity, deliveredUnitsOf(l, order.status));
        if (requested === 0) continue;
        const base = { productId: l.productId, name: l.productName, requested };
        const stock = await repo.stockIn(db, l.productId, warehouseIds);
        const qty = offeredAtMost(Math.min(requested, stock));
        if (qty === 0) {
          out.push({ ...base, added: 0, outcome: "refused", message: messages.productNotAvailable });
          continue;
        }
        try {
          await deps.cart.update(caller, { products: [{ id: l.productId, qty }], mode: "add" });
          out.push({
            ...base,
            added: qty,
            outcome: qty < requested ? "reduced" : "added",
            message: qty < requested ? messages.stockReduced : null,
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          // A product the caller may not see (another warehouse, a food line without a licence) is not available.
          // A line already in the cart is refused with the spec's "Already added to cart..!!".
          const message =
            error.status === 404
              ? messages.productNotAvailable
              : error.message === messages.alreadyInCartSameQuantity
                ? messages.alreadyInCart
                : error.message;
          out.push({ ...base, added: 0, outcome: "refused", message });
        }
      }
      if (out.length === 0) throw badRequest(messages.noDetailsFound);
      const added = out.filter((l) => l.added > 0).length;
      return { lines: out, added, message: `${added} Item added/updated successfully in cart` };
    },

    orderInvoice,
    async orderInvoicePdf(userId: number, poid: string) {
      const invoice = await orderInvoice(userId, poid);
      return { invoice, pdf: await renderInvoicePdf(db, invoice) };
    },

    async loads(userId: number, f: LoadQuery) {
      const pageSize = f.selectedPageSize ?? f.msgsPerPage ?? 10;
      const { rows, count } = await repo.loadList(db, await loadWhere(userId, f), {
        pageNo: f.pageNo,
        pageSize,
      });
      return { rows: await loadRows(userId, rows), count };
    },

    async loadsCsv(userId: number, f: LoadQuery): Promise<string> {
      const { rows } = await repo.loadList(db, await loadWhere(userId, f));
      if (rows.length === 0) throw notFound(messages.noDetailsFound);
      const full = await loadRows(userId, rows);
      const columns = [
        "LoadID",
        "CreatedDate",
        "LoadStatus",
        "EstimatedShippingDate",
        "ActualShippingDate",
        "TotalProducts",
        "TotalProductQty",
        "LoadValue",
        "AWBNo",
        "Transporter",
        "WareHouseID",
        "InvoiceNumber",
        "InvoiceTotal",
        "PaymentStatus",
        "AmountDue",
      ] as const;
      return csv(
        columns,
        full.map((r) =>
          columns.map((c) =>
            c === "CreatedDate"
              ? dmy(r.CreatedDate)
              : c === "PaymentStatus"
                ? r.PaymentStatus && INVOICE_PAYMENT_LABELS[r.PaymentStatus]
                : (r[c] ?? ""),
          ),
        ),
      );
    },

    async loadTotals(userId: number, f: LoadQuery) {
      const row = await repo.loadTotals(db, await loadWhere(userId, f));
      return {
        TotalLoad: Number(row?.loads ?? 0),
        TotalNetPayment: amountOf(row?.net),
        TotalProducts: Number(row?.items ?? 0),
        TotalQuantity: Number(row?.quantity ?? 0),
      };
    },

    /**
     * A load and its lines at the quantities it carries: what its tax invoice shipped once it is
     * shipped (a proof of delivery restates the order lines, not the load), else the confirmed
     * quantities; each line's value is the tax engine's at that quantity, so the lines add up to the
     * load value.
     */
    async load(userId: number, loadId: number): Promise<LoadDetail> {
      const load = await ownLoad(userId, loadId);
      const lines = await repo.loadLines(db, loadId);
      const invoiced = invoicedUnits(await repo.invoiceOfLoad(db, loadId));
      const [row] = await loadRows(userId, [load]);
      if (!row) throw notFound(backOfficeMessages.loadNotFound);
      return {
        ...row,
        lines: lines.flatMap(({ line: l }) => {
          const quantity = invoiced ? (invoiced.get(lineKey(l.poid, l.productId)) ?? 0) : l.quantity;
          if (quantity === 0) return [];
          return [
            {
              poid: l.poid,
              productId: l.productId,
              name: l.productName,
              mrp: amountOf(l.mrp),
              actualPrice: amountOf(l.actualPrice),
              orderedQuantity: l.orderedQuantity,
              quantity,
              totalPrice: paiseToDecimal(storedLineTotal(l, quantity)),
            },
          ];
        }),
      };
    },

    loadInvoice,
    async loadInvoicePdf(userId: number, loadId: number) {
      const invoice = await loadInvoice(userId, loadId);
      return { invoice, pdf: await renderInvoicePdf(db, invoice) };
    },

    /**
     * GET /api/datafile/getCSVDataFile/{id}: every line the load carries, in the spec's columns. The
     * quantity and tax columns are the shipped quantity's (the tax invoice's line, once shipped; the
     * confirmed quantity before), and CreditNote is the credit raised for the line: its
     * product-removal credit note after a short delivery plus its approved sales returns' credit notes.
     */
    async dataFile(userId: number, loadId: number): Promise<string> {
      await ownLoad(userId, loadId);
      const all = await repo.dataFileRows(db, loadId);
      const invoice = await repo.invoiceOfLoad(db, loadId);
      const invoiced = invoicedUnits(invoice);
      const shipped = (l: { poid: string; productId: number; quantity: number }) =>
        invoiced ? (invoiced.get(lineKey(l.poid, l.productId)) ?? 0) : l.quantity;
      const rows = all.filter(({ line }) => shipped(line) > 0);
      if (rows.length === 0) throw notFound(messages.noDataFile);
      const credits = creditsOf(
        rows.map(({ line }) => ({ ...line, shipped: shipped(line) })),
        await repo.approvedSalesReturns(db, userId),
      );
      return csv(
        LOAD_DATA_FILE_COLUMNS,
        rows.map(({ line: l, order: o, product: p }) => [
          invoice?.number ?? "",
          l.productId,
          p.groupId,
          l.productName,
          l.productDesc,
          p.brandId,
          p.subcategoryId,
          p.size ?? "",
          p.color ?? "",
          amountOf(l.mrp),
          amountOf(p.retailerMargin),
          p.currentStock,
          p.groupId,
          "",
          formatDate(o.createdAt),
          shipped(l),
          amountOf(l.baseCost),
          amountOf(l.actualPrice),
          paiseToDecimal(credits.get(lineKey(l.poid, l.productId)) ?? 0n),
          l.stockType,
          o.warehouseId,
          // The ship date is the tax invoice's date (which staff may give), else the day it shipped.
          invoice ? formatDate(invoice.issuedOn) : o.shippedAt ? formatDate(o.shippedAt) : "",
          l.id,
          o.poid,
          l.orderedQuantity,
          loadId,
          l.isReturnable ? "Yes" : "No",
          ...dataFileTaxColumns(
            { ...l, quantity: shipped(l) },
            invoice ? taxRegimeFrom(invoice.taxRegime) : taxRegimeFrom(o.gstType),
          ),
          l.hsnCode,
        ]),
      );
    },

    /**
     * GET /api/account/invoices: the partner's tax invoices (of a month, of some payment statuses),
     * each with what was settled of it and what is due under the allocation rule, and the totals.
     */
    async invoices(
      userId: number,
      q: { month?: string | undefined; paymentStatus?: InvoicePaymentStatus[] | undefined },
    ): Promise<AccountInvoicesResponse> {
      const dues = await partnerDues(db, userId);
      const rows = await repo.taxInvoicesOf(db, userId, q.month ? monthDays(q.month) : undefined);
      const wanted = q.paymentStatus && q.paymentStatus.length > 0 ? new Set(q.paymentStatus) : null;
      return {
        rows: rows.flatMap((i) => {
          const due = dues.invoices.get(i.id);
          if (!due || (wanted && !wanted.has(due.status))) return [];
          return [
            {
              id: i.id,
              number: i.number,
              issuedOn: i.issuedOn,
              loadId: i.loadId,
              ledgerAccount: due.ledgerAccount,
              amount: paiseToDecimal(due.amount),
              settled: paiseToDecimal(due.settled),
              due: paiseToDecimal(due.due),
              status: due.status,
            },
          ];
        }),
        dues: duesSummary(dues, await pendingDues(db, userId, dues)),
        rule: INVOICE_ALLOCATION_RULE,
      };
    },

    /**
     * GET /api/account/invoices/month.zip: every tax invoice of a month as PDFs in one zip, streamed
     * (each PDF is made as the zip is written). A month without invoices is 404; more than the zip
     * holds is 422; both are decided before a byte is sent.
     */
    async monthZip(userId: number, month: string): Promise<MonthZip> {
      const rows = await repo.taxInvoicesOf(db, userId, monthDays(month));
      if (rows.length === 0) throw notFound(accountDocumentMessages.noInvoicesInMonth(monthName(month)));
      if (rows.length > MONTH_ZIP_MAX_INVOICES)
        throw new AppError(
          422,
          accountDocumentMessages.tooManyInvoicesInMonth(
            monthName(month),
            rows.length,
            MONTH_ZIP_MAX_INVOICES,
          ),
        );
      // Each PDF as the single invoice's download prints it (IRN, acknowledgement and QR code once registered).
      return monthZip(`invoices-${month}.zip`, rows.map(toInvoice), (invoice) =>
        renderInvoicePdf(db, invoice),
      );
    },

    /** GET /api/discount: the current margins by brand and category, as CSV. */
    async discountFile(): Promise<string> {
      const rows = await repo.margins(db);
      return csv(
        DISCOUNT_FILE_COLUMNS,
        rows.map((r) => [
          r.brandId,
          r.brand,
          r.categoryId,
          r.category,
          r.subcategoryId,
          r.subcategory,
          amountOf(r.margin),
        ]),
      );
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
