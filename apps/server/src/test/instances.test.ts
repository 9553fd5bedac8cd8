/**
 * Two app instances on one database behave as one: a session ended on one is ended on the other,
 * a password changed on one ends the other sessions everywhere, wrong passwords are counted
 * together (simultaneous ones too: the limit is taken before the password is checked), and a user's mapping changed by staff is seen by both at once. On PostgreSQL
 * (TEST_DATABASE_URL) each instance has its own connection pool; on PGlite they share the database.
 */

import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWorld, type TestWorld } from "./harness";

const LOGIN_LIMIT = 5;
let world: TestWorld;
let a: FastifyInstance;
let b: FastifyInstance;

const signIn = async (
  app: FastifyInstance,
  email: string,
  password = "Demo@1234",
  remoteAddress = "10.5.0.1",
) => {
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/local",
    payload: { email, password },
    remoteAddress,
  });
  return res;
};
const bearer = async (app: FastifyInstance, email: string, password?: string) => {
  const res = await signIn(app, email, password);
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json().token}` };
};
const me = (app: FastifyInstance, headers: { authorization: string }) =>
  app.inject({ url: "/api/users/me", headers }).then((r) => r.statusCode);

beforeAll(async () => {
  world = await createTestWorld({ loginLimit: LOGIN_LIMIT, products: 60 });
  a = world.app;
  b = await world.anotherInstance();
});
afterAll(() => world.close());

describe("two instances on one database", () => {
  it("a sign-out on one ends the session on the other at once", async () => {
    const headers = await bearer(a, "franchisee@demo.in");
    expect(await me(b, headers)).toBe(200);
    expect((await b.inject({ method: "POST", url: "/api/auth/logout", headers })).statusCode).toBe(200);
    expect(await me(a, headers)).toBe(401);
    expect(await me(b, headers)).toBe(401);
  });

  it("a password change on one ends every other session on both", async () => {
    const onA = await bearer(a, "stockist@demo.in");
    const onB = await bearer(b, "stockist@demo.in");
    expect(await me(a, onA)).toBe(200);
    const change = await b.inject({
      method: "PUT",
      url: "/api/users/me/password",
      headers: onB,
      payload: { oldPassword: "Demo@1234", newPassword: "Changed123" },
    });
    expect(change.statusCode).toBe(200);
    expect(await me(a, onA)).toBe(401);
    expect(await me(b, onA)).toBe(401);
    // The session that changed it stays signed in, on both instances.
    expect(await me(a, onB)).toBe(200);
    expect(await me(b, onB)).toBe(200);
    expect((await signIn(a, "stockist@demo.in", "Changed123")).statusCode).toBe(200);
  });

  it("counts wrong passwords alternating between them together", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 2 * LOGIN_LIMIT; i++) {
      const res = await signIn(i % 2 === 0 ? a : b, "coco@demo.in", `Wrong${i}pass`, `10.6.0.${i}`);
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, LOGIN_LIMIT)).toEqual(Array(LOGIN_LIMIT).fill(401));
    expect(statuses.slice(LOGIN_LIMIT)).toEqual(Array(LOGIN_LIMIT).fill(429));
  });

  it("counts simultaneous wrong passwords on both together: exactly the limit are checked", async () => {
    // 30 at once, half on each instance, from one address and from 30 addresses.
    for (const [email, address] of [
      ["kiosk@demo.in", () => "10.8.0.1"],
      ["nobody.here@demo.in", (i: number) => `10.8.1.${i}`],
    ] as const) {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => signIn(i % 2 === 0 ? a : b, email, `Wrong${i}pass`, address(i))),
      );
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMIT);
      expect(statuses.filter((s) => s === 429)).toHaveLength(30 - LOGIN_LIMIT);
      for (const refused of answers.filter((r) => r.statusCode === 429)) {
        expect(refused.json().message).toMatch(/^Too many failed sign-in attempts/);
        expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      }
    }
  });

  it("lets no session out of a burst of 49 wrong passwords and the right one", async () => {
    const answers = await Promise.all([
      ...Array.from({ length: 49 }, (_, i) =>
        signIn(i % 2 === 0 ? a : b, "admin@demo.in", `Guess${i}word`, "10.8.2.1"),
      ),
      signIn(b, "admin@demo.in", "Demo@1234", "10.8.2.1"),
    ]);
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toEqual([]);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - LOGIN_LIMIT);
    // The limit is used up: the right password from that address is refused on either instance…
    expect((await signIn(a, "admin@demo.in", "Demo@1234", "10.8.2.1")).statusCode).toBe(429);
    // …while the partner, from an address that has not been guessing, still gets in.
    expect((await signIn(a, "admin@demo.in", "Demo@1234", "10.8.2.2")).statusCode).toBe(200);
  });

  it("a right password under the limit gets in and does not use up the limit", async () => {
    const wrong = (app: FastifyInstance, i: number) =>
      signIn(app, "franchisee@demo.in", `Wrong${i}pass`, "10.8.3.1").then((r) => r.statusCode);
    for (let i = 0; i < LOGIN_LIMIT - 2; i++) expect(await wrong(i % 2 ? a : b, i)).toBe(401);
    // Right ones at once on both, from another address, and one from the address that was wrong.
    const right = await Promise.all(
      [a, b].map((app) => signIn(app, "franchisee@demo.in", "Demo@1234", "10.8.3.2")),
    );
    expect(right.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await signIn(a, "franchisee@demo.in", "Demo@1234", "10.8.3.1")).statusCode).toBe(200);
    // They took nothing from the address's limit: two wrong passwords are left, then 429.
    expect([await wrong(b, 8), await wrong(a, 9), await wrong(b, 10)]).toEqual([401, 401, 429]);
  });

  it("both see a mapping changed by staff at once", async () => {
    const headers = await bearer(a, "franchisee@demo.in");
    const before = (await b.inject({ url: "/api/mapping/getMapping", headers })).json() as { whID: number }[];
    expect(before.length).toBeGreaterThan(1);
    const dropped = before[0]?.whID as number;
    // What a staff change does: the mapping row, and the user's context version.
    await world.database.db.execute(
      sql`DELETE FROM user_warehouses WHERE warehouse_id = ${dropped} AND user_id = (SELECT id FROM users WHERE email = 'franchisee@demo.in')`,
    );
    await world.database.db.execute(
      sql`UPDATE users SET context_version = context_version + 1 WHERE email = 'franchisee@demo.in'`,
    );
    for (const app of [a, b]) {
      const after = (await app.inject({ url: "/api/mapping/getMapping", headers })).json() as {
        whID: number;
      }[];
      expect(after.map((w) => w.whID)).not.toContain(dropped);
      expect(after).toHaveLength(before.length - 1);
    }
  });
});
