/**
 * Captures the server log while a partner signs in, resets a password, staff search partners, a
 * partner places an order and meets a database error, then searches it for tokens, password hashes,
 * emails, names and phone numbers: none may be there.
 */
import { PassThrough } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWorld, type TestWorld } from "./harness";
import { newKey, orderBody } from "./order-test-kit";

let world: TestWorld;
const lines: string[] = [];
const stream = new PassThrough();
stream.on("data", (chunk: Buffer) => lines.push(...chunk.toString("utf8").split("\n").filter(Boolean)));

beforeAll(async () => {
  world = await createTestWorld({ products: 60, logStream: stream });
});
afterAll(() => world.close());

describe("the server log", () => {
  it("holds no token, password hash, email, name or phone number after sign-in, reset, search, order and a database error", async () => {
    const { app } = world;
    const secrets: string[] = [];
    // Sign-in, a wrong password and a sign-out.
    const signIn = await app.inject({
      method: "POST",
      url: "/api/auth/local",
      payload: { email: "franchisee@demo.in", password: "Demo@1234" },
    });
    const token = signIn.json().token as string;
    secrets.push(token);
    await app.inject({
      method: "POST",
      url: "/api/auth/local",
      payload: { email: "stockist@demo.in", password: "wrong1234" },
    });
    const authorization = `Bearer ${token}`;

    // A password reset: the mail's link, checked and used.
    const forgot = await app.inject({ url: "/api/forgotpassword?userEmail=stockist@demo.in" });
    expect(forgot.statusCode).toBe(200);
    const resetToken = /resetPassword\/([\w-]+)/.exec(
      (await world.lastMail()).replace(/=\r?\n/g, ""),
    )?.[1] as string;
    expect(resetToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    secrets.push(resetToken);
    expect((await app.inject({ url: `/api/forgotpassword/checkToken/${resetToken}` })).statusCode).toBe(200);
    const reset = await app.inject({
      method: "POST",
      url: "/api/forgotpassword/reset",
      payload: { token: resetToken, email: "stockist@demo.in", newPassword: "Another123" },
    });
    expect(reset.statusCode).toBe(200);
    // A wrong token in the path is logged redacted as well.
    await app.inject({ url: "/api/forgotpassword/checkToken/not-a-real-token-0123456789" });
    secrets.push("not-a-real-token-0123456789");

    // Emails, a mobile number and a name in addresses' queries, by name and by look.
    const personal = ["stockist@demo.in", "coco@demo.in", "coco%40demo.in", "9812345670", "Ravindranath"];
    expect((await app.inject({ url: "/api/forgotpassword?userEmail=coco%40demo.in" })).statusCode).toBe(200);
    const staff = await world.signIn("admin@demo.in");
    const search = await app.inject({
      url: "/api/users/userList?search=coco@demo.in&mobileNo=9812345670&firstName=Ravindranath&page=1",
      headers: staff,
    });
    expect(search.statusCode).toBe(200);

    // An order.
    const listing = await app.inject({
      method: "POST",
      url: "/api/listing/b2b",
      headers: { authorization },
      payload: {},
    });
    const product = listing.json().products[0];
    const order = await app.inject({
      method: "POST",
      url: "/api/order",
      headers: { authorization, "idempotency-key": newKey() },
      payload: orderBody([{ wh: product.whId, products: [{ id: product.id, qty: 1 }] }]),
    });
    expect(order.statusCode).toBeLessThan(500);

    // A database error while a new partner signs up (its parameters hold the email, hash and phone).
    await world.database.db.execute(
      sql.raw("ALTER TABLE users ADD CONSTRAINT log_test_refuses CHECK (phone <> '9898989898') NOT VALID"),
    );
    const signup = await app.inject({
      method: "POST",
      url: "/api/users",
      payload: {
        email: "log.test@example.com",
        password: "Welcome123",
        firstname: "Log",
        lastname: "Test",
        storeName: "Log Store",
        phone: "9898989898",
        state: "Karnataka",
        city: "Bengaluru",
        pincode: "560001",
      },
    });
    expect(signup.statusCode).toBe(500);
    await world.database.db.execute(sql.raw("ALTER TABLE users DROP CONSTRAINT log_test_refuses"));

    await new Promise((resolve) => setImmediate(resolve));
    const log = lines.join("\n");
    expect(lines.length).toBeGreaterThanOrEqual(15);
    // The database error is there, as its code and query name.
    expect(log).toMatch(/"code":"23514","query":"insert users"/);
    // The queries are there, their personal values redacted.
    expect(log).toContain("/api/forgotpassword?userEmail=[redacted]");
    expect(log).toContain(
      "/api/users/userList?search=[redacted]&mobileNo=[redacted]&firstName=[redacted]&page=1",
    );
    const found = [
      ...secrets.filter((s) => log.includes(s)),
      ...personal.filter((s) => log.includes(s)),
      ...(log.match(/scrypt\$\d+\$[\w+/=]+\$[\w+/=]+/g) ?? []),
      ...(log.match(/(?<!\d)[6-9]\d{9}(?!\d)/g) ?? []),
      ...(log.match(/Bearer\s+\S{10,}/g) ?? []),
    ];
    console.info(
      `log: ${lines.length} lines searched for tokens, hashes, emails, names and phone numbers, ${found.length} found`,
    );
    expect(found).toEqual([]);
  });

  it("marks API answers with personal data as not to be stored", async () => {
    const headers = await world.signIn("franchisee@demo.in");
    const me = await world.app.inject({ url: "/api/users/me", headers });
    expect(me.headers["cache-control"]).toBe("no-store");
    const image = await world.app.inject({ url: "/api/images/products/1/a.svg" });
    expect(image.headers["cache-control"]).not.toBe("no-store");
  });
});
