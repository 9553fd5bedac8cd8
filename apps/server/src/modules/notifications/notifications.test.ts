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

describe("sent notifications (staff)", () => {
  const list = async (query: string, email = "admin@demo.in") =>
    world.app.inject({ url: `/api/admin/notifications${query}`, headers: await world.signIn(email) });

  it("searches the title, message and partner, sorts over all rows, and filters read or unread", async () => {
    const all = (await list("?pageSize=500")).json();
    expect(all.total).toBeGreaterThan(2);
    const coco = (await list("?q=coco%40demo.in&pageSize=500")).json();
    expect(coco.total).toBeGreaterThan(0);
    expect(new Set(coco.rows.map((r: { partnerEmail: string }) => r.partnerEmail))).toEqual(
      new Set(["coco@demo.in"]),
    );
    const diwali = (await list("?q=Dispatch%20schedule")).json();
    expect(diwali.rows.every((r: { message: string }) => r.message === "Dispatch schedule")).toBe(true);
    const oldestFirst = (await list("?sort=createdAt&pageSize=1")).json().rows[0];
    const newestFirst = (await list("?sort=-createdAt&pageSize=1")).json().rows[0];
    const times = all.rows.map((r: { createdAt: string }) => r.createdAt).sort();
    expect(oldestFirst.createdAt).toBe(times[0]);
    expect(newestFirst.createdAt).toBe(times.at(-1));
    const read = (await list("?read=true&pageSize=500")).json();
    const unread = (await list("?read=false&pageSize=500")).json();
    expect(read.total + unread.total).toBe(all.total);
    expect(unread.rows.every((r: { readAt: string | null }) => r.readAt === null)).toBe(true);
  });

  it("exports every matching row as CSV with India times: as many rows as the total", async () => {
    const total = (await list("?q=coco%40demo.in")).json().total as number;
    const csv = await list("?q=coco%40demo.in&format=csv");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe("Sent,Partner,Email,Title,Message,Opens,Read");
    expect(lines.length - 1).toBe(total);
    expect(lines[1]).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
  });

  it("refuses a sort it does not know, and is for staff only", async () => {
    const bad = await list("?sort=password");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      "sort must be one of createdAt, partnerName, title, readAt, -createdAt, -partnerName, -title, -readAt",
    );
    expect((await list("", "franchisee@demo.in")).statusCode).toBe(403);
    expect((await world.app.inject({ url: "/api/admin/notifications" })).statusCode).toBe(401);
  });
});
