/**
 * C-forms (the partner's side): the CST invoices of a year and quarter that still need a C-form,
 * and the save that records the C-form number, docket, courier and the file (xls, xlsx or jpeg by
 * content, at most 1 MB) for the invoices it covers. The file is written to the file store under
 * `cforms/` and removed again when the save fails, so nothing is ever half-saved.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import type { CformData, CformQuery, CformRow } from "@portal/contracts";
import {
  CFORM_FILE_TYPES,
  CFORM_LIFECYCLE,
  CFORM_MAX_BYTES,
  CFORM_STATUS_LABELS,
  type CformFileMime,
  cformLastYear,
  financeMessages,
  messages,
  paiseToDecimal,
  quarterRange,
  refusal,
  toPaise,
} from "@portal/domain";
import { fileTypeFromBuffer } from "file-type";
import type { Db } from "../../db/client";
import { conflict } from "../../lib/admin";
import { AppError, badRequest, notFound } from "../../lib/errors";
import type { FileStore } from "../../lib/file-store";
import { recordAudit } from "../audit/public";
import * as repo from "./repo";

const m = (v: string) => paiseToDecimal(toPaise(v));
type StatusKey = keyof typeof CFORM_STATUS_LABELS;
const keyOf = (s: string): StatusKey => (s === "Issued" ? "Issued" : "Shipped");

export interface UploadedCform {
  filename: string;
  bytes: Buffer;
}

/** What the file is by its content (never its name), or null when it is not allowed. */
export async function cformFileKind(bytes: Buffer): Promise<{ mime: CformFileMime; ext: string } | null> {
  if (bytes.length === 0 || bytes.length > CFORM_MAX_BYTES) return null;
  const found = await fileTypeFromBuffer(bytes);
  if (!found || !(found.mime in CFORM_FILE_TYPES)) return null;
  const mime = found.mime as CformFileMime;
  return { mime, ext: CFORM_FILE_TYPES[mime] };
}

export function createCformsService(deps: { db: Db; store: FileStore; now?: () => Date }) {
  const { db, store } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async list(userId: number, q: CformQuery, at = now()) {
      const lastYear = cformLastYear(at);
      if (q.year > lastYear) throw badRequest(financeMessages.cformYearRange(lastYear));
      const range = q.quarter
        ? quarterRange(q.year, q.quarter)
        : { from: `${q.year}-01-01`, to: `${q.year}-12-31` };
      const rows = await repo.ofPartner(db, userId, { ...range, status: q.status });
      return {
        rows: rows.map(
          (r): CformRow => ({
            id: r.cform.id,
            InvoiceNumber: r.invoiceNumber,
            OrderDate: r.orderDate ?? r.issuedOn,
            ShippingDate: r.issuedOn,
            CSTAmount: m(r.cform.cstAmount),
            NetPayment: m(r.netPayment),
            TotalInvoiceAmount: m(r.total),
            WareHouseID: r.warehouseId,
            status: keyOf(r.cform.status),
            statusLabel: CFORM_STATUS_LABELS[keyOf(r.cform.status)],
            cFormNumber: r.cform.cformNumber,
            docketNumber: r.cform.docketNumber,
            courierName: r.cform.courierName,
            fileName: r.cform.fileName,
          }),
        ),
        total: rows.length,
      };
    },

    summary: (userId: number) => repo.counts(db, userId),

    /** The save: every invoice must be the partner's own and still To Be Submitted; all or nothing. */
    /** `memberId`: the store member who sent it (issue 30), null for the owner. */
    async add(
      userId: number,
      file: UploadedCform,
      data: CformData,
      at = now(),
      memberId: number | null = null,
    ) {
      const kind = await cformFileKind(file.bytes);
      if (!kind) throw badRequest(messages.cformFileRule);
      const numbers = [...new Set(data.invoices)];
      const key = `cforms/${randomUUID()}.${kind.ext}`;
      let written = false;
      try {
        // Written before the transaction, never inside it: a store in the database takes a connection
        // of its own, which an open transaction must not wait for.
        await store.put(key, file.bytes, kind.mime);
        written = true;
        const saved = await db.transaction(async (tx) => {
          const own = await repo.ownByInvoiceNumbers(tx, userId, numbers);
          if (own.length !== numbers.length) throw notFound(financeMessages.cformNotFound);
          if (own.some((r) => refusal(CFORM_LIFECYCLE, r.cform.status, "Issued", "partner")))
            throw conflict(messages.cformSaveFailed);
          const updated = await repo.submit(
            tx,
            own.map((r) => r.cform.id),
            {
              cformNumber: data.cFormNumber,
              docketNumber: data.docketNumber,
              courierName: data.courierName,
              fileKey: key,
              fileName: safeName(file.filename, kind.ext),
              fileMime: kind.mime,
              fileSize: file.bytes.length,
              at,
            },
          );
          if (updated.length !== own.length) throw conflict(messages.cformSaveFailed);
          await recordAudit(tx, {
            actorId: userId,
            actorMemberId: memberId,
            action: "cform.submit",
            entity: "cform",
            entityId: own.map((r) => r.cform.id).join(","),
            before: { status: "Shipped" },
            after: { status: "Issued", cformNumber: data.cFormNumber, invoices: numbers },
            at,
          });
          return updated.length;
        });
        return { message: messages.cformSaved, saved };
      } catch (error) {
        if (written) await store.delete(key).catch(() => undefined);
        if (error instanceof AppError) throw error;
        throw new AppError(500, messages.cformSaveFailed);
      }
    },

    /** The C-form's file for its owner or staff, streamed from the store; anyone else: 404. */
    async file(viewer: { id: number; role: string }, id: number) {
      const row = await repo.byId(db, id);
      if (!row || (row.userId !== viewer.id && viewer.role !== "admin") || !row.fileKey)
        throw notFound(financeMessages.cformFileNotFound);
      const found = await store.stream(row.fileKey).catch(() => null);
      if (!found) throw notFound(financeMessages.cformFileNotFound);
      return { ...found, mime: row.fileMime ?? "application/octet-stream", name: row.fileName ?? "cform" };
    },
  };
}
export type CformsService = ReturnType<typeof createCformsService>;

/** A download name made of safe characters, ending in the extension the content has. */
function safeName(original: string, ext: string): string {
  const base = path
    .basename(original)
    .replace(/\.[^.]*$/, "")
    .replace(/[^\w.-]+/g, "_")
    .slice(0, 80);
  return `${base || "cform"}.${ext}`;
}
