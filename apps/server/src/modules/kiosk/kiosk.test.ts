import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { products } from "../../db/schema";
import { createMailer } from "../../lib/mailer";
import { KIOSK_GUEST_ROUTES } from "../../plugins/access";
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
    expect(res.json().message).toBe("MobileNo must be a 10-digit Indian mobile number");
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

/** The keys that carry a store's wholesale price: never in an answer to a kiosk guest. */
const WHOLESALE_KEYS = [
  "pricing",
  "retailerMargin",
  "netCost",
  "margin",
  "ctc",
  "baseCost",
  "vat",
  "tax",
  "gstRates",
];

/** Where in a JSON answer a wholesale key sits (`$.products[0].pricing`), walking every object and array. */
function wholesaleKeysIn(value: unknown, at = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => wholesaleKeysIn(v, `${at}[${i}]`));
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, v]) => [
    ...(WHOLESALE_KEYS.includes(key) ? [`${at}.${key}`] : []),
    ...wholesaleKeysIn(v, `${at}.${key}`),
  ]);
}

/** An answer with every wholesale key taken out: what the guest is shown of the store's answer. */
function withoutWholesale(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutWholesale);
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !WHOLESALE_KEYS.includes(key))
      .map(([key, v]) => [key, withoutWholesale(v)]),
  );
}

describe("what a kiosk guest is shown: MRP only, never the store's net cost or margin", () => {
  let store: { authorization: string };
  let guest: { authorization: string };
  /** Every route a guest may call (KIOSK_GUEST_ROUTES but sign-out), asked about the store's first products. */
  let calls: Record<string, { method: "GET" | "POST"; url: string; payload?: object }>;
  let first: {
    id: number;
    groupID: number;
    color: string | null;
    brandId: number;
    name: string;
    whId: number;
  };

  beforeAll(async () => {
    store = await world.signIn("kiosk@demo.in");
    const res = await world.app.inject({
      method: "POST",
      url: "/api/kajukatli/KioskGuestLogin",
      headers: store,
      payload: { MobileNo: "9812345672", firstName: "Meena" },
    });
    guest = { authorization: `Bearer ${res.json().token}` };
    const listing = await world.app.inject({
      method: "POST",
      url: "/api/listing/b2b",
      headers: store,
      payload: { size: 20 },
    });
    first = listing.json().products[0];
    const ids = listing.json().products.map((p: { id: number }) => p.id);
    calls = {
      "GET /api/menu": { method: "GET", url: "/api/menu" },
      "GET /api/category/b2b": { method: "GET", url: "/api/category/b2b" },
      "POST /api/listing/b2b": { method: "POST", url: "/api/listing/b2b", payload: { size: 20 } },
      "POST /api/products/suggestions/b2b": {
        method: "POST",
        url: "/api/products/suggestions/b2b",
        payload: { search: first.name.split(" ").find((w) => w.length >= 3) },
      },
      "GET /api/products/category": { method: "GET", url: "/api/products/category" },
      "GET /api/subcategory/types": { method: "GET", url: "/api/subcategory/types" },
      "GET /api/bestseller/all": { method: "GET", url: "/api/bestseller/all" },
      "GET /api/brand/:id": { method: "GET", url: `/api/brand/${first.brandId}` },
      "GET /api/products/:id": { method: "GET", url: `/api/products/${first.id}?whId=${first.whId}` },
      "POST /api/products/children": {
        method: "POST",
        url: "/api/products/children",
        payload: { products: [{ groupID: first.groupID, color: first.color }] },
      },
      "POST /api/products/info/b2b": {
        method: "POST",
        url: "/api/products/info/b2b",
        payload: { products: ids },
      },
      "POST /api/products/currentStock": {
        method: "POST",
        url: "/api/products/currentStock",
        payload: { products: ids },
      },
      "POST /api/products/sale": { method: "POST", url: "/api/products/sale", payload: ids },
      "GET /api/banner": { method: "GET", url: "/api/banner" },
    };
  });

  it("asks every route a guest may call", () => {
    expect(Object.keys(calls).sort()).toEqual(
      [...KIOSK_GUEST_ROUTES].filter((route) => route !== "POST /api/auth/logout").sort(),
    );
  });

  it("answers the guest on every one of them without a wholesale price, where the store's own answers carry them", async () => {
    const priced: string[] = [];
    for (const [route, call] of Object.entries(calls)) {
      const asGuest = await world.app.inject({ ...call, headers: guest });
      expect(asGuest.statusCode, route).toBe(200);
      expect(wholesaleKeysIn(asGuest.json()), route).toEqual([]);
      const asStore = await world.app.inject({ ...call, headers: store });
      // The same answer, less the store's wholesale price.
      expect(asGuest.json(), route).toEqual(withoutWholesale(asStore.json()));
      if (wholesaleKeysIn(asStore.json()).length > 0) priced.push(route);
    }
    expect(priced.sort()).toEqual([
      "GET /api/bestseller/all",
      "GET /api/products/:id",
      "POST /api/listing/b2b",
      "POST /api/products/info/b2b",
      "POST /api/products/suggestions/b2b",
    ]);
  });

  it("shows the guest a product at its MRP, with none of the store's net cost, margin or tax amounts in it", async () => {
    const asStore = (await world.app.inject({ ...calls["GET /api/products/:id"]!, headers: store })).json();
    const asGuest = await world.app.inject({ ...calls["GET /api/products/:id"]!, headers: guest });
    const [row] = await world.database.db.select().from(products).where(eq(products.id, first.id));
    expect(asGuest.json().mrp).toBe(row!.mrp);
    expect(asStore.pricing.mrp).toBe(row!.mrp);
    // The store's figures for this product appear nowhere in the guest's answer.
    const storeFigures = [
      asStore.pricing.netCost,
      asStore.pricing.margin,
      asStore.pricing.ctc,
      asStore.pricing.baseCost,
      asStore.pricing.vat,
      asStore.tax.cgst,
      asStore.tax.igst,
    ].filter((amount) => amount !== "0.00");
    expect(storeFigures.length).toBeGreaterThanOrEqual(5);
    for (const amount of storeFigures) expect(asGuest.body).not.toContain(`"${amount}"`);
  });

  it("never serves a guest the store's cached answer, nor the store a guest's", async () => {
    const cached = await buildApp({
      db: world.database.db,
      mailer: createMailer({ outboxDir: world.outboxDir, from: "test@portal.test" }),
      publicUrl: "http://portal.test",
      logLevel: "silent",
      catalogueCacheMs: 60_000,
    });
    try {
      // The same sessions on an instance that serves catalogue answers again for a minute.
      const ask = (route: string, headers: { authorization: string }) =>
        cached.inject({ ...calls[route]!, headers });
      // the store asks first: its answers are kept; the guest's are its own
      for (const route of ["POST /api/listing/b2b", "GET /api/products/:id"]) {
        expect(wholesaleKeysIn((await ask(route, store)).json()), route).not.toEqual([]);
        expect(wholesaleKeysIn((await ask(route, guest)).json()), route).toEqual([]);
      }
      // the guest asks first: the store still gets its net cost
      const route = "POST /api/products/suggestions/b2b";
      expect(wholesaleKeysIn((await ask(route, guest)).json())).toEqual([]);
      expect((await ask(route, store)).json().products[0].netCost).toMatch(/^\d+\.\d{2}$/);
    } finally {
      await cached.close();
    }
  });
});
