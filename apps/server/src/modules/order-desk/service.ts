import type {
  AdminOrderDetail,
  AdminOrderRow,
  AdminOrdersQuery,
  AdminOverview,
  AutoConfirmSetting,
  BulkResult,
  ConfirmOrderBody,
  OrderFilterChoices,
} from "@portal/contracts";
import {
  ACCOUNT_TYPES,
  type AccountType,
  AGEING_BUCKETS,
  cancelledGap,
  formatDateTime,
  indiaDay,
  lineColumns,
  lineGap,
  backOfficeMessages as msg,
  ORDER_LIFECYCLE,
  orderColumns,
  paiseToDecimal,
  refusal,
  restatedOrder,
} from "@portal/domain";
import type { FastifyReply } from "fastify";
import type { Db, DbOrTx } from "../../db/client";
import { retryingTransaction } from "../../db/retry";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { sendCsvPages } from "../../lib/staff-list";
import { recordAudit } from "../audit/public";
import type { SessionUser } from "../auth/public";
import { returnStock } from "../catalogue/public";
import { invoiceIssuing, invoicesOfOrders, toInvoiceSummary } from "../invoices/public";
import { receivablesByAge } from "../ledger/public";
import { type Notifier, notifyPartner } from "../notifications/public";
import {
  placedByOf,
  recordOrderCancelled,
  recordOrderConfirmed,
  restateOrderLines,
  toPurchaseOrder,
} from "../orders/public";
import * as repo from "./repo";
import { toAdminOrderRow } from "./view";

export interface OrderDeskDeps {
  db: Db;
  /** How the partner is told (default `notifyPartner`: a notification and a mail). */
  notify?: Notifier;
  now?: () => Date;
  /** Stock went back to a warehouse: cached catalogue answers must go. */
  onStockChanged?: () => void;
}

/** Who acted: a member of staff, or the auto-confirm job (null). */
export type Actor = Pick<SessionUser, "id"> | null;

const conflict = (message: string) => new AppError(409, message);

/** The orders list's filters as the repo takes them. */
const filterOf = (q: AdminOrdersQuery) => ({ ...q, unloaded: q.unloaded === "true" ? true : undefined });

const ORDERS_CSV_HEADER = [
  "PO",
  "Partner",
  "Email",
  "Account type",
  "Warehouse",
  "Status",
  "Placed",
  "Items",
  "Ordered units",
  "Units",
  "Net payment",
  "Gap",
  "Load",
  "Auto-confirmed",
] as const;

/** How many partners the home's overdue list shows. */
const TOP_OVERDUE = 5;

export function createOrderDeskService(deps: OrderDeskDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const notify = deps.notify ?? notifyPartner;

  async function lock(tx: DbOrTx, poid: string) {
    const found = await repo.lockOrder(tx, poid);
    if (!found) throw notFound(msg.orderNotFound);
    return found;
  }

  /** Confirms one order inside `tx`: quantities, stock back for the gap, proforma invoice, notice, audit. */
  async function confirmIn(
    tx: DbOrTx,
    actor: Actor,
    poid: string,
    body: ConfirmOrderBody,
    auto: boolean,
    at: Date,
  ) {
    const { order, lines } = await lock(tx, poid);
    const refused = refusal(ORDER_LIFECYCLE, order.status, "Confirmed", "staff");
    if (refused) throw conflict(refused);
    const wanted = new Map<number, number>();
    for (const l of body.lines ?? []) {
      if (!lines.some((line) => line.productId === l.productId))
        throw badRequest(msg.lineNotInOrder(l.productId));
      wanted.set(l.productId, l.quantity);
    }
    const changes = lines.map((line) => {
      const quantity = wanted.get(line.productId) ?? line.orderedQuantity;
      if (quantity > line.orderedQuantity)
        throw badRequest(msg.confirmMoreThanOrdered(line.productId, line.orderedQuantity));
      return { line, quantity };
    });
    if (changes.every((c) => c.quantity === 0)) throw badRequest(msg.confirmNothing);
    const back = changes.filter((c) => c.quantity < c.line.quantity);
    // The document chain: the lines and the order's totals restated at the confirmed quantities, as
    // the proforma invoice issued below bills them (the ordered quantities stay beside them).
    const confirmed = new Map(changes.map((c) => [c.line.id, c.quantity]));
    const restated = restatedOrder(order, lines, (l) => confirmed.get(l.id) ?? l.quantity);
    await restateOrderLines(
      tx,
      restated.lines
        .filter((r) => r.amounts.quantity !== r.line.quantity)
        .map((r) => ({ id: r.line.id, ...lineColumns(r.amounts) })),
    );
    await returnStock(
      tx,
      order.warehouseId,
      back.map((c) => ({ productId: c.line.productId, mrp: c.line.mrp, qty: c.line.quantity - c.quantity })),
    );
    const gap = changes.reduce((s, c) => s + lineGap(c.line.orderedQuantity, c.quantity), 0);
    await recordOrderConfirmed(tx, poid, {
      ...orderColumns(restated.totals),
      confirmedAt: at,
      gapReport: gap,
      autoConfirmed: auto,
    });
    await invoiceIssuing.proforma(tx, poid, indiaDay(at), at);
    await notify(tx, {
      userId: order.userId,
      title: gap > 0 ? "Order part-confirmed" : "Order confirmed",
      message:
        gap > 0
          ? `Your order ${poid} is confirmed in part: ${gap} unit(s) could not be confirmed. See the gap report.`
          : `Your order ${poid} is confirmed. Its proforma invoice is ready.`,
      target: `/account/orderDetails/${poid}`,
      at,
    });
    await recordAudit(tx, {
      actorId: actor?.id ?? null,
      action: auto ? "order.autoConfirm" : "order.confirm",
      entity: "order",
      entityId: poid,
      before: {
        status: order.status,
        lines: lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
      },
      after: {
        status: "Confirmed",
        gapReport: gap,
        lines: changes.map((c) => ({ productId: c.line.productId, quantity: c.quantity })),
      },
      at,
    });
    return back.length > 0;
  }

  async function rowOf(poid: string): Promise<AdminOrderRow> {
    const { rows } = await repo.listOrders(db, { poids: [poid] }, { page: 1, pageSize: 1 });
    const row = rows[0];
    if (!row) throw notFound(msg.orderNotFound);
    return toAdminOrderRow(row);
  }

  /** The order's steps; each resolves to the order's poid without reading the order back. */
  const steps = {
    /** Confirms a Pending order wholly (no lines) or in part; the gap's units go back to stock. */
    async confirm(actor: Actor, poid: string, body: ConfirmOrderBody = {}, at = now()): Promise<string> {
      const stockBack = await retryingTransaction(db, (tx) => confirmIn(tx, actor, poid, body, false, at));
      if (stockBack) deps.onStockChanged?.();
      return poid;
    },

    /** Cancels a Pending or Confirmed order: every unit it holds goes back to the warehouse, in the same transaction. */
    async cancel(actor: Actor, poid: string, reason: string, at = now()): Promise<string> {
      await retryingTransaction(db, async (tx) => {
        const { order, lines } = await lock(tx, poid);
        const refused = refusal(ORDER_LIFECYCLE, order.status, "Cancelled", "staff");
        if (refused) throw conflict(refused);
        if (order.loadId !== null) throw conflict(msg.orderAlreadyLoaded(poid));
        await returnStock(
          tx,
          order.warehouseId,
          lines.map((l) => ({ productId: l.productId, mrp: l.mrp, qty: l.quantity })),
        );
        // The lines keep their quantities for the record (what was ordered, and confirmed if it was)
        // and the totals stay theirs; none of it will come, so the gap is every unit ordered.
        const kept = restatedOrder(order, lines);
        const gap = cancelledGap(lines);
        await recordOrderCancelled(tx, poid, {
          ...orderColumns(kept.totals),
          cancelledAt: at,
          cancelReason: reason,
          gapReport: gap,
        });
        await notify(tx, {
          userId: order.userId,
          title: "Order cancelled",
          message: `Your order ${poid} was cancelled: ${reason}`,
          target: `/account/orderDetails/${poid}`,
          at,
        });
        await recordAudit(tx, {
          actorId: actor?.id ?? null,
          action: "order.cancel",
          entity: "order",
          entityId: poid,
          before: { status: order.status },
          after: {
            status: "Cancelled",
            reason,
            gapReport: gap,
            stockReturned: lines.reduce((s, l) => s + l.quantity, 0),
          },
          at,
        });
      });
      deps.onStockChanged?.();
      return poid;
    },
  };

  const service = {
    async list(q: AdminOrdersQuery) {
      const { rows, total } = await repo.listOrders(db, filterOf(q), q);
      return { rows: rows.map(toAdminOrderRow), total };
    },

    /** Every order the filters match as CSV, streamed page by page, times in India's time. */
    csv(reply: FastifyReply, q: AdminOrdersQuery) {
      let after: string | undefined;
      return sendCsvPages(
        reply,
        "orders.csv",
        ORDERS_CSV_HEADER,
        async (page, pageSize) => {
          const rows = await repo.orderRows(db, filterOf(q), { page, pageSize, sort: q.sort, after });
          after = rows.at(-1)?.order.poid;
          return rows.map(toAdminOrderRow);
        },
        (r) => [
          r.poid,
          r.partnerName,
          r.partnerEmail,
          r.accountType,
          r.warehouseName,
          r.status,
          formatDateTime(r.createdAt),
          r.totalItems,
          r.orderedQuantity,
          r.totalQuantity,
          r.netPayment,
          r.gapReport,
          r.loadId,
          r.autoConfirmed ? "yes" : "no",
        ],
      );
    },

    filterChoices: (): Promise<OrderFilterChoices> => repo.filterChoices(db),

    /** The admin home: what waits and its value, receivables by age, top overdue partners, today's shipments. */
    async overview(): Promise<AdminOverview> {
      const today = indiaDay(now());
      const w = await repo.waitingWork(db, today);
      const work = (key: string) => ({
        count: Number(w[key] ?? 0),
        value: String(w[`${key}_value`] ?? "0.00"),
      });
      const owing = await receivablesByAge(db, today);
      const openOf = (b: Record<string, bigint>) => AGEING_BUCKETS.reduce((sum, k) => sum + b[k.key]!, 0n);
      const overdueOf = (b: Record<string, bigint>) => openOf(b) - b.days0to30!;
      const top = owing
        .filter((p) => overdueOf(p.buckets) > 0n)
        .sort((a, b) => {
          const d = overdueOf(b.buckets) - overdueOf(a.buckets);
          return d > 0n ? 1 : d < 0n ? -1 : a.userId - b.userId;
        })
        .slice(0, TOP_OVERDUE);
      const names = new Map(
        (
          await repo.partnersByIds(
            db,
            top.map((p) => p.userId),
          )
        ).map((u) => [u.id, u]),
      );
      return {
        day: today,
        ordersToConfirm: work("orders_to_confirm"),
        ordersToLoad: work("orders_to_load"),
        loadsToHandOver: work("loads_to_hand_over"),
        loadsToShip: work("loads_to_ship"),
        paymentsToApprove: work("payments_to_approve"),
        salesReturnsToMove: Number(w.sales_returns_to_move ?? 0),
        waybillRequests: Number(w.waybill_requests ?? 0),
        shippedToday: work("shipped_today"),
        receivables: {
          total: paiseToDecimal(owing.reduce((sum, p) => sum + openOf(p.buckets), 0n)),
          buckets: AGEING_BUCKETS.map((b) => ({
            key: b.key,
            label: b.label,
            amount: paiseToDecimal(owing.reduce((sum, p) => sum + p.buckets[b.key], 0n)),
            partners: owing.filter((p) => p.buckets[b.key] > 0n).length,
          })),
        },
        topOverdue: top.map((p) => ({
          userId: p.userId,
          partnerName: names.get(p.userId)?.name ?? "",
          partnerEmail: names.get(p.userId)?.email ?? "",
          overdue: paiseToDecimal(overdueOf(p.buckets)),
          open: paiseToDecimal(openOf(p.buckets)),
          oldestDays: p.oldestDays,
        })),
      };
    },

    async detail(poid: string): Promise<AdminOrderDetail> {
      const found = await repo.findOrder(db, poid);
      if (!found) throw notFound(msg.orderNotFound);
      const invoices = await invoicesOfOrders(db, [poid]);
      return {
        order: {
          ...toPurchaseOrder(found.order, found.lines, found.warehouse),
          placedBy: placedByOf(found.placedBy),
        },
        row: await rowOf(poid),
        invoices: invoices.map(toInvoiceSummary),
      };
    },

    /** The steps alone, for a caller that does not show their result (the demo world's batch). */
    steps,
    confirm: async (
      actor: Actor,
      poid: string,
      body?: ConfirmOrderBody,
      at?: Date,
    ): Promise<AdminOrderDetail> => service.detail(await steps.confirm(actor, poid, body, at)),
    cancel: async (actor: Actor, poid: string, reason: string, at?: Date): Promise<AdminOrderDetail> =>
      service.detail(await steps.cancel(actor, poid, reason, at)),

    async bulkConfirm(actor: Actor, poids: readonly string[]): Promise<BulkResult> {
      const result: BulkResult = { done: [], failed: [] };
      for (const poid of new Set(poids)) {
        try {
          await retryingTransaction(db, (tx) => confirmIn(tx, actor, poid, {}, false, now()));
          result.done.push(poid);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          result.failed.push({ id: poid, message: error.message });
        }
      }
      return result;
    },

    /** The auto-confirm job: Pending orders of auto-confirm account types older than their delay. */
    async runAutoConfirm(at = now()): Promise<string[]> {
      const confirmed: string[] = [];
      for (const poid of await repo.dueForAutoConfirm(db, at)) {
        try {
          await retryingTransaction(db, (tx) => confirmIn(tx, null, poid, {}, true, at));
          confirmed.push(poid);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
        }
      }
      return confirmed;
    },

    async autoConfirmed(accountType: AccountType): Promise<AdminOrderRow[]> {
      const { rows } = await repo.listOrders(
        db,
        { autoConfirmedAccountType: accountType },
        { page: 1, pageSize: 500 },
      );
      return rows.map(toAdminOrderRow);
    },

    async settings(): Promise<AutoConfirmSetting[]> {
      const rows = await repo.settings(db);
      return rows
        .filter((r) => (ACCOUNT_TYPES as readonly string[]).includes(r.accountType))
        .map((r) => ({
          accountType: r.accountType as AccountType,
          autoConfirm: r.autoConfirm,
          delayMinutes: r.delayMinutes,
        }));
    },

    async saveSettings(actor: Actor, settings: readonly AutoConfirmSetting[]): Promise<AutoConfirmSetting[]> {
      const before = await service.settings();
      await db.transaction(async (tx) => {
        for (const s of settings) await repo.saveSetting(tx, s);
        await recordAudit(tx, {
          actorId: actor?.id ?? null,
          action: "settings.autoConfirm",
          entity: "settings",
          entityId: "autoConfirm",
          before,
          after: settings,
          at: now(),
        });
      });
      return service.settings();
    },
  };
  return service;
}
export type OrderDeskService = ReturnType<typeof createOrderDeskService>;
