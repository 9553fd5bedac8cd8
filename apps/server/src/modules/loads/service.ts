import type {
  AdminLoad,
  AdminLoadDetail,
  AdminLoadsQuery,
  CancelLoadBody,
  CreateLoadBody,
  DeliverLoadBody,
  HandOverBody,
  LoadCandidate,
  RemoveLoadOrderBody,
  ShipLoadBody,
} from "@portal/contracts";
import {
  deliveredOrder,
  formatDate,
  formatDateTime,
  indiaDay,
  LOAD_LIFECYCLE,
  type LoadStatus,
  lineColumns,
  lineGap,
  loadDeskMessages,
  loadStatusOf,
  backOfficeMessages as msg,
  nextSteps,
  ORDER_LIFECYCLE,
  orderColumns,
  orderStatusOf,
  paiseToDecimal,
  refusal,
  reversedTotals,
  storedLineTotal,
  TAX_INVOICE,
  taxRegimeFrom,
  toPaise,
} from "@portal/domain";
import type { FastifyReply } from "fastify";
import type { Db, DbOrTx } from "../../db/client";
import { retryingTransaction } from "../../db/retry";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { sendCsvPages } from "../../lib/staff-list";
import { recordAudit } from "../audit/public";
import { ewayBillBlock } from "../gst/public";
import { invoiceIssuing, invoicesOfLoads } from "../invoices/public";
import { ledgerPostings } from "../ledger/public";
import { type Notifier, notifyPartner } from "../notifications/public";
import { type Actor, listOrders, partnerNameOf, toAdminOrderRow } from "../order-desk/public";
import {
  assignOrdersToLoad,
  recordOrderDelivered,
  recordOrdersHandedOver,
  recordOrdersLedgerAccount,
  recordOrdersShipped,
  recordOrdersUnloaded,
  restateOrderLines,
} from "../orders/public";
import { assertPeriodOpen } from "../settings/public";
import * as repo from "./repo";

const conflict = (message: string) => new AppError(409, message);

const CSV_HEADER = [
  "Load",
  "Partner",
  "Warehouse",
  "Status",
  "Orders",
  "Items",
  "Units",
  "Value",
  "Transporter",
  "Docket",
  "Built",
  "Estimated ship date",
  "Handed over",
  "Shipped",
  "Delivered",
  "Tax invoice",
] as const;

const csvCells = (l: AdminLoad) => [
  l.id,
  l.partnerName,
  l.warehouseName,
  l.status,
  l.poids.join(" "),
  l.totalItems,
  l.totalQuantity,
  l.total,
  l.transporter,
  l.docketNo,
  formatDateTime(l.createdAt),
  l.estimatedShippingDate && formatDate(l.estimatedShippingDate),
  l.handedOverAt && formatDateTime(l.handedOverAt),
  l.actualShippingDate && formatDate(l.actualShippingDate),
  l.deliveredAt && formatDateTime(l.deliveredAt),
  l.invoiceNumber,
];

/** A write refused by a unique index (PostgreSQL 23505), however the driver wraps it. */
const isUniqueViolation = (error: unknown): boolean => {
  const code = (e: unknown) => (e && typeof e === "object" ? (e as { code?: unknown }).code : undefined);
  return code(error) === "23505" || code((error as { cause?: unknown } | null)?.cause) === "23505";
};

export interface LoadsDeps {
  db: Db;
  /** How the partner is told (default `notifyPartner`: a notification and a mail). */
  notify?: Notifier;
  now?: () => Date;
}

export function createLoadsService(deps: LoadsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const notify = deps.notify ?? notifyPartner;

  async function lockLoad(tx: DbOrTx, id: number) {
    const load = await repo.lock(tx, id);
    if (!load) throw notFound(msg.loadNotFound);
    return load;
  }

  function assertMove(load: repo.LoadRow, to: LoadStatus) {
    const refused = refusal(LOAD_LIFECYCLE, load.status, to, "staff");
    if (refused) throw conflict(refused);
  }

  /**
   * Orders may leave a load while the load may still be cancelled (before it ships) and no waybill
   * request covers them; a load before shipping has no tax invoice (shipping issues it), and each
   * order keeps its proforma invoice and its stock, as it stays Confirmed.
   */
  async function assertUnloadable(tx: DbOrTx, load: repo.LoadRow) {
    if (refusal(LOAD_LIFECYCLE, load.status, "Cancelled", "staff"))
      throw conflict(loadDeskMessages.loadShippedKeepsOrders(load.id, load.status));
    const waybill = await repo.waybillRequestOf(tx, load.id);
    if (waybill) throw conflict(loadDeskMessages.loadHasWaybill(load.id, waybill));
    if ((await invoicesOfLoads(tx, [load.id])).some((i) => i.kind === TAX_INVOICE))
      throw conflict(loadDeskMessages.loadShippedKeepsOrders(load.id, load.status));
  }

  const views = {
    async list(q: AdminLoadsQuery & { ids?: number[] }) {
      const { rows, poids, total } = await repo.list(db, q, q);
      const invoices = await invoicesOfLoads(
        db,
        rows.map((r) => r.load.id),
      );
      return {
        total,
        rows: rows.map(({ load, user, warehouseName }): AdminLoad => {
          const invoice = invoices.find((i) => i.loadId === load.id);
          return {
            id: load.id,
            userId: load.userId,
            partnerName: partnerNameOf(user),
            warehouseId: load.warehouseId,
            warehouseName,
            status: loadStatusOf(load.status),
            createdAt: load.createdAt.toISOString(),
            estimatedShippingDate: load.estimatedShippingDate,
            actualShippingDate: load.actualShippingDate,
            handedOverAt: load.handedOverAt?.toISOString() ?? null,
            deliveredAt: load.deliveredAt?.toISOString() ?? null,
            docketNo: load.docketNo,
            transporter: load.transporter,
            totalItems: load.totalItems,
            totalQuantity: load.totalQuantity,
            total: paiseToDecimal(toPaise(load.total)),
            poids: poids.filter((p) => p.loadId === load.id).map((p) => p.poid),
            invoiceId: invoice?.id ?? null,
            invoiceNumber: invoice?.number ?? null,
          };
        }),
      };
    },

    async get(id: number): Promise<AdminLoad> {
      const { rows } = await views.list({ ids: [id], page: 1, pageSize: 1 });
      const row = rows[0];
      if (!row) throw notFound(msg.loadNotFound);
      return row;
    },

    /** Every load the board's filters and search match, as CSV (India's days and times). */
    csv: (reply: FastifyReply, q: AdminLoadsQuery) =>
      sendCsvPages(
        reply,
        "loads.csv",
        CSV_HEADER,
        async (page, pageSize) => (await views.list({ ...q, page, pageSize })).rows,
        csvCells,
      ),

    /** The board's filter choices, from the database. */
    choices: () => repo.choices(db),

    /** One load with its orders and their lines, what staff may do with it now, and its waybill request. */
    async detail(id: number): Promise<AdminLoadDetail> {
      const load = await views.get(id);
      const orders = await repo.ordersOfLoad(db, id);
      const lines = await repo.linesOf(
        db,
        orders.map((o) => o.poid),
      );
      const waybillRequestId = await repo.waybillRequestOf(db, id);
      return {
        ...load,
        orders: orders.map((o) => ({
          poid: o.poid,
          status: orderStatusOf(o.status),
          totalQuantity: o.totalQuantity,
          netPayment: paiseToDecimal(toPaise(o.netPayment)),
          lines: lines
            .filter((l) => l.poid === o.poid)
            .map((l) => ({
              productId: l.productId,
              productName: l.productName,
              orderedQuantity: l.orderedQuantity,
              quantity: l.quantity,
              deliveredQuantity: l.deliveredQuantity,
            })),
        })),
        nextSteps: nextSteps(LOAD_LIFECYCLE, load.status, "staff"),
        canRemoveOrders:
          refusal(LOAD_LIFECYCLE, load.status, "Cancelled", "staff") === null && waybillRequestId === null,
        waybillRequestId,
      };
    },

    /** Confirmed orders not yet loaded, grouped by partner and warehouse. */
    async candidates(): Promise<LoadCandidate[]> {
      const { rows } = await listOrders(
        db,
        { status: "Confirmed", unloaded: true },
        { page: 1, pageSize: 1000 },
      );
      const groups = new Map<string, LoadCandidate>();
      for (const r of rows) {
        const key = `${r.order.userId}:${r.order.warehouseId}`;
        let group = groups.get(key);
        if (!group) {
          group = {
            userId: r.order.userId,
            partnerName: partnerNameOf(r.user),
            warehouseId: r.order.warehouseId,
            warehouseName: r.warehouseName,
            orders: [],
          };
          groups.set(key, group);
        }
        group.orders.push(toAdminOrderRow(r));
      }
      return [...groups.values()];
    },
  };

  /** The load's steps; each resolves to the load's id without reading the load back. */
  const steps = {
    /** Groups Confirmed orders of one partner and one warehouse into a load, Ready To Dispatch. */
    async create(actor: Actor, body: CreateLoadBody, at = now()): Promise<number> {
      const id = await retryingTransaction(db, async (tx) => {
        const poids = [...new Set(body.poids)];
        const orders = await repo.lockOrders(tx, poids);
        for (const poid of poids)
          if (!orders.some((o) => o.poid === poid)) throw notFound(`${msg.orderNotFound}: ${poid}`);
        for (const o of orders) {
          if (o.status !== "Confirmed") throw conflict(msg.orderNotConfirmed(o.poid));
          if (o.loadId !== null) throw conflict(msg.orderAlreadyLoaded(o.poid));
        }
        const first = orders[0];
        if (!first || orders.some((o) => o.userId !== first.userId || o.warehouseId !== first.warehouseId)) {
          throw badRequest(msg.loadMixed);
        }
        const lines = (await repo.linesOf(tx, poids)).filter((l) => l.quantity > 0);
        const total = lines.reduce((s, l) => s + storedLineTotal(l, l.quantity), 0n);
        const load = await repo.insert(tx, {
          userId: first.userId,
          warehouseId: first.warehouseId,
          status: "Ready To Dispatch",
          createdAt: at,
          estimatedShippingDate:
            body.estimatedShippingDate ?? indiaDay(new Date(at.getTime() + 3 * 86_400_000)),
          totalItems: lines.length,
          totalQuantity: lines.reduce((s, l) => s + l.quantity, 0),
          total: paiseToDecimal(total),
        });
        await assignOrdersToLoad(tx, poids, load.id);
        await recordAudit(tx, {
          actorId: actor?.id ?? null,
          action: "load.create",
          entity: "load",
          entityId: load.id,
          after: { poids, total: load.total },
          at,
        });
        return load.id;
      });
      return id;
    },

    /** Hands a load over to a transporter with its docket (air waybill) number, used once per transporter. */
    async handOver(actor: Actor, id: number, body: HandOverBody, at = now()): Promise<number> {
      const docketUsed = (loadId: number | null) =>
        conflict(loadDeskMessages.docketUsed(body.docketNo, body.transporter, loadId));
      await retryingTransaction(db, async (tx) => {
        const load = await lockLoad(tx, id);
        assertMove(load, "Hand Over");
        const holder = await repo.docketHolder(tx, body.transporter, body.docketNo, id);
        if (holder) throw docketUsed(holder.id);
        try {
          await repo.update(tx, id, {
            status: "Hand Over",
            handedOverAt: at,
            transporter: body.transporter,
            docketNo: body.docketNo,
          });
        } catch (error) {
          // Another hand-over took the docket since it was looked up: the unique index says so.
          if (isUniqueViolation(error)) throw docketUsed(null);
          throw error;
        }
        const orders = await repo.ordersOfLoad(tx, id);
        await recordOrdersHandedOver(
          tx,
          orders.map((o) => o.poid),
          { docketNo: body.docketNo, transporterNo: body.transporter },
        );
        await recordAudit(tx, {
          actorId: actor?.id ?? null,
          action: "load.handOver",
          entity: "load",
          entityId: id,
          before: { status: load.status },
          after: { status: "Hand Over", ...body },
          at,
        });
      });
      return id;
    },

    /**
     * Ships a load: its orders become Shipped, the TAX INVOICE takes the next number of the
     * warehouse's series, the ledger is debited, and the partner is told — one transaction.
     */
    async ship(actor: Actor, id: number, body: ShipLoadBody = {}, at = now()): Promise<number> {
      await retryingTransaction(db, async (tx) => {
        const load = await lockLoad(tx, id);
        assertMove(load, "Shipped");
        const today = indiaDay(at);
        const day = body.actualShippingDate ?? today;
        // The ship date is the tax invoice's date: not in the future, not before the load existed, not
        // in a closed period; the invoice series then refuses a day earlier than its last invoice.
        if (day > today) throw badRequest(msg.shipDateInFuture(day, today));
        const built = indiaDay(load.createdAt);
        if (day < built) throw badRequest(msg.shipDateBeforeLoad(day, built));
        await assertPeriodOpen(tx, day);
        // Above the e-way bill limit the goods may not move without an e-way bill (generated or entered).
        const noEwayBill = await ewayBillBlock(tx, load, day);
        if (noEwayBill) throw conflict(noEwayBill);
        const orders = await repo.ordersOfLoad(tx, id);
        for (const o of orders) {
          const refused = refusal(ORDER_LIFECYCLE, o.status, "Shipped", "staff");
          if (refused) throw conflict(refused);
        }
        const poids = orders.map((o) => o.poid);
        await repo.update(tx, id, { status: "Shipped", actualShippingDate: day });
        // Back-dated by staff, the orders shipped on the ship date (noon in India), as their invoice says.
        const shippedAt = day === today ? at : new Date(`${day}T12:00:00+05:30`);
        await recordOrdersShipped(tx, poids, shippedAt);
        const { row: invoice, ledgerAccount } = await invoiceIssuing.tax(tx, load, poids, day, at);
        await ledgerPostings.salesInvoice(tx, {
          userId: load.userId,
          ledgerAccount,
          day,
          invoiceId: invoice.id,
          number: invoice.number,
          total: invoice.total,
          loadId: id,
          docketNo: load.docketNo,
        });
        await recordOrdersLedgerAccount(tx, poids, ledgerAccount);
        await notify(tx, {
          userId: load.userId,
          title: "Load shipped",
          message: `Load ${id} (${poids.join(", ")}) has shipped with ${load.transporter ?? "the transporter"}, docket ${load.docketNo ?? "-"}.`,
          target: `/account/loadDetails/${id}`,
          at,
        });
        await notify(tx, {
          userId: load.userId,
          title: "Invoice ready",
          message: `Tax invoice ${invoice.number} for load ${id} is ready.`,
          target: `/account/invoice/${id}`,
          at,
          mail: false,
        });
        await recordAudit(tx, {
          actorId: actor?.id ?? null,
          action: "load.ship",
          entity: "load",
          entityId: id,
          before: { status: load.status },
          after: {
            status: "Shipped",
            actualShippingDate: day,
            invoice: invoice.number,
            total: invoice.total,
          },
          at,
        });
      });
      return id;
    },

    /**
     * Proof of delivery: orders become Delivered with the delivered quantity; units invoiced but not
     * delivered are credited back (a product-removal credit note reversing them at the tax invoice's rates) and show in the gap report.
     */
    async deliver(actor: Actor, id: number, body: DeliverLoadBody = {}, at = now()): Promise<number> {
      await retryingTransaction(db, async (tx) => {
        const load = await lockLoad(tx, id);
        if (load.status !== "Shipped") throw conflict(msg.loadNotShipped);
        if (load.deliveredAt) throw conflict(msg.loadAlreadyDelivered);
        const orders = await repo.ordersOfLoad(tx, id);
        const lines = await repo.linesOf(
          tx,
          orders.map((o) => o.poid),
        );
        const given = new Map(
          (body.lines ?? []).map((l) => [`${l.poid}:${l.productId}`, l.deliveredQuantity]),
        );
        for (const key of given.keys()) {
          if (!lines.some((l) => `${l.poid}:${l.productId}` === key))
            throw badRequest(msg.lineNotInOrder(Number(key.split(":")[1])));
        }
        const day = indiaDay(at);
        const taxInvoice = (await invoicesOfLoads(tx, [id])).find((i) => i.kind === TAX_INVOICE);
        for (const o of orders) {
          const refused = refusal(ORDER_LIFECYCLE, o.status, "Delivered", "staff");
          if (refused) throw conflict(refused);
          let gap = 0;
          const shippedLines = [];
          for (const l of lines.filter((x) => x.poid === o.poid)) {
            const delivered = given.get(`${o.poid}:${l.productId}`) ?? l.quantity;
            if (delivered > l.quantity) throw badRequest(msg.deliverMoreThanShipped(o.poid, l.productId));
            gap += lineGap(l.orderedQuantity, delivered);
            // What shipped is the line's quantity until now: its tax invoice billed exactly that.
            shippedLines.push({ ...l, shipped: l.quantity, delivered });
          }
          // The document chain: lines and totals restated at the delivered quantities; netPayment
          // stays what the tax invoice billed, and the short units' value is credited below.
          const restated = deliveredOrder(o, shippedLines);
          const short = restated.shortValue;
          await restateOrderLines(
            tx,
            restated.lines.map((r) => ({ id: r.line.id, ...lineColumns(r.amounts) })),
            { delivered: true },
          );
          await recordOrderDelivered(tx, o.poid, {
            ...orderColumns(restated.totals),
            deliveredAt: at,
            gapReport: gap,
          });
          if (short > 0n) {
            // A Shipped load has its tax invoice (shipping issues it in the same transaction).
            if (!taxInvoice) throw conflict(msg.loadNotShipped);
            const regime = taxRegimeFrom(taxInvoice.taxRegime);
            const note = reversedTotals(
              shippedLines.map((l) => ({ line: l, quantity: l.shipped - l.delivered })),
              regime,
            );
            await ledgerPostings.orderCancelCredit(tx, {
              userId: o.userId,
              ledgerAccount: o.ledgerAccount,
              day,
              poid: o.poid,
              warehouseId: o.warehouseId,
              reverses: {
                invoiceNumber: taxInvoice.number,
                taxRegime: regime,
                taxable: paiseToDecimal(note.taxable),
                vat: paiseToDecimal(note.vat),
                cgst: paiseToDecimal(note.cgst),
                sgst: paiseToDecimal(note.sgst),
                igst: paiseToDecimal(note.igst),
                total: paiseToDecimal(note.total),
              },
            });
          }
        }
        await repo.update(tx, id, { deliveredAt: at });
        await notify(tx, {
          userId: load.userId,
          title: "Load delivered",
          message: `Load ${id} was delivered.`,
          target: `/account/loadDetails/${id}`,
          at,
          mail: false,
        });
        await recordAudit(tx, {
          actorId: actor?.id ?? null,
          action: "load.deliver",
          entity: "load",
          entityId: id,
          after: { delivered: body.lines ?? "all" },
          at,
        });
      });
      return id;
    },

    /**
     * Takes one order off a load before it ships: the order stays Confirmed, in no load (it is offered
     * for a new load), with its proforma invoice and its stock; the load's totals are restated.
     */
    async removeOrder(
      actor: Actor,
      id: number,
      poid: string,
      body: RemoveLoadOrderBody = {},
      at = now(),
    ): Promise<number> {
      await retryingTransaction(db, async (tx) => {
        const load = await lockLoad(tx, id);
        await assertUnloadable(tx, load);
        const orders = await repo.lockOrders(
          tx,
          (await repo.ordersOfLoad(tx, id)).map((o) => o.poid),
        );
        if (!orders.some((o) => o.poid === poid)) throw notFound(loadDeskMessages.orderNotOnLoad(poid, id));
        const kept = orders.filter((o) => o.poid !== poid).map((o) => o.poid);
        if (kept.length === 0) throw conflict(loadDeskMessages.lastOrderOfLoad(poid, id));
        await recordOrdersUnloaded(tx, [poid]);
        const lines = (await repo.linesOf(tx, kept)).filter((l) => l.quantity > 0);
        const total = paiseToDecimal(lines.reduce((s, l) => s + storedLineTotal(l, l.quantity), 0n));
        const totals = {
          totalItems: lines.length,
          totalQuantity: lines.reduce((s, l) => s + l.quantity, 0),
          total,
        };
        await repo.update(tx, id, totals);
        await notify(tx, {
          userId: load.userId,
          title: "Order taken off a load",
          message: loadDeskMessages.orderTakenOff(poid, id),
          target: `/account/loadDetails/${id}`,
          at,
          mail: false,
        });
        await recordAudit(tx, {
          actorId: actor?.id ?? null,
          action: "load.removeOrder",
          entity: "load",
          entityId: id,
          before: {
            poids: orders.map((o) => o.poid),
            totalItems: load.totalItems,
            totalQuantity: load.totalQuantity,
            total: load.total,
          },
          after: { removed: poid, poids: kept, ...totals, reason: body.reason ?? null },
          at,
        });
      });
      return id;
    },

    /**
     * Cancels a load before it ships: the load is Cancelled (its docket may be used again) and its
     * orders stay Confirmed, in no load, with their proforma invoices and their stock.
     */
    async cancel(actor: Actor, id: number, body: CancelLoadBody, at = now()): Promise<number> {
      await retryingTransaction(db, async (tx) => {
        const load = await lockLoad(tx, id);
        assertMove(load, "Cancelled");
        await assertUnloadable(tx, load);
        const poids = (await repo.ordersOfLoad(tx, id)).map((o) => o.poid);
        await repo.lockOrders(tx, poids);
        await recordOrdersUnloaded(tx, poids);
        await repo.update(tx, id, { status: "Cancelled" });
        await notify(tx, {
          userId: load.userId,
          title: "Load cancelled",
          message: loadDeskMessages.loadCancelled(id, poids),
          target: `/account/loadDetails/${id}`,
          at,
          mail: false,
        });
        await recordAudit(tx, {
          actorId: actor?.id ?? null,
          action: "load.cancel",
          entity: "load",
          entityId: id,
          before: { status: load.status, poids },
          after: { status: "Cancelled", reason: body.reason },
          at,
        });
      });
      return id;
    },
  };

  return {
    ...views,
    /** The steps alone, for a caller that does not show their result (the demo world's batch). */
    steps,
    create: async (actor: Actor, body: CreateLoadBody, at?: Date): Promise<AdminLoad> =>
      views.get(await steps.create(actor, body, at)),
    handOver: async (actor: Actor, id: number, body: HandOverBody, at?: Date): Promise<AdminLoad> =>
      views.get(await steps.handOver(actor, id, body, at)),
    ship: async (actor: Actor, id: number, body?: ShipLoadBody, at?: Date): Promise<AdminLoad> =>
      views.get(await steps.ship(actor, id, body, at)),
    deliver: async (actor: Actor, id: number, body?: DeliverLoadBody, at?: Date): Promise<AdminLoad> =>
      views.get(await steps.deliver(actor, id, body, at)),
    removeOrder: async (
      actor: Actor,
      id: number,
      poid: string,
      body?: RemoveLoadOrderBody,
      at?: Date,
    ): Promise<AdminLoadDetail> => views.detail(await steps.removeOrder(actor, id, poid, body, at)),
    cancel: async (actor: Actor, id: number, body: CancelLoadBody, at?: Date): Promise<AdminLoadDetail> =>
      views.detail(await steps.cancel(actor, id, body, at)),
  };
}
export type LoadsService = ReturnType<typeof createLoadsService>;
