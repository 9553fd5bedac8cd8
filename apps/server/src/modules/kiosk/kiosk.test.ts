import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWorld, type TestWorld } from "../../test/harness";

let world: TestWorld;
beforeAll(async () => {
  world = await createTestWorld();
});
afterAll(() => world.close());

describe("POST /api/kajukatli/KioskGuestLogin", () => {
  it("signs a walk-in customer in as the kiosk store's guest", async () => {
    const res = await world.app.inject({
      method: "POST",
      url: "/api/kajukatli/KioskGuestLogin",
      headers: await world.signIn("kiosk@demo.in"),
      payload: { MobileNo: "9812345678", firstName: "Ravi" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().customer).toEqual({ mobileNo: "9812345678", firstName: "Ravi" });
    // The guest session is the store's, limited to browsing (see "a kiosk guest session" below).
    const menu = await world.app.inject({
      url: "/api/menu",
      headers: { authorization: `Bearer ${res.json().token}` },
    });
    expect(menu.statusCode).toBe(200);
  });

  it("is for kiosk stores only", async () => {
    const res = await world.app.inject({
      method: "POST",
      url: "/api/kajukatli/KioskGuestLogin",
      headers: await world.signIn("franchisee@demo.in"),
      payload: { MobileNo: "9812345678" },
    });
    expect(res.statusCode).toBe(403);
  });

  it("refuses a mobile number that is not ten digits", async () => {
    const res = await world.app.inject({
      method: "POST",
      url: "/api/kajukatli/KioskGuestLogin",
      headers: await world.signIn("kiosk@demo.in"),
      payload: { MobileNo: "12345" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/MobileNo/);
  });
});

describe("a kiosk guest session", () => {
  let guest: { authorization: string };
  beforeAll(async () => {
    const res = await world.app.inject({
      method: "POST",
      url: "/api/kajukatli/KioskGuestLogin",
      headers: await world.signIn("kiosk@demo.in"),
      payload: { MobileNo: "9812345670" },
    });
    guest = { authorization: `Bearer ${res.json().token}` };
  });

  it("browses the catalogue", async () => {
    const listing = await world.app.inject({
      method: "POST",
      url: "/api/listing/b2b",
      headers: guest,
      payload: {},
    });
    expect(listing.statusCode).toBe(200);
    expect((await world.app.inject({ url: "/api/menu", headers: guest })).statusCode).toBe(200);
  });

  it("cannot read the store's profile, cart or orders, nor order, nor change the password", async () => {
    const refused = [
      { method: "GET", url: "/api/users/me" },
      { method: "GET", url: "/api/users/cart" },
      { method: "GET", url: "/api/mapping/getMapping" },
      { method: "GET", url: "/api/notifications" },
      { method: "GET", url: "/api/order/ABC123" },
      { method: "POST", url: "/api/order", payload: {} },
      {
        method: "PUT",
        url: "/api/users/me/password",
        payload: { oldPassword: "Demo@1234", newPassword: "Other1234" },
      },
      { method: "POST", url: "/api/kajukatli/KioskGuestLogin", payload: { MobileNo: "9812345671" } },
    ] as const;
    for (const r of refused) {
      const res = await world.app.inject({ ...r, headers: guest });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
  });
});
