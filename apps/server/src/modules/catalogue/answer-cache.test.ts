import type { ListingResponse } from "@portal/contracts";
import { FOOD_SUBCATEGORY_IDS } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { createMailer } from "../../lib/mailer";
import { createTestWorld, type TestWorld } from "../../test/harness";

let world: TestWorld;
let cached: FastifyInstance;

beforeAll(async () => {
  world = await createTestWorld();
  cached = await buildApp({
    db: world.database.db,
    mailer: createMailer({ outboxDir: world.outboxDir, from: "test@portal.test" }),
    publicUrl: "http://portal.test",
    logLevel: "silent",
    catalogueCacheMs: 60_000,
  });
});
afterAll(async () => {
  await cached.close();
  await world.close();
});

async function listAs(email: string, body: object) {
  const login = await cached.inject({
    method: "POST",
    url: "/api/auth/local",
    payload: { email, password: "Demo@1234" },
  });
  const res = await cached.inject({
    method: "POST",
    url: "/api/listing/b2b",
    headers: { authorization: `Bearer ${login.json().token}` },
    payload: body,
  });
  return res.json() as ListingResponse;
}

describe("catalogue answers served again from the cache", () => {
  it("never hand one partner's catalogue to another", async () => {
    const body = { filters: [{ key: "subcategories", values: [...FOOD_SUBCATEGORY_IDS] }], size: 50 };
    const franchisee = await listAs("franchisee@demo.in", body);
    const stockist = await listAs("stockist@demo.in", body);
    // the two food products are two sizes of one style
    expect(franchisee.total).toBe(1);
    expect(franchisee.productTotal).toBe(2);
    expect(stockist.total).toBe(0);
    expect(stockist.products).toEqual([]);
  });

  it("keeps each partner's own prices (ship-to state) apart", async () => {
    const body = { size: 20, whId: 2 };
    const franchisee = await listAs("franchisee@demo.in", body);
    const stockist = await listAs("stockist@demo.in", body);
    expect(franchisee.products.every((p) => p.gstType === "CGST/SGST")).toBe(true);
    expect(stockist.products.every((p) => p.gstType === "IGST")).toBe(true);
  });
});
