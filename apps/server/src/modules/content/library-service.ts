/**
 * The content library: lists by screen, short-lived signed addresses for its files (and the
 * signed-file owner that serves them), TV commercials and store music by language, and staff
 * uploads; the training calendar, assessments and results are training-service.ts's.
 */
import { randomBytes } from "node:crypto";
import type {
  AdminContentQuery,
  BrandsResponse,
  ContentFile,
  ContentUploadFields,
  LookbookPage,
  LookbookSummary,
  MediaItem,
  SignedUrlResponse,
  TvcResponse,
} from "@portal/contracts";
import {
  type ClipLanguage,
  CONTENT_DOCUMENT_KINDS,
  CONTENT_KINDS,
  CONTENT_MIME_BY_KIND,
  type ContentKind,
  cataloguePathOf,
  clipLanguageFor,
  contentMessages,
  contentTypeOf,
  contentUploadProblem,
  type EscalationRegion,
  isClipKind,
  LOOKBOOK_PRODUCTS_SHOWN,
  lookbookSubcategories,
  MEDIA_URL_TTL_SECONDS,
  SIGNED_URL_TTL_SECONDS,
} from "@portal/domain";
import { eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import type { Db } from "../../db/client";
import { contentFiles } from "../../db/schema";
import type { RangeRequest } from "../../lib/byte-range";
import { badRequest, notFound } from "../../lib/errors";
import { extensionOf, type FileStore, isStorageKey, type StoredStream } from "../../lib/file-store";
import type { Disposition, UrlSigner } from "../../lib/signed-url";
import type { ServedFile, SignedFileOwner } from "../../plugins/signed-files";
import { countProducts, pickProducts } from "./catalogue-picks";
import { demoContentFile, isDemoKey, resultPdf } from "./demo-files";
import * as repo from "./library-repo";
import { createTrainingService } from "./training-service";

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

  /**
   * A stored file as a stream; a demo file missing from the store is made now, kept, and sent from
   * memory (the same bytes).
   */
  async function fileOf(
    key: string,
    make: () => Promise<Buffer>,
    range?: RangeRequest,
  ): Promise<StoredStream | Buffer | null> {
    const stored = await store.stream(key, range);
    if (stored) return stored;
    if (!isDemoKey(key)) return null;
    const made = await make();
    await store.put(key, made);
    return made;
  }

  async function demoFile(row: repo.ContentFileRow, key: string, range?: RangeRequest) {
    const file = await fileOf(key, () => demoContentFile(row, key), range);
    const size = file === null ? null : Buffer.isBuffer(file) ? file.length : file.size;
    if (size !== null && key === row.storageKey && row.sizeBytes !== size)
      await db.update(contentFiles).set({ sizeBytes: size }).where(eq(contentFiles.id, row.id));
    return file;
  }

  const served = (file: StoredStream | Buffer, contentType: string, name: string): ServedFile =>
    Buffer.isBuffer(file) ? { body: file, contentType, name } : { ...file, contentType, name };

  function media(row: repo.ContentFileRow): MediaItem {
    return {
      ...toContentFile(row),
      url: sign(row.storageKey, MEDIA_URL_TTL_SECONDS).url,
      posterUrl: row.posterKey ? sign(row.posterKey, MEDIA_URL_TTL_SECONDS).url : null,
    };
  }

  /**
   * A lookbook with its cover and collection. The cover is the lookbook itself when it is a picture,
   * else its collection's first product's picture, else the cover picture stored with it (the seed's
   * or staff's); null when it has none of these.
   */
  async function lookbookOf(row: repo.ContentFileRow, shown: number) {
    const collection = { categories: [], subcategories: lookbookSubcategories(row) };
    const [products, productCount] = await Promise.all([
      pickProducts(db, collection, Math.max(1, shown)),
      countProducts(db, collection),
    ]);
    const first = products[0];
    const signed = (key: string) => ({
      url: sign(key, MEDIA_URL_TTL_SECONDS).url,
      alt: `Cover of ${row.title}`,
    });
    const cover = row.contentType.startsWith("image/")
      ? signed(row.storageKey)
      : first
        ? { url: first.image.url, alt: `${row.title}: ${first.name}` }
        : row.posterKey
          ? signed(row.posterKey)
          : null;
    const summary: LookbookSummary = {
      ...toContentFile(row),
      cover,
      productCount,
      listingPath:
        collection.subcategories.length > 0 ? cataloguePathOf({ ...collection, search: null }) : null,
    };
    return { summary, products: products.slice(0, shown) };
  }

  async function stored(kind: ContentKind, file: UploadedContent) {
    if (file.bytes.length === 0) throw badRequest(contentMessages.fileEmpty);
    const allowed = CONTENT_MIME_BY_KIND[kind];
    const detected = await fileTypeFromBuffer(file.bytes);
    if (!detected || !allowed.includes(detected.mime))
      throw badRequest(contentMessages.wrongFileType(allowed));
    const ext = extensionOf(detected.mime);
    const key = `${folderOf(kind)}/${randomBytes(12).toString("hex")}.${ext}`;
    await store.put(key, file.bytes, detected.mime);
    return { storageKey: key, contentType: contentTypeOf(detected.mime), sizeBytes: file.bytes.length };
  }

  return {
    /** A signed address for a stored file (for other modules: reach it through public.ts). */
    sign,
    policies: () => list("policy"),
    releaseNotes: () => list("releaseNote"),
    vmEbook: () => list("vmEbook"),
    /** GET /api/lookbooks: every lookbook with its cover and how many products its collection holds. */
    async lookbooks(): Promise<LookbookSummary[]> {
      const rows = await repo.filesOfKinds(db, ["lookbook"]);
      return Promise.all(rows.map(async (row) => (await lookbookOf(row, 1)).summary));
    },

    /** GET /api/lookbooks/:id: a lookbook's page: its cover, file and the first products of its collection. */
    async lookbook(id: number): Promise<LookbookPage> {
      const row = await repo.lookbookById(db, id);
      if (!row) throw notFound(contentMessages.lookbookFailed);
      const { summary, products } = await lookbookOf(row, LOOKBOOK_PRODUCTS_SHOWN);
      return { ...summary, products };
    },
    async brands(): Promise<BrandsResponse> {
      return { brandContacts: await list("brandContact"), escalationMatrix: await list("escalation") };
    },

    /** GET /api/policies/getUrl: an address for a document of the policies, brands or VM screens. */
    async documentUrl(viewer: Viewer, path: string): Promise<SignedUrlResponse> {
      const row = await openable(viewer, path, CONTENT_DOCUMENT_KINDS, contentMessages.fileNotFound);
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

    ...createTrainingService({ db, store, now, sign }),

    /**
     * The owner of content keys for the signed-file route (`plugins/signed-files.ts`): only files the
     * library knows are served (content files, their posters, assessment results).
     */
    files: {
      owns: () => true,
      messages: {
        invalid: contentMessages.linkInvalid,
        expired: contentMessages.linkExpired,
        notFound: contentMessages.fileNotFound,
      },
      async resolve(key: string, range?: RangeRequest): Promise<ServedFile | null> {
        const row = await repo.fileByKey(db, key);
        if (row) {
          const file = await demoFile(row, key, range);
          if (file) return served(file, row.contentType, `${row.title}.${key.split(".").pop()}`);
        }
        const posterOf = row ? null : await repo.fileByPoster(db, key);
        if (posterOf) {
          const file = await demoFile(posterOf, key, range);
          if (file) return served(file, "image/png", `${posterOf.title}.png`);
        }
        const result = row || posterOf ? null : await repo.resultByKey(db, key);
        if (result) {
          const file = await fileOf(
            key,
            () =>
              resultPdf({
                assessment: result.title,
                partner:
                  result.user.storeName ?? `${result.user.firstname} ${result.user.lastname ?? ""}`.trim(),
                score: result.r.score,
                total: result.r.total,
                takenOn: result.r.takenOn,
              }),
            range,
          );
          if (file) return served(file, "application/pdf", `${result.title} result.pdf`);
        }
        return null;
      },
    } satisfies SignedFileOwner,

    /** Makes every demo file missing from the store (run in the background after start). */
    async warmDemoFiles(): Promise<number> {
      let made = 0;
      const rows = await repo.filesOfKinds(db, CONTENT_KINDS);
      for (const row of rows) {
        for (const key of [row.storageKey, row.posterKey]) {
          if (!key || !isDemoKey(key) || (await store.exists(key))) continue;
          const file = await demoFile(row, key);
          if (file && !Buffer.isBuffer(file)) file.body.destroy();
          made++;
        }
      }
      return made;
    },

    // ---- staff ----

    async adminList(q: AdminContentQuery): Promise<ContentFile[]> {
      const kinds = q.kind ? [q.kind] : CONTENT_KINDS;
      return (await repo.filesOfKinds(db, kinds)).map(toContentFile);
    },

    async adminUrl(id: number): Promise<SignedUrlResponse> {
      const row = await repo.fileById(db, id);
      if (!row) throw notFound(contentMessages.fileNotFound);
      return sign(row.storageKey);
    },

    async upload(fields: ContentUploadFields, file: UploadedContent): Promise<ContentFile> {
      const problem = contentUploadProblem(fields);
      if (problem) throw badRequest(problem);
      const saved = await stored(fields.kind, file);
      const row = await repo.insertFile(db, {
        kind: fields.kind,
        title: fields.title,
        description: fields.description ?? null,
        region: fields.kind === "escalation" ? (fields.region ?? null) : null,
        language: isClipKind(fields.kind) ? (fields.language ?? null) : null,
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
        await store.delete(saved.storageKey);
        throw notFound(contentMessages.fileNotFound);
      }
      await store.delete(row.storageKey);
      return toContentFile(updated);
    },

    async remove(id: number): Promise<{ message: string }> {
      const gone = await repo.deleteFile(db, id);
      if (!gone) throw notFound(contentMessages.fileNotFound);
      await store.delete(gone.storageKey);
      if (gone.posterKey) await store.delete(gone.posterKey);
      return { message: `${gone.title} was removed.` };
    },
  };
}
export type LibraryService = ReturnType<typeof createLibraryService>;
