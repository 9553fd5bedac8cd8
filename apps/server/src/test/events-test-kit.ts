import type { FastifyInstance } from "fastify";

/** One server-sent event as read off the stream; comments (heartbeats) come as `comment`. */
export interface Frame {
  id?: string;
  event?: string;
  data?: string;
  retry?: number;
  comment?: string;
}

/** A live stream read over real HTTP: frames as they come, awaited one by one (no sleeps). */
export interface OpenStream {
  status: number;
  headers: Headers;
  /** The answer's body when it was refused (no stream). */
  refusal: string | null;
  /** The first frame from now on that matches (frames already read are looked at first). */
  next(match?: (frame: Frame) => boolean): Promise<Frame>;
  /** Every frame read so far. */
  readonly frames: readonly Frame[];
  /** Settles when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

function parseFrame(block: string): Frame {
  const frame: Frame = {};
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) frame.comment = line.slice(1).trim();
    const at = line.indexOf(":");
    if (at <= 0) continue;
    const [field, value] = [line.slice(0, at), line.slice(at + 1).replace(/^ /, "")];
    if (field === "id") frame.id = value;
    if (field === "event") frame.event = value;
    if (field === "data") frame.data = frame.data === undefined ? value : `${frame.data}\n${value}`;
    if (field === "retry") frame.retry = Number(value);
  }
  return frame;
}

/** The app's address, listening on a free port of 127.0.0.1 (once per app). */
export async function addressOf(app: FastifyInstance): Promise<string> {
  const open = app.server.address();
  if (open && typeof open === "object") return `http://127.0.0.1:${open.port}`;
  return app.listen({ port: 0, host: "127.0.0.1" });
}

/** Opens `GET /api/events` on the app's real address. */
export async function openStream(
  app: FastifyInstance,
  headers: Record<string, string>,
  query = "",
): Promise<OpenStream> {
  const base = await addressOf(app);
  const abort = new AbortController();
  const res = await fetch(`${base}/api/events${query}`, {
    headers: { accept: "text/event-stream", "accept-encoding": "br, gzip", ...headers },
    signal: abort.signal,
  });
  const frames: Frame[] = [];
  const waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void; from: number }[] = [];
  let buffer = "";
  const settle = () => {
    for (const w of [...waiters]) {
      const found = frames.slice(w.from).find(w.match);
      if (found) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(found);
      }
    }
  };
  let consumed = 0;
  const refusal = res.ok ? null : await res.text();
  let ended: Promise<void> = Promise.resolve();
  if (res.ok && res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    ended = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          frames.push(parseFrame(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf("\n\n");
        }
        settle();
      }
    })().catch(() => {});
  }
  return {
    status: res.status,
    headers: res.headers,
    refusal,
    frames,
    ended,
    next(match = () => true) {
      return new Promise<Frame>((resolve) => {
        waiters.push({
          match,
          from: consumed,
          resolve: (f) => {
            consumed = frames.indexOf(f) + 1;
            resolve(f);
          },
        });
        settle();
      });
    },
    close: () => abort.abort(),
  };
}

/** The products of a `stock` frame. */
export const stockOfFrame = (frame: Frame) =>
  (
    JSON.parse(frame.data ?? "{}") as {
      products: { productId: number; stock: number; warehouses: unknown[] }[];
    }
  ).products;
