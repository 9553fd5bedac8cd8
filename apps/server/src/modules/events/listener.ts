import pg from "pg";
import type { Db } from "../../db/client";
import { STOCK_CHANNEL } from "./notify";

/** Committed stock notices as they arrive, and the moments a lost connection may have missed some. */
export interface StockListener {
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface ListenerHandlers {
  onNotice(payload: string): void;
  /** The listening connection was lost and is back: notices in between are lost (streams resync). */
  onGap(): void;
  onError?(error: unknown): void;
}

interface PgliteLike {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

const isPglite = (client: unknown): client is PgliteLike =>
  typeof (client as PgliteLike | null)?.listen === "function" && !(client instanceof pg.Pool);

/**
 * LISTEN on the database the app uses. On PostgreSQL a connection of its own (outside the pool: a
 * listening connection is held for good), reconnected after a loss with a growing pause (1 s to
 * 30 s); on PGlite the in-process listen of the one database.
 */
export function createStockListener(db: Db, handlers: ListenerHandlers): StockListener {
  const client: unknown = (db as unknown as { $client: unknown }).$client;
  if (isPglite(client)) {
    let unlisten: (() => Promise<void>) | null = null;
    return {
      async start() {
        unlisten = await client.listen(STOCK_CHANNEL, handlers.onNotice);
      },
      async close() {
        await unlisten?.();
        unlisten = null;
      },
    };
  }
  // an app built with no database at all (serving only the web app's files) has nothing to hear
  if (client === undefined) return { async start() {}, async close() {} };
  if (!(client instanceof pg.Pool)) throw new Error("Live stock needs PostgreSQL or PGlite");
  const pool = client;
  let connection: pg.Client | null = null;
  let closed = false;
  let pause = 1000;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (afterLoss: boolean) => {
    const next = new pg.Client(pool.options);
    next.on("notification", (message) => {
      if (message.channel === STOCK_CHANNEL) handlers.onNotice(message.payload ?? "");
    });
    const lost = (error?: unknown) => {
      if (connection !== next) return;
      connection = null;
      next.removeAllListeners("notification");
      next.end().catch(() => {});
      if (error) handlers.onError?.(error);
      schedule();
    };
    next.on("error", lost);
    next.on("end", () => lost());
    await next.connect();
    await next.query(`LISTEN ${STOCK_CHANNEL}`);
    if (closed) {
      await next.end();
      return;
    }
    connection = next;
    pause = 1000;
    if (afterLoss) handlers.onGap();
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect(true).catch((error) => {
        handlers.onError?.(error);
        pause = Math.min(pause * 2, 30_000);
        schedule();
      });
    }, pause);
    retry.unref();
  };
  return {
    start: () => connect(false),
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const open = connection;
      connection = null;
      await open?.end().catch(() => {});
    },
  };
}
