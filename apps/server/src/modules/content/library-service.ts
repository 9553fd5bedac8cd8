/**
 * The content library: lists by screen, short-lived signed addresses for its files, the training
 * calendar and results, TV commercials and store music by language, and staff uploads.
 */
import { randomBytes } from "node:crypto";
import type {
  AdminContentQuery,
  Assessment,
  AssessmentResult,
  BrandsResponse,
  ContentFile,
  ContentUploadFields,
  EventListResponse,
  GalleryImage,
  MediaItem,
  SignedUrlResponse,
  TrainingItem,
  TvcResponse,
} from "@portal/contracts";
import {
  type ClipLanguage,
  CONTENT_MIME_BY_KIND,
  type ContentKind,
  clipLanguageFor,
  contentMessages,
  type EscalationRegion,
  SIGNED_URL_TTL_SECONDS,
  TRAINING_GALLERY_SIZE,
  trainingRange,
} from "@portal/domain";
import { eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import type { Db } from "../../db/client";
import { contentFiles } from "../../db/schema";
import { AppError, badRequest, forbidden, notFound } from "../../lib/errors";
import { extensionOf, type FileStore, isStorageKey } from "../../lib/file-store";
import type { Disposition, UrlSigner } from "../../lib/signed-url";
import { demoContentFile, isDemoKey, resultPdf } from "./demo-files";
import * as repo from "./library-repo";

/** Clips play for a while: their addresses last an hour. */
const MEDIA_TTL_SECONDS = 3600;

export interface LibraryDeps {
  db: Db;
  store: FileStore;
  signer: UrlSigner;
  now?: () => Date;
}

export interface Viewer {
  id: number;
  state: string | null;
}

export interface UploadedContent {
  filename: string;
  bytes: Buffer;
}

/** The kinds the policies' getUrl opens (documents read in a new window). */
const DOCUMENT_KINDS: readonly ContentKind[] = [
  "policy",
  "releaseNote",
  "brandContact",
  "escalation",
  "vmEbook",
  "trainingMaterial",
];

const folderOf = (kind: ContentKind) => kind.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export function toContentFile(row: repo.ContentFileRow): ContentFile {
  return {
    id: row.id,
    kind: row.kind as ContentKind,
    title: row.title,
    description: row.description,
    path: row.storageKey,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    region: row.region as EscalationRegion | null,
    language: row.language as ClipLanguage | null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createLibraryService(deps: LibraryDeps) {
  const { db, store, signer } = deps;
  const now = deps.now ?? (() => new Date());
  const list = async (...kinds: ContentKind[]) => (await repo.filesOfKinds(db, kinds)).map(toContentFile);
  const sign = (key: string, ttl = SIGNED_URL_TTL_SECONDS, disposition: Disposition = "inline") =>
    signer.sign(key, ttl, disposition);

  /** A content row the viewer may open by its key, or 404 with `missing`. */
  async function openable(viewer: Viewer, path: string, kinds: readonly ContentKind[], missing: string) {
    if (!isStorageKey(path)) throw notFound(missing);
    const row = await repo.fileByKey(db, path);
    if (!row || !kinds.includes(row.kind as ContentKind)) throw notFound(missing);
    if (row.language && row.language !== clipLanguageFor(viewer.state)) throw notFound(missing);
    return row;
  }

  /** The bytes of a stored file; a demo file missing from the store is made now and kept. */
  async function bytesOf(key: string, make: () => Promise<Buffer>): Promise<Buffer | null> {
    const stored = await store.get(key);
    if (stored) return stored;
    if (!isDemoKey(key)) return null;
    const made = await make();
    await store.put(key, made);
    return made;
  }

  async function demoBytes(row: repo.ContentFileRow, key: string) {
    const bytes = await bytesOf(key, () => demoContentFile(row, key));
    if (bytes && key === row.storageKey && row.sizeBytes !== bytes.length)
      await db.update(contentFiles).set({ sizeBytes: bytes.length }).where(eq(contentFiles.id, row.id));
    return bytes;
  }

  function media(row: repo.ContentFileRow): MediaItem {
    return {
      ...toContentFile(row),
      url: sign(row.storageKey, MEDIA_TTL_SECONDS).url,
      posterUrl: row.posterKey ? sign(row.posterKey, MEDIA_TTL_SECONDS).url : null,
    };
  }

  async function stored(kind: ContentKind, file: UploadedContent) {
    if (file.bytes.length === 0) throw badRequest("The file is empty.");
    const allowed = CONTENT_MIME_BY_KIND[kind];
    const detected = await fileTypeFromBuffer(file.bytes);
    if (!detected || !allowed.includes(detected.mime))
      throw badRequest(contentMessages.wrongFileType(allowed));
    const ext = extensionOf(detected.mime);
    const key = `${folderOf(kind)}/${randomBytes(12).toString("hex")}.${ext}`;
    await store.put(key, file.bytes);
    const contentType =
      detected.mime === "audio/vnd.wave" || detected.mime === "audio/x-wav" ? "audio/wav" : detected.mime;
    return { storageKey: key, contentType, sizeBytes: file.bytes.length };
  }

  return {
    /** A signed address for a stored file (for other modules: reach it through public.ts). */
    sign,
    policies: () => list("policy"),
    releaseNotes: () => list("releaseNote"),
    vmEbook: () => list("vmEbook"),
    lookbooks: () => list("lookbook"),
    async brands(): Promise<BrandsResponse> {
      return { brandContacts: await list("brandContact"), escalationMatrix: await list("escalation") };
    },

    /** GET /api/policies/getUrl: an address for a document of the policies, brands or VM screens. */
    async documentUrl(viewer: Viewer, path: string): Promise<SignedUrlResponse> {
      const row = await openable(viewer, path, DOCUMENT_KINDS, contentMessages.fileNotFound);
      return sign(row.storageKey);
    },

    /** GET /api/lookbooks/getLookbook: an address that downloads the lookbook. */
    async lookbookUrl(viewer: Viewer, path: string) {
      const row = await openable(viewer, path, ["lookbook"], contentMessages.lookbookFailed);
      return {
        ...sign(row.storageKey, SIGNED_URL_TTL_SECONDS, "attachment"),
        message: `${row.title} is ready to download.`,
      };
    },

    /** Tamil Nadu users get the Tamil clips, everyone else the Hindi clips. */
    async tvc(viewer: Viewer): Promise<TvcResponse> {
      const language = clipLanguageFor(viewer.state);
      const rows = (await repo.filesOfKinds(db, ["tvc", "storeMusic"])).filter(
        (r) => r.language === language,
      );
      return {
        language,
        commercials: rows.filter((r) => r.kind === "tvc").map(media),
        storeMusic: rows.filter((r) => r.kind === "storeMusic").map(media),
      };
    },

    async events(body: { fromDate?: string | null; toDate?: string | null }): Promise<EventListResponse> {
      const range = trainingRange(body, now());
      const rows = await repo.eventsBetween(db, range.fromDate, range.toDate);
      return {
        ...range,
        events: rows.map((e) => ({
          id: e.id,
          title: e.title,
          category: e.category,
          trainer: e.trainer,
          mode: e.mode,
          location: e.location,
          date: e.eventDate,
          startTime: e.startTime,
          seats: e.seats,
        })),
      };
    },

    async trainingItems(): Promise<TrainingItem[]> {
      return (await repo.allTrainingItems(db)).map((t) => ({
        id: t.id,
        category: t.category,
        subcategory: t.subcategory,
        image: t.image,
        productsLink: t.productsLink,
      }));
    },

    /** The training gallery: six images. */
    async gallery(): Promise<GalleryImage[]> {
      const rows = (await repo.filesOfKinds(db, ["trainingGallery"])).slice(0, TRAINING_GALLERY_SIZE);
      return rows.map((r) => ({ id: r.id, title: r.title, url: sign(r.storageKey, MEDIA_TTL_SECONDS).url }));
    },

    async assessments(userId: number): Promise<Assessment[]> {
      return (await repo.assessmentsWithTaken(db, userId)).map(({ a, resultId }) => ({
        id: a.id,
        title: a.title,
        category: a.category,
        questions: a.questions,
        durationMinutes: a.durationMinutes,
        dueOn: a.dueOn,
        taken: resultId !== null,
      }));
    },

    async results(userId: number): Promise<AssessmentResult[]> {
      return (await repo.resultsOf(db, userId)).map(({ r, title }) => ({
        id: r.id,
        assessment: title,
        score: r.score,
        total: r.total,
        percent: Math.round((r.score / r.total) * 100),
        takenOn: r.takenOn,
        key: r.storageKey,
      }));
    },

    /** POST /api/result/download: only the caller's own result (another partner's: 404). */
    async resultUrl(userId: number, key: string): Promise<SignedUrlResponse> {
      const found = isStorageKey(key) ? await repo.resultByKey(db, key) : null;
      if (!found || found.r.userId !== userId) throw notFound(contentMessages.resultNotFound);
      return sign(found.r.storageKey, SIGNED_URL_TTL_SECONDS, "attachment");
    },

    /**
     * The file behind a signed address: a tampered address is refused (403), an old one is gone (410).
     * Only files the library knows are served.
     */
    async serve(parts: { key: string; expires: string; disposition: string; signature: string }) {
      const verdict = signer.verify(parts);
      if (verdict === "invalid") throw forbidden(contentMessages.linkInvalid);
      if (verdict === "expired") throw new AppError(410, contentMessages.linkExpired);
      const key = parts.key;
      const disposition: Disposition = parts.disposition === "attachment" ? "attachment" : "inline";
      const row = await repo.fileByKey(db, key);
      if (row) {
        const bytes = await demoBytes(row, key);
        if (bytes)
          return {
            bytes,
            contentType: row.contentType,
            name: `${row.title}.${key.split(".").pop()}`,
            disposition,
          };
      }
      const posterOf = row ? null : await repo.fileByPoster(db, key);
      if (posterOf) {
        const bytes = await demoBytes(posterOf, key);
        if (bytes) return { bytes, contentType: "image/png", name: `${posterOf.title}.png`, disposition };
      }
      const result = row || posterOf ? null : await repo.resultByKey(db, key);
      if (result) {
        const bytes = await bytesOf(key, () =>
          resultPdf({
            assessment: result.title,
            partner: result.user.storeName ?? `${result.user.firstname} ${result.user.lastname ?? ""}`.trim(),
            score: result.r.score,
            total: result.r.total,
            takenOn: result.r.takenOn,
          }),
        );
        if (bytes)
          return { bytes, contentType: "application/pdf", name: `${result.title} result.pdf`, disposition };
      }
      throw notFound(contentMessages.fileNotFound);
    },

    /** Makes every demo file missing from the store (run in the background after start). */
    async warmDemoFiles(): Promise<number> {
      let made = 0;
      const rows = await repo.filesOfKinds(db, [
        "policy",
        "releaseNote",
        "brandContact",
        "escalation",
        "vmEbook",
        "trainingGallery",
        "trainingMaterial",
        "lookbook",
        "tvc",
        "storeMusic",
      ]);
      for (const row of rows) {
        for (const key of [row.storageKey, row.posterKey]) {
          if (!key || !isDemoKey(key) || (await store.exists(key))) continue;
          await demoBytes(row, key);
          made++;
        }
      }
      return made;
    },

    // ---- staff ----

    async adminList(q: AdminContentQuery): Promise<ContentFile[]> {
      const kinds = q.kind ? [q.kind] : (Object.keys(CONTENT_MIME_BY_KIND) as ContentKind[]);
      return (await repo.filesOfKinds(db, kinds)).map(toContentFile);
    },

    async adminUrl(id: number): Promise<SignedUrlResponse> {
      const row = await repo.fileById(db, id);
      if (!row) throw notFound(contentMessages.fileNotFound);
      return sign(row.storageKey);
    },

    async upload(fields: ContentUploadFields, file: UploadedContent): Promise<ContentFile> {
      if (fields.kind === "escalation" && !fields.region)
        throw badRequest("Choose the region (north, south, west or east).");
      if ((fields.kind === "tvc" || fields.kind === "storeMusic") && !fields.language)
        throw badRequest("Choose the language (Tamil or Hindi).");
      const saved = await stored(fields.kind, file);
      const row = await repo.insertFile(db, {
        kind: fields.kind,
        title: fields.title,
        description: fields.description ?? null,
        region: fields.kind === "escalation" ? (fields.region ?? null) : null,
        language: fields.kind === "tvc" || fields.kind === "storeMusic" ? (fields.language ?? null) : null,
        ...saved,
        updatedAt: now(),
      });
      return toContentFile(row);
    },

    async replace(id: number, file: UploadedContent): Promise<ContentFile> {
      const row = await repo.fileById(db, id);
      if (!row) throw notFound(contentMessages.fileNotFound);
      const saved = await stored(row.kind as ContentKind, file);
      const updated = await repo.replaceFile(db, id, { ...saved, updatedAt: now() });
      if (!updated) {
        await store.remove(saved.storageKey);
        throw notFound(contentMessages.fileNotFound);
      }
      await store.remove(row.storageKey);
      return toContentFile(updated);
    },

    async remove(id: number): Promise<{ message: string }> {
      const gone = await repo.deleteFile(db, id);
      if (!gone) throw notFound(contentMessages.fileNotFound);
      await store.remove(gone.storageKey);
      if (gone.posterKey) await store.remove(gone.posterKey);
      return { message: `${gone.title} was removed.` };
    },
  };
}
export type LibraryService = ReturnType<typeof createLibraryService>;
