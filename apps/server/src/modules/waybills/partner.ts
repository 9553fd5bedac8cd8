import { randomBytes } from "node:crypto";
import type {
  ReplaceWaybillFields,
  SaveWaybillFields,
  Waybill,
  WaybillDetail,
  WaybillListResponse,
  WaybillLogEntry,
} from "@portal/contracts";
import {
  backOfficeMessages,
  isFinalStatus,
  paiseToDecimal,
  refusal,
  toPaise,
  WAYBILL_CHECK_POSTS,
  WAYBILL_DOWNLOAD_TTL_MS,
  WAYBILL_LIFECYCLE,
  WAYBILL_SUBMIT_ACTION,
  WAYBILL_SUBMIT_STATUS,
  type WaybillStatus,
  waybillFileProblem,
  waybillMessages,
  waybillReplaceMessages,
  waybillStatusOf,
} from "@portal/domain";
import { fileTypeFromBuffer } from "file-type";
import type { Db } from "../../db/client";
import type { RangeRequest } from "../../lib/byte-range";
import { AppError, badRequest, notFound } from "../../lib/errors";
import type { FileStore } from "../../lib/file-store";
import { opensAsPdf } from "../../lib/pdf-check";
import type { UrlSigner } from "../../lib/signed-url";
import type { SignedFileOwner } from "../../plugins/signed-files";
import { recordAudit } from "../audit/public";
import type { SessionUser } from "../auth/public";
import { ewayBillsOfLoads } from "../gst/public";
import { demoDocumentWaybillId, demoWaybillPdf } from "./demo-document";
import * as repo from "./repo";

/**
 * Where an uploaded waybill document is kept: a random name of hex digits (a storage key's segment
 * must begin with a letter or digit, which base64url's "-" and "_" may not).
 */
export const storedDocumentKey = (waybillId: number) =>
  `waybills/${waybillId}/${randomBytes(16).toString("hex")}.pdf`;

type Row = Awaited<ReturnType<typeof repo.ofPartner>> & {};

const statusOf = waybillStatusOf;

type EwayBills = Awaited<ReturnType<typeof ewayBillsOfLoads>>;

function toWaybill({ row: w, documents, warehouseName }: Row, ewayBills: EwayBills): Waybill {
  const ewayBill = ewayBills.get(w.loadId);
  return {
    id: w.id,
    requestid: w.requestId,
    awbno: w.awbNo,
    loadId: w.loadId,
    warehouseId: w.warehouseId,
    warehouseName,
    transporter: w.transporter,
    checkpostname: w.checkpostName,
    WHrequestdate: w.whRequestDate.toISOString(),
    assignstatus: statusOf(w.status),
    invoiceValue: paiseToDecimal(toPaise(w.invoiceValue)),
    totalqty: w.totalQty,
    noofbox: w.noOfBox,
    actualweight: w.actualWeight,
    documents: Number(documents),
    ewayBillNo: ewayBill?.number ?? null,
    ewayBillValidUntil: ewayBill?.validUntil?.toISOString() ?? null,
  };
}

export interface UploadedDocument {
  filename: string;
  bytes: Buffer;
}

const isStaff = (user: SessionUser) => user.role === "admin";

/** Null when the partner may upload a document to a request in `status`; once it is closed, the waybill's words. */
function uploadRefusal(status: string): string | null {
  const refused = refusal(WAYBILL_LIFECYCLE, status, "Doc Uploaded", "partner");
  return refused && isFinalStatus(WAYBILL_LIFECYCLE, status) ? waybillMessages.closed : refused;
}

/**
 * The partner's waybill calls: list, one request, its history, the WH-request count, uploading a
 * document (a PDF of at most 5 MB that opens in PDF.js, kept in the file store under
 * `waybills/<id>/`, nothing kept when anything fails) and short-lived signed download addresses given
 * only to the owner and staff.
 */
export function createWaybillPartnerService(deps: {
  db: Db;
  store: FileStore;
  signer: UrlSigner;
  now?: () => Date;
}) {
  const { db, store, signer } = deps;
  const now = deps.now ?? (() => new Date());

  async function own(user: SessionUser, requestId: string): Promise<Row> {
    const found = await repo.ofPartner(db, user.id, requestId);
    if (!found) throw notFound(backOfficeMessages.waybillNotFound);
    return found;
  }

  async function detail(user: SessionUser, requestId: string): Promise<WaybillDetail> {
    const found = await own(user, requestId);
    const log = await repo.logOf(db, found.row.id);
    return {
      ...toWaybill(found, await ewayBillsOfLoads(db, [found.row.loadId])),
      files: log.flatMap(({ log: l }) =>
        l.filePath && l.replacedAt === null
          ? [
              {
                path: l.filePath,
                fileName: l.fileName ?? "waybill.pdf",
                uploadedAt: l.at.toISOString(),
                comment: l.comment,
              },
            ]
          : [],
      ),
    };
  }

  /** The uploaded file when it is a PDF of at most 5 MB that opens (else the spec's refusal). */
  async function acceptedPdf(file: UploadedDocument | null): Promise<UploadedDocument> {
    const detected = file && file.bytes.length > 0 ? await fileTypeFromBuffer(file.bytes) : undefined;
    const problem = waybillFileProblem(
      file ? { size: file.bytes.length, detectedMime: detected?.mime ?? null } : null,
    );
    if (problem) throw badRequest(problem);
    if (!file) throw badRequest(waybillMessages.selectFile);
    // The first bytes say PDF; the whole file must open as one, or it is not kept.
    if (!(await opensAsPdf(file.bytes))) throw badRequest(waybillMessages.fileRule);
    return file;
  }

  /** A seeded document missing from the store: made from its waybill now, kept, then streamed. */
  async function madeDemoDocument(key: string, range?: RangeRequest) {
    const waybillId = demoDocumentWaybillId(key);
    const row = waybillId === null ? null : await repo.byId(db, waybillId);
    if (!row) return null;
    await store.put(key, await demoWaybillPdf(row), "application/pdf");
    return store.stream(key, range);
  }

  return {
    async list(
      user: SessionUser,
      q: { pageno: number; pagesize: number; assignstatus: WaybillStatus },
    ): Promise<WaybillListResponse> {
      const { rows, count } = await repo.listOfPartner(db, user.id, q.assignstatus, q);
      const ewayBills = await ewayBillsOfLoads(db, [...new Set(rows.map((r) => r.row.loadId))]);
      return { rows: rows.map((r) => toWaybill(r, ewayBills)), count };
    },

    get: detail,

    whRequestCount: async (user: SessionUser) => ({
      count: await repo.countOfStatus(db, user.id, "WH Request"),
    }),

    transporters: () => repo.transporters(db),
    checkPosts: async () => [...WAYBILL_CHECK_POSTS],

    async log(user: SessionUser, requestId: string): Promise<WaybillLogEntry[]> {
      const found = await own(user, requestId);
      const rows = await repo.logOf(db, found.row.id);
      return rows.map(({ log: l, firstname, lastname, storeName }) => ({
        status: l.status,
        action: l.action,
        comment: l.comment,
        actionby: l.actionBy === null ? null : (storeName ?? `${firstname ?? ""} ${lastname ?? ""}`.trim()),
        at: l.at.toISOString(),
        fileName: l.fileName,
        path: l.filePath,
        replacedAt: l.replacedAt?.toISOString() ?? null,
      }));
    },

    /**
     * saveWaybillDoc: the request is submitted with status Closed and action Update; the document is
     * judged by its content and size, written, then recorded with the request's move to Doc Uploaded
     * in one transaction. A refusal or a failure leaves neither a file nor a record.
     */
    async save(user: SessionUser, fields: SaveWaybillFields, file: UploadedDocument | null) {
      if (fields.status !== WAYBILL_SUBMIT_STATUS || fields.action !== WAYBILL_SUBMIT_ACTION)
        throw badRequest(waybillMessages.submitFields);
      const pdf = await acceptedPdf(file);
      const found = await own(user, fields.requestid);
      if (found.row.loadId !== fields.loadid) throw badRequest(waybillMessages.loadMismatch);
      const refusedNow = uploadRefusal(found.row.status);
      if (refusedNow) throw new AppError(409, refusedNow);

      const at = now();
      const stored = storedDocumentKey(found.row.id);
      await store.put(stored, pdf.bytes, "application/pdf");
      try {
        await db.transaction(async (tx) => {
          const w = await repo.lock(tx, found.row.id);
          if (!w) throw notFound(backOfficeMessages.waybillNotFound);
          const refused = uploadRefusal(w.status);
          if (refused) throw new AppError(409, refused);
          const next: WaybillStatus = "Doc Uploaded";
          await repo.update(tx, w.id, { status: next });
          await repo.log(tx, {
            waybillId: w.id,
            status: next,
            action: WAYBILL_SUBMIT_ACTION,
            comment: fields.comment || null,
            actionBy: user.id,
            filePath: stored,
            fileName: safeName(pdf.filename),
            at,
          });
          await recordAudit(tx, {
            actorId: user.id,
            actorMemberId: user.member?.id ?? null,
            action: "waybill.upload",
            entity: "waybill",
            entityId: w.id,
            before: { status: w.status },
            after: { status: next, file: stored },
            at,
          });
        });
      } catch (error) {
        await store.delete(stored);
        throw error;
      }
      return { message: waybillMessages.uploaded, waybill: await detail(user, fields.requestid) };
    },

    /**
     * replaceWaybillDoc: a wrong document is replaced while the request is open (WH Request or Doc
     * Uploaded). The new PDF is judged as an upload is; the old log row stays in the history, marked
     * replaced and pointing at the new one, and the audit keeps both files' names; the old file leaves
     * the store once the change is on record. A refusal or a failure leaves neither a file nor a record.
     */
    async replace(user: SessionUser, fields: ReplaceWaybillFields, file: UploadedDocument | null) {
      const pdf = await acceptedPdf(file);
      const found = await own(user, fields.requestid);
      if (found.row.loadId !== fields.loadid) throw badRequest(waybillMessages.loadMismatch);
      if (isFinalStatus(WAYBILL_LIFECYCLE, found.row.status))
        throw new AppError(409, waybillReplaceMessages.closed);

      const at = now();
      const stored = storedDocumentKey(found.row.id);
      const newName = safeName(pdf.filename);
      await store.put(stored, pdf.bytes, "application/pdf");
      let old: { path: string; name: string };
      try {
        old = await db.transaction(async (tx) => {
          const w = await repo.lock(tx, found.row.id);
          if (!w) throw notFound(backOfficeMessages.waybillNotFound);
          if (isFinalStatus(WAYBILL_LIFECYCLE, w.status))
            throw new AppError(409, waybillReplaceMessages.closed);
          const current = await repo.lockCurrentDocument(tx, w.id, fields.path);
          if (!current?.filePath) throw new AppError(409, waybillReplaceMessages.notCurrent);
          const oldName = current.fileName ?? "waybill.pdf";
          const id = await repo.log(tx, {
            waybillId: w.id,
            status: w.status,
            action: "Replace",
            comment: fields.comment || waybillReplaceMessages.replacedNote(oldName),
            actionBy: user.id,
            filePath: stored,
            fileName: newName,
            at,
          });
          await repo.markReplaced(tx, current.id, id, at);
          await recordAudit(tx, {
            actorId: user.id,
            actorMemberId: user.member?.id ?? null,
            action: "waybill.replace",
            entity: "waybill",
            entityId: w.id,
            before: { file: current.filePath, fileName: oldName },
            after: { file: stored, fileName: newName },
            at,
          });
          return { path: current.filePath, name: oldName };
        });
      } catch (error) {
        await store.delete(stored);
        throw error;
      }
      // the wrong file goes once the change is on record (a seeded document may never have been made)
      await store.delete(old.path).catch(() => {});
      return {
        message: waybillReplaceMessages.replaced(old.name, newName),
        waybill: await detail(user, fields.requestid),
      };
    },

    /**
     * A signed address of a document (`/api/files/waybills/…`, the one signed-address helper), for its
     * owner or staff, valid WAYBILL_DOWNLOAD_TTL_MS; anyone else's document is 404.
     */
    async download(user: SessionUser, filePath: string) {
      const owner = await repo.ownerOfDocument(db, filePath);
      if (owner === null || (owner !== user.id && !isStaff(user)))
        throw notFound(waybillMessages.downloadFailed);
      const { url, expiresAt } = signer.sign(filePath, WAYBILL_DOWNLOAD_TTL_MS / 1000, "inline");
      return { url, expiresAt };
    },

    /**
     * The owner of `waybills/` keys for the signed-file route: a document is served while it is on
     * record, streamed from the store; tampered or expired addresses get the waybill's messages.
     */
    files: {
      owns: (key: string) => key.startsWith("waybills/"),
      messages: {
        invalid: waybillMessages.linkInvalid,
        expired: waybillMessages.linkExpired,
        notFound: waybillMessages.downloadFailed,
      },
      async resolve(key: string, range?: RangeRequest) {
        if ((await repo.ownerOfDocument(db, key)) === null) return null;
        const found = (await store.stream(key, range)) ?? (await madeDemoDocument(key, range));
        if (!found) return null;
        return { ...found, contentType: "application/pdf", name: "waybill.pdf" };
      },
    } satisfies SignedFileOwner,
  };
}
export type WaybillPartnerService = ReturnType<typeof createWaybillPartnerService>;

/** The uploaded name, kept for showing only: no folders, no control characters, at most 120 characters. */
function safeName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const chars = Array.from(base.replace(/[\u0000-\u001f\u007f-\u009f]/g, ""));
  // lone surrogates cannot be stored as JSON text
  const clean = chars
    .filter((c) => !/^[\uD800-\uDFFF]$/.test(c))
    .slice(0, 120)
    .join("")
    .trim();
  return clean || "waybill.pdf";
}
