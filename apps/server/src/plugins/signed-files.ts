/**
 * The one route that serves files behind signed addresses: `GET /api/files/<key>?expires&disposition&signature`
 * (addresses made by `lib/signed-url.ts`). The signature is the permission, so no session is needed;
 * the module that owns the key (content library, waybills) says what the file is, may refuse it
 * (a waybill document no longer on record), and gives its own messages for a tampered (403) or
 * expired (410) address. Bytes are streamed from the file store (disk or bucket).
 *
 * One byte range is honoured (`Range: bytes=a-b`, `a-`, `-n`; Safari asks for them before it plays a
 * <video>): 206 with `Content-Range` and the length of the part, read from the store as a range
 * (disk: a read stream from a to b; bucket: GetObject with Range). A range the file holds none of
 * is 416 with `Content-Range: bytes *\/size`; several ranges, a malformed header or an `If-Range`
 * (we give no validators to compare it with) get the whole file, 200. Every answer says
 * `Accept-Ranges: bytes`.
 */
import type { Readable } from "node:stream";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import {
  type ByteSpan,
  contentRange,
  parseRangeHeader,
  RangeNotSatisfiable,
  type RangeRequest,
  resolveRange,
} from "../lib/byte-range";
import { AppError, forbidden, notFound } from "../lib/errors";
import { isStorageKey } from "../lib/file-store";
import type { Disposition, UrlSigner } from "../lib/signed-url";

export interface ServedFile {
  body: Buffer | Readable;
  /** Known length of the whole file (streams); a Buffer's is its own. */
  size?: number;
  /** Set when `body` (a stream) holds only these bytes of the file, as a range asked for. */
  range?: ByteSpan;
  contentType: string;
  /** Download name shown by the browser. */
  name: string;
}

export interface SignedFileOwner {
  /** Whether keys like this one are this module's. */
  owns(key: string): boolean;
  messages: { invalid: string; expired: string; notFound: string };
  /**
   * The file of a key whose address checked out, or null (404). A `range` is passed on to the
   * store's `stream` (which throws RangeNotSatisfiable for a range outside the file); an owner may
   * also give the whole file as a Buffer, which the route cuts to the range.
   */
  resolve(key: string, range?: RangeRequest): Promise<ServedFile | null>;
}

export const RANGE_NOT_SATISFIABLE = "The requested range of this file is not available.";
const unsatisfiable = (size: number) =>
  new AppError(416, RANGE_NOT_SATISFIABLE, { "content-range": `bytes */${size}` });

const FileParams = z.object({ "*": z.string().max(400) });
const FileQuery = z.object({
  expires: z.string().max(20).default(""),
  disposition: z.string().max(20).default("inline"),
  signature: z.string().max(100).default(""),
});

export const signedFilesPlugin: FastifyPluginAsync<{ signer: UrlSigner; owners: SignedFileOwner[] }> = async (
  app,
  { signer, owners },
) => {
  app.get(
    "/api/files/*",
    {
      config: { access: "public" },
      schema: { hide: true, params: FileParams, querystring: FileQuery },
    },
    async (request, reply) => {
      const key = (request.params as z.infer<typeof FileParams>)["*"];
      const query = request.query as z.infer<typeof FileQuery>;
      const owner = isStorageKey(key) ? owners.find((o) => o.owns(key)) : undefined;
      const messages = owner?.messages ?? owners.at(-1)?.messages;
      const verdict = signer.verify({ key, ...query });
      if (verdict === "invalid") throw forbidden(messages?.invalid ?? "This link is not valid.");
      if (verdict === "expired") throw new AppError(410, messages?.expired ?? "This link has expired.");
      // An If-Range cannot match (no ETag or Last-Modified is given), so the whole file is sent.
      const range =
        request.headers["if-range"] === undefined ? parseRangeHeader(request.headers.range) : null;
      let served: ServedFile | null = null;
      try {
        served = owner ? await owner.resolve(key, range ?? undefined) : null;
      } catch (error) {
        if (error instanceof RangeNotSatisfiable) throw unsatisfiable(error.size);
        throw error;
      }
      if (!served) throw notFound(messages?.notFound ?? "File not found");
      // A file given whole (a Buffer) is cut to the range here.
      let body = served.body;
      let span = served.range;
      let size = served.size;
      if (Buffer.isBuffer(body)) {
        size = body.length;
        span = undefined;
        if (range) {
          span = resolveRange(range, size) ?? undefined;
          if (!span) throw unsatisfiable(size);
          body = body.subarray(span.start, span.end + 1);
        }
      }
      const disposition: Disposition = query.disposition === "attachment" ? "attachment" : "inline";
      const name = served.name.replace(/[^\w .&()-]/g, "_");
      reply
        .type(served.contentType)
        .header("accept-ranges", "bytes")
        .header("cache-control", "private, no-store")
        .header("x-content-type-options", "nosniff")
        .header("content-disposition", `${disposition}; filename="${name}"`);
      if (span && size !== undefined)
        return reply
          .code(206)
          .header("content-range", contentRange(span, size))
          .header("content-length", span.end - span.start + 1)
          .send(body);
      if (size !== undefined && !Buffer.isBuffer(body)) reply.header("content-length", size);
      return reply.send(body);
    },
  );
};
