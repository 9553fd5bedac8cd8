import { contentMessages, messages } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWorld, type TestWorld } from "../../test/harness";

let world: TestWorld;
let franchisee: { authorization: string };
let stockist: { authorization: string };
let admin: { authorization: string };

beforeAll(async () => {
  world = await createTestWorld();
  franchisee = await world.signIn("franchisee@demo.in");
  stockist = await world.signIn("stockist@demo.in");
  admin = await world.signIn("admin@demo.in");
}, 60_000);
afterAll(() => world.close());

const post = (url: string, payload: object = {}, headers: { authorization: string } = franchisee) =>
  world.app.inject({ method: "POST", url, headers, payload });

const banner = {
  type: "Banner",
  subType: "Flex",
  unit: "Feet",
  cat: "Sale & Offers",
  size: "Large",
  bHeight: "4",
  bWidth: 10.5,
  address: "Shop 12, Palm Court, Baner Road, Pune 411045",
};

describe("POST /api/artwork/artworkList", () => {
  it("pages the caller's own orders 20 at a time, newest first", async () => {
    const first = (await post("/api/artwork/artworkList", { pageNo: 1, pageSize: 20 })).json();
    expect(first.count).toBe(22);
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0]).toMatchObject({
      type: "Standee",
      status: "Pending",
      unit: "Feet",
      bHeight: "6.00",
    });
    const second = (await post("/api/artwork/artworkList", { pageNo: 2, pageSize: 20 })).json();
    expect(second.rows).toHaveLength(2);
    expect(second.rows[1]).toMatchObject({
      type: "Banner",
      status: "Delivered",
      bHeight: "3.00",
      bWidth: "8.00",
    });
  });

  it("shows another partner none of them", async () => {
    const theirs = (await post("/api/artwork/artworkList", { pageNo: 1, pageSize: 20 }, stockist)).json();
    expect(theirs).toEqual({ rows: [], count: 0 });
  });

  it("refuses a bad page", async () => {
    expect((await post("/api/artwork/artworkList", { pageNo: 0, pageSize: 20 })).statusCode).toBe(400);
    expect((await post("/api/artwork/artworkList", { pageNo: "x" })).statusCode).toBe(400);
  });
});

describe("POST /api/artwork/createArtwork", () => {
  it("creates an order with the server's message", async () => {
    const res = await post("/api/artwork/createArtwork", banner, stockist);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(contentMessages.artworkCreated);
    expect(res.json().artwork).toMatchObject({
      type: "Banner",
      bHeight: "4.00",
      bWidth: "10.50",
      status: "Pending",
    });
    const list = (await post("/api/artwork/artworkList", { pageNo: 1, pageSize: 20 }, stockist)).json();
    expect(list.count).toBe(1);
  });

  it("a Leaflet needs no height or width", async () => {
    const res = await post(
      "/api/artwork/createArtwork",
      {
        ...banner,
        type: "Leaflet",
        subType: "Single sided",
        unit: "A4/A5",
        size: "A4",
        bHeight: null,
        bWidth: undefined,
      },
      stockist,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().artwork).toMatchObject({ bHeight: null, bWidth: null });
  });

  it("answers 'Please Fill the required fields' for a missing field or an unknown choice", async () => {
    const bad = [
      { ...banner, address: "  " },
      { ...banner, bHeight: "" },
      { ...banner, unit: "Metres" },
      { ...banner, type: undefined },
      { ...banner, subType: "Roll-up" },
      { ...banner, cat: "Anything" },
      {},
    ];
    for (const body of bad) {
      const res = await post("/api/artwork/createArtwork", body, stockist);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(messages.artworkRequiredFields);
    }
    expect((await post("/api/artwork/artworkList", { pageNo: 1 }, stockist)).json().count).toBe(2);
  });

  it("refuses a wrong height, width or quantity in people's words, never a field's code name", async () => {
    const cases: [object, string][] = [
      [{ ...banner, bWidth: -2 }, "Width must be more than 0"],
      [{ ...banner, bWidth: "-2" }, "Width must be more than 0"],
      [{ ...banner, bHeight: 0 }, "Height must be more than 0"],
      [{ ...banner, bWidth: "ten" }, "Width must be a number"],
      [{ ...banner, bWidth: { n: 1 } }, "Width must be a number"],
      [{ ...banner, bHeight: 12.345 }, "Height must be a number up to 999999, with at most 2 decimals"],
      [{ ...banner, quantity: 0 }, "Quantity must be a whole number from 1 to 999"],
      [{ ...banner, quantity: 1000 }, "Quantity must be a whole number from 1 to 999"],
      [{ ...banner, quantity: "2.5" }, "Quantity must be a whole number from 1 to 999"],
      [{ ...banner, address: "x".repeat(501) }, "Delivery address must be at most 500 characters"],
    ];
    for (const [body, message] of cases) {
      const res = await post("/api/artwork/createArtwork", body, stockist);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await post("/api/artwork/artworkList", { pageNo: 1 }, stockist)).json().count).toBe(2);
  });

  it("stores the quantity (1 when not given) and shows it on the orders", async () => {
    const res = await post("/api/artwork/createArtwork", { ...banner, quantity: "25" }, stockist);
    expect(res.statusCode).toBe(200);
    expect(res.json().artwork).toMatchObject({ type: "Banner", quantity: 25 });
    const list = (await post("/api/artwork/artworkList", { pageNo: 1 }, stockist)).json();
    expect(list.rows.map((r: { quantity: number }) => r.quantity)).toEqual([25, 1, 1]);
  });

  it("refuses control characters with 400", async () => {
    const res = await post("/api/artwork/createArtwork", { ...banner, address: "a\u0000b" }, stockist);
    expect(res.statusCode).toBe(400);
  });
});

describe("staff: artwork orders", () => {
  it("refuses partners (403)", async () => {
    expect(
      (await world.app.inject({ method: "GET", url: "/api/admin/artworks", headers: franchisee })).statusCode,
    ).toBe(403);
    expect((await post("/api/admin/artworks/1/status", { status: "In Design" })).statusCode).toBe(403);
  });

  it("lists every partner's orders by status and moves one along its steps", async () => {
    const pending = (
      await world.app.inject({ method: "GET", url: "/api/admin/artworks?status=Pending", headers: admin })
    ).json();
    // The franchisee's five Pending demo orders and the three the stockist placed above.
    expect(pending.total).toBe(8);
    const row = pending.rows.find((r: { email: string }) => r.email === "franchisee@demo.in");
    expect(row.next).toEqual(["In Design", "Cancelled"]);
    const moved = await post(`/api/admin/artworks/${row.id}/status`, { status: "In Design" }, admin);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ status: "In Design", next: ["Printing", "Cancelled"] });
    const skip = await post(`/api/admin/artworks/${row.id}/status`, { status: "Delivered" }, admin);
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toBe("A In Design artwork order cannot become Delivered.");
    expect((await post("/api/admin/artworks/999999/status", { status: "Printing" }, admin)).statusCode).toBe(
      404,
    );
    // The partner sees the new status.
    const mine = (await post("/api/artwork/artworkList", { pageNo: 1 })).json();
    expect(mine.rows.find((r: { id: number }) => r.id === row.id).status).toBe("In Design");
  });
});

describe("staff: artworks list q, sort over every row, CSV", () => {
  const list = async (query: string) =>
    (await world.app.inject({ url: `/api/admin/artworks?${query}`, headers: admin })).json() as {
      rows: { id: number; email: string; createdAt: string; type: string }[];
      total: number;
    };

  it("sorts over every row: the first of each direction across pages", async () => {
    const all = await list("pageSize=500");
    const ids = all.rows.map((r) => r.id).sort((a, b) => a - b);
    expect((await list("sort=id&pageSize=3")).rows[0]?.id).toBe(ids[0]);
    expect((await list("sort=-id&pageSize=3")).rows[0]?.id).toBe(ids.at(-1));
    const created = all.rows.map((r) => r.createdAt).sort();
    expect((await list("sort=createdAt&pageSize=1")).rows[0]?.createdAt).toBe(created[0]);
    expect((await list("sort=-createdAt&pageSize=1")).rows[0]?.createdAt).toBe(created.at(-1));
  });

  it("searches the order number, partner and type with q", async () => {
    const all = await list("pageSize=500");
    const stockistRows = all.rows.filter((r) => r.email === "stockist@demo.in");
    const byEmail = await list("q=stockist@demo");
    expect(byEmail.total).toBe(stockistRows.length);
    expect(byEmail.rows.map((r) => r.email)).toEqual(stockistRows.map((r) => r.email));
    const banners = await list("q=banner&pageSize=500");
    expect(banners.total).toBe(all.rows.filter((r) => r.type.toLowerCase().includes("banner")).length);
    expect((await list("q=no-such-artwork")).total).toBe(0);
  });

  it("answers every matching row as CSV, as many rows as the total", async () => {
    const { total } = await list("");
    const res = await world.app.inject({ url: "/api/admin/artworks?format=csv&pageSize=2", headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = res.body.trim().split("\r\n");
    expect(lines[0]).toBe(
      "Order,Store,Email,Type,Sub type,Unit,Category,Size,Quantity,Status,Ordered,Updated",
    );
    expect(lines).toHaveLength(total + 1);
  });
});
