import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWorld, type TestWorld } from "../../test/harness";

let world: TestWorld;
let staff: { authorization: string };

beforeAll(async () => {
  world = await createTestWorld();
  staff = await world.signIn("admin@demo.in");
});
afterAll(() => world.close());

const partner = {
  email: "new.store@demo.in",
  password: "Store@1234",
  firstname: "Asha",
  lastname: "Kale",
  storeName: "BABYHUG Nashik",
  phone: "9822011111",
  accountType: "franchise",
  concept: "BABYHUG",
  state: "Maharashtra",
  city: "Nashik",
  pincode: "422001",
  shippingAddress1: "College Road",
  warehouseIds: [2, 5],
  rules: [{ kind: "block", dimension: "brand", valueId: 5 }],
  flags: { canOrder: true, enableLedger: true },
};

describe("partners (staff)", () => {
  it("lists and searches partners", async () => {
    const res = await world.app.inject({ url: "/api/users/userList?search=franchisee", headers: staff });
    expect(res.statusCode).toBe(200);
    expect(res.json().rows.map((r: { email: string }) => r.email)).toEqual(["franchisee@demo.in"]);
  });

  it("creates a partner through POST /api/users with mapping, rules and flags; sign-up stays as it was", async () => {
    const res = await world.app.inject({
      method: "POST",
      url: "/api/users",
      headers: staff,
      payload: partner,
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      email: partner.email,
      concept: "BABYHUG",
      warehouseIds: [2, 5],
      accountType: "franchise",
    });
    expect(created.flags).toMatchObject({ canOrder: true, enableLedger: true, offer: false });
    expect(created.rules).toEqual(partner.rules);
    const mapping = await world.app.inject({
      url: "/api/mapping/getMapping",
      headers: await world.signIn(partner.email, partner.password),
    });
    expect(mapping.json().map((m: { whID: number }) => m.whID)).toEqual([2, 5]);

    const bad = await world.app.inject({
      method: "POST",
      url: "/api/users",
      headers: staff,
      payload: { ...partner, email: "x@demo.in", warehouseIds: [4242] },
    });
    expect(bad.statusCode).toBe(400);
    const signup = await world.app.inject({
      method: "POST",
      url: "/api/users",
      payload: {
        email: "self@demo.in",
        password: "Self@1234",
        firstname: "S",
        lastname: "T",
        storeName: "Self store",
        phone: "9822012222",
        state: "Goa",
        city: "Panaji",
        pincode: "403001",
      },
    });
    expect(signup.statusCode).toBe(201);
    expect(signup.json().token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
  });

  it("deactivating a partner ends every session at once and refuses sign-in", async () => {
    const headers = await world.signIn("stockist@demo.in");
    const other = await world.signIn("stockist@demo.in");
    const list = (
      await world.app.inject({ url: "/api/users/userList?search=stockist@demo.in", headers: staff })
    ).json();
    const id = list.rows[0].id as number;
    const res = await world.app.inject({
      method: "POST",
      url: `/api/admin/partners/${id}/deactivate`,
      headers: staff,
    });
    expect(res.json().active).toBe(false);
    expect((await world.app.inject({ url: "/api/users/me", headers })).statusCode).toBe(401);
    expect((await world.app.inject({ url: "/api/users/me", headers: other })).statusCode).toBe(401);
    await expect(world.signIn("stockist@demo.in")).rejects.toThrow(/401/);
    await world.app.inject({ method: "POST", url: `/api/admin/partners/${id}/activate`, headers: staff });
    await world.signIn("stockist@demo.in");
    const audit = (
      await world.app.inject({ url: `/api/admin/audit?entity=partner&entityId=${id}`, headers: staff })
    ).json();
    expect(audit.rows.map((r: { action: string }) => r.action)).toEqual([
      "partner.activate",
      "partner.deactivate",
    ]);
  });

  it("edits flags and sends a password-reset mail", async () => {
    const list = (await world.app.inject({ url: "/api/users/userList?search=coco", headers: staff })).json();
    const id = list.rows[0].id as number;
    const res = await world.app.inject({
      method: "PUT",
      url: `/api/admin/partners/${id}`,
      headers: staff,
      payload: { flags: { offer: true } },
    });
    expect(res.json().flags.offer).toBe(true);
    const mail = await world.app.inject({
      method: "POST",
      url: "/api/users/forgetPassword",
      headers: staff,
      payload: { userId: id },
    });
    expect(mail.statusCode).toBe(200);
    expect(await world.lastMail()).toContain("coco@demo.in");
  });

  it("broadcasts to one concept", async () => {
    const res = await world.app.inject({
      method: "POST",
      url: "/api/admin/notifications/broadcast",
      headers: staff,
      payload: {
        title: "Diwali",
        message: "Dispatch schedule",
        concept: "COCO",
        target: "/account/orderHistory",
      },
    });
    expect(res.json().sent).toBe(1);
  });
});
