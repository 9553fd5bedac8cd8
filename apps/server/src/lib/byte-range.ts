/**
 * HTTP byte ranges (RFC 9110 §14) for files served from the file store: the one `Range: bytes=…`
 * the signed-file route honours, and the rule that turns it into the bytes of a file of known size.
 * Several ranges in one request, or a header that does not parse, are ignored (the whole file, 200).
 */

/** A range as asked: `bytes=a-b` is {start:a,end:b}, `bytes=a-` is {start:a}, `bytes=-n` is {suffix:n}. */
export type RangeRequest = { start: number; end?: number } | { suffix: number };

/** Bytes `start` to `end` of a file, both included. */
export interface ByteSpan {
  start: number;
  end: number;
}

/** The file holds none of the bytes asked for (416, `Content-Range: bytes *\/size`). */
export class RangeNotSatisfiable extends Error {
  constructor(readonly size: number) {
    super(`Range not satisfiable (the file has ${size} bytes)`);
    this.name = "RangeNotSatisfiable";
  }
}

const DIGITS = /^\d{1,15}$/;

/**
 * The single byte range of a `Range` header, or null when it is to be ignored: absent, not bytes,
 * malformed, a last byte before the first, or several ranges (those may be answered with the whole).
 */
export function parseRangeHeader(header: string | undefined): RangeRequest | null {
  if (!header) return null;
  const match = /^\s*bytes\s*=\s*([^,]*?)\s*$/i.exec(header);
  if (!match?.[1]) return null;
  const dash = match[1].indexOf("-");
  if (dash < 0) return null;
  const first = match[1].slice(0, dash).trim();
  const last = match[1].slice(dash + 1).trim();
  if (first === "") return DIGITS.test(last) ? { suffix: Number(last) } : null;
  if (!DIGITS.test(first)) return null;
  if (last === "") return { start: Number(first) };
  if (!DIGITS.test(last) || Number(last) < Number(first)) return null;
  return { start: Number(first), end: Number(last) };
}

/** The bytes a range asks of a file of `size` bytes, or null when it holds none of them. */
export function resolveRange(range: RangeRequest, size: number): ByteSpan | null {
  if (size <= 0) return null;
  if ("suffix" in range) {
    if (range.suffix <= 0) return null;
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size) return null;
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

/** `bytes a-b/size` for a 206 answer. */
export const contentRange = (span: ByteSpan, size: number) => `bytes ${span.start}-${span.end}/${size}`;
