/**
 * ARS replenishment: every Monday (ARS_RUN_WEEKDAY) each franchisee with an ARS list gets purchase
 * orders of source B2F for what the ARS report expects (arsExpectedQty over the month ending on the
 * run day), placed through the orders service (its prices, rules, stock locks and idempotency).
 *
 * Placement is per line: each line first meets the cart's purchase rules and the warehouse's stock
 * (a refused line is recorded with the reason in the partner's words and left out), the rest is
 * placed per warehouse; should a warehouse still refuse (stock taken in between), its lines are
 * placed one by one, so one short line never drops its warehouse's other lines. Each run is
 * recorded (ars_runs, one per partner and run day) and the partner is told in a notification; a run
 * asked again answers its record (replayed) and places nothing twice.
 */
import type { ArsPlacedLine, ArsRefusedLine, ArsRun, OrderResult, PlaceOrderBody } from "@portal/contracts";
import {
  ARS_RUN_HOUR_IST,
  arsReplenishmentRange,
  arsRunDay,
  arsRunFigures,
  arsRunMessages,
  arsScheduledDate,
  indiaDay,
  indiaDayStart,
  onlyLeftInWarehouse,
  sameAmount,
  storeReportMessages,
} from "@portal/domain";
import type { Db } from "../../db/client";
import { badRequest, notFound } from "../../lib/errors";
import { recordAudit } from "../audit/public";
import { type SessionUser, sessionUserById } from "../auth/public";
import { purchaseRules } from "../cart/public";
import { loadViewer, type Viewer } from "../catalogue/public";
import { notifyPartner } from "../notifications/public";
import type { OrdersService } from "../orders/public";
import type { UsersService } from "../users/public";
import * as repo from "./repo";
import type { StoreReportsService } from "./service";

export interface ArsReplenishmentDeps {
  db: Db;
  storeReports: Pick<StoreReportsService, "arsReplenishmentLines">;
  orders: Pick<OrdersService, "place">;
  users: UsersService;
  now?: () => Date;
}

/** The jobs table's kind of the weekly run. */
export const ARS_JOB = "arsReplenishment";

/** When the run after `at` starts: the next Monday, 06:00 India time. */
export function nextArsRunAt(at: Date): Date {
  const monday = arsScheduledDate(indiaDay(at));
  return new Date(indiaDayStart(monday).getTime() + ARS_RUN_HOUR_IST * 3_600_000);
}

/** A planned line of a run: the product, its expected quantity and the warehouse it comes from. */
interface PlannedLine {
  productId: number;
  productName: string;
  qty: number;
  wh: number | null;
}

type RunRow = NonNullable<Awaited<ReturnType<typeof repo.arsRunOf>>>;

export const toArsRun = (r: RunRow): ArsRun => ({
  id: r.id,
  runDay: r.runDay,
  startedBy: r.startedBy,
  createdAt: r.createdAt.toISOString(),
  plannedLines: r.plannedLines,
  plannedUnits: r.plannedUnits,
  placedLines: r.placedLines,
  placedUnits: r.placedUnits,
  poids: r.poids,
  placed: r.placed,
  refused: r.refused,
});

function addressOf(user: SessionUser) {
  const address = {
    name: user.storeName ?? `${user.firstname} ${user.lastname ?? ""}`.trim(),
    address1: user.shippingAddress1 ?? "",
    address2: user.shippingAddress2 ?? undefined,
    city: user.shippingCity ?? "",
    state: user.shippingState ?? user.state ?? "",
    pincode: user.shippingPincode ?? user.pincode ?? "",
    phone: user.phone ?? "",
  };
  return { shippingAddress: address, billingAddress: { ...address, phone: undefined, gstNo: undefined } };
}

export function createArsReplenishment(deps: ArsReplenishmentDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** Each line's refusal by the cart's purchase rules or the warehouse's stock at its MRP, else null. */
  async function screen(user: SessionUser, viewer: Viewer, lines: readonly PlannedLine[]) {
    const rules = await purchaseRules(
      db,
      { user, viewer },
      lines.map((l) => l.productId),
    );
    const warehouseName = (wh: number) => viewer.warehouses.find((w) => w.id === wh)?.name ?? String(wh);
    return (line: PlannedLine): string | null => {
      if (line.wh === null) return arsRunMessages.notInAnyWarehouse;
      const refusal = rules.refusal(line.productId, line.wh);
      if (refusal) return refusal.message;
      const facts = rules.facts.get(line.productId);
      const held = rules
        .stockOf(line.productId)
        .find((s) => s.warehouseId === line.wh && (!facts || sameAmount(s.mrp, facts.mrp)));
      const left = held?.stock ?? 0;
      return left < line.qty ? onlyLeftInWarehouse(line.productName, left, warehouseName(line.wh)) : null;
    };
  }

  /** Places lines (one warehouse order per warehouse) through the orders service; its results. */
  async function place(user: SessionUser, viewer: Viewer, key: string, lines: readonly PlannedLine[]) {
    const byWarehouse = new Map<number, { id: number; qty: number }[]>();
    for (const l of lines)
      if (l.wh !== null)
        byWarehouse.set(l.wh, [...(byWarehouse.get(l.wh) ?? []), { id: l.productId, qty: l.qty }]);
    const body = {
      orders: [...byWarehouse].map(([wh, products]) => ({ wh, products })),
      ...addressOf(user),
    } as PlaceOrderBody;
    const outcome = await deps.orders.place(user, viewer, key, body, { source: "B2F", keepCart: true });
    return ("result" in outcome.body ? outcome.body.result : []) as OrderResult[];
  }

  async function placeFor(
    userId: number,
    at: Date,
    startedBy: "schedule" | "staff",
  ): Promise<ArsRun & { replayed: boolean }> {
    const user = await sessionUserById(db, userId);
    if (!user) throw notFound(storeReportMessages.partnerNotFound);
    if (!user.isFranchisee) throw badRequest(storeReportMessages.arsNotFranchisee);
    const runDay = arsRunDay(indiaDay(at));
    const earlier = await repo.arsRunOf(db, userId, runDay);
    if (earlier) return { ...toArsRun(earlier), replayed: true };

    const viewer = await loadViewer(deps.users, user);
    const lines = await deps.storeReports.arsReplenishmentLines(viewer, arsReplenishmentRange(runDay));
    const warehouseName = (wh: number | null) =>
      wh === null ? null : (viewer.warehouses.find((w) => w.id === wh)?.name ?? String(wh));
    const refusalOf = await screen(user, viewer, lines);
    const refused: ArsRefusedLine[] = [];
    const accepted: PlannedLine[] = [];
    for (const line of lines) {
      const reason = refusalOf(line);
      if (reason === null) accepted.push(line);
      else refused.push({ ...line, warehouseName: warehouseName(line.wh), reason });
    }

    const placed: ArsPlacedLine[] = [];
    const recordPlaced = (results: readonly OrderResult[], of: readonly PlannedLine[]) => {
      for (const r of results) {
        if (r.status !== 200) continue;
        for (const l of r.order.lines) {
          const line = of.find((p) => p.productId === l.productId && p.wh === r.wh);
          if (line) placed.push({ ...line, wh: r.wh, warehouseName: r.order.warehouseName, poid: r.poid });
        }
      }
    };
    const key = `ars-${userId}-${runDay}`;
    const results = accepted.length > 0 ? await place(user, viewer, key, accepted) : [];
    recordPlaced(results, accepted);
    // A warehouse that still refused (its stock taken in between): its lines one at a time.
    for (const failed of results.filter((r) => r.status === 400)) {
      for (const line of accepted.filter((l) => l.wh === failed.wh)) {
        const single = await place(user, viewer, `${key}-${line.productId}`, [line]);
        recordPlaced(single, [line]);
        const refusal = single.find((r) => r.status === 400);
        if (refusal && refusal.status === 400)
          refused.push({ ...line, warehouseName: warehouseName(line.wh), reason: refusal.message });
      }
    }

    placed.sort((a, b) => a.productId - b.productId);
    const poids = [...new Set(placed.map((p) => p.poid))].sort();
    const figures = arsRunFigures(placed, refused, poids);
    const stored = await db.transaction(async (tx) => {
      const row = await repo.insertArsRun(tx, {
        userId,
        runDay,
        startedBy,
        createdAt: at,
        plannedLines: lines.length,
        plannedUnits: lines.reduce((n, l) => n + l.qty, 0),
        placedLines: figures.placedLines,
        placedUnits: figures.placedUnits,
        poids,
        placed,
        refused,
      });
      if (row && lines.length > 0)
        await notifyPartner(tx, {
          userId,
          title: figures.placedLines > 0 ? arsRunMessages.runTitle : arsRunMessages.runNothingTitle,
          message: arsRunMessages.runSummary(
            runDay,
            figures.placedLines,
            figures.placedUnits,
            figures.orders,
            figures.refusedLines,
          ),
          target: "/account/arsReport",
          at,
        });
      return row;
    });
    if (stored) return { ...toArsRun(stored), replayed: false };
    // Another instance recorded this run first: its record is the answer.
    const other = await repo.arsRunOf(db, userId, runDay);
    if (!other) throw new Error("ARS run neither stored nor found");
    return { ...toArsRun(other), replayed: true };
  }

  return {
    /** Staff: place this week's ARS replenishment for one partner now (audited). */
    async placeByStaff(actor: { id: number }, userId: number): Promise<ArsRun & { replayed: boolean }> {
      const at = now();
      const answer = await placeFor(userId, at, "staff");
      await recordAudit(db, {
        actorId: actor.id,
        action: "ars.replenish",
        entity: "user",
        entityId: userId,
        after: answer,
        at,
      });
      return answer;
    },

    /** The partner's own runs, newest first (franchisees; anyone else has none). */
    async runsOf(user: SessionUser, limit: number): Promise<{ rows: ArsRun[] }> {
      if (!user.isFranchisee) return { rows: [] };
      return { rows: (await repo.arsRunsOf(db, user.id, limit)).map(toArsRun) };
    },

    /** The weekly job: every franchisee with an ARS list; one failing partner does not stop the others. */
    async runWeekly(log?: { error(obj: unknown, msg?: string): void }, at = now()): Promise<number> {
      let placed = 0;
      for (const userId of await repo.arsPartners(db)) {
        try {
          placed += (await placeFor(userId, at, "schedule")).poids.length;
        } catch (error) {
          log?.error({ err: error, userId }, "ARS replenishment failed");
        }
      }
      return placed;
    },
  };
}
export type ArsReplenishment = ReturnType<typeof createArsReplenishment>;
