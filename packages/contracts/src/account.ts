/** Account area: order history, stats, gap report and reorder, loads and their data files. */
import {
  INVOICE_PAYMENT_STATUSES,
  LOAD_PAGE_SIZES,
  LOAD_STATUSES,
  ORDER_HISTORY_SORT_VALUES,
  ORDER_SEARCH_MAX,
  ORDER_SOURCES,
  ORDER_STATUSES,
  type OrderHistorySort,
  type OrderStatus,
  PAGE_SIZES,
  STOCK_TYPES,
} from "@portal/domain";
import { z } from "zod";
import { calendarDayOrBlank, Money, text } from "./common";
import { PlacedBy } from "./orders";

export const pageSizeOf = (sizes: readonly number[]) =>
  z.coerce
    .number({ error: `pageSize must be one of ${sizes.join(", ")}` })
    .refine((n) => sizes.includes(n), `pageSize must be one of ${sizes.join(", ")}`)
    .meta({ enum: [...sizes] });

export const pageNo = z.coerce
  .number({ error: "pageNo must be a number" })
  .int("pageNo must be a whole number")
  .min(1, "pageNo must be at least 1")
  .max(100_000, "pageNo must be at most 100000")
  .default(1);

/** Comma-joined list of known values, e.g. "Shipped,Delivered" (blank parts and spaces around them are skipped). */
function commaList<T extends string>(field: string, known: readonly T[]) {
  const value = `(?:${known.map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})`;
  return z
    .string()
    .max(200, `${field} is too long`)
    .meta({
      pattern: `^\\s*${value}?\\s*(?:,\\s*${value}?\\s*)*$`,
      description: `A comma-joined list of ${known.join(", ")}`,
    })
    .optional()
    .transform((v, ctx) => {
      const parts = (v ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      const unknown = parts.filter((p) => !(known as readonly string[]).includes(p));
      if (unknown.length > 0) {
        ctx.addIssue({ code: "custom", message: `${field} must be among ${known.join(", ")}` });
        return z.NEVER;
      }
      return [...new Set(parts)] as T[];
    });
}

const positiveId = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(1, `${field} must be at least 1`)
    .max(2_147_483_647, `${field} is too large`);

/** GET /api/order and /api/order/stats: filters as query parameters (spec section 5). */
export const OrderHistoryQuery = z.object({
  orderFrom: calendarDayOrBlank("orderFrom").optional(),
  orderTo: calendarDayOrBlank("orderTo").optional(),
  shipFrom: calendarDayOrBlank("shipFrom").optional(),
  shipTo: calendarDayOrBlank("shipTo").optional(),
  status: commaList<OrderStatus>("status", ORDER_STATUSES),
  warehouseId: positiveId("warehouseId").optional(),
  source: z.enum(ORDER_SOURCES, { error: `source must be among ${ORDER_SOURCES.join(", ")}` }).optional(),
  /** A PO id, a product id or name, or an invoice number (any part of it, any case). */
  q: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    text("q")
      .trim()
      .max(ORDER_SEARCH_MAX, `q must be at most ${ORDER_SEARCH_MAX} characters`)
      .optional()
      .meta({ description: "Search: a PO id, a product id or name, or an invoice number" }),
  ),
  sort: z
    .enum(ORDER_HISTORY_SORT_VALUES as [OrderHistorySort, ...OrderHistorySort[]], {
      error: `sort must be one of ${ORDER_HISTORY_SORT_VALUES.join(", ")}`,
    })
    .optional()
    .meta({ description: "A column, ascending; -column descending (default -date: newest first)" }),
  pageNo,
  pageSize: pageSizeOf(PAGE_SIZES).default(10),
});
export type OrderHistoryQuery = z.input<typeof OrderHistoryQuery>;

export const ShippingDetails = z.object({
  referenceNumber: z.string().nullable(),
  company: z.string().nullable(),
  loadId: z.number().nullable(),
  actualDate: z.string().nullable(),
  amount: Money.nullable(),
});

export const OrderHistoryRow = z.object({
  poid: z.string(),
  createdDate: z.string(),
  paymentDate: z.string().nullable(),
  totalItems: z.number(),
  totalQuantity: z.number(),
  totalMRP: Money,
  couponDiscount: Money,
  netPayment: Money,
  status: z.enum(ORDER_STATUSES),
  maxShipDate: z.string(),
  shipDate: z.string().nullable(),
  warehouseId: z.number(),
  warehouseName: z.string(),
  stockType: z.enum(STOCK_TYPES),
  source: z.enum(ORDER_SOURCES),
  docketNo: z.string().nullable(),
  transporterNo: z.string().nullable(),
  gapReport: z.number(),
  invoiceAvailable: z.boolean(),
  shippingdetails: ShippingDetails,
  /** The order's invoice: its load's tax invoice once shipped, else its proforma once confirmed. */
  invoiceNumber: z.string().nullable(),
  /** The docket (air waybill) number it travels under: its load's, else the order's own. */
  docketNumber: z.string().nullable(),
  /** How much of its tax invoice is paid (null before a tax invoice). */
  invoiceStatus: z.enum(INVOICE_PAYMENT_STATUSES).nullable(),
  /** What is still due on its tax invoice (the whole invoice's, which may hold other orders). */
  amountDue: Money.nullable(),
  /** Which person of the store placed it (issue 30); null when the owner did, or before store teams. */
  placedBy: PlacedBy.nullable(),
});
export type OrderHistoryRow = z.infer<typeof OrderHistoryRow>;

export const OrderHistoryResponse = z.object({
  rows: z.array(OrderHistoryRow),
  count: z.number(),
  pageNo: z.number(),
  pageSize: z.number(),
  /** The dates and statuses actually applied (the default range, ship dates' default statuses). */
  applied: z.object({
    orderFrom: z.string().nullable(),
    orderTo: z.string().nullable(),
    shipFrom: z.string().nullable(),
    shipTo: z.string().nullable(),
    status: z.array(z.enum(ORDER_STATUSES)),
  }),
});
export type OrderHistoryResponse = z.infer<typeof OrderHistoryResponse>;

export const OrderStats = z.object({
  totalorders: z.number(),
  totals: z.object({
    totalItems: z.number(),
    totalQuantity: z.number(),
    totalMRP: Money,
    netPayment: Money,
  }),
});
export type OrderStats = z.infer<typeof OrderStats>;

export const OrderIdQuery = z.object({
  orderId: text("orderId").trim().min(1, "orderId is required").max(40, "orderId is too long"),
});

export const GapReportLine = z.object({
  productId: z.number(),
  name: z.string(),
  mrp: Money,
  orderedQuantity: z.number(),
  confirmedQuantity: z.number(),
  deliveredQuantity: z.number(),
  /** Ordered minus delivered: what a gap reorder asks for. */
  gap: z.number(),
});
export const GapReport = z.object({
  poid: z.string(),
  status: z.enum(ORDER_STATUSES),
  lines: z.array(GapReportLine),
  totalGap: z.number(),
});
export type GapReport = z.infer<typeof GapReport>;

export const ReorderQuery = z.object({
  /** gap: ordered minus delivered (gap reorder); all: every line's ordered quantity (order again). */
  mode: z.enum(["gap", "all"]).default("gap"),
});
export const ReorderLine = z.object({
  productId: z.number(),
  name: z.string(),
  requested: z.number(),
  added: z.number(),
  outcome: z.enum(["added", "reduced", "refused"]),
  message: z.string().nullable(),
});
export const ReorderResponse = z.object({
  lines: z.array(ReorderLine),
  added: z.number(),
  message: z.string(),
});
export type ReorderResponse = z.infer<typeof ReorderResponse>;

/** The spec's load filter (POST /api/cpo/getLoad, getCSVData, getLoadTotal). */
export const LoadFilter = z.object({
  pageNo,
  msgsPerPage: pageSizeOf(LOAD_PAGE_SIZES).optional(),
  selectedPageSize: pageSizeOf(LOAD_PAGE_SIZES).optional(),
  wareHouseId: z.union([positiveId("wareHouseId"), z.literal("")]).optional(),
  loadStatus: commaList("loadStatus", LOAD_STATUSES),
  productId: z.union([positiveId("productId"), z.literal("")]).optional(),
  loadFrom: calendarDayOrBlank("loadFrom").optional(),
  loadTo: calendarDayOrBlank("loadTo").optional(),
  shipFrom: calendarDayOrBlank("shipFrom").optional(),
  shipTo: calendarDayOrBlank("shipTo").optional(),
  /** Loads whose tax invoice is paid, part-paid or unpaid (comma-joined). */
  paymentStatus: commaList("paymentStatus", INVOICE_PAYMENT_STATUSES),
});
export type LoadFilter = z.input<typeof LoadFilter>;
export const LoadFilterBody = z.object({ loadFilter: LoadFilter.prefault({}) });

export const LoadListRow = z.object({
  LoadID: z.number(),
  CreatedDate: z.string(),
  LoadStatus: z.enum(LOAD_STATUSES),
  EstimatedShippingDate: z.string().nullable(),
  ActualShippingDate: z.string().nullable(),
  TotalProducts: z.number(),
  TotalProductQty: z.number(),
  LoadValue: Money,
  AWBNo: z.string().nullable(),
  Transporter: z.string().nullable(),
  WareHouseID: z.number(),
  /** The load's tax invoice, once shipped. */
  InvoiceNumber: z.string().nullable(),
  InvoiceTotal: Money.nullable(),
  PaymentStatus: z.enum(INVOICE_PAYMENT_STATUSES).nullable(),
  AmountDue: Money.nullable(),
  /** The load's e-way bill number (12 digits) and until when it is valid (ISO), once it has one. */
  EwayBillNo: z.string().nullable(),
  EwayBillValidUntil: z.string().nullable(),
});
export const LoadListResponse = z.object({ rows: z.array(LoadListRow), count: z.number() });
export const LoadTotals = z.object({
  TotalLoad: z.number(),
  TotalNetPayment: Money,
  TotalProducts: z.number(),
  TotalQuantity: z.number(),
});
export const LoadIdQuery = z.object({ loadId: positiveId("loadId") });
export const LoadDetail = LoadListRow.extend({
  lines: z.array(
    z.object({
      poid: z.string(),
      productId: z.number(),
      name: z.string(),
      mrp: Money,
      actualPrice: Money,
      orderedQuantity: z.number(),
      quantity: z.number(),
      totalPrice: Money,
    }),
  ),
});
export type LoadDetail = z.infer<typeof LoadDetail>;
export const DataFileParam = z.object({ id: positiveId("id") });

/** The load data file's columns, in the spec's order. */
export const LOAD_DATA_FILE_COLUMNS = [
  "InvoiceRef",
  "ProductID",
  "ProductInfoID",
  "Name",
  "Description",
  "BrandID",
  "SubcategoryID",
  "Unit",
  "Colour",
  "MRP",
  "Discount",
  "CurrentStock",
  "GroupID",
  "ManufacturerBarcode",
  "CreatedDate",
  "Quantity",
  "CostToCompany",
  "FranchiseOwnerCost",
  "CreditNote",
  "StockType",
  "WareHouseID",
  "ShippingDate",
  "POItemID",
  "CPOID",
  "OrderedQuantity",
  "LoadID",
  "IsReturnable",
  "CGST",
  "SGST",
  "IGST",
  "GSTType",
  "HSNCode",
] as const;

export const DISCOUNT_FILE_COLUMNS = [
  "BrandID",
  "Brand",
  "CategoryID",
  "Category",
  "SubcategoryID",
  "Subcategory",
  "Margin",
] as const;

/** GET /api/account/invoices: the partner's tax invoices, optionally of one month or payment status. */
export const Month = z
  .string({ error: "month must be a month as yyyy-MM, e.g. 2026-10" })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "month must be a month as yyyy-MM, e.g. 2026-10");
export const AccountInvoicesQuery = z.object({
  month: Month.optional(),
  paymentStatus: commaList("paymentStatus", INVOICE_PAYMENT_STATUSES),
});
export const MonthQuery = z.object({ month: Month });

export const AccountInvoiceRow = z.object({
  id: z.number(),
  number: z.string(),
  issuedOn: z.string(),
  loadId: z.number().nullable(),
  ledgerAccount: z.number(),
  amount: Money,
  settled: Money,
  due: Money,
  status: z.enum(INVOICE_PAYMENT_STATUSES),
});
export type AccountInvoiceRow = z.infer<typeof AccountInvoiceRow>;

/**
 * What the partner owes, by the allocation rule (credits settle the oldest debit first): due on
 * tax invoices, due on other debits (debit notes, courier expenses), and credit no debit needed.
 * invoicesDue + otherDue - advance = outstanding, the ledger's balance (both ledger accounts).
 * Payments awaiting approval are shown beside it, not taken off it.
 */
export const AccountDues = z.object({
  outstanding: Money,
  invoicesDue: Money,
  otherDue: Money,
  advance: Money,
  /** Payment confirmations waiting for accounts staff (both ledger accounts). */
  awaitingApproval: Money,
  /** What is owed once those are approved: per ledger account the balance less its waiting confirmations, at least 0. */
  owedAfterPending: Money,
});
export type AccountDues = z.infer<typeof AccountDues>;

export const AccountInvoicesResponse = z.object({
  rows: z.array(AccountInvoiceRow),
  dues: AccountDues,
  rule: z.string(),
});
export type AccountInvoicesResponse = z.infer<typeof AccountInvoicesResponse>;
