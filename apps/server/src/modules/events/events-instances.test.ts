/**
 * Two app instances on one database: a stock change committed through instance A reaches a stream
 * open on instance B (PostgreSQL LISTEN/NOTIFY across connection pools with TEST_DATABASE_URL, the
 * one PGlite's in-process notices otherwise), and a rolled-back change reaches no one.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Frame, type OpenStream, openStream, stockOfFrame } from "../../test/events-test-kit";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { type Headers, orderBody, placeOrder, productsOfType, stockUp } from "../../test/order-test-kit";
import { type CatalogueProduct, loadCatalogue } from "../../test/test-facts";
import { notifyStockChanged } from "./public";

let world: TestWorld;
let a: FastifyInstance;
let b: FastifyInstance;
let franchisee: Headers;
let stockist: Headers;
let owned: CatalogueProduct[];
const open: OpenStream[] = [];
const isStock = (id: number) => (f: Frame) =>
  f.event === "stock" && stockOfFrame(f).some((p) => p.productId === id);

beforeAll(async () => {
  world = await createTestWorld({ products: 60, eventsHeartbeatMs: 50 });
  a = world.app;
  b = await world.anotherInstance();
  owned = productsOfType(await loadCatalogue(world), "OwnedStock", 3);
  [franchisee, stockist] = await Promise.all([
    world.signIn("franchisee@demo.in"),
    world.signIn("stockist@demo.in"),
  ]);
});
afterAll(async () => {
  for (const s of open) s.close();
  await world?.close();
});

describe("live stock across two instances", () => {
  it("a stock change committed on A reaches a stream open on B", async () => {
    const product = owned[0] as CatalogueProduct;
    await stockUp(world.database.db, product.id, 2, 9);
    await stockUp(world.database.db, product.id, 7, 0);
    const onB = await openStream(b, stockist, `?products=${product.id}`);
    open.push(onB);
    await onB.next((f) => f.event === "ready");
    const res = await placeOrder(
      a,
      franchisee,
      orderBody([{ wh: 2, products: [{ id: product.id, qty: 9 }] }]),
    );
    expect(res.statusCode).toBe(200);
    const frame = await onB.next(isStock(product.id));
    expect(stockOfFrame(frame)).toEqual([
      {
        productId: product.id,
        stock: 0,
        warehouses: [
          { id: 2, name: "Pune", stock: 0 },
          { id: 7, name: "Bangalore", stock: 0 },
        ],
      },
    ]);
  });

  it("signing out on A ends that session's stream on B within a heartbeat; another session's stays open", async () => {
    const [leaving, staying] = await Promise.all([
      world.signIn("franchisee@demo.in"),
      world.signIn("franchisee@demo.in"),
    ]);
    const product = owned[0] as CatalogueProduct;
    const [gone, kept] = await Promise.all([
      openStream(b, leaving, `?products=${product.id}`),
      openStream(b, staying, `?products=${product.id}`),
    ]);
    open.push(gone, kept);
    await Promise.all([gone.next((f) => f.event === "ready"), kept.next((f) => f.event === "ready")]);
    const out = await a.inject({ method: "POST", url: "/api/auth/logout", headers: leaving });
    expect(out.statusCode).toBeLessThan(300);
    await gone.ended;
    // the other session's stream beats on after the check that ended the first one: a heartbeat
    // read after the end, then another after that one
    const readBefore = kept.frames.length;
    const laterBeat = (from: number) => (f: Frame) =>
      f.comment === "heartbeat" && kept.frames.indexOf(f) >= from;
    await kept.next(laterBeat(readBefore));
    await kept.next(laterBeat(kept.frames.length));
    expect(kept.frames.length).toBeGreaterThan(readBefore + 1);
    const reconnect = await openStream(b, leaving, `?products=${product.id}`);
    expect(reconnect.status).toBe(401);
  });

  it("a change rolled back is never told; the next committed one is", async () => {
    const [rolledBack, committed] = [owned[1], owned[2]] as [CatalogueProduct, CatalogueProduct];
    const onB = await openStream(b, stockist, `?products=${rolledBack.id},${committed.id}`);
    open.push(onB);
    await onB.next((f) => f.event === "ready");
    await world.database.db
      .transaction(async (tx) => {
        await notifyStockChanged(tx, [rolledBack.id]);
        await tx.execute(sql`SELECT 1 / 0`);
      })
      .catch(() => {});
    await world.database.db.transaction((tx) => notifyStockChanged(tx, [committed.id]));
    const frame = await onB.next((f) => f.event === "stock");
    expect(stockOfFrame(frame).map((p) => p.productId)).toEqual([committed.id]);
    expect(onB.frames.some(isStock(rolledBack.id))).toBe(false);
  });
});
