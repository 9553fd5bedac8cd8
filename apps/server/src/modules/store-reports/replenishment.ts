/**
 * ARS replenishment: every Monday (ARS_RUN_WEEKDAY) each franchisee with an ARS list gets a
 * purchase order of source B2F for what the ARS report expects (arsExpectedQty over the month
 * ending on the run day), placed through the orders service (its prices, rules, stock locks and
 * idempotency). The key is the partner and the run day, so a run tried again, a second instance
 * or a staff action on the same week places nothing twice.
 */
import type { ArsReplenishmentResponse, OrderResult, PlaceOrderBody } from "@portal/contracts";
import {
  ARS_RUN_HOUR_IST,
  arsReplenishmentRange,
  arsRunDay,
  arsScheduledDate,
  indiaDay,
  indiaDayStart,
  storeReportMessages,
} from "@portal/domain";
import type { Db } from "../../db/client";
import { badRequest, notFound } from "../../lib/errors";
import { recordAudit } from "../audit/public";
import { sessionUserById } from "../auth/public";
import { loadViewer } from "../catalogue/public";
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

export function createArsReplenishment(deps: ArsReplenishmentDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function placeFor(userId: number, at: Date): Promise<ArsReplenishmentResponse> {
    const user = await sessionUserById(db, userId);
    if (!user) throw notFound(storeReportMessages.partnerNotFound);
    if (!user.isFranchisee) throw badRequest(storeReportMessages.arsNotFranchisee);
    const viewer = await loadViewer(deps.users, user);
    const runDay = arsRunDay(indiaDay(at));
    const lines = await deps.storeReports.arsReplenishmentLines(viewer, arsReplenishmentRange(runDay));
    if (lines.length === 0) return { runDay, lines: [], poids: [], refused: [], replayed: false };
    const byWarehouse = new Map<number, { id: number; qty: number }[]>();
    for (const l of lines)
      byWarehouse.set(l.wh, [...(byWarehouse.get(l.wh) ?? []), { id: l.productId, qty: l.qty }]);
    const address = {
      name: user.storeName ?? `${user.firstname} ${user.lastname ?? ""}`.trim(),
      address1: user.shippingAddress1 ?? "",
      address2: user.shippingAddress2 ?? undefined,
      city: user.shippingCity ?? "",
      state: user.shippingState ?? user.state ?? "",
      pincode: user.shippingPincode ?? user.pincode ?? "",
      phone: user.phone ?? "",
    };
    const body = {
      orders: [...byWarehouse].map(([wh, products]) => ({ wh, products })),
      shippingAddress: address,
      billingAddress: { ...address, phone: undefined, gstNo: undefined },
    } as PlaceOrderBody;
    const outcome = await deps.orders.place(user, viewer, `ars-${userId}-${runDay}`, body, {
      source: "B2F",
      keepCart: true,
    });
    const result = ("result" in outcome.body ? outcome.body.result : []) as OrderResult[];
    return {
      runDay,
      lines,
      poids: result.flatMap((r) => (r.status === 200 ? [r.poid] : [])),
      refused: result.flatMap((r) => (r.status === 400 ? [{ wh: r.wh, message: r.message }] : [])),
      replayed: outcome.replayed,
    };
  }

  return {
    /** Staff: place this week's ARS replenishment for one partner now (audited). */
    async placeByStaff(actor: { id: number }, userId: number): Promise<ArsReplenishmentResponse> {
      const at = now();
      const answer = await placeFor(userId, at);
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

    /** The weekly job: every franchisee with an ARS list; one failing partner does not stop the others. */
    async runWeekly(log?: { error(obj: unknown, msg?: string): void }, at = now()): Promise<number> {
      let placed = 0;
      for (const userId of await repo.arsPartners(db)) {
        try {
          placed += (await placeFor(userId, at)).poids.length;
        } catch (error) {
          log?.error({ err: error, userId }, "ARS replenishment failed");
        }
      }
      return placed;
    },
  };
}
export type ArsReplenishment = ReturnType<typeof createArsReplenishment>;
