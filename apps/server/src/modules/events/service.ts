import { randomBytes } from "node:crypto";
import type { LiveStockItem } from "@portal/contracts";
import { liveStockOf, liveStockVisible } from "@portal/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { tooManyRequests } from "../../lib/errors";
import type { Viewer } from "../catalogue/public";
import { eventStreams } from "../ops/public";
import { createStockListener } from "./listener";
import { productIdsOf } from "./notify";
import * as repo from "./repo";

/** Comments every 15 s keep proxies and load balancers from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;
/** How long the browser waits before it reconnects a dropped stream. */
export const RETRY_MS = 2000;
/** A stream ends after this long (plus up to a minute); the tab reconnects, signed in again, and misses nothing. */
export const STREAM_LIFETIME_MS = 10 * 60_000;
/** Events kept for reconnecting streams (Last-Event-ID): the last 512 of this instance, in memory. */
export const REPLAY_EVENTS = 512;
/** Open streams per user on one instance (a tab each). */
export const STREAMS_PER_USER = 20;
export const TOO_MANY_STREAMS =
  "Too many live updates are open for this account. Close some tabs and try again.";
/** A stream whose client reads slower than this many bytes pile up is closed (it reconnects). */
const MAX_BUFFERED = 1 << 20;

/** Where a stream writes: the raw response. */
export interface StreamSink {
  write(chunk: string): boolean;
  end(): void;
  readonly writableLength: number;
}

interface Stream {
  viewer: Viewer;
  /** The session it was opened with (its token's hash): the stream ends when the session does. */
  session: string;
  watch: ReadonlySet<number>;
  sink: StreamSink;
  ends: NodeJS.Timeout;
}

interface StockEvent {
  seq: number;
  facts: ReadonlyMap<number, repo.StockFacts>;
}

/** What the replay window keeps of an event: which products changed (their stock is read again on replay). */
interface Changed {
  seq: number;
  ids: readonly number[];
}

export interface EventsOptions {
  db: Db;
  log?: FastifyBaseLogger;
  heartbeatMs?: number;
  lifetimeMs?: number;
  /** Open streams per user on this instance (default STREAMS_PER_USER; the bench raises it). */
  streamsPerUser?: number;
  /**
   * Of these sessions, the ones still signed in (auth's). Asked once a heartbeat for every open
   * stream's session: a session ended on any instance (signed out, deactivated, a new password)
   * ends its streams within a heartbeat.
   */
  liveSessions?: (sessions: readonly string[]) => Promise<Set<string>>;
}

const frame = (fields: { id?: string; event?: string; data?: unknown; retry?: number }) =>
  `${fields.retry === undefined ? "" : `retry: ${fields.retry}\n`}${fields.id ? `id: ${fields.id}\n` : ""}${
    fields.event ? `event: ${fields.event}\n` : ""
  }data: ${JSON.stringify(fields.data ?? {})}\n\n`;

/**
 * The live events of one instance: the open streams, the stock notices from the database (this
 * instance's changes and every other's, after commit), fanned out to each stream as the watched
 * products it may see, and a replay window of recent events for streams that reconnect.
 */
export function createEventsService(options: EventsOptions) {
  const { db } = options;
  const instance = randomBytes(5).toString("hex");
  const streams = new Set<Stream>();
  const watchers = new Map<number, Set<Stream>>();
  const perUser = new Map<number, number>();
  const window: Changed[] = [];
  let seq = 0;
  let pending = new Set<number>();
  let flushing: Promise<void> = Promise.resolve();
  let flushQueued = false;
  let heartbeat: NodeJS.Timeout | null = null;
  let started = false;
  /** Waiters for the next event (tests and the bench await one instead of sleeping). */
  const published = new Set<(seq: number) => void>();

  const idOf = (n: number) => `${instance}.${n}`;

  const itemsFor = (stream: Stream, event: StockEvent): LiveStockItem[] => {
    const viewer = {
      hasFoodLicense: stream.viewer.hasFoodLicense,
      mappedWarehouseIds: stream.viewer.warehouses.map((w) => w.id),
      rules: stream.viewer.rules,
    };
    const items: LiveStockItem[] = [];
    for (const [id, facts] of event.facts) {
      if (!stream.watch.has(id) || !liveStockVisible(facts, viewer)) continue;
      const live = liveStockOf(facts, stream.viewer.warehouses);
      items.push({ productId: live.productId, stock: live.stock, warehouses: [...live.warehouses] });
    }
    return items;
  };

  const send = (stream: Stream, chunk: string) => {
    if (stream.sink.writableLength > MAX_BUFFERED) return close(stream);
    stream.sink.write(chunk);
  };

  const deliver = (stream: Stream, event: StockEvent) => {
    const items = itemsFor(stream, event);
    if (items.length > 0)
      send(stream, frame({ id: idOf(event.seq), event: "stock", data: { products: items } }));
  };

  const flush = async () => {
    flushQueued = false;
    const ids = [...pending];
    pending = new Set();
    window.push({ seq: ++seq, ids });
    if (window.length > REPLAY_EVENTS) window.shift();
    // Only the products some stream here watches are read.
    const watched = ids.filter((id) => watchers.has(id));
    const facts = watched.length === 0 ? [] : await repo.stockFacts(db, watched);
    const event: StockEvent = { seq, facts: new Map(facts.map((f) => [f.id, f])) };
    const reached = new Set<Stream>();
    for (const id of watched) for (const stream of watchers.get(id) ?? []) reached.add(stream);
    for (const stream of reached) deliver(stream, event);
    for (const resolve of published) resolve(event.seq);
    published.clear();
  };

  const onNotice = (payload: string) => {
    for (const id of productIdsOf(payload)) pending.add(id);
    if (flushQueued) return;
    flushQueued = true;
    // Notices of one moment become one read and one event; flushes run one after another.
    flushing = flushing
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(flush)
      .catch((error) => options.log?.error({ err: error }, "live stock: reading a change failed"));
  };

  const resyncAll = () => {
    for (const stream of streams) send(stream, frame({ id: idOf(seq), event: "resync" }));
  };

  let checking: Promise<void> = Promise.resolve();
  /** Ends the streams whose session has ended (on any instance). */
  const endStreamsOfEndedSessions = async () => {
    if (!options.liveSessions || streams.size === 0) return;
    const open = [...streams];
    try {
      const live = await options.liveSessions([...new Set(open.map((s) => s.session))]);
      for (const stream of open) if (!live.has(stream.session)) close(stream);
    } catch (error) {
      options.log?.warn({ err: error }, "live stock: checking the streams' sessions failed");
    }
  };

  const listener = createStockListener(db, {
    onNotice,
    onGap: resyncAll,
    onError: (error) => options.log?.warn({ err: error }, "live stock: the listening connection failed"),
  });

  function close(stream: Stream) {
    if (!streams.delete(stream)) return;
    eventStreams.dec();
    clearTimeout(stream.ends);
    for (const id of stream.watch) {
      const set = watchers.get(id);
      set?.delete(stream);
      if (set?.size === 0) watchers.delete(id);
    }
    const left = (perUser.get(stream.viewer.userId) ?? 1) - 1;
    if (left > 0) perUser.set(stream.viewer.userId, left);
    else perUser.delete(stream.viewer.userId);
    stream.sink.end();
  }

  return {
    instance,
    async start() {
      if (started) return;
      started = true;
      await listener.start();
      heartbeat = setInterval(() => {
        for (const stream of streams) send(stream, ": heartbeat\n\n");
        checking = checking.then(endStreamsOfEndedSessions);
      }, options.heartbeatMs ?? HEARTBEAT_MS);
      heartbeat.unref();
    },
    /** Ends every stream and stops listening (the app is closing). */
    async close() {
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
      for (const stream of [...streams]) close(stream);
      await listener.close();
      await flushing;
      await checking;
    },
    /** Refuses a stream beyond the per-user limit (429) before anything is written. */
    admit(viewer: Viewer) {
      if ((perUser.get(viewer.userId) ?? 0) >= (options.streamsPerUser ?? STREAMS_PER_USER))
        throw tooManyRequests(TOO_MANY_STREAMS, 5);
    },
    /**
     * Opens a stream: the retry time and where it stands (`ready`), then what it missed since
     * `lastEventId` when this instance still holds it, else `resync` (the page reads its data again).
     * Returns the function that ends it.
     */
    async open(input: {
      viewer: Viewer;
      session: string;
      watch: readonly number[];
      lastEventId?: string | undefined;
      sink: StreamSink;
    }): Promise<() => void> {
      const lifetime = (options.lifetimeMs ?? STREAM_LIFETIME_MS) + Math.floor(Math.random() * 60_000);
      const stream: Stream = {
        viewer: input.viewer,
        session: input.session,
        watch: new Set(input.watch),
        sink: input.sink,
        ends: setTimeout(() => close(stream), lifetime),
      };
      stream.ends.unref();
      streams.add(stream);
      eventStreams.inc();
      perUser.set(input.viewer.userId, (perUser.get(input.viewer.userId) ?? 0) + 1);
      for (const id of stream.watch) {
        const set = watchers.get(id) ?? new Set<Stream>();
        set.add(stream);
        watchers.set(id, set);
      }
      input.sink.write(
        frame({ retry: RETRY_MS, id: idOf(seq), event: "ready", data: { watching: stream.watch.size } }),
      );
      if (input.lastEventId) {
        const [from, n] = input.lastEventId.split(".");
        const last = Number(n);
        const oldest = window[0]?.seq ?? seq + 1;
        if (from === instance && last <= seq && last >= oldest - 1) {
          // What changed since, among the watched products, as it stands now: one event.
          const missed = new Set(window.filter((e) => e.seq > last).flatMap((e) => e.ids));
          const ids = [...stream.watch].filter((id) => missed.has(id));
          if (ids.length > 0) {
            const at = seq;
            const facts = await repo.stockFacts(db, ids);
            if (streams.has(stream))
              deliver(stream, { seq: at, facts: new Map(facts.map((f) => [f.id, f])) });
          }
        } else send(stream, frame({ id: idOf(seq), event: "resync" }));
      }
      return () => close(stream);
    },
    /** Resolves with the sequence of the next event published here. */
    nextEvent(): Promise<number> {
      return new Promise((resolve) => published.add(resolve));
    },
    /** Ends the streams whose session has ended now, instead of at the next heartbeat (tests). */
    checkSessions(): Promise<void> {
      checking = checking.then(endStreamsOfEndedSessions);
      return checking;
    },
    /** Open streams on this instance. */
    get openStreams() {
      return streams.size;
    },
  };
}
export type EventsService = ReturnType<typeof createEventsService>;
