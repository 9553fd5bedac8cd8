import type { AdminSalesReturn } from "@portal/contracts";
import {
  indiaDay,
  backOfficeMessages as msg,
  paiseToDecimal,
  type SalesReturnStatus,
  SR_LIFECYCLE,
  srStatusOf,
  toPaise,
} from "@portal/domain";
import type { Db } from "../../db/client";
import type { SalesReturnLine } from "../../db/schema";
import { movable, staffViews } from "../../lib/admin";
import { recordAudit } from "../audit/public";
import { ledgerPostings } from "../ledger/public";
import { notifyPartner } from "../notifications/public";
import { type Actor, partnerNameOf } from "../order-desk/public";
import { createSrDetailsService } from "./partner";
import * as repo from "./repo";

function toAdmin({ row: sr, user }: Awaited<ReturnType<typeof repo.list>>["rows"][number]): AdminSalesReturn {
  return {
    id: sr.id,
    referenceId: sr.referenceId,
    userId: sr.userId,
    partnerName: partnerNameOf(user),
    warehouseId: sr.warehouseId,
    status: srStatusOf(sr.status),
    invoiceDate: sr.invoiceDate,
    shippingCompany: sr.shippingCompany,
    awb: sr.awb,
    amount: paiseToDecimal(toPaise(sr.amount)),
    lines: sr.lines.map((l) => ({
      poid: l.poid,
      productId: l.productId,
      quantity: l.quantity,
      mrp: l.mrp,
      amountRefundable: l.amountRefundable,
    })),
    approvedAt: sr.approvedAt?.toISOString() ?? null,
  };
}

export function createSalesReturnsService(deps: { db: Db; now?: () => Date; quiet?: boolean }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  const views = staffViews(db, repo.list, toAdmin, msg.salesReturnNotFound, deps.quiet);
  const { viewAfter } = views;

  const service = {
    /** A partner's sales return of delivered units (Pending). */
    async create(
      input: { userId: number; warehouseId: number; ledgerAccount: number; lines: SalesReturnLine[] },
      at = now(),
    ) {
      const amount = input.lines.reduce((s, l) => s + toPaise(l.amountRefundable), 0n);
      return db.transaction(async (tx) => {
        const row = await repo.insert(tx, {
          referenceId: `SR${at.getTime().toString(36).toUpperCase()}${input.userId}`,
          userId: input.userId,
          warehouseId: input.warehouseId,
          ledgerAccount: input.ledgerAccount,
          status: "Pending",
          invoiceDate: indiaDay(at),
          amount: paiseToDecimal(amount),
          lines: input.lines,
          createdAt: at,
        });
        return row;
      });
    },

    /** Pending → InTransit with the shipping company and AWB (the partner's step). */
    async setInTransit(userId: number, id: number, shipping: { company: string; awb: string }, at = now()) {
      await db.transaction(async (tx) => {
        const locked = await repo.lock(tx, id);
        movable(
          locked?.userId === userId ? locked : null,
          SR_LIFECYCLE,
          "InTransit",
          msg.salesReturnNotFound,
        );
        await repo.update(tx, id, {
          status: "InTransit",
          shippingCompany: shipping.company,
          awb: shipping.awb,
        });
      });
      void at;
    },

    /** Staff move an SR one step; AccountApproved posts the credit note (SAC 999799). */
    async advance(actor: Actor, id: number, to: SalesReturnStatus, at = now()): Promise<AdminSalesReturn> {
      await db.transaction(async (tx) => {
        const sr = movable(await repo.lock(tx, id), SR_LIFECYCLE, to, msg.salesReturnNotFound);
        const approved = to === "AccountApproved";
        await repo.update(tx, id, { status: to, ...(approved ? { approvedAt: at } : {}) });
        if (approved) {
          const state = sr.lines[0] ? await stateOf(tx, sr.userId) : "Maharashtra";
          await ledgerPostings.salesReturnCredit(tx, {
            userId: sr.userId,
            ledgerAccount: sr.ledgerAccount,
            day: indiaDay(at),
            srId: sr.id,
            referenceId: sr.referenceId,
            amount: sr.amount,
            state,
            warehouseId: sr.warehouseId,
          });
        }
        await notifyPartner(tx, {
          ...(deps.quiet ? { mail: false } : {}),
          userId: sr.userId,
          title: `Sales return ${to}`,
          message: approved
            ? `Sales return ${sr.referenceId} is approved: ₹${sr.amount} credited to your ledger.`
            : `Sales return ${sr.referenceId} is now ${to}.`,
          target: "/account/srDetails",
          at,
          mail: approved,
        });
        await recordAudit(tx, {
          actorId: actor?.id ?? null,
          action: "salesReturn.advance",
          entity: "salesReturn",
          entityId: id,
          before: { status: sr.status },
          after: { status: to },
          at,
        });
      });
      return viewAfter(id);
    },

    list: views.list,
    get: views.get,
    /** The partner's own SRs (SR details screen). */
    partner: createSrDetailsService({ db, now }),
  };

  async function stateOf(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], userId: number) {
    const { rows } = await repo.list(tx, { userId, page: 1, pageSize: 1 });
    return rows[0]?.user.shippingState ?? rows[0]?.user.state ?? "Maharashtra";
  }
  return service;
}
export type SalesReturnsService = ReturnType<typeof createSalesReturnsService>;
