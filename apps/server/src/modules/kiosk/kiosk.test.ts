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
    const me = await world.app.inject({
      url: "/api/users/me",
      headers: { authorization: `Bearer ${res.json().token}` },
    });
    expect(me.json().email).toBe("kiosk@demo.in");
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
