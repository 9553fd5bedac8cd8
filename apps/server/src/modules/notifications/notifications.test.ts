import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWorld, type TestWorld } from "../../test/harness";

let world: TestWorld;
beforeAll(async () => {
  world = await createTestWorld();
});
afterAll(() => world.close());

describe("notifications", () => {
  it("lists the caller's unread notifications with a target screen, and marks one read", async () => {
    const headers = await world.signIn("franchisee@demo.in");
    const before = (await world.app.inject({ url: "/api/notifications", headers })).json() as {
      id: number;
      target: string;
    }[];
    expect(before).toHaveLength(5);
    expect(before[0]?.target).toBe("/account/orderHistory");
    const first = before[0]!;
    const put = await world.app.inject({ method: "PUT", url: `/api/notifications/${first.id}`, headers });
    expect(put.statusCode).toBe(200);
    const after = (await world.app.inject({ url: "/api/notifications", headers })).json() as { id: number }[];
    expect(after.map((n) => n.id)).not.toContain(first.id);
    expect(after).toHaveLength(before.length - 1);
  });

  it("answers 404 for another partner's notification and leaves it unread", async () => {
    const owner = await world.signIn("coco@demo.in");
    const theirs = (await world.app.inject({ url: "/api/notifications", headers: owner })).json() as {
      id: number;
    }[];
    const target = theirs[0]!;
    const res = await world.app.inject({
      method: "PUT",
      url: `/api/notifications/${target.id}`,
      headers: await world.signIn("stockist@demo.in"),
    });
    expect(res.statusCode).toBe(404);
    const still = (await world.app.inject({ url: "/api/notifications", headers: owner })).json() as {
      id: number;
    }[];
    expect(still.map((n) => n.id)).toContain(target.id);
  });

  it("refuses an id that is not a number", async () => {
    const res = await world.app.inject({
      method: "PUT",
      url: "/api/notifications/xyz",
      headers: await world.signIn("coco@demo.in"),
    });
    expect(res.statusCode).toBe(400);
  });
});
