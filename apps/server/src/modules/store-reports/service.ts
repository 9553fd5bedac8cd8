import type {
  AdminFeedbackQuery,
  AdminFeedbackResponse,
  AdminFeedbackThread,
  ArsReportResponse,
  ArsReportRow,
  Feedback,
  StorePerformanceConfig,
  StorePerformanceResponse,
  StoreTrendResponse,
} from "@portal/contracts";
import {
  arsExpectedQty,
  arsScheduledDate,
  averageOf,
  checkArsRange,
  FEEDBACK_FEATURES,
  formatDate,
  formatDateTime,
  idealBenchmark,
  indiaDay,
  isCalendarDay,
  messages,
  PERFORMANCE_CONFIGS,
  paiseToDecimal,
  partnerDeskMessages,
  performancePeriods,
  performanceValues,
  priceUnit,
  ratePerformance,
  ratingRuleText,
  storeReportMessages,
  trendMonths,
  volumeScaleOf,
} from "@portal/domain";
import type { FastifyReply } from "fastify";
import Papa from "papaparse";
import type { Db } from "../../db/client";
import { badRequest, forbidden, notFound } from "../../lib/errors";
import { sendCsvPages } from "../../lib/staff-list";
import { recordAudit } from "../audit/public";
import type { SessionUser } from "../auth/public";
import {
  productRows as catalogueProductRows,
  chooseWarehouse,
  mappedWarehouseIds,
  stockRows,
  type Viewer,
} from "../catalogue/public";
import { notifyPartner } from "../notifications/public";
import * as repo from "./repo";

interface ArsFilter {
  from?: string | undefined;
  to?: string | undefined;
  pageNo?: number | undefined;
  pageSize?: number | undefined;
}

export const ARS_CSV_COLUMNS = [
  "ProductID",
  "ParentID",
  "ProductName",
  "Category",
  "SubCategory",
  "Brand",
  "MRP",
  "ActualPrice",
  "TargetStock",
  "PendingQty",
  "ConfirmedQty",
  "InTransitStock",
  "StockInHand",
  "ExpectedQty",
  "ActualQty",
  "ARSScheduledDate",
] as const;

/** a ÷ b rounded half up (both whole paise, b > 0). */
const roundedDiv = (a: bigint, b: bigint) => (a * 2n + b) / (b * 2n);

export function createStoreReportsService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();

  function checkedRange(q: ArsFilter): { from: string; to: string } {
    const problem = checkArsRange(q.from, q.to, messages.selectOrderDates);
    if (problem) throw badRequest(problem);
    return { from: (q.from ?? "").trim(), to: (q.to ?? "").trim() };
  }

  /** The rows of the ARS list entries given, priced for the viewer and counted over the range. */
  async function arsRows(
    viewer: Viewer,
    list: readonly { productId: number; targetStock: number }[],
    range: { from: string; to: string },
  ): Promise<ArsReportRow[]> {
    return (await arsRowsWithWarehouse(viewer, list, range)).map((r) => r.row);
  }

  /** The ARS rows with the warehouse the viewer would buy each from (null: none of theirs holds it). */
  async function arsRowsWithWarehouse(
    viewer: Viewer,
    list: readonly { productId: number; targetStock: number }[],
    range: { from: string; to: string },
  ): Promise<{ row: ArsReportRow; warehouseId: number | null }[]> {
    const ids = list.map((l) => l.productId);
    const [productRows, stock, inHand, ordered] = await Promise.all([
      catalogueProductRows(db, ids),
      stockRows(db, ids, mappedWarehouseIds(viewer)),
      repo.stockInHand(db, viewer.userId, ids),
      repo.orderedInRange(db, viewer.userId, ids, range.from, range.to),
    ]);
    const byId = new Map(productRows.map((r) => [r.product.id, r]));
    const scheduled = arsScheduledDate(range.to);
    return list.flatMap(({ productId, targetStock }) => {
      const row = byId.get(productId);
      if (!row) return [];
      const p = row.product;
      const chosen = chooseWarehouse(
        p.mrp,
        stock.filter((s) => s.productId === productId),
        viewer.shipToState,
      );
      const unit = priceUnit({
        mrp: p.mrp,
        retailerMargin: p.retailerMargin,
        hsnCode: p.hsnCode,
        hsnIgstRate: row.igst,
        shipToState: viewer.shipToState,
        warehouseState: chosen?.state ?? "",
      });
      const lines = ordered.filter((o) => o.productId === productId);
      const qtyOf = (status: string) =>
        lines.filter((l) => l.status === status).reduce((s, l) => s + l.quantity, 0);
      const quantities = {
        targetStock,
        stockInHand: inHand.get(productId) ?? 0,
        pendingQty: qtyOf("Pending"),
        confirmedQty: qtyOf("Confirmed"),
        inTransitStock: qtyOf("Shipped"),
      };
      const reportRow: ArsReportRow = {
        productId,
        parentId: p.groupId,
        productName: p.name,
        cat: row.categoryName,
        subCat: row.subcategoryName,
        brand: row.brandName,
        mrp: unit.mrp,
        actualPrice: unit.netCost,
        ...quantities,
        expectedQty: arsExpectedQty(quantities),
        actualQty: lines.filter((l) => l.status !== "Cancelled").reduce((s, l) => s + l.ordered, 0),
        arsScheduledDate: scheduled,
      };
      return [{ row: reportRow, warehouseId: chosen?.warehouseId ?? null }];
    });
  }

  function requirePerformance(user: SessionUser) {
    if (!user.canViewStorePerformance) throw forbidden(storeReportMessages.storePerformanceOff);
  }

  const toFeedback = (t: Awaited<ReturnType<typeof repo.feedbackOf>>[number]): Feedback => ({
    id: t.id,
    feature: t.feature,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    comments: t.comments.map((c) => ({
      id: c.id,
      message: c.message,
      createdAt: c.createdAt.toISOString(),
      fromHeadOffice: c.staffAuthorId !== null,
    })),
  });
  const toInboxThread = (
    t: Awaited<ReturnType<typeof repo.feedbackInbox>>["rows"][number],
  ): AdminFeedbackThread => ({
    ...toFeedback(t),
    userId: t.userId,
    storeName: t.storeName,
    email: t.email,
    waiting: t.waiting,
  });

  function checkFeedbackMessage(message: string) {
    if (message.trim() === "") throw badRequest(storeReportMessages.feedbackMessageRequired);
  }

  const service = {
    /**
     * The ARS report (franchisees only; anyone else gets an empty list): the caller's ARS list with
     * the quantities of its orders placed in the range.
     */
    async arsReport(user: SessionUser, viewer: Viewer, q: ArsFilter): Promise<ArsReportResponse> {
      const range = checkedRange(q);
      const pageNo = q.pageNo ?? 1;
      const pageSize = q.pageSize ?? 10;
      if (!user.isFranchisee) return { rows: [], count: 0, pageNo, pageSize };
      const page = await repo.arsPage(db, user.id, { limit: pageSize, offset: (pageNo - 1) * pageSize });
      return { rows: await arsRows(viewer, page.rows, range), count: page.count, pageNo, pageSize };
    },

    /**
     * What an ARS replenishment (or "Order the expected quantities") orders for a partner (the
     * viewer) over the range: each product of the ARS list with an expected quantity above 0, at that
     * quantity, from the warehouse the partner would buy it from (wh null: none of theirs holds it).
     */
    async arsReplenishmentLines(
      viewer: Viewer,
      range: { from: string; to: string },
    ): Promise<{ productId: number; productName: string; qty: number; wh: number | null }[]> {
      const list = (await repo.arsPage(db, viewer.userId, null)).rows;
      return (await arsRowsWithWarehouse(viewer, list, range)).flatMap(({ row, warehouseId }) =>
        row.expectedQty > 0
          ? [
              {
                productId: row.productId,
                productName: row.productName,
                qty: row.expectedQty,
                wh: warehouseId,
              },
            ]
          : [],
      );
    },

    /** Every row of the ARS report as CSV (the header alone when there are none). */
    async arsReportCsv(user: SessionUser, viewer: Viewer, q: ArsFilter): Promise<string> {
      const range = checkedRange(q);
      const rows = user.isFranchisee
        ? await arsRows(viewer, (await repo.arsPage(db, user.id, null)).rows, range)
        : [];
      return Papa.unparse({
        fields: [...ARS_CSV_COLUMNS],
        data: rows.map((r) => [
          r.productId,
          r.parentId,
          r.productName,
          r.cat,
          r.subCat,
          r.brand,
          r.mrp,
          r.actualPrice,
          r.targetStock,
          r.pendingQty,
          r.confirmedQty,
          r.inTransitStock,
          r.stockInHand,
          r.expectedQty,
          r.actualQty,
          formatDate(r.arsScheduledDate),
        ]),
      });
    },

    /** The 16 metric configurations with their rules; per-day benchmarks for the concept asked. */
    config(user: SessionUser, concept: string | undefined): StorePerformanceConfig[] {
      requirePerformance(user);
      const scale = volumeScaleOf(concept || user.franchise?.concept);
      return PERFORMANCE_CONFIGS.map((c) => ({
        configId: c.configId,
        name: c.name,
        unit: c.unit,
        direction: c.direction,
        basis: c.basis,
        benchmark: c.basis === "perDay" ? Math.round(c.benchmark * scale * 100) / 100 : c.benchmark,
        excellent: c.excellent,
        good: c.good,
        ratingRule: ratingRuleText(c),
      }));
    },

    /**
     * The store's performance as of `from` (else its latest reported day): month to date and
     * financial year to date, each against the ideal benchmark and the national average.
     */
    async performance(
      user: SessionUser,
      storeId: number,
      from: string | undefined,
    ): Promise<StorePerformanceResponse> {
      requirePerformance(user);
      const asked = from?.trim() || undefined;
      if (asked !== undefined && !isCalendarDay(asked)) throw badRequest(storeReportMessages.badDate);
      const store = await repo.storeOf(db, user.id, storeId);
      if (!store) throw notFound(storeReportMessages.storeNotFound);
      const asOf = asked ?? (await repo.latestDay(db, user.id)) ?? indiaDay(now());
      const periods = performancePeriods(asOf);
      const [mtd, ytd, peersMtd, peersYtd] = await Promise.all([
        repo.storeTotals(db, user.id, periods.mtd.from, periods.mtd.to),
        repo.storeTotals(db, user.id, periods.ytd.from, periods.ytd.to),
        repo.peerTotals(db, store.concept, periods.mtd.from, periods.mtd.to),
        repo.peerTotals(db, store.concept, periods.ytd.from, periods.ytd.to),
      ]);
      const storeMtd = performanceValues(mtd);
      const storeYtd = performanceValues(ytd);
      const nationalMtd = peersMtd.map(performanceValues);
      const nationalYtd = peersYtd.map(performanceValues);
      return {
        storeId: store.id,
        storeName: store.name,
        concept: store.concept,
        asOf,
        mtd: { ...periods.mtd, days: mtd.days },
        ytd: { ...periods.ytd, days: ytd.days },
        items: PERFORMANCE_CONFIGS.map((c) => {
          const id = c.configId;
          const idealBenchmarkMTD = idealBenchmark(c, mtd.days, store.concept);
          const idealBenchmarkYTD = idealBenchmark(c, ytd.days, store.concept);
          const storeAchievementMTD = storeMtd[id] ?? null;
          const storeAchievementYTD = storeYtd[id] ?? null;
          return {
            configId: id,
            name: c.name,
            unit: c.unit,
            idealBenchmarkMTD,
            idealBenchmarkYTD,
            nationalAvgMTD: averageOf(nationalMtd.map((v) => v[id] ?? null)),
            nationalAvgYTD: averageOf(nationalYtd.map((v) => v[id] ?? null)),
            storeAchievementMTD,
            storeAchievementYTD,
            resultMTD: ratePerformance(c, storeAchievementMTD, idealBenchmarkMTD),
            resultYTD: ratePerformance(c, storeAchievementYTD, idealBenchmarkYTD),
          };
        }),
      };
    },

    /** The store's last 12 calendar months up to `from` (else its latest reported day), a row a month. */
    async trend(user: SessionUser, storeId: number, from: string | undefined): Promise<StoreTrendResponse> {
      requirePerformance(user);
      const asked = from?.trim() || undefined;
      if (asked !== undefined && !isCalendarDay(asked)) throw badRequest(storeReportMessages.badDate);
      const store = await repo.storeOf(db, user.id, storeId);
      if (!store) throw notFound(storeReportMessages.storeNotFound);
      const asOf = asked ?? (await repo.latestDay(db, user.id)) ?? indiaDay(now());
      const months = trendMonths(asOf);
      const first = months[0]?.from ?? asOf;
      const { sales, days } = await repo.storeMonthly(db, user.id, first, asOf);
      return {
        storeId: store.id,
        asOf,
        months: months.map(({ month }) => {
          const s = sales.get(month) ?? { netSalesPaise: 0n, units: 0 };
          const d = days.get(month) ?? { days: 0, bills: 0, footfall: 0 };
          return {
            month,
            days: d.days,
            netSales: paiseToDecimal(s.netSalesPaise),
            units: s.units,
            bills: d.bills,
            footfall: d.footfall,
            avgBillValue: d.bills > 0 ? paiseToDecimal(roundedDiv(s.netSalesPaise, BigInt(d.bills))) : null,
            conversion: d.footfall > 0 ? Math.round((d.bills / d.footfall) * 10_000) / 100 : null,
          };
        }),
      };
    },

    async feedback(user: SessionUser): Promise<Feedback[]> {
      requirePerformance(user);
      return (await repo.feedbackOf(db, user.id)).map(toFeedback);
    },

    /** A new feedback thread about a feature, with its first comment; answers the caller's feedback. */
    async createFeedback(user: SessionUser, feature: string, message: string): Promise<Feedback[]> {
      requirePerformance(user);
      if (!FEEDBACK_FEATURES.includes(feature.trim()))
        throw badRequest(storeReportMessages.feedbackFeatureRequired);
      checkFeedbackMessage(message);
      await db.transaction((tx) => repo.createFeedback(tx, user.id, feature.trim(), message.trim(), now()));
      return (await repo.feedbackOf(db, user.id)).map(toFeedback);
    },

    /** Another comment on one of the caller's own threads (another partner's is 404). */
    async addComment(user: SessionUser, feedbackId: number, message: string): Promise<Feedback[]> {
      requirePerformance(user);
      checkFeedbackMessage(message);
      const added = await db.transaction((tx) =>
        repo.addComment(tx, user.id, feedbackId, message.trim(), now()),
      );
      if (!added) throw notFound(storeReportMessages.feedbackNotFound);
      return (await repo.feedbackOf(db, user.id)).map(toFeedback);
    },

    /** The staff inbox: every partner's feedback threads with their comments. */
    async feedbackInbox(q: AdminFeedbackQuery): Promise<AdminFeedbackResponse> {
      const { rows, total } = await repo.feedbackInbox(db, {
        ...q,
        waiting: q.waiting === undefined ? undefined : q.waiting === "true",
      });
      return { rows: rows.map(toInboxThread), total };
    },

    /** Every thread the inbox's filters match, one row per comment, as CSV (India's times). */
    feedbackInboxCsv(reply: FastifyReply, q: AdminFeedbackQuery) {
      return sendCsvPages(
        reply,
        "feedback.csv",
        ["Thread", "Store", "Email", "Feature", "Waiting", "Comments", "Last activity"],
        async (page, pageSize) => (await service.feedbackInbox({ ...q, page, pageSize })).rows,
        (t) => [
          t.id,
          t.storeName,
          t.email,
          t.feature,
          t.waiting ? "yes" : "no",
          t.comments.map((c) => `${c.fromHeadOffice ? "Head office" : "Partner"}: ${c.message}`).join("\n"),
          formatDateTime(t.updatedAt),
        ],
      );
    },

    /** The head office's reply on a partner's thread: audited, and the partner is told. */
    async replyToFeedback(
      staff: { id: number },
      feedbackId: number,
      message: string,
    ): Promise<AdminFeedbackThread> {
      if (message.trim() === "") throw badRequest(partnerDeskMessages.replyRequired);
      const at = now();
      await db.transaction(async (tx) => {
        const thread = await repo.addStaffReply(tx, feedbackId, staff.id, message.trim(), at);
        if (!thread) throw notFound(storeReportMessages.feedbackNotFound);
        await recordAudit(tx, {
          actorId: staff.id,
          action: "feedback.reply",
          entity: "feedback",
          entityId: feedbackId,
          after: { message: message.trim() },
          at,
        });
        await notifyPartner(tx, {
          userId: thread.userId,
          title: partnerDeskMessages.feedbackReplyTitle,
          message: partnerDeskMessages.feedbackReplyMessage(thread.feature, message.trim()),
          target: "/storeperformance",
          at,
        });
      });
      const { rows } = await repo.feedbackInbox(db, { id: feedbackId, page: 1, pageSize: 1 });
      const [row] = rows;
      if (!row) throw notFound(storeReportMessages.feedbackNotFound);
      return toInboxThread(row);
    },
  };
  return service;
}

export type StoreReportsService = ReturnType<typeof createStoreReportsService>;
