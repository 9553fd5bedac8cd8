import { messages } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { SIGNUP_LIMIT } from "../auth/public";

/** What a successful sign-in hands back: a bearer token of 32 random bytes, base64url. */
const SIGNED_IN = { authorization: expect.stringMatching(/^Bearer [A-Za-z0-9_-]{43}$/) };

let world: TestWorld;
beforeAll(async () => {
  world = await createTestWorld();
});
afterAll(() => world.close());

describe("GET /api/users/me", () => {
  it("carries every flag of the spec's me and never a password", async () => {
    const res = await world.app.inject({
      url: "/api/users/me",
      headers: await world.signIn("franchisee@demo.in"),
    });
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me).toMatchObject({
      email: "franchisee@demo.in",
      isFranchisee: true,
      enableLedger: true,
      hasFoodLicense: true,
      enableARS: true,
      canViewStorePerformance: true,
      canOrder: true,
      canCartUpload: true,
      offer: true,
      shippingState: "Maharashtra",
      shippingPincode: "411001",
      fcf: { concept: "BABYHUG" },
    });
    expect(JSON.stringify(me)).not.toMatch(/password|scrypt/i);
  });

  it("gives the stockist none of the franchise, food, ledger or offer flags", async () => {
    const me = (
      await world.app.inject({ url: "/api/users/me", headers: await world.signIn("stockist@demo.in") })
    ).json();
    expect(me).toMatchObject({
      isFranchisee: false,
      hasFoodLicense: false,
      enableLedger: false,
      offer: false,
      canOrder: true,
      canCartUpload: true,
      shippingState: "Karnataka",
      shippingPincode: "560001",
      fcf: null,
    });
  });

  it("shows COCO's franchise created on 2018-03-20", async () => {
    const me = (
      await world.app.inject({ url: "/api/users/me", headers: await world.signIn("coco@demo.in") })
    ).json();
    expect(me.fcf.concept).toBe("COCO");
    expect(new Date(me.fcf.createdDate).toISOString()).toMatch(/^2018-03-(19|20)/);
  });
});

describe("GET /api/users/{id}", () => {
  it("lets a partner read itself but answers 404 for another partner", async () => {
    const headers = await world.signIn("franchisee@demo.in");
    const me = (await world.app.inject({ url: "/api/users/me", headers })).json();
    expect((await world.app.inject({ url: `/api/users/${me.id}`, headers })).statusCode).toBe(200);
    const other = (
      await world.app.inject({ url: "/api/users/me", headers: await world.signIn("stockist@demo.in") })
    ).json();
    const res = await world.app.inject({ url: `/api/users/${other.id}`, headers });
    expect(res.statusCode).toBe(404);
  });

  it("lets an admin read any user", async () => {
    const other = (
      await world.app.inject({ url: "/api/users/me", headers: await world.signIn("stockist@demo.in") })
    ).json();
    const res = await world.app.inject({
      url: `/api/users/${other.id}`,
      headers: await world.signIn("admin@demo.in"),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe("stockist@demo.in");
  });

  it("refuses an id that is not a number with a 400", async () => {
    const res = await world.app.inject({
      url: "/api/users/abc",
      headers: await world.signIn("franchisee@demo.in"),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("POST /api/users (sign-up)", () => {
  const body = {
    email: "new.store@example.in",
    password: "Store@2026",
    firstname: "Anita",
    lastname: "Rao",
    storeName: "Little Steps Kids Store",
    phone: "9876543210",
    state: "Telangana",
    city: "Hyderabad",
    pincode: "500001",
  };

  it("creates a partner who is signed in and cannot order until enabled", async () => {
    const res = await world.app.inject({ method: "POST", url: "/api/users", payload: body });
    expect(res.statusCode).toBe(201);
    const me = await world.app.inject({
      url: "/api/users/me",
      headers: { authorization: `Bearer ${res.json().token}` },
    });
    expect(me.json()).toMatchObject({
      email: body.email,
      canOrder: false,
      role: "user",
      shippingPincode: "500001",
    });
  });

  it("refuses the same email twice, whatever its case", async () => {
    const res = await world.app.inject({
      method: "POST",
      url: "/api/users",
      payload: { ...body, email: "NEW.STORE@example.in" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("An account with this email already exists. Please sign in.");
  });

  it("names each bad field", async () => {
    const res = await world.app.inject({
      method: "POST",
      url: "/api/users",
      payload: { ...body, email: "x@y.in", pincode: "12", phone: "123" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "phone must be a 10-digit Indian mobile number; pincode must be 6 digits",
    );
  });

  it("refuses a NUL in a name with a 400 naming the field", async () => {
    const res = await world.app.inject({
      method: "POST",
      url: "/api/users",
      payload: { ...body, email: "nul@example.in", firstname: "An\u0000ita" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("firstname must not contain control characters");
  });

  it("refuses a signed-in partner with 403 and creates no one", async () => {
    const headers = await world.signIn("franchisee@demo.in");
    const res = await world.app.inject({
      method: "POST",
      url: "/api/users",
      headers,
      payload: { ...body, email: "partner.made@example.in" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: messages.adminsOnly });
    const signIn = await world.app.inject({
      method: "POST",
      url: "/api/auth/local",
      payload: { email: "partner.made@example.in", password: body.password },
      remoteAddress: "10.78.0.1",
    });
    expect(signIn.statusCode).toBe(401);
  });

  it("limits sign-ups per address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < SIGNUP_LIMIT + 1; i++) {
      const res = await world.app.inject({
        method: "POST",
        url: "/api/users",
        payload: { ...body, email: `many${i}@example.in` },
        remoteAddress: "10.77.0.1",
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, SIGNUP_LIMIT)).toEqual(Array(SIGNUP_LIMIT).fill(201));
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("PUT /api/users/{id}/password", () => {
  it("refuses a wrong current password with the spec's message, then changes it", async () => {
    const headers = await world.signIn("kiosk@demo.in");
    const me = (await world.app.inject({ url: "/api/users/me", headers })).json();
    const wrong = await world.app.inject({
      method: "PUT",
      url: `/api/users/${me.id}/password`,
      headers,
      payload: { oldPassword: "Nope@1234", newPassword: "Kiosk@2026" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(messages.currentPasswordInvalid);

    const ok = await world.app.inject({
      method: "PUT",
      url: `/api/users/${me.id}/password`,
      headers,
      payload: { oldPassword: "Demo@1234", newPassword: "Kiosk@2026" },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(messages.passwordChanged);
    await expect(world.signIn("kiosk@demo.in", "Kiosk@2026")).resolves.toEqual(SIGNED_IN);

    // The same session at once knows the new password (nothing cached the old one).
    const again = await world.app.inject({
      method: "PUT",
      url: `/api/users/${me.id}/password`,
      headers,
      payload: { oldPassword: "Kiosk@2026", newPassword: "Kiosk@2027" },
    });
    expect(again.statusCode).toBe(200);
  });

  it("never changes another user's password", async () => {
    const other = (
      await world.app.inject({ url: "/api/users/me", headers: await world.signIn("coco@demo.in") })
    ).json();
    const res = await world.app.inject({
      method: "PUT",
      url: `/api/users/${other.id}/password`,
      headers: await world.signIn("franchisee@demo.in"),
      payload: { oldPassword: "Demo@1234", newPassword: "Hacked@2026" },
    });
    expect(res.statusCode).toBe(404);
    await expect(world.signIn("coco@demo.in")).resolves.toEqual(SIGNED_IN);
  });
});

describe("mapping and rules", () => {
  it("maps the franchisee to warehouses 2, 3, 5, 7 and one stockist", async () => {
    const res = await world.app.inject({
      url: "/api/mapping/getMapping",
      headers: await world.signIn("franchisee@demo.in"),
    });
    const ids = res.json().map((w: { whID: number }) => w.whID);
    expect(ids.slice(0, 4)).toEqual([2, 3, 5, 7]);
    expect(ids.filter((id: number) => id >= 100)).toHaveLength(1);
    expect(res.json()[0]).toMatchObject({ whID: 2, name: "Pune", state: "Maharashtra" });
  });

  it("maps the stockist to 2, 7 and one stockist", async () => {
    const res = await world.app.inject({
      url: "/api/mapping/getMapping",
      headers: await world.signIn("stockist@demo.in"),
    });
    const ids = res.json().map((w: { whID: number }) => w.whID);
    expect(ids.slice(0, 2)).toEqual([2, 7]);
    expect(ids.filter((id: number) => id >= 100)).toHaveLength(1);
  });

  it("returns rules as allow or block lists", async () => {
    const res = await world.app.inject({
      url: "/api/users/rules?appType=1",
      headers: await world.signIn("stockist@demo.in"),
    });
    expect(res.statusCode).toBe(200);
    for (const rule of res.json()) {
      expect(["allow", "block"]).toContain(rule.type);
      expect(rule).toHaveProperty("brands");
    }
  });
});
