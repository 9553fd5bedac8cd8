import { partnerDeskMessages } from "@portal/domain";
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

describe("broadcast (staff)", () => {
  const broadcast = async (payload: object) =>
    world.app.inject({
      method: "POST",
      url: "/api/admin/notifications/broadcast",
      headers: await world.signIn("admin@demo.in"),
      payload: { title: "Diwali", message: "Dispatch schedule", ...payload },
    });

  it("lists the concepts from the database with their partners, and counts recipients before sending", async () => {
    const staff = await world.signIn("admin@demo.in");
    const concepts = (
      await world.app.inject({ url: "/api/admin/notifications/concepts", headers: staff })
    ).json();
    const coco = concepts.find((c: { concept: string }) => c.concept.toLowerCase() === "coco");
    expect(coco).toEqual({ concept: "COCO", partners: 1 });
    const count = async (query: string) =>
      (await world.app.inject({ url: `/api/admin/notifications/recipients${query}`, headers: staff })).json()
        .recipients as number;
    expect(await count("?concept=coco")).toBe(1);
    expect(await count("?concept=nobody")).toBe(0);
    const everyone = await count("");
    expect(everyone).toBeGreaterThan(1);
    expect((await broadcast({})).json()).toEqual({ sent: everyone });
  });

  it("reaches a concept in any case: 'coco' is COCO", async () => {
    const res = await broadcast({ concept: "coco" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: 1 });
  });

  it("refuses a broadcast that reaches no one (400) and sends nothing", async () => {
    const res = await broadcast({ concept: "Nobody" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(partnerDeskMessages.unknownConcept("Nobody"));
  });
});
