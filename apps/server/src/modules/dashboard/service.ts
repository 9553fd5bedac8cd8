/**
 * The partner dashboard (issue 30): one answer with the store's spend, margin at MRP, fill rate,
 * lead times, money and its comparison with the national average, all computed from the store's
 * documents when asked. The money figures come from the ledger's journal and the payments' own
 * reading of what is owed (their public faces); store performance from the store reports' service.
 */
import type { DashboardQuery, DashboardResponse } from "@portal/contracts";
import {
  AGEING_BUCKETS,
  ageingBuckets,
  DASHBOARD_NEXT_DUES,
  DASHBOARD_TOP_GAPS,
  dashboardRange,
  fillRateOf,
  financialYearStartOf,
  indiaDay,
  indiaDayEnd,
  indiaDayStart,
  marginAtMrp,
  monthsBetween,
  sumPaise,
  toPaise,
} from "@portal/domain";
import type { Db } from "../../db/client";
import { AppError, badRequest } from "../../lib/errors";
import type { SessionUser } from "../auth/public";
import { accountJournal } from "../ledger/public";
import { createPaymentsService } from "../payments/public";
import type { StoreReportsService } from "../store-reports/public";
import * as repo from "./repo";

const LEDGER_ACCOUNTS = [1, 2] as const;
const int = (text: string | number | null | undefined) => Number(text ?? 0);
/** Seconds to hours with one decimal. */
const hours = (s: number | string | null) => (s === null ? null : Math.round(Number(s) / 360) / 10);

export function createDashboardService(deps: {
  db: Db;
  now?: () => Date;
  storeReports: StoreReportsService;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const payments = createPaymentsService({ db, now });

  /** Outstanding by age, the next documents to pay, credit not yet used and payments awaiting approval. */
  async function money(user: SessionUser, today: string): Promise<DashboardResponse["money"]> {
    const buckets = Object.fromEntries(AGEING_BUCKETS.map((b) => [b.key, 0n])) as Record<string, bigint>;
    let creditUnused = 0n;
    let awaiting = 0n;
    const dues: DashboardResponse["money"]["nextDues"] = [];
    for (const account of LEDGER_ACCOUNTS) {
      const journal = await accountJournal(db, user.id, account);
      if (journal.length === 0) continue;
      const debits = journal
        .filter((e) => toPaise(e.debit) > 0n)
        .map((e) => ({ day: e.entryDate, amount: toPaise(e.debit) }));
      const debitTotal = sumPaise(debits.map((d) => d.amount));
      const credits = sumPaise(journal.map((e) => toPaise(e.credit)));
      if (credits > debitTotal) creditUnused += credits - debitTotal;
      const sums = ageingBuckets(debits, credits, today);
      for (const b of AGEING_BUCKETS) buckets[b.key] = (buckets[b.key] ?? 0n) + sums[b.key];
      const pending = await payments.pending(user.id, account);
      awaiting += toPaise(pending.awaitingApproval);
      for (const d of pending.openDocuments)
        dues.push({
          ledgerAccount: account,
          kind: d.kind,
          number: d.number,
          day: d.day,
          openAmount: Number(toPaise(d.openAmount)),
          loadId: d.loadId,
        });
    }
    const outstanding = sumPaise(Object.values(buckets));
    return {
      outstanding: Number(outstanding),
      buckets: AGEING_BUCKETS.map((b) => ({
        key: b.key,
        label: b.label,
        amount: Number(buckets[b.key] ?? 0n),
      })),
      nextDues: dues
        .sort((a, b) => a.day.localeCompare(b.day) || a.number.localeCompare(b.number))
        .slice(0, DASHBOARD_NEXT_DUES),
      creditUnused: Number(creditUnused),
      awaitingApproval: Number(awaiting),
      ledgerEnabled: user.enableLedger,
    };
  }

  /** The store's financial year to date against the national average of its concept, when it reports. */
  async function comparison(user: SessionUser): Promise<DashboardResponse["comparison"]> {
    if (!user.canViewStorePerformance || !user.franchise) return null;
    try {
      const report = await deps.storeReports.performance(user, user.franchise.id, undefined);
      if (report.ytd.days === 0) return null;
      return {
        storeName: report.storeName,
        asOf: report.asOf,
        items: report.items.map((i) => ({
          name: i.name,
          unit: i.unit,
          store: i.storeAchievementYTD,
          national: i.nationalAvgYTD,
        })),
      };
    } catch (error) {
      // No store of its own to report on: the dashboard has nothing to compare.
      if (error instanceof AppError && error.status < 500) return null;
      throw error;
    }
  }

  return {
    /** GET /api/dashboard. */
    async dashboard(user: SessionUser, query: DashboardQuery): Promise<DashboardResponse> {
      const today = indiaDay(now());
      const range = dashboardRange(today, query);
      if (!range.ok) throw badRequest(range.message);
      const { from, to } = range;
      const yearFrom = financialYearStartOf(to);
      const start = indiaDayStart(from);
      const end = indiaDayEnd(to);

      const [invoiceRows, unitRows, leads, moneyFigures, compared] = await Promise.all([
        repo.invoiceSums(db, user.id, { from, to, yearFrom }),
        repo.unitSums(db, user.id, start, end),
        repo.leadTimes(db, user.id, start, end),
        money(user, today),
        comparison(user),
      ]);

      const invoiceSums = invoiceRows.filter((r) => r.kind === "invoice");
      const goods = invoiceRows.filter((r) => r.kind === "goods");
      const shipping = invoiceRows.filter((r) => r.kind === "shipping");
      const monthRows = unitRows.filter((r) => r.kind === "month");
      const sum = <T>(rows: readonly T[], of: (r: T) => string | number) =>
        rows.reduce((n, r) => n + int(of(r)), 0);

      const months = monthsBetween(from, to).map((month) => {
        const inMonth = <T extends { month: string | null }>(rows: readonly T[]) =>
          rows.filter((r) => r.month === month);
        const units = inMonth(monthRows)[0];
        const mrpValue = sum(inMonth(goods), (r) => r.mrp_value);
        return {
          month,
          spend: sum(inMonth(invoiceSums), (r) => r.amount),
          invoices: sum(inMonth(invoiceSums), (r) => r.invoices),
          mrpValue,
          margin: marginAtMrp(
            mrpValue,
            sum(inMonth(goods), (r) => r.amount),
          ).margin,
          ordered: int(units?.ordered),
          confirmed: int(units?.confirmed),
          shipped: int(units?.shipped),
        };
      });

      const byCategory = new Map<string, { categoryId: number | null; name: string; spend: number }>();
      for (const r of [...goods, ...shipping]) {
        const key = String(r.category_id);
        const row = byCategory.get(key) ?? {
          categoryId: r.category_id,
          name:
            r.category_id === null ? "Shipping charges" : (r.category_name ?? `Category ${r.category_id}`),
          spend: 0,
        };
        row.spend += int(r.amount);
        byCategory.set(key, row);
      }
      const byWarehouse = new Map<number, { warehouseId: number; name: string; spend: number }>();
      for (const r of invoiceSums) {
        const row = byWarehouse.get(r.warehouse_id) ?? {
          warehouseId: r.warehouse_id,
          name: r.warehouse_name,
          spend: 0,
        };
        row.spend += int(r.amount);
        byWarehouse.set(r.warehouse_id, row);
      }
      const mrpValue = sum(goods, (r) => r.mrp_value);
      const cost = sum(goods, (r) => r.amount);
      const units = {
        ordered: sum(monthRows, (r) => r.ordered),
        confirmed: sum(monthRows, (r) => r.confirmed),
        shipped: sum(monthRows, (r) => r.shipped),
      };
      const topGaps = unitRows
        .filter((r) => r.kind === "product" && r.product_id !== null && r.latest_poid !== null)
        .sort((a, b) => int(b.gap_value) - int(a.gap_value) || int(a.product_id) - int(b.product_id))
        .slice(0, DASHBOARD_TOP_GAPS);
      const stage = (median: number | string | null, p90: number | string | null, orders: number) => ({
        medianHours: hours(median),
        p90Hours: hours(p90),
        orders: int(orders),
      });
      const byAmount = <T extends { spend: number; name: string }>(a: T, b: T) =>
        b.spend - a.spend || a.name.localeCompare(b.name);

      return {
        from,
        to,
        yearFrom,
        months,
        spend: {
          total: sum(invoiceSums, (r) => r.amount),
          invoices: sum(invoiceSums, (r) => r.invoices),
          yearToDate: sum(
            invoiceRows.filter((r) => r.kind === "year"),
            (r) => r.amount,
          ),
          byCategory: [...byCategory.values()].sort(byAmount),
          byWarehouse: [...byWarehouse.values()].sort(byAmount),
        },
        margin: { mrpValue, cost, ...marginAtMrp(mrpValue, cost) },
        fillRate: {
          ...units,
          ...fillRateOf(units),
          gapUnits: sum(monthRows, (r) => r.gap),
          gapValue: sum(monthRows, (r) => r.gap_value),
          topGaps: topGaps.map((g) => ({
            productId: int(g.product_id),
            name: g.name ?? "",
            gapUnits: int(g.gap),
            gapValue: int(g.gap_value),
            latestPoid: g.latest_poid ?? "",
          })),
        },
        leadTimes: leads.map((l) => ({
          warehouseId: l.warehouse_id,
          name: l.name,
          orderToConfirmation: stage(l.confirm_median, l.confirm_p90, l.confirm_orders),
          confirmationToShipment: stage(l.ship_median, l.ship_p90, l.ship_orders),
          shipmentToDelivery: stage(l.deliver_median, l.deliver_p90, l.deliver_orders),
        })),
        money: moneyFigures,
        comparison: compared,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
