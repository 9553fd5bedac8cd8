/**
 * The file store in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2…), chosen at start when
 * `S3_BUCKET` is set. Same keys and calls as the disk store. Files are still served through the
 * server's signed addresses (the server checks the signature and the module's rules, then streams
 * from the bucket), so the bucket stays private: no public objects, no presigned URLs.
 */

import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { RangeNotSatisfiable, type RangeRequest, resolveRange } from "./byte-range";
import { assertStorageKey, contentTypeOfKey, type FileStore, type StoredStream } from "./file-store";

export interface S3StoreConfig {
  bucket: string;
  region?: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
}

const notFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
};

const unsatisfiable = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "InvalidRange" || e.$metadata?.httpStatusCode === 416;
};

const readable = (body: unknown): Readable =>
  body instanceof Readable ? body : Readable.from(body as AsyncIterable<Uint8Array>);

/** `length` bytes of a stream after the first `skip`; the rest is not read. */
async function* cut(body: Readable, skip: number, length: number) {
  let seen = 0;
  for await (const chunk of body) {
    const c = Buffer.from(chunk as Uint8Array);
    const from = Math.max(0, skip - seen);
    const to = Math.min(c.length, skip + length - seen);
    seen += c.length;
    if (to > from) yield c.subarray(from, to);
    if (seen >= skip + length) break;
  }
}

export function s3FileStore(config: S3StoreConfig): FileStore & { client: S3Client } {
  const client = new S3Client({
    region: config.region ?? "us-east-1",
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle ?? Boolean(config.endpoint),
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
  });
  const Bucket = config.bucket;
  const size = async (key: string) => {
    assertStorageKey(key);
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  };
  /**
   * GetObject, with a byte range when one is asked. A suffix range (`bytes=-n`) is turned into first
   * and last byte from the object's size first (S3-compatible servers differ on suffixes); a range
   * the object holds none of becomes RangeNotSatisfiable with the object's size; when the server
   * sends more than asked (or ignores the range), only the bytes asked for are passed on.
   */
  async function open(key: string, range?: RangeRequest): Promise<StoredStream | null> {
    assertStorageKey(key);
    let first: number | undefined;
    let last: number | undefined;
    if (range && "suffix" in range) {
      const total = await size(key);
      if (total === null) return null;
      const span = resolveRange(range, total);
      if (!span) throw new RangeNotSatisfiable(total);
      first = span.start;
      last = span.end;
    } else if (range) {
      first = range.start;
      last = range.end;
    }
    let got: GetObjectCommandOutput;
    try {
      got = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: key,
          ...(first === undefined ? {} : { Range: `bytes=${first}-${last ?? ""}` }),
        }),
      );
    } catch (error) {
      if (notFound(error)) return null;
      if (range && unsatisfiable(error)) {
        const total = await size(key);
        if (total === null) return null;
        throw new RangeNotSatisfiable(total);
      }
      throw error;
    }
    if (!got.Body) return null;
    const body = readable(got.Body);
    if (!range) return { body, size: got.ContentLength ?? 0 };
    const answered = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(got.ContentRange ?? "");
    const total = answered ? Number(answered[3]) : (got.ContentLength ?? 0);
    const want = resolveRange(range, total);
    if (!want) {
      body.destroy();
      throw new RangeNotSatisfiable(total);
    }
    // What the server sent: its Content-Range, or the whole object when it ignored the range.
    const sentStart = answered ? Number(answered[1]) : 0;
    const sentEnd = answered ? Number(answered[2]) : total - 1;
    if (sentStart === want.start && sentEnd === want.end) return { body, size: total, range: want };
    if (sentStart > want.start || sentEnd < want.end) {
      body.destroy();
      throw new Error(
        `The bucket sent bytes ${sentStart}-${sentEnd} of ${key} for ${want.start}-${want.end}`,
      );
    }
    // More than asked (some servers read `bytes=0-0` as `bytes=0-`): only the bytes asked for are given.
    return {
      body: Readable.from(cut(body, want.start - sentStart, want.end - want.start + 1)),
      size: total,
      range: want,
    };
  }

  return {
    client,
    description: `s3 bucket ${Bucket}${config.endpoint ? ` at ${config.endpoint}` : ""}`,
    async put(key, bytes, contentType) {
      assertStorageKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: contentType ?? contentTypeOfKey(key),
        }),
      );
    },
    async get(key) {
      const found = await open(key);
      if (!found) return null;
      const chunks: Buffer[] = [];
      for await (const c of found.body) chunks.push(Buffer.from(c as Uint8Array));
      return Buffer.concat(chunks);
    },
    stream: (key, range) => open(key, range),
    size,
    exists: async (key) => (await size(key)) !== null,
    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async list(prefix) {
      const clean = prefix.replace(/\/+$/, "");
      if (clean) assertStorageKey(clean);
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket,
            Prefix: clean ? `${clean}/` : undefined,
            ContinuationToken: token,
          }),
        );
        for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
  };
}
