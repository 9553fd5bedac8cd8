/**
 * Issue 32: staff steps, placements and payments run through `retryingTransaction`, so the loser of
 * a deadlock or a serialisation conflict is run again instead of answering 500 (the kept order
 * counts and stock rows are locked by placements and staff steps alike). On PostgreSQL the last test
 * makes a real deadlock; on PGlite (one connection) the same two transactions run one after the other.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWorld, type TestWorld } from "../test/harness";
import type { Db } from "./client";
import { retryingTransaction, TRANSACTION_ATTEMPTS } from "./retry";
import { jobs } from "./schema";

let world: TestWorld;
let db: Db;

beforeAll(async () => {
  world = await createTestWorld();
  db = world.database.db;
}, 300_000);
afterAll(() => world?.close());

/** An error as node-postgres and PGlite raise PostgreSQL's, wrapped by drizzle as its cause. */
const aborted = (code: string) =>
  Object.assign(new Error("Failed query"), {
    cause: Object.assign(new Error("deadlock detected"), { code }),
  });
const rowsOfKind = async (kind: string) => db.select().from(jobs).where(eq(jobs.kind, kind));

describe("retryingTransaction", () => {
  it("runs a transaction PostgreSQL aborted for a deadlock again, and what the aborted run wrote is gone", async () => {
    let runs = 0;
    const result = await retryingTransaction(db, async (tx) => {
      runs++;
      await tx.insert(jobs).values({ kind: "retry-deadlock", payload: { run: runs }, runAt: new Date() });
      if (runs === 1) throw aborted("40P01");
      return "committed";
    });
    expect(result).toBe("committed");
    expect(runs).toBe(2);
    const rows = await rowsOfKind("retry-deadlock");
    expect(rows.map((r) => r.payload)).toEqual([{ run: 2 }]);
  });

  it("gives a serialisation conflict that lasts its attempts back to the caller, with nothing written", async () => {
    let runs = 0;
    await expect(
      retryingTransaction(db, async (tx) => {
        runs++;
        await tx.insert(jobs).values({ kind: "retry-serialisation", payload: {}, runAt: new Date() });
        throw aborted("40001");
      }),
    ).rejects.toThrow("Failed query");
    expect(runs).toBe(TRANSACTION_ATTEMPTS);
    expect(await rowsOfKind("retry-serialisation")).toEqual([]);
  });

  it("never runs again after any other error (a refusal is the answer)", async () => {
    let runs = 0;
    await expect(
      retryingTransaction(db, async () => {
        runs++;
        throw Object.assign(new Error("duplicate key"), { code: "23505" });
      }),
    ).rejects.toThrow("duplicate key");
    expect(runs).toBe(1);
  });

  it("two transactions that lock two rows in opposite orders both commit", async () => {
    const [a, b] = await db
      .insert(jobs)
      .values([
        { kind: "retry-row", payload: { name: "a" }, runAt: new Date() },
        { kind: "retry-row", payload: { name: "b" }, runAt: new Date() },
      ])
      .returning({ id: jobs.id });
    let runs = 0;
    let firstLocked = 0;
    const bothLockedFirst = async () => {
      // each waits (a little, so one connection never waits for ever) until the other holds its first row
      const until = Date.now() + (world.url ? 5_000 : 100);
      while (firstLocked < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    };
    const bump = (tx: Parameters<Parameters<Db["transaction"]>[0]>[0], id: number) =>
      tx
        .update(jobs)
        .set({ attempts: sql`${jobs.attempts} + 1` })
        .where(and(eq(jobs.id, id), eq(jobs.kind, "retry-row")));
    const crossing = (first: number, second: number) =>
      retryingTransaction(db, async (tx) => {
        runs++;
        await bump(tx, first);
        firstLocked++;
        await bothLockedFirst();
        await bump(tx, second);
      });
    await Promise.all([crossing(a!.id, b!.id), crossing(b!.id, a!.id)]);
    // on PostgreSQL one of them was chosen as the deadlock's victim and ran again
    expect(runs).toBe(world.url ? 3 : 2);
    const rows = await rowsOfKind("retry-row");
    expect(rows.map((r) => r.attempts)).toEqual([2, 2]);
  });
});
