import type { AdminWaybill, AdminWaybillDocument } from "@portal/contracts";
import {
  formatDateTime,
  backOfficeMessages as msg,
  paiseToDecimal,
  toPaise,
  WAYBILL_LIFECYCLE,
  type WaybillStatus,
  waybillStatusOf,
} from "@portal/domain";
import type { FastifyReply } from "fastify";
import type { Db } from "../../db/client";
import { conflict, movable, staffViews } from "../../lib/admin";
import { notFound } from "../../lib/errors";
import { sendCsvPages } from "../../lib/staff-list";
import { recordAudit } from "../audit/public";
import { lockLoad } from "../loads/public";
import { type Notifier, notifyPartner } from "../notifications/public";
import { type Actor, partnerNameOf } from "../order-desk/public";
import * as repo from "./repo";

function toAdmin({
  row: w,
  user,
  documents,
}: Awaited<ReturnType<typeof repo.list>>["rows"][number]): AdminWaybill {
  return {
    id: w.id,
    requestId: w.requestId,
    loadId: w.loadId,
    userId: w.userId,
    partnerName: partnerNameOf(user),
    warehouseId: w.warehouseId,
    status: waybillStatusOf(w.status),
    transporter: w.transporter,
    awbNo: w.awbNo,
    checkpostName: w.checkpostName,
    whRequestDate: w.whRequestDate.toISOString(),
    invoiceValue: paiseToDecimal(toPaise(w.invoiceValue)),
    totalQty: w.totalQty,
    closedAt: w.closedAt?.toISOString() ?? null,
    documents: Number(documents),
  };
}

const CSV_HEADER = [
  "Request",
  "Load",
  "Partner",
  "Status",
  "Transporter",
  "AWB",
  "Check post",
  "Requested",
  "Invoice value",
  "Units",
  "Documents",
  "Closed",
] as const;

const csvCells = (w: AdminWaybill) => [
  w.requestId,
  w.loadId,
  w.partnerName,
  w.status,
  w.transporter,
  w.awbNo,
  w.checkpostName,
  formatDateTime(w.whRequestDate),
  w.invoiceValue,
  w.totalQty,
  w.documents,
  w.closedAt && formatDateTime(w.closedAt),
];

export function createWaybillsService(deps: {
  db: Db;
  now?: () => Date;
  /** How the partner is told (default `notifyPartner`: a notification and a mail). */
  notify?: Notifier;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const notify = deps.notify ?? notifyPartner;

  async function move(
    actor: Actor,
    id: number,
    to: WaybillStatus,
    comment: string | undefined,
    at: Date,
    document?: { path: string; name: string },
  ) {
    await db.transaction(async (tx) => {
      const w = movable(
        await repo.lock(tx, id),
        WAYBILL_LIFECYCLE,
        to,
        to === "Closed" ? "staff" : "partner",
        msg.waybillNotFound,
      );
      await repo.update(tx, id, { status: to, ...(to === "Closed" ? { closedAt: at } : {}) });
      await repo.log(tx, {
        waybillId: id,
        status: to,
        action: to === "Closed" ? "Update" : "Upload",
        comment: comment ?? null,
        actionBy: actor?.id ?? w.userId,
        filePath: document?.path ?? null,
        fileName: document?.name ?? null,
        at,
      });
      if (to === "Closed") {
        await notify(tx, {
          userId: w.userId,
          title: "Waybill closed",
          message: `Waybill request ${w.requestId} for load ${w.loadId} is closed.`,
          target: "/account/waybill",
          at,
          mail: false,
        });
        await recordAudit(tx, {
          actorId: actor?.id ?? null,
          action: "waybill.close",
          entity: "waybill",
          entityId: id,
          before: { status: w.status },
          after: { status: to, comment },
          at,
        });
      }
    });
    return id;
  }

  const views = {
    ...staffViews(db, repo.list, toAdmin, msg.waybillNotFound),
    /** One page of the desk: its filters, `q` and `sort` (repo.list). */
    async list(q: Omit<repo.WaybillListFilter, "id">) {
      const { rows, total } = await repo.list(db, q);
      return { rows: rows.map(toAdmin), total };
    },
  };

  /** The waybill's steps; each resolves to the waybill's id without reading it back. */
  const steps = {
    /** Staff raise a WH Request for a shipped (or handed-over) load: the partner must upload the waybill. */
    async request(
      actor: Actor,
      input: { loadId: number; checkpostName?: string | undefined; comment?: string | undefined },
      at = now(),
    ): Promise<number> {
      const id = await db.transaction(async (tx) => {
        const load = await lockLoad(tx, input.loadId);
        if (!load) throw notFound(msg.loadNotFound);
        if (await repo.ofLoad(tx, load.id)) throw conflict(msg.waybillExists);
        const w = await repo.insert(tx, {
          requestId: `WB${load.id}`,
          loadId: load.id,
          userId: load.userId,
          warehouseId: load.warehouseId,
          status: "WH Request",
          transporter: load.transporter,
          awbNo: load.docketNo,
          checkpostName: input.checkpostName ?? null,
          whRequestDate: at,
          invoiceValue: load.total,
          totalQty: load.totalQuantity,
        });
        await repo.log(tx, {
          waybillId: w.id,
          status: "WH Request",
          action: "Request",
          comment: input.comment ?? null,
          actionBy: actor?.id ?? null,
          at,
        });
        await notify(tx, {
          userId: load.userId,
          title: "Waybill requested",
          message: `The warehouse requests the waybill of load ${load.id} (request ${w.requestId}). Please upload it.`,
          target: "/account/waybill",
          at,
        });
        await recordAudit(tx, {
          actorId: actor?.id ?? null,
          action: "waybill.request",
          entity: "waybill",
          entityId: w.id,
          after: { loadId: load.id, requestId: w.requestId },
          at,
        });
        return w.id;
      });
      return id;
    },
    /** The partner's document is on record (the demo world's; the account area's upload is partner.ts). */
    docUploaded: (userId: number, id: number, document: { path: string; name: string }, at = now()) =>
      move({ id: userId }, id, "Doc Uploaded", undefined, at, document),
    close: (actor: Actor, id: number, comment?: string, at = now()) => move(actor, id, "Closed", comment, at),
  };

  return {
    list: views.list,
    get: views.get,
    /** Every request the desk's filters and search match, as CSV (India's times). */
    csv: (reply: FastifyReply, q: Omit<repo.WaybillListFilter, "id" | "page" | "pageSize">) =>
      sendCsvPages(
        reply,
        "waybills.csv",
        CSV_HEADER,
        async (page, pageSize) => (await views.list({ ...q, page, pageSize })).rows,
        csvCells,
      ),
    /** The documents the partner uploaded to a request, to see before closing it. */
    async documents(id: number): Promise<AdminWaybillDocument[]> {
      await views.get(id);
      const rows = await repo.documentsOf(db, id);
      return rows.flatMap((l) =>
        l.filePath
          ? [
              {
                path: l.filePath,
                fileName: l.fileName ?? "waybill.pdf",
                uploadedAt: l.at.toISOString(),
                comment: l.comment,
              },
            ]
          : [],
      );
    },
    /** The steps alone, for a caller that does not show their result (the demo world's batch). */
    steps,
    request: async (
      actor: Actor,
      input: Parameters<typeof steps.request>[1],
      at?: Date,
    ): Promise<AdminWaybill> => views.get(await steps.request(actor, input, at)),
    docUploaded: async (
      userId: number,
      id: number,
      document: { path: string; name: string },
      at?: Date,
    ): Promise<AdminWaybill> => views.get(await steps.docUploaded(userId, id, document, at)),
    close: async (actor: Actor, id: number, comment?: string, at?: Date): Promise<AdminWaybill> =>
      views.get(await steps.close(actor, id, comment, at)),
  };
}
export type WaybillsService = ReturnType<typeof createWaybillsService>;
