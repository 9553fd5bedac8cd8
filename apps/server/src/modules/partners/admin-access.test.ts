import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWorld, type TestWorld } from "../../test/harness";

let world: TestWorld;
let adminRoutes: { method: string; url: string }[];

const SAMPLE: Record<string, string> = { id: "1", poid: "P1", userId: "1", accountType: "franchise" };

beforeAll(async () => {
  world = await createTestWorld();
  const doc = (await world.app.inject({ url: "/api/openapi.json" })).json() as {
    paths: Record<string, Record<string, { tags?: string[] }>>;
  };
  adminRoutes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([, op]) => op.tags?.includes("admin"))
      .map(([method, _op]) => ({
        method: method.toUpperCase(),
        url: path.replace(/\{(\w+)\}/g, (_m, name: string) => SAMPLE[name] ?? "1"),
      })),
  );
});
afterAll(() => world.close());

describe("every admin route is refused to partners", () => {
  it("finds the admin routes, the spec's staff calls among them", () => {
    const urls = adminRoutes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        "GET /api/users/userList",
        "POST /api/users/forgetPassword",
        "GET /api/order/autoComfirmedOrders/franchise",
        "POST /api/admin/orders/P1/confirm",
        "POST /api/admin/loads/1/ship",
        "POST /api/admin/payments/1/approve",
        "GET /api/admin/audit",
      ]),
    );
    expect(adminRoutes.length).toBeGreaterThanOrEqual(30);
  });

  it.each(["franchisee@demo.in", "stockist@demo.in", "kiosk@demo.in", "coco@demo.in"])(
    "%s gets 403 on each, and nothing changes",
    async (email) => {
      const headers = await world.signIn(email);
      for (const route of adminRoutes) {
        const res = await world.app.inject({
          method: route.method as "GET",
          url: route.url,
          headers,
          ...(route.method === "GET" ? {} : { payload: {} }),
        });
        expect(`${route.method} ${route.url} ${res.statusCode}`).toBe(`${route.method} ${route.url} 403`);
      }
    },
  );

  it("answers 401 without a session", async () => {
    for (const route of adminRoutes) {
      const res = await world.app.inject({ method: route.method as "GET", url: route.url });
      expect(`${route.method} ${route.url} ${res.statusCode}`).toBe(`${route.method} ${route.url} 401`);
    }
  });
});
