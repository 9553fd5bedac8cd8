/**
 * Live stock over server-sent events, on a real listening server: the stream's headers and first
 * frame, a committed stock change (another partner's order, a staff cancellation) reaching a stream
 * that watches the product with the partner's exact figures, products the partner may not see never
 * sent, reconnecting with Last-Event-ID, heartbeats and refused requests. No sleeps: each test awaits
 * the frame it expects.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../../db/schema";
import { type Frame, type OpenStream, openStream, stockOfFrame } from "../../test/events-test-kit";
import { createTestWorld, type TestWorld } from "../../test/harness";
import {
  type Headers,
  orderBody,
  placedOrders,
  placeOrder,
  productsOfType,
  stockUp,
} from "../../test/order-test-kit";
import { type CatalogueProduct, loadCatalogue, STOCKIST_BLOCKED_BRAND_ID } from "../../test/test-facts";
import { createEventsService, RETRY_MS } from "./service";

let world: TestWorld;
let franchisee: Headers;
let stockist: Headers;
let staff: Headers;
let owned: CatalogueProduct[];
let blocked: CatalogueProduct;
const open: OpenStream[] = [];

const stream = async (headers: Record<string, string>, ids: readonly number[] = []) => {
  const s = await openStream(world.app, headers, ids.length ? `?products=${ids.join(",")}` : "");
  open.push(s);
  return s;
};
const isStock = (id: number) => (f: Frame) =>
  f.event === "stock" && stockOfFrame(f).some((p) => p.productId === id);
const order = async (productId: number, qty: number, wh = 2) => {
  const res = await placeOrder(
    world.app,
    franchisee,
    orderBody([{ wh, products: [{ id: productId, qty }] }]),
  );
  expect(res.statusCode).toBe(200);
  return placedOrders(res.json());
};

beforeAll(async () => {
  world = await createTestWorld();
  const catalogue = await loadCatalogue(world);
  owned = productsOfType(catalogue, "OwnedStock", 8);
  // A product of the brand the stockist's rules block (the franchisee may still buy it).
  blocked = owned[5] as CatalogueProduct;
  await world.database.db
    .update(products)
    .set({ brandId: STOCKIST_BLOCKED_BRAND_ID })
    .where(eq(products.id, blocked.id));
  [franchisee, stockist, staff] = await Promise.all([
    world.signIn("franchisee@demo.in"),
    world.signIn("stockist@demo.in"),
    world.signIn("admin@demo.in"),
  ]);
});
afterAll(async () => {
  for (const s of open) s.close();
  await world?.close();
});

describe("GET /api/events", () => {
  it("answers a stream that nothing buffers: event-stream, no-cache, X-Accel-Buffering no, never compressed; retry and ready first", async () => {
    const s = await stream(stockist, [owned[0]?.id ?? 0]);
    expect(s.status).toBe(200);
    expect(s.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(s.headers.get("cache-control")).toBe("no-cache");
    expect(s.headers.get("x-accel-buffering")).toBe("no");
    expect(s.headers.get("content-encoding")).toBeNull();
    const first = await s.next();
    expect(first.retry).toBe(RETRY_MS);
    expect(first.event).toBe("ready");
    expect(first.id).toMatch(/^[0-9a-f]{10}\.\d+$/);
    expect(JSON.parse(first.data ?? "")).toEqual({ watching: 1 });
  });

  it("tells a partner watching a product of another partner's order, once committed, with their own warehouses' figures", async () => {
    const product = owned[1] as CatalogueProduct;
    await stockUp(world.database.db, product.id, 2, 10);
    await stockUp(world.database.db, product.id, 7, 0);
    const s = await stream(stockist, [product.id]);
    await s.next((f) => f.event === "ready");
    await order(product.id, 7);
    const frame = await s.next(isStock(product.id));
    expect(frame.id).toMatch(/^[0-9a-f]{10}\.\d+$/);
    // The stockist is mapped to Pune (2), Bangalore (7) and a stockist without this product.
    expect(stockOfFrame(frame)).toEqual([
      {
        productId: product.id,
        stock: 3,
        warehouses: [
          { id: 2, name: "Pune", stock: 3 },
          { id: 7, name: "Bangalore", stock: 0 },
        ],
      },
    ]);
  });

  it("tells of the last unit sold (a product no longer listed) and of stock back from a staff cancellation", async () => {
    const product = owned[2] as CatalogueProduct;
    await stockUp(world.database.db, product.id, 2, 2);
    await stockUp(world.database.db, product.id, 7, 0);
    for (const wh of [3, 5]) await stockUp(world.database.db, product.id, wh, 0);
    const s = await stream(stockist, [product.id]);
    await s.next((f) => f.event === "ready");
    const [placed] = await order(product.id, 2);
    const soldOut = await s.next(isStock(product.id));
    expect(stockOfFrame(soldOut)[0]).toMatchObject({ productId: product.id, stock: 0 });
    const cancel = await world.app.inject({
      method: "POST",
      url: `/api/admin/orders/${placed?.poid}/cancel`,
      headers: staff,
      payload: { reason: "Store closed for renovation" },
    });
    expect(cancel.statusCode).toBe(200);
    const back = await s.next(isStock(product.id));
    expect(stockOfFrame(back)[0]).toMatchObject({
      productId: product.id,
      stock: 2,
      warehouses: [
        { id: 2, name: "Pune", stock: 2 },
        { id: 7, name: "Bangalore", stock: 0 },
      ],
    });
  });

  it("never sends a product the partner may not see (a brand their rules block), even when it changes with one they watch", async () => {
    const visible = owned[3] as CatalogueProduct;
    await stockUp(world.database.db, blocked.id, 2, 10);
    await stockUp(world.database.db, visible.id, 2, 10);
    const s = await stream(stockist, [blocked.id, visible.id]);
    await s.next((f) => f.event === "ready");
    const franchiseeSees = await stream(franchisee, [blocked.id]);
    await franchiseeSees.next((f) => f.event === "ready");
    // The blocked product alone, then both in one order: the stockist hears of the visible one only.
    await order(blocked.id, 1);
    await franchiseeSees.next(isStock(blocked.id));
    const res = await placeOrder(
      world.app,
      franchisee,
      orderBody([
        {
          wh: 2,
          products: [
            { id: blocked.id, qty: 1 },
            { id: visible.id, qty: 4 },
          ],
        },
      ]),
    );
    expect(res.statusCode).toBe(200);
    const frame = await s.next(isStock(visible.id));
    expect(stockOfFrame(frame).map((p) => p.productId)).toEqual([visible.id]);
    expect(s.frames.some(isStock(blocked.id))).toBe(false);
    expect(stockOfFrame(await franchiseeSees.next(isStock(blocked.id)))[0]?.productId).toBe(blocked.id);
  });

  it("sends a stream that reconnects with Last-Event-ID what it missed, and resync for an id it cannot follow", async () => {
    const product = owned[4] as CatalogueProduct;
    await stockUp(world.database.db, product.id, 2, 20);
    await stockUp(world.database.db, product.id, 7, 0);
    const first = await stream(stockist, [product.id]);
    const ready = await first.next((f) => f.event === "ready");
    first.close();
    const other = await stream(franchisee, [product.id]);
    await other.next((f) => f.event === "ready");
    await order(product.id, 5);
    await other.next(isStock(product.id));
    const again = await stream({ ...stockist, "last-event-id": ready.id ?? "" }, [product.id]);
    const missed = await again.next(isStock(product.id));
    expect(stockOfFrame(missed)[0]).toMatchObject({ productId: product.id, stock: 15 });
    const lost = await stream({ ...stockist, "last-event-id": "0123456789.7" }, [product.id]);
    expect((await lost.next((f) => f.event !== "ready")).event).toBe("resync");
  });

  it("refuses what it cannot follow: no session (401), bad product lists and a bad Last-Event-ID (400)", async () => {
    const anonymous = await stream({}, []);
    expect(anonymous.status).toBe(401);
    const words = await stream(stockist, []).then(() => openStream(world.app, stockist, "?products=12,abc"));
    expect(words.status).toBe(400);
    expect(JSON.parse(words.refusal ?? "{}").message).toMatch(
      /products must be product ids separated by commas/,
    );
    const tooMany = await openStream(
      world.app,
      stockist,
      `?products=${Array.from({ length: 501 }, (_, i) => i + 1).join(",")}`,
    );
    expect(tooMany.status).toBe(400);
    expect(JSON.parse(tooMany.refusal ?? "{}").message).toMatch(/products may name at most 500 products/);
    const badId = await openStream(world.app, { ...stockist, "last-event-id": "../../etc/passwd" });
    expect(badId.status).toBe(400);
  });
});

describe("the events service", () => {
  it("beats every heartbeat period on each open stream, and ends them when it closes", async () => {
    const events = createEventsService({ db: world.database.db, heartbeatMs: 5 });
    await events.start();
    const written: string[] = [];
    let ended = false;
    let beat: () => void = () => {};
    const beaten = new Promise<void>((resolve) => {
      beat = resolve;
    });
    await events.open({
      viewer: {
        userId: 1,
        hasFoodLicense: false,
        warehouses: [],
        rules: [],
        enableARS: false,
        concept: null,
        shipToState: "",
        mrpOnly: false,
      },
      session: "a-session-hash",
      watch: [],
      sink: {
        write: (chunk) => {
          written.push(chunk);
          if (chunk === ": heartbeat\n\n") beat();
          return true;
        },
        end: () => {
          ended = true;
        },
        writableLength: 0,
      },
    });
    await beaten;
    expect(written[0]).toMatch(/^retry: 2000\nid: [0-9a-f]{10}\.0\nevent: ready\n/);
    expect(events.openStreams).toBe(1);
    await events.close();
    expect(ended).toBe(true);
    expect(events.openStreams).toBe(0);
  });
});

describe("GET /api/events in process", () => {
  it("answers an injected request (no socket to stream to) with the opening frames and the end", async () => {
    const res = await world.app.inject({ url: "/api/events?products=1,2", headers: stockist });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(
      /^retry: 2000\nid: [0-9a-f]{10}\.\d+\nevent: ready\ndata: \{"watching":2\}\n\n$/,
    );
  });
});
