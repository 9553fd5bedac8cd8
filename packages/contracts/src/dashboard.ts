/**
 * The partner dashboard (issue 30): GET /api/dashboard?from&to, one answer with every figure,
 * computed over the store's own documents. Money is integer paise; lead times are hours.
 */
import { AGEING_BUCKETS } from "@portal/domain";
import { z } from "zod";
import { calendarDay } from "./common";

/** GET /api/dashboard: calendar days (India); default the last 12 months to today, at most 24 months. */
export const DashboardQuery = z.object({
  from: calendarDay("from").optional(),
  to: calendarDay("to").optional(),
});
export type DashboardQuery = z.infer<typeof DashboardQuery>;

/** An amount in integer paise. */
const Paise = z.number().int();
const Percent = z.number().nullable();

export const DashboardSpendMonth = z.object({
  /** yyyy-MM */
  month: z.string(),
  /** Tax invoices issued in the month (their totals: goods, tax and shipping charges). */
  spend: Paise,
  invoices: z.number().int(),
  /** Margin at MRP of the goods those invoices billed. */
  mrpValue: Paise,
  margin: Paise,
  /** Units of the orders placed in the month: ordered, confirmed, shipped. */
  ordered: z.number().int(),
  confirmed: z.number().int(),
  shipped: z.number().int(),
});

const Stage = z.object({
  medianHours: z.number().nullable(),
  p90Hours: z.number().nullable(),
  /** How many orders took this step in the period. */
  orders: z.number().int(),
});

export const DashboardResponse = z.object({
  from: z.string(),
  to: z.string(),
  /** The first day of the financial year `to` falls in (year to date). */
  yearFrom: z.string(),
  months: z.array(DashboardSpendMonth),
  spend: z.object({
    total: Paise,
    invoices: z.number().int(),
    yearToDate: Paise,
    byCategory: z.array(
      z.object({ categoryId: z.number().int().nullable(), name: z.string(), spend: Paise }),
    ),
    byWarehouse: z.array(z.object({ warehouseId: z.number().int(), name: z.string(), spend: Paise })),
  }),
  margin: z.object({
    /** MRP value of the goods received (tax invoices' lines at their order line's MRP). */
    mrpValue: Paise,
    /** What those goods cost (the invoice lines' totals). */
    cost: Paise,
    margin: Paise,
    marginPercent: Percent,
  }),
  fillRate: z.object({
    ordered: z.number().int(),
    confirmed: z.number().int(),
    shipped: z.number().int(),
    confirmedPercent: Percent,
    shippedPercent: Percent,
    /** Ordered less delivered on the delivered and cancelled orders (the gap reports' sum). */
    gapUnits: z.number().int(),
    /** The gaps at the lines' unit cost. */
    gapValue: Paise,
    topGaps: z.array(
      z.object({
        productId: z.number().int(),
        name: z.string(),
        gapUnits: z.number().int(),
        gapValue: Paise,
        /** The latest delivered or cancelled order with a gap of this product: what "reorder the gaps" reorders. */
        latestPoid: z.string(),
      }),
    ),
  }),
  leadTimes: z.array(
    z.object({
      warehouseId: z.number().int(),
      name: z.string(),
      orderToConfirmation: Stage,
      confirmationToShipment: Stage,
      shipmentToDelivery: Stage,
    }),
  ),
  money: z.object({
    /** What the ledger says is owed (both ledger accounts), by age of the open debits. */
    outstanding: Paise,
    buckets: z.array(
      z.object({ key: z.enum(AGEING_BUCKETS.map((b) => b.key)), label: z.string(), amount: Paise }),
    ),
    /** The open documents to pay next, oldest first. */
    nextDues: z.array(
      z.object({
        ledgerAccount: z.number().int(),
        kind: z.enum(["invoice", "debitNote"]),
        number: z.string(),
        day: z.string(),
        openAmount: Paise,
        loadId: z.number().int().nullable(),
      }),
    ),
    /** Credit notes and payments not yet used against a debit (an account in credit). */
    creditUnused: Paise,
    /** Payment confirmations sent and waiting for accounts staff. */
    awaitingApproval: Paise,
    ledgerEnabled: z.boolean(),
  }),
  /** The store against the national average of its concept (store performance), when it has that data. */
  comparison: z
    .object({
      storeName: z.string(),
      asOf: z.string(),
      items: z.array(
        z.object({
          name: z.string(),
          unit: z.string(),
          store: z.number().nullable(),
          national: z.number().nullable(),
        }),
      ),
    })
    .nullable(),
});
export type DashboardResponse = z.infer<typeof DashboardResponse>;
