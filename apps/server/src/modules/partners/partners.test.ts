import { partnerDeskMessages } from "@portal/domain";
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

describe("partners list: q, sort over every row, CSV", () => {
  const list = async (query: string) =>
    (await world.app.inject({ url: `/api/users/userList?${query}`, headers: staff })).json() as {
      rows: { id: number; email: string; storeName: string | null; gstin: string | null }[];
      total: number;
    };

  it("sorts over every row, not the page shown", async () => {
    const all = await list("pageSize=500");
    const emails = all.rows.map((r) => r.email).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const byEmail = (await list("sort=email&pageSize=2")).rows.map((r) => r.email);
    expect(byEmail[0]).toBe(emails[0]);
    expect((await list("sort=-email&pageSize=2")).rows[0]?.email).toBe(emails.at(-1));
    const lastPage = await list(`sort=email&pageSize=1&page=${all.total}`);
    expect(lastPage.rows[0]?.email).toBe(emails.at(-1));
    const bad = await world.app.inject({ url: "/api/users/userList?sort=password", headers: staff });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("sort must be one of email, firstname");
  });

  it("finds a partner by email, store or GSTIN with q (blank q is no filter)", async () => {
    expect((await list("q=coco@demo")).rows.map((r) => r.email)).toEqual(["coco@demo.in"]);
    expect((await list("q=")).total).toBe((await list("")).total);
    const id = (await list("q=coco@demo")).rows[0]!.id;
    const put = await world.app.inject({
      method: "PUT",
      url: `/api/admin/partners/${id}`,
      headers: staff,
      payload: { state: "Maharashtra", gstin: "27AAPFU0939F1ZV" },
    });
    expect(put.statusCode).toBe(200);
    expect((await list("q=aapfu0939")).rows.map((r) => [r.email, r.gstin])).toEqual([
      ["coco@demo.in", "27AAPFU0939F1ZV"],
    ]);
  });

  it("answers every matching row as CSV, as many rows as the total, India's times", async () => {
    const { total } = await list("");
    const res = await world.app.inject({ url: "/api/users/userList?format=csv&pageSize=1", headers: staff });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = res.body.trim().split("\r\n");
    expect(lines[0]).toBe(
      "Id,Email,First name,Last name,Store,Account type,Concept,State,GSTIN,Active,Created",
    );
    expect(lines).toHaveLength(total + 1);
    const filtered = await world.app.inject({
      url: "/api/users/userList?format=csv&q=coco@demo",
      headers: staff,
    });
    expect(filtered.body.trim().split("\r\n")).toHaveLength(2);
  });
});

describe("partner as a record", () => {
  const idOf = async (email: string) =>
    (await world.app.inject({ url: `/api/users/userList?q=${email}`, headers: staff })).json().rows[0]
      .id as number;
  const put = (id: number, payload: object) =>
    world.app.inject({ method: "PUT", url: `/api/admin/partners/${id}`, headers: staff, payload });

  it("lists the warehouses by name for the picker", async () => {
    const res = await world.app.inject({ url: "/api/admin/partners/warehouses", headers: staff });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { id: number; name: string; state: string }[];
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.map((w) => w.name)).toEqual([...rows.map((w) => w.name)].sort((a, b) => a.localeCompare(b)));
  });

  it("saves GSTIN, state, address, credit limit and warehouses, answering and auditing what changed", async () => {
    const id = await idOf("franchisee@demo.in");
    const before = (await world.app.inject({ url: `/api/admin/partners/${id}`, headers: staff })).json();
    const warehouses = (
      await world.app.inject({ url: "/api/admin/partners/warehouses", headers: staff })
    ).json();
    const picked = warehouses.find((w: { id: number }) => !before.warehouseIds.includes(w.id));
    const res = await put(id, {
      state: "Karnataka",
      gstin: "29aagcb7383j1z4",
      address: "12 MG Road, Bengaluru",
      creditLimitPaise: 5_00_000_00,
      warehouseIds: [...before.warehouseIds, picked.id],
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({
      state: "Karnataka",
      gstin: "29AAGCB7383J1Z4",
      address: "12 MG Road, Bengaluru",
      creditLimitPaise: 5_00_000_00,
    });
    const changes = Object.fromEntries(
      saved.changes.map((c: { field: string; before: string | null; after: string | null }) => [
        c.field,
        [c.before, c.after],
      ]),
    );
    expect(Object.keys(changes).sort()).toEqual(["address", "creditLimit", "gstin", "state", "warehouses"]);
    expect(changes.gstin).toEqual([before.gstin, "29AAGCB7383J1Z4"]);
    expect(changes.creditLimit).toEqual([null, "₹5,00,000.00"]);
    expect(changes.warehouses[1]).toContain(picked.name);
    const audit = (
      await world.app.inject({ url: `/api/admin/audit?entity=partner&entityId=${id}`, headers: staff })
    ).json();
    const row = audit.rows.find((r: { action: string }) => r.action === "partner.update");
    expect(row.before.gstin).toBe(before.gstin);
    expect(row.after).toMatchObject({ gstin: "29AAGCB7383J1Z4", creditLimit: "₹5,00,000.00" });

    const again = await put(id, { state: "Karnataka" });
    expect(again.json().changes).toEqual([]);
  });

  it.each([
    [{ gstin: "29AAGCB7383J1Z" }, partnerDeskMessages.gstinLength],
    [{ gstin: "29AAGCB7383J1Z5" }, partnerDeskMessages.gstinChecksum],
    [
      { gstin: "27AAPFU0939F1ZV", state: "Karnataka" },
      partnerDeskMessages.gstinStateMismatch("27", "Karnataka"),
    ],
    [{ state: "Karnatak" }, partnerDeskMessages.chooseState],
    [{ creditLimitPaise: -1 }, "creditLimitPaise"],
  ])("refuses %o with 400 and a clear message", async (payload, message) => {
    const res = await put(await idOf("stockist@demo.in"), payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});
