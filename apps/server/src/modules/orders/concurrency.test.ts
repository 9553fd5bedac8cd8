import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { messages } from "@portal/domain";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { type Database, openDatabase } from "../../db/client";
import { productStock, products, purchaseOrders } from "../../db/schema";
import { createMailer } from "../../lib/mailer";
import { createTestWorld, type TestWorld } from "../../test/harness";
import {
  createPartner,
  type Headers,
  linesOfProduct,
  newKey,
  orderBody,
  placeOrder,
  productsOfType,
  stockOf,
  stockUp,
} from "../../test/order-test-kit";
import { type CatalogueProduct, loadCatalogue } from "../../test/test-facts";

/**
 * Orders racing for the same stock through two app instances sharing one database. On PostgreSQL
 * (TEST_DATABASE_URL) the second instance has its own connection pool and the requests really run
 * at once; on PGlite both instances share the one embedded database, which runs one transaction at
 * a time, so the same scenario runs one request after another and the outcome must be the same.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let world: TestWorld;
let second: { app: FastifyInstance; database: Database | null; outboxDir: string };
let catalogue: CatalogueProduct[];

/** A second app instance over its own pool to the test world's database (PostgreSQL), or over the same PGlite. */
async function secondInstance(): Promise<typeof second> {
  let database: Database | null = null;
  let db = world.database.db;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const result = await world.database.db.execute(sql`SELECT current_database() AS name`);
    const name = (result as unknown as { rows: { name: string }[] }).rows[0]?.name;
    if (!name) throw new Error("no current database");
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
    db = database.db;
  }
  const outboxDir = await mkdtemp(path.join(tmpdir(), "portal-outbox-"));
  const app = await buildApp({
    db,
    mailer: createMailer({ outboxDir, from: "Partner Portal <no-reply@test.local>" }),
    publicUrl: "http://portal.test",
    logLevel: "silent",
    catalogueCacheMs: 0,
  });
  await app.ready();
  return { app, database, outboxDir };
}

beforeAll(async () => {
  world = await createTestWorld();
  second = await secondInstance();
  catalogue = await loadCatalogue(world);
});
afterAll(async () => {
  await second.app.close();
  await second.database?.close();
  await rm(second.outboxDir, { recursive: true, force: true });
  await world.close();
});

const db = () => world.database.db;
const instances = () => [world.app, second.app];

/** All at once on PostgreSQL; one after another on PGlite. */
async function race<T>(tasks: (() => Promise<T>)[]): Promise<T[]> {
  if (onPostgres) return Promise.all(tasks.map((t) => t()));
  const results: T[] = [];
  for (const task of tasks) results.push(await task());
  return results;
}

let nextProduct = 0;
/** A plain owned product held only in Pune, with `stock` units there. */
async function onlyInPune(stock: number): Promise<CatalogueProduct> {
  const product = productsOfType(catalogue, "OwnedStock", 20)[nextProduct++];
  if (!product) throw new Error("ran out of products");
  await db().update(productStock).set({ stock: 0 }).where(eq(productStock.productId, product.id));
  await stockUp(db(), product.id, 2, stock);
  expect(await stockOf(db(), product.id, 2)).toEqual({ stock, currentStock: stock });
  return product;
}

let partners = 0;
/** `n` new partners in Maharashtra mapped to Pune, allowed to order, signed in. */
async function newPartners(n: number): Promise<{ id: number; headers: Headers }[]> {
  const made = [];
  for (let i = 0; i < n; i++) {
    const email = `race-${++partners}@test.in`;
    const id = await createPartner(db(), { email, canOrder: true, warehouses: [2] });
    made.push({ id, headers: await world.signIn(email) });
  }
  return made;
}

describe(`orders racing for the last units (${onPostgres ? "PostgreSQL, at once" : "PGlite, one after another"})`, () => {
  it("sells exactly the last 10 units to 20 partners ordering one each through two instances", async () => {
    const product = await onlyInPune(10);
    const buyers = await newPartners(20);
    const body = orderBody([{ wh: 2, products: [{ id: product.id, qty: 1 }] }]);
    const answers = await race(
      buyers.map((buyer, i) => () => placeOrder(instances()[i % 2] as FastifyInstance, buyer.headers, body)),
    );

    const accepted = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode === 400);
    expect(accepted).toHaveLength(10);
    expect(refused).toHaveLength(10);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 400)).toBe(true);
    if (!onPostgres)
      expect(answers.map((a) => a.statusCode)).toEqual([...Array(10).fill(200), ...Array(10).fill(400)]);
    for (const answer of refused)
      expect(answer.json()).toEqual({
        message: messages.orderFailedRetry,
        result: [{ status: 400, wh: 2, message: `${product.name} has only 0 left in Pune` }],
      });

    // Stock is exactly gone, never below zero, and the product left Pune's shelves in the catalogue.
    expect(await stockOf(db(), product.id, 2)).toEqual({ stock: 0, currentStock: 0 });
    const [row] = await db()
      .select({ stocked: products.stockedWarehouseIds })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row?.stocked).toEqual([]);

    // Every accepted order is persisted whole: its purchase order with its one line, for its buyer.
    const lines = await linesOfProduct(db(), product.id);
    expect(lines).toHaveLength(10);
    const winners = new Set(buyers.filter((_, i) => answers[i]?.statusCode === 200).map((b) => b.id));
    expect(new Set(lines.map((l) => l.userId))).toEqual(winners);
    for (const line of lines) {
      expect(line).toMatchObject({ qty: 1, totalItems: 1 });
      expect(line.netPayment).toBe(line.totalPrice);
    }
    const answeredPoids = accepted.map((a) => a.json().result[0].poid).sort();
    expect(lines.map((l) => l.poid).sort()).toEqual(answeredPoids);
    for (const [i, answer] of answers.entries()) {
      if (answer.statusCode !== 200) continue;
      const { poid, order } = answer.json().result[0];
      const buyer = buyers[i] as { headers: Headers };
      const readBack = await (instances()[(i + 1) % 2] as FastifyInstance).inject({
        url: `/api/order/${poid}`,
        headers: buyer.headers,
      });
      expect(readBack.json()).toEqual(order);
    }
  });

  it("places one order for the same Idempotency-Key sent 20 times at once, and answers all 20 alike", async () => {
    const product = await onlyInPune(50);
    const [buyer] = await newPartners(1);
    if (!buyer) throw new Error("no buyer");
    const key = newKey();
    const body = orderBody([{ wh: 2, products: [{ id: product.id, qty: 2 }] }]);
    const answers = await race(
      Array.from(
        { length: 20 },
        (_, i) => () => placeOrder(instances()[i % 2] as FastifyInstance, buyer.headers, body, key),
      ),
    );

    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const first = answers[0]?.json();
    for (const answer of answers) expect(answer.json()).toEqual(first);
    expect(answers.filter((a) => a.headers["idempotent-replayed"] === "true")).toHaveLength(19);
    expect(await linesOfProduct(db(), product.id)).toHaveLength(1);
    const placed = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(purchaseOrders)
      .where(eq(purchaseOrders.userId, buyer.id));
    expect(Number(placed[0]?.n)).toBe(1);
    expect((await stockOf(db(), product.id, 2)).stock).toBe(48);
  });

  it("lets one of several different orders sent at once under the same key through and refuses the others", async () => {
    const product = await onlyInPune(50);
    const [buyer] = await newPartners(1);
    if (!buyer) throw new Error("no buyer");
    const key = newKey();
    const answers = await race(
      Array.from(
        { length: 10 },
        (_, i) => () =>
          placeOrder(
            instances()[i % 2] as FastifyInstance,
            buyer.headers,
            orderBody([{ wh: 2, products: [{ id: product.id, qty: i + 1 }] }]),
            key,
          ),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const others = answers.filter((a) => a.statusCode !== 200);
    expect(others).toHaveLength(9);
    for (const other of others) {
      expect(other.statusCode).toBe(422);
      expect(other.json().message).toBe("This Idempotency-Key was already used for a different order.");
    }
    const lines = await linesOfProduct(db(), product.id);
    expect(lines).toHaveLength(1);
    expect((await stockOf(db(), product.id, 2)).stock).toBe(50 - (lines[0]?.qty ?? 0));
  });

  it("never deadlocks placements that share products in opposite orders across warehouses", async () => {
    const [a, b] = productsOfType(catalogue, "OwnedStock", 20).slice(nextProduct, nextProduct + 2) as [
      CatalogueProduct,
      CatalogueProduct,
    ];
    nextProduct += 2;
    for (const p of [a, b]) {
      await db().update(productStock).set({ stock: 0 }).where(eq(productStock.productId, p.id));
      await stockUp(db(), p.id, 2, 100);
      await stockUp(db(), p.id, 5, 100);
    }
    const buyers = await newPartners(10);
    for (const buyer of buyers) await db().execute(sql`INSERT INTO user_warehouses VALUES (${buyer.id}, 5)`);
    const answers = await race(
      buyers.map((buyer, i) => () => {
        const [first, then] = i % 2 === 0 ? [a, b] : [b, a];
        const body = orderBody([
          {
            wh: 2,
            products: [
              { id: first.id, qty: 1 },
              { id: then.id, qty: 1 },
            ],
          },
          {
            wh: 5,
            products: [
              { id: then.id, qty: 1 },
              { id: first.id, qty: 1 },
            ],
          },
        ]);
        return placeOrder(instances()[i % 2] as FastifyInstance, buyer.headers, body);
      }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    for (const p of [a, b]) {
      expect((await stockOf(db(), p.id, 2)).stock).toBe(90);
      expect((await stockOf(db(), p.id, 5)).stock).toBe(90);
      expect((await stockOf(db(), p.id, 2)).currentStock).toBe(180);
    }
  });
});
