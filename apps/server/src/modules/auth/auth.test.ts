import { messages } from "@portal/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWorld, type TestWorld } from "../../test/harness";

let world: TestWorld;
beforeAll(async () => {
  world = await createTestWorld({ loginLimit: 5 });
});
afterAll(() => world.close());

const login = (email: unknown, password: unknown, ip = "10.0.0.1") =>
  world.app.inject({
    method: "POST",
    url: "/api/auth/local",
    payload: { email, password },
    remoteAddress: ip,
  });

describe("POST /api/auth/local", () => {
  it("returns a token that opens /api/users/me", async () => {
    const res = await login("franchisee@demo.in", "Demo@1234");
    expect(res.statusCode).toBe(200);
    const me = await world.app.inject({
      url: "/api/users/me",
      headers: { authorization: `Bearer ${res.json().token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe("franchisee@demo.in");
  });

  it("accepts the email in any case and with spaces around it", async () => {
    expect((await login("  FranchiSee@Demo.in ", "Demo@1234")).statusCode).toBe(200);
  });

  it("refuses a wrong password with the spec's message", async () => {
    const res = await login("stockist@demo.in", "wrong-password1", "10.0.0.2");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: messages.loginFailed });
  });

  it("answers an unknown email exactly like a wrong password", async () => {
    const res = await login("nobody@demo.in", "Demo@1234", "10.0.0.3");
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(messages.loginFailed);
  });

  it("names the field of a bad body with a 400", async () => {
    const res = await login("not-an-email", "x");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("email must be a valid email address");
    const missing = await world.app.inject({ method: "POST", url: "/api/auth/local", payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("email is required; password is required");
  });

  it("answers malformed JSON with a 400, not a 500", async () => {
    const res = await world.app.inject({
      method: "POST",
      url: "/api/auth/local",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "The request body is not valid JSON." });
  });

  it("answers a body that is not JSON with 415 saying it wants JSON", async () => {
    const res = await world.app.inject({
      method: "POST",
      url: "/api/auth/local",
      headers: { "content-type": "text/csv" },
      payload: "email,password\nfranchisee@demo.in,Demo@1234\n",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: "Send the request body as JSON." });
  });

  it("limits a run of wrong passwords for one email with 429, even from many addresses", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await login("coco@demo.in", `Wrong${i}pass`, `10.1.0.${i}`)).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // The right password from an address that was guessing is refused too…
    const blocked = await login("coco@demo.in", "Demo@1234", "10.1.0.3");
    expect(blocked.statusCode).toBe(429);
    // Seconds until the 15-minute window of that address's first guess ends.
    const retryAfter = Number(blocked.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(blocked.json().message).toBe(
      "Too many failed sign-in attempts. Please wait 15 minutes and try again, or reset your password.",
    );
    // …but the partner, from an address that has not been guessing, still gets in.
    expect((await login("coco@demo.in", "Demo@1234", "10.1.0.99")).statusCode).toBe(200);
    // And a wrong password from that address is refused like the guesses.
    expect((await login("coco@demo.in", "Wrong9pass", "10.1.0.98")).statusCode).toBe(429);
  });

  it("limits a run of wrong passwords from one address across emails", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await login(`guess${i}@demo.in`, "Wrong1pass", "10.9.9.9")).statusCode);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("sessions", () => {
  it("answers 401 without a token, with a bad token and with an expired one", async () => {
    expect((await world.app.inject({ url: "/api/users/me" })).statusCode).toBe(401);
    const bad = await world.app.inject({ url: "/api/users/me", headers: { authorization: "Bearer nope" } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe("Your session has expired. Please sign in again.");

    const headers = await world.signIn("kiosk@demo.in");
    await world.database.db.execute(sql`UPDATE sessions SET expires_at = now() - interval '1 minute'`);
    expect((await world.app.inject({ url: "/api/users/me", headers })).statusCode).toBe(401);
  });
});

describe("forgot and reset password", () => {
  it("refuses an unknown email with the spec's message", async () => {
    const res = await world.app.inject({ url: "/api/forgotpassword?userEmail=ghost@demo.in" });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(messages.forgotUnknownEmail);
  });

  it("mails a single-use link that resets the password", async () => {
    const sent = await world.app.inject({ url: "/api/forgotpassword?userEmail=stockist@demo.in" });
    expect(sent.statusCode).toBe(200);
    const mail = (await world.lastMail()).replace(/=\r?\n/g, "");
    expect(mail).toMatch(/To: stockist@demo.in/);
    const token = /\/resetPassword\/([A-Za-z0-9_-]+)/.exec(mail)?.[1];
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url

    const check = await world.app.inject({ url: `/api/forgotpassword/checkToken/${token}` });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ email: "stockist@demo.in" });

    const weak = await world.app.inject({
      method: "POST",
      url: "/api/forgotpassword/reset",
      payload: { token, email: "stockist@demo.in", newPassword: "short" },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe("newPassword: Password must be at least 8 characters long");

    const reset = await world.app.inject({
      method: "POST",
      url: "/api/forgotpassword/reset",
      payload: { token, email: "stockist@demo.in", newPassword: "NewPass@2026" },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(messages.resetSuccess);
    expect((await login("stockist@demo.in", "NewPass@2026", "10.5.0.1")).statusCode).toBe(200);
    expect((await login("stockist@demo.in", "Demo@1234", "10.5.0.2")).statusCode).toBe(401);

    const again = await world.app.inject({
      method: "POST",
      url: "/api/forgotpassword/reset",
      payload: { token, email: "stockist@demo.in", newPassword: "Another@2026" },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(messages.resetLinkInvalid);
    const recheck = await world.app.inject({ url: `/api/forgotpassword/checkToken/${token}` });
    expect(recheck.statusCode).toBe(401);
  });

  it("limits reset requests per email with 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await world.app.inject({
        url: "/api/forgotpassword?userEmail=admin@demo.in",
        remoteAddress: `10.7.0.${i}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("refuses an expired link", async () => {
    await world.app.inject({ url: "/api/forgotpassword?userEmail=coco@demo.in" });
    const token = /\/resetPassword\/([A-Za-z0-9_-]+)/.exec(
      (await world.lastMail()).replace(/=\r?\n/g, ""),
    )?.[1];
    await world.database.db.execute(
      sql`UPDATE password_reset_tokens SET expires_at = now() - interval '1 second'`,
    );
    const check = await world.app.inject({ url: `/api/forgotpassword/checkToken/${token}` });
    expect(check.statusCode).toBe(401);
    expect(check.json().message).toBe(messages.resetLinkInvalid);
  });
});
