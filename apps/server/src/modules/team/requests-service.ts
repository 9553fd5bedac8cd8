import { randomUUID } from "node:crypto";
import type {
  ApproveRequestResponse,
  DeclineRequestResponse,
  OrderRequest,
  OrderRequestsResponse,
  PlaceOrderBody,
} from "@portal/contracts";
import {
  ORDER_REQUEST_TTL_MS,
  type OrderRequestStatus,
  orderRequestMessages,
  paiseToDecimal,
  teamScreenMessages,
  toPaise,
} from "@portal/domain";
import type { z } from "zod";
import type { Db, DbOrTx, Tx } from "../../db/client";
import { AppError, forbidden, notFound } from "../../lib/errors";
import { recordAudit } from "../audit/public";
import { type SessionUser, teamRoleOf } from "../auth/public";
import type { Viewer } from "../catalogue/public";
import { enqueueJob, enqueueJobOnce } from "../jobs/public";
import { notifyPartner } from "../notifications/public";
import { type ApprovalAsked, type OrdersService, placedByOf } from "../orders/public";
import * as repo from "./requests-repo";

/** The job that expires pending requests older than 7 days (hourly; reads expire them too). */
export const ORDER_REQUEST_EXPIRY_JOB = "orderRequestExpiry";
export const ORDER_REQUEST_EXPIRY_EVERY_MS = 60 * 60 * 1000;
/** Requests per page of GET /api/team/requests. */
export const ORDER_REQUESTS_PAGE_SIZE = 20;
/** Where the web shows order requests (the notifications link there). */
export const ORDER_REQUESTS_PATH = "/account/requests";

const nameOf = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`.trim();

export interface RequestsDeps {
  db: Db;
  /** The orders service (made after this one: it takes this one as its approval desk). */
  orders: () => OrdersService;
  now?: () => Date;
}

/**
 * Buyers' order requests (issue 30): a buyer's placement above their approval limit is kept as a
 * request (the orders service hands it here, priced as placing would bill it); the store's owner
 * approves it (placed then, through the orders service, with stock checked at that moment) or
 * declines it with a reason; a request not decided within 7 days expires. The buyer is told each
 * outcome (a notification to the store naming them, a mail to them).
 */
export function createRequestsService(deps: RequestsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** Tells the buyer what became of their request: the store's notification names them; the mail goes to them. */
  async function tellBuyer(
    tx: DbOrTx,
    storeId: number,
    memberId: number,
    notice: { title: string; message: (buyerName: string) => string; at: Date },
  ) {
    const buyer = await repo.memberOf(tx, storeId, memberId);
    if (!buyer) return;
    const message = notice.message(nameOf(buyer));
    await notifyPartner(tx, {
      userId: storeId,
      title: notice.title,
      message,
      target: ORDER_REQUESTS_PATH,
      at: notice.at,
      mail: false,
      audience: { memberId },
    });
    await enqueueJob(
      tx,
      "mail",
      { to: buyer.email, subject: notice.title, text: `${message}\n\nOpen: ${ORDER_REQUESTS_PATH}` },
      notice.at,
    );
  }

  /** Expires the due requests (one store's, or all) and tells each buyer. */
  async function expire(storeId?: number): Promise<number> {
    const at = now();
    return db.transaction(async (tx) => {
      const expired = await repo.expireDue(tx, at, storeId);
      for (const r of expired)
        await tellBuyer(tx, r.storeId, r.memberId, {
          title: orderRequestMessages.expiredTitle,
          message: (buyer) => orderRequestMessages.expired(buyer, r.id),
          at,
        });
      return expired.length;
    });
  }

  /** The API's view of stored requests, with product and warehouse names. */
  async function viewOf(db: DbOrTx, rows: readonly repo.ListedRequest[]): Promise<OrderRequest[]> {
    const lines = rows.flatMap((r) => r.request.lines as repo.StoredRequestLine[]);
    const names = await repo.lineNames(
      db,
      lines.map((l) => l.productId),
      lines.flatMap((l) => (l.whId === null ? [] : [l.whId])),
    );
    return rows.map(({ request: r, member }) => ({
      id: r.id,
      status: r.status as OrderRequestStatus,
      requestedBy: { id: member.id, name: nameOf(member), email: member.email },
      total: paiseToDecimal(toPaise(r.total)),
      lines: (r.lines as repo.StoredRequestLine[]).map((l) => ({
        productId: l.productId,
        name: names.product.get(l.productId) ?? `Product ${l.productId}`,
        qty: l.qty,
        warehouse: l.whId === null ? null : (names.warehouse.get(l.whId) ?? null),
        amount: paiseToDecimal(toPaise(l.amount ?? "0")),
      })),
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
      declineReason: r.declineReason,
      failure: r.failure,
      poids: r.poids,
    }));
  }

  async function viewOne(db: DbOrTx, storeId: number, id: number): Promise<OrderRequest> {
    const request = await repo.findRequest(db, storeId, id);
    const member = request ? await repo.memberOf(db, storeId, request.memberId) : null;
    if (!request || !member) throw notFound(orderRequestMessages.notFound);
    const [view] = await viewOf(db, [{ request, member }]);
    if (!view) throw notFound(orderRequestMessages.notFound);
    return view;
  }

  /**
   * The request an owner decides on, still pending and not past its 7 days (a due one is expired
   * first and refused); another store's is 404.
   */
  async function pendingRequest(user: SessionUser, id: number): Promise<repo.OrderRequestRow> {
    if (teamRoleOf(user) !== "owner") throw forbidden(orderRequestMessages.ownerOnly);
    const found = await repo.findRequest(db, user.id, id);
    if (!found) throw notFound(orderRequestMessages.notFound);
    if (found.status === "pending" && found.expiresAt.getTime() <= now().getTime()) {
      await expire(user.id);
      throw new AppError(409, orderRequestMessages.notPending("expired"));
    }
    if (found.status !== "pending") throw new AppError(409, orderRequestMessages.notPending(found.status));
    return found;
  }

  /** Inside the deciding transaction: the request locked and still pending, or 409 (rolling everything back). */
  async function lockPending(tx: Tx, storeId: number, id: number): Promise<repo.OrderRequestRow> {
    const locked = await repo.findRequest(tx, storeId, id, { lock: true });
    if (!locked) throw notFound(orderRequestMessages.notFound);
    if (locked.status !== "pending") throw new AppError(409, orderRequestMessages.notPending(locked.status));
    return locked;
  }

  return {
    expire,

    /** Queues the expiry job unless one waits already (at start; several instances may all ask). */
    async scheduleExpiry(at: Date = now()): Promise<void> {
      await enqueueJobOnce(db, ORDER_REQUEST_EXPIRY_JOB, {}, at);
    },

    /** The expiry job: expires what is due, then queues its next run in an hour. */
    async runExpiryJob(): Promise<void> {
      await expire();
      await enqueueJobOnce(
        db,
        ORDER_REQUEST_EXPIRY_JOB,
        {},
        new Date(now().getTime() + ORDER_REQUEST_EXPIRY_EVERY_MS),
      );
    },

    /**
     * The orders service's approval desk: records a buyer's placement above their limit as a pending
     * request, in the placement's transaction, and tells the owner (a notification and a mail).
     */
    async request(tx: Tx, asked: ApprovalAsked): Promise<{ id: number; total: string; message: string }> {
      const member = asked.user.member;
      if (!member) throw new Error("only a store member's placement becomes an order request");
      const total = paiseToDecimal(asked.total);
      const id = await repo.insertRequest(tx, {
        storeId: asked.user.id,
        memberId: member.id,
        placement: asked.placement as unknown as Record<string, unknown>,
        lines: asked.lines,
        total,
        createdAt: asked.at,
        expiresAt: new Date(asked.at.getTime() + ORDER_REQUEST_TTL_MS),
      });
      const buyerName = nameOf(member);
      await notifyPartner(tx, {
        userId: asked.user.id,
        title: orderRequestMessages.askedTitle,
        message: orderRequestMessages.asked(buyerName, total),
        target: ORDER_REQUESTS_PATH,
        at: asked.at,
        audience: "owner",
      });
      return {
        id,
        total,
        message: orderRequestMessages.sentForApproval(
          total,
          member.approvalLimit ?? "0",
          nameOf(asked.user) || asked.user.email,
        ),
      };
    },

    /** GET /api/team/requests: the owner sees the store's requests, anyone else their own; due ones expire first. */
    async list(
      user: SessionUser,
      query: { status?: OrderRequestStatus | undefined; page: number },
    ): Promise<z.infer<typeof OrderRequestsResponse>> {
      if (await repo.hasDue(db, user.id, now())) await expire(user.id);
      const filter: repo.RequestFilter = {
        storeId: user.id,
        ...(teamRoleOf(user) === "owner" ? {} : { memberId: user.member?.id ?? 0 }),
        ...(query.status ? { status: query.status } : {}),
      };
      const page = { page: query.page, pageSize: ORDER_REQUESTS_PAGE_SIZE };
      const { rows, total } = await repo.listRequests(db, filter, page);
      return { requests: await viewOf(db, rows), total, page: page.page, pageSize: page.pageSize };
    },

    /**
     * POST /api/team/requests/{id}/approve: places the request now, as the store, through the orders
     * service (stock checked at this moment; a warehouse order that cannot be filled is refused as a
     * placement refuses it), recording the buyer as who placed the orders and taking what was ordered
     * out of the buyer's cart. Approved when anything was placed, else failed with the reasons; the
     * buyer is told, the decision audited, all in the placement's transaction.
     */
    async approve(user: SessionUser, viewer: Viewer, id: number): Promise<ApproveRequestResponse> {
      const request = await pendingRequest(user, id);
      const buyer = await repo.memberOf(db, user.id, request.memberId);
      const outcome = await deps
        .orders()
        .place(user, viewer, `approval-${randomUUID()}`, request.placement as unknown as PlaceOrderBody, {
          approving: {
            memberId: request.memberId,
            orderRequestId: request.id,
            placedBy: placedByOf(buyer),
          },
          within: async (tx, result) => {
            await lockPending(tx, user.id, id);
            const at = now();
            const poids = result.flatMap((r) => (r.status === 200 ? [r.poid] : []));
            const refused = result.flatMap((r) => (r.status === 200 ? [] : [r.message]));
            const failure = refused.length > 0 ? refused.join("; ") : null;
            const status = poids.length > 0 ? "approved" : "failed";
            await repo.recordDecision(tx, id, { status, decidedAt: at, poids, failure });
            await tellBuyer(tx, user.id, request.memberId, {
              title:
                status === "approved" ? orderRequestMessages.approvedTitle : orderRequestMessages.failedTitle,
              message: (buyer) =>
                status === "approved"
                  ? [
                      orderRequestMessages.approved(buyer, id, poids),
                      ...(failure ? [orderRequestMessages.partlyPlaced(failure)] : []),
                    ].join(" ")
                  : orderRequestMessages.failed(buyer, id, failure ?? ""),
              at,
            });
            await recordAudit(tx, {
              actorId: user.id,
              action: "orderRequest.approve",
              entity: "order_request",
              entityId: id,
              before: { status: "pending" },
              after: { status, poids, failure },
              at,
            });
          },
        });
      const result = outcome.body.result ?? [];
      return {
        message: teamScreenMessages.requestApproved(id),
        request: await viewOne(db, user.id, id),
        result,
      };
    },

    /** POST /api/team/requests/{id}/decline: declined with the owner's reason; the buyer is told, the decision audited. */
    async decline(user: SessionUser, id: number, reason: string): Promise<DeclineRequestResponse> {
      const request = await pendingRequest(user, id);
      await db.transaction(async (tx) => {
        await lockPending(tx, user.id, id);
        const at = now();
        await repo.recordDecision(tx, id, { status: "declined", decidedAt: at, declineReason: reason });
        await tellBuyer(tx, user.id, request.memberId, {
          title: orderRequestMessages.declinedTitle,
          message: (buyer) => orderRequestMessages.declined(buyer, id, reason),
          at,
        });
        await recordAudit(tx, {
          actorId: user.id,
          action: "orderRequest.decline",
          entity: "order_request",
          entityId: id,
          before: { status: "pending" },
          after: { status: "declined", reason },
          at,
        });
      });
      return { message: teamScreenMessages.requestDeclined(id), request: await viewOne(db, user.id, id) };
    },
  };
}

export type RequestsService = ReturnType<typeof createRequestsService>;
