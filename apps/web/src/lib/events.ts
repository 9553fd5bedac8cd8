import { type LiveStockItem, StockEventData } from "@portal/contracts";
import { LIVE_STOCK_MAX_WATCH } from "@portal/domain";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import { CART_KEY } from "./cart";
import { createSseParser, type SseFrame } from "./events-parse";
import { tokenStore } from "./token";

/**
 * Live stock: one server-sent event stream per tab (`GET /api/events`), read with fetch so the
 * session token travels in the Authorization header as on every other call (never in an address).
 * Screens say which products they show (`useWatchProducts`: the cart's lines, the listing's cards);
 * the stream is opened again, with `Last-Event-ID` so nothing is missed, when that set changes or the
 * connection drops. A stock event updates `useLiveStock` and refreshes the cart (its totals and
 * allocation are the server's).
 */

/** Wait before reopening after the set of watched products changes (a page of cards mounting). */
const REWATCH_MS = 250;
/** Wait before reconnecting when the server said nothing (it sends `retry:`), and after a refusal. */
const DEFAULT_RETRY_MS = 2000;
const REFUSED_RETRY_MS = 30_000;

const live = new Map<number, LiveStockItem>();
const subscribers = new Set<() => void>();
const watchCounts = new Map<number, number>();
let queryClient: QueryClient | null = null;
let lastEventId: string | null = null;
let retryMs = DEFAULT_RETRY_MS;
let connection: AbortController | null = null;
/** The comma-joined product ids the open connection watches. */
let connectedFor: string | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;

const emit = () => {
  for (const subscriber of subscribers) subscriber();
};

const watchedList = () =>
  [...watchCounts.keys()]
    .sort((a, b) => a - b)
    .slice(0, LIVE_STOCK_MAX_WATCH)
    .join(",");

function handle(frame: SseFrame) {
  if (frame.retry !== undefined) retryMs = frame.retry;
  if (frame.id !== undefined) lastEventId = frame.id;
  if (frame.event === "stock" && frame.data) {
    const parsed = StockEventData.safeParse(JSON.parse(frame.data));
    if (!parsed.success) return;
    for (const item of parsed.data.products) live.set(item.productId, item);
    emit();
    void queryClient?.invalidateQueries({ queryKey: CART_KEY });
  }
  if (frame.event === "resync") {
    // The server could not tell what was missed: the figures shown are read again.
    live.clear();
    emit();
    void queryClient?.invalidateQueries({ queryKey: CART_KEY });
  }
}

function schedule(ms: number) {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    void connect();
  }, ms);
}

async function connect() {
  const products = watchedList();
  const token = tokenStore.get();
  connection?.abort();
  connection = null;
  connectedFor = null;
  if (!products || !token) return;
  const abort = new AbortController();
  connection = abort;
  connectedFor = products;
  try {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: "text/event-stream" };
    if (lastEventId) headers["last-event-id"] = lastEventId;
    const response = await fetch(`/api/events?products=${products}`, { headers, signal: abort.signal });
    if (!response.ok || !response.body) {
      // A session that ended stops the stream (the next screen's call signs the user out); others wait.
      if (response.status !== 401 && connection === abort) schedule(REFUSED_RETRY_MS);
      return;
    }
    const parse = createSseParser();
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      for (const frame of parse(value)) handle(frame);
    }
  } catch {
    // aborted on purpose, or the network dropped: decided below
  }
  if (connection === abort) {
    connection = null;
    connectedFor = null;
    schedule(retryMs);
  }
}

function watchChanged() {
  if (watchedList() === connectedFor) return;
  schedule(REWATCH_MS);
}

// Signing out closes the stream; signing in (another tab too) opens it for what is watched.
if (typeof window !== "undefined") {
  tokenStore.subscribe(() => {
    connection?.abort();
    connection = null;
    connectedFor = null;
    lastEventId = null;
    live.clear();
    emit();
    if (tokenStore.get()) watchChanged();
  });
}

/** Watches these products' stock while the calling component is mounted. */
export function useWatchProducts(ids: readonly number[]) {
  const client = useQueryClient();
  const key = ids.join(",");
  useEffect(() => {
    queryClient = client;
    const mine = key ? key.split(",").map(Number) : [];
    for (const id of mine) watchCounts.set(id, (watchCounts.get(id) ?? 0) + 1);
    watchChanged();
    return () => {
      for (const id of mine) {
        const left = (watchCounts.get(id) ?? 1) - 1;
        if (left > 0) watchCounts.set(id, left);
        else watchCounts.delete(id);
      }
      watchChanged();
    };
  }, [client, key]);
}

const subscribe = (subscriber: () => void) => {
  subscribers.add(subscriber);
  return () => {
    subscribers.delete(subscriber);
  };
};

/** The product's stock as last told by the stream (the partner's warehouses), or undefined before any change. */
export function useLiveStock(productId: number): LiveStockItem | undefined {
  return useSyncExternalStore(
    subscribe,
    () => live.get(productId),
    () => undefined,
  );
}
