import {
  ARS_RANGE_MONTHS,
  accountMessages,
  addMonths,
  indiaDay,
  messages,
  partnerDeskMessages,
  storeReportMessages,
} from "@portal/domain";
import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { backOfficeKit } from "../../test/back-office-test-kit";
import { fixClock, restoreClock, TEST_NOW } from "../../test/clock";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { orderBody, placeOrder, stockUp } from "../../test/order-test-kit";

type Headers = { authorization: string };
let world: TestWorld;
let kit: Awaited<ReturnType<typeof backOfficeKit>>;
let franchisee: Headers;
let stockist: Headers;
let coco: Headers;
let ownStore: number;
let cocoStore: number;

/** The franchisee's ARS list in the 200-product test world (every 37th product after the first 20). */
const ARS = [100043, 100080, 100117, 100154, 100191];
const OCTOBER = "from=2026-10-01&to=2026-10-31";
/** Orders placed by these tests are dated today (India, on the fixed clock), so their range ends today. */
const today = indiaDay(TEST_NOW);
const lastMonth = `from=${addMonths(today, -ARS_RANGE_MONTHS)}&to=${today}`;

async function orderArs(productId: number, qty: number): Promise<string> {
  await stockUp(kit.db, productId, 2, 100);
  const res = await placeOrder(
    world.app,
    franchisee,
    orderBody([{ wh: 2, products: [{ id: productId, qty }] }]),
  );
  if (res.statusCode !== 200) throw new Error(`order failed: ${res.body}`);
  return res.json().result[0].poid as string;
}

beforeAll(async () => {
  fixClock();
  world = await createTestWorld();
  kit = await backOfficeKit(world);
  franchisee = kit.franchisee;
  stockist = await world.signIn("stockist@demo.in");
  coco = await world.signIn("coco@demo.in");
  const me = async (h: Headers) =>
    (await world.app.inject({ method: "GET", url: "/api/users/me", headers: h })).json();
  ownStore = (await me(franchisee)).fcf.id;
  cocoStore = (await me(coco)).fcf.id;

  // 100043: 2 Pending; 100080: 3 Confirmed; 100117: 4 Shipped (in transit); 100154: 1 Cancelled.
  await orderArs(100043, 2);
  const confirmed = await orderArs(100080, 3);
  expect((await kit.call("POST", `/api/admin/orders/${confirmed}/confirm`, {})).statusCode).toBe(200);
  const shipped = await orderArs(100117, 4);
  expect((await kit.call("POST", `/api/admin/orders/${shipped}/confirm`, {})).statusCode).toBe(200);
  const load = (await kit.call("POST", "/api/admin/loads", { poids: [shipped] })).json();
  await kit.call("POST", `/api/admin/loads/${load.id}/hand-over`, {
    transporter: "Blue Dart",
    docketNo: "BD1",
  });
  expect((await kit.call("POST", `/api/admin/loads/${load.id}/ship`, {})).statusCode).toBe(200);
  const cancelled = await orderArs(100154, 1);
  expect(
    (await kit.call("POST", `/api/admin/orders/${cancelled}/cancel`, { reason: "Out of season" })).statusCode,
  ).toBe(200);
}, 120_000);
afterAll(async () => {
  await world.close();
  restoreClock();
});

const get = (url: string, headers: Headers = franchisee) => world.app.inject({ method: "GET", url, headers });
const send = (method: "POST" | "PUT", url: string, payload: object, headers: Headers = franchisee) =>
  world.app.inject({ method, url, headers, payload });

describe("GET /api/order/arsReport: the filter", () => {
  it.each([
    ["", messages.selectOrderDates],
    ["?from=2026-10-01", messages.selectOrderDates],
    ["?to=2026-10-31", messages.selectOrderDates],
    ["?from=&to=2026-10-31", messages.selectOrderDates],
    ["?from=2026-10-01&to=2026-11-02", storeReportMessages.arsRangeTooLong],
    ["?from=2026-10-31&to=2026-10-01", storeReportMessages.toBeforeFrom],
    ["?from=2026-02-30&to=2026-03-10", accountMessages.notADay("from")],
    ["?from=01-10-2026&to=2026-10-31", accountMessages.notADay("from")],
    ["?from=2026-10-01&to=2101-01-01", accountMessages.notADay("to")],
    [`?${OCTOBER}&pageSize=7`, "pageSize must be one of 10, 20, 30, 50"],
    [`?${OCTOBER}&pageNo=0`, "pageNo must be at least 1"],
  ])("%s → 400 %s", async (query, message) => {
    const res = await get(`/api/order/arsReport${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it("takes exactly one month, and the dates are required of non-franchisees too", async () => {
    expect((await get("/api/order/arsReport?from=2026-10-01&to=2026-11-01")).statusCode).toBe(200);
    const res = await get("/api/order/arsReport", stockist);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please select Order From and Order To date");
  });
});

describe("GET /api/order/arsReport: the rows", () => {
  it("lists the franchisee's ARS list with its stock, priced for them, for October", async () => {
    const res = await get(`/api/order/arsReport?${OCTOBER}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(5);
    expect(body.rows.map((r: { productId: number }) => r.productId)).toEqual(ARS);
    expect(body.rows[0]).toEqual({
      productId: 100043,
      parentId: 100042,
      productName: "Kookie Kids Off Road RC Monster Truck 1:24 Scale - Yellow",
      cat: "Toys & Gaming",
      subCat: "Remote Control Toys",
      brand: "Kookie Kids",
      mrp: "849.00",
      actualPrice: "534.87",
      targetStock: 6,
      pendingQty: 0,
      confirmedQty: 0,
      inTransitStock: 0,
      stockInHand: 5,
      expectedQty: 1,
      actualQty: 0,
      arsScheduledDate: "2026-11-02",
    });
    // target − stock in hand, nothing on order in October
    expect(body.rows.map((r: { expectedQty: number }) => r.expectedQty)).toEqual([1, 10, 9, 15, 20]);
  });

  it("prices each row exactly as the catalogue prices it for the partner", async () => {
    const rows = (await get(`/api/order/arsReport?${OCTOBER}`)).json().rows;
    for (const row of rows.slice(0, 2)) {
      const product = (await get(`/api/products/${row.productId}`)).json();
      const priced = Array.isArray(product) ? product[0] : product;
      expect(row.actualPrice).toBe(priced.pricing.netCost);
      expect(row.mrp).toBe(priced.mrp);
    }
  });

  it("counts the orders placed in the range by status: pending, confirmed, in transit; cancelled ones not at all", async () => {
    const res = await get(`/api/order/arsReport?${lastMonth}`);
    expect(res.statusCode).toBe(200);
    const pick = (r: Record<string, number>) => ({
      productId: r.productId,
      pendingQty: r.pendingQty,
      confirmedQty: r.confirmedQty,
      inTransitStock: r.inTransitStock,
      stockInHand: r.stockInHand,
      expectedQty: r.expectedQty,
      actualQty: r.actualQty,
    });
    expect(res.json().rows.map(pick)).toEqual([
      // 6 − 5 − 2 → 0, never negative
      {
        productId: 100043,
        pendingQty: 2,
        confirmedQty: 0,
        inTransitStock: 0,
        stockInHand: 5,
        expectedQty: 0,
        actualQty: 2,
      },
      {
        productId: 100080,
        pendingQty: 0,
        confirmedQty: 3,
        inTransitStock: 0,
        stockInHand: 2,
        expectedQty: 7,
        actualQty: 3,
      },
      {
        productId: 100117,
        pendingQty: 0,
        confirmedQty: 0,
        inTransitStock: 4,
        stockInHand: 9,
        expectedQty: 5,
        actualQty: 4,
      },
      {
        productId: 100154,
        pendingQty: 0,
        confirmedQty: 0,
        inTransitStock: 0,
        stockInHand: 9,
        expectedQty: 15,
        actualQty: 0,
      },
      {
        productId: 100191,
        pendingQty: 0,
        confirmedQty: 0,
        inTransitStock: 0,
        stockInHand: 10,
        expectedQty: 20,
        actualQty: 0,
      },
    ]);
  });

  it("pages: page 2 of 10 is empty, the count stays", async () => {
    const body = (await get(`/api/order/arsReport?${OCTOBER}&pageNo=2&pageSize=10`)).json();
    expect(body).toEqual({ rows: [], count: 5, pageNo: 2, pageSize: 10 });
  });

  it("gives non-franchisees and franchisees without an ARS list an empty list", async () => {
    expect((await get(`/api/order/arsReport?${OCTOBER}`, stockist)).json()).toEqual({
      rows: [],
      count: 0,
      pageNo: 1,
      pageSize: 10,
    });
    expect((await get(`/api/order/arsReport?${OCTOBER}`, coco)).json().count).toBe(0);
  });

  it("is a route of its own beside /api/order/{poid}", async () => {
    const res = await get(`/api/order/arsReport?${OCTOBER}`);
    expect(res.json()).toHaveProperty("rows");
    expect((await get("/api/order/NOSUCHPO1T")).statusCode).toBe(404);
  });

  it("exports every row as CSV; others get the header alone", async () => {
    const res = await get(`/api/order/arsReport/csv?${OCTOBER}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe(
      "ProductID,ParentID,ProductName,Category,SubCategory,Brand,MRP,ActualPrice,TargetStock,PendingQty,ConfirmedQty,InTransitStock,StockInHand,ExpectedQty,ActualQty,ARSScheduledDate",
    );
    expect(lines[1]).toBe(
      "100043,100042,Kookie Kids Off Road RC Monster Truck 1:24 Scale - Yellow,Toys & Gaming,Remote Control Toys,Kookie Kids,849.00,534.87,6,0,0,0,5,1,0,02-11-2026",
    );
    const other = await get(`/api/order/arsReport/csv?${OCTOBER}`, stockist);
    expect(other.body.trim().split(/\r?\n/)).toHaveLength(1);
    expect((await get("/api/order/arsReport/csv?from=2026-10-01")).json().message).toBe(
      messages.selectOrderDates,
    );
  });
});

describe("store performance: who may see it", () => {
  it.each([
    ["GET", "/api/storeperformance/getconfig?concept=BABYHUG"],
    ["GET", "/api/storeperformance/1"],
    ["GET", "/api/storeperformance/feedback"],
  ])("refuses %s %s to partners without canViewStorePerformance", async (_method, url) => {
    for (const headers of [stockist, coco]) {
      const res = await get(url, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(storeReportMessages.storePerformanceOff);
    }
  });

  it("refuses feedback to them too, and saves nothing", async () => {
    const post = await send(
      "POST",
      "/api/storeperformance/feedback",
      { feature: "General", message: "Hi" },
      stockist,
    );
    expect(post.statusCode).toBe(403);
    const put = await send("PUT", "/api/storeperformance/feedback", { id: 1, message: "Hi" }, coco);
    expect(put.statusCode).toBe(403);
  });

  it("refuses coco its own store while the flag is off", async () => {
    expect((await get(`/api/storeperformance/${cocoStore}`, coco)).statusCode).toBe(403);
  });

  it("answers 404 for another partner's store or an unknown one, 400 for a bad id", async () => {
    expect((await get(`/api/storeperformance/${cocoStore}`)).statusCode).toBe(404);
    expect((await get(`/api/storeperformance/${cocoStore}`)).json().message).toBe(
      storeReportMessages.storeNotFound,
    );
    expect((await get("/api/storeperformance/999999")).statusCode).toBe(404);
    expect((await get("/api/storeperformance/abc")).statusCode).toBe(400);
    expect((await get("/api/storeperformance/0")).statusCode).toBe(400);
  });
});

describe("GET /api/storeperformance/getconfig", () => {
  it("lists the 16 configurations with their rules, config 15 against 100", async () => {
    const res = await get("/api/storeperformance/getconfig?concept=BABYHUG");
    expect(res.statusCode).toBe(200);
    const configs = res.json();
    expect(configs.map((c: { configId: number }) => c.configId)).toEqual(
      Array.from({ length: 16 }, (_, i) => i + 1),
    );
    expect(configs[14]).toEqual({
      configId: 15,
      name: "Store audit score",
      unit: "score",
      direction: "higher",
      basis: "level",
      benchmark: 100,
      excellent: 0.95,
      good: 0.8,
      ratingRule: "Excellent at 95% of the benchmark or more, Good from 80%, else Need Improvement",
    });
    expect(configs[0].benchmark).toBe(100000);
  });

  it("scales per-day benchmarks for the concept asked, else the caller's own", async () => {
    expect((await get("/api/storeperformance/getconfig?concept=KIOSK")).json()[0].benchmark).toBe(40000);
    expect((await get("/api/storeperformance/getconfig")).json()[0].benchmark).toBe(100000);
    expect((await get("/api/storeperformance/getconfig?concept=KIOSK")).json()[4].benchmark).toBe(35);
  });
});

describe("GET /api/storeperformance/{storeId}", () => {
  it("reports as of the store's latest day: October to date and the financial year's reported days", async () => {
    const res = await get(`/api/storeperformance/${ownStore}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      storeId: ownStore,
      storeName: "Babyhug FC Camp Pune",
      concept: "BABYHUG",
      asOf: "2026-10-31",
      mtd: { from: "2026-10-01", to: "2026-10-31", days: 31 },
      ytd: { from: "2026-04-01", to: "2026-10-31", days: 214 },
    });
    expect(body.items).toHaveLength(16);
    expect(body.items[0]).toEqual({
      configId: 1,
      name: "Net sales",
      unit: "INR",
      idealBenchmarkMTD: 3100000,
      idealBenchmarkYTD: 21400000,
      nationalAvgMTD: 3426433.33,
      nationalAvgYTD: 23548700.33,
      storeAchievementMTD: 81259,
      storeAchievementYTD: 627538,
      resultMTD: "Need Improvement",
      resultYTD: "Need Improvement",
    });
    expect(body.items[4]).toMatchObject({
      name: "Conversion",
      storeAchievementMTD: 31.88,
      resultMTD: "Good",
    });
    expect(body.items[7]).toMatchObject({
      name: "Average selling price",
      storeAchievementMTD: 576.3,
      resultMTD: "Need Improvement",
    });
    expect(body.items[14]).toEqual({
      configId: 15,
      name: "Store audit score",
      unit: "score",
      idealBenchmarkMTD: 100,
      idealBenchmarkYTD: 100,
      nationalAvgMTD: 89.04,
      nationalAvgYTD: 87.46,
      storeAchievementMTD: 95.5,
      storeAchievementYTD: 89.07,
      resultMTD: "Excellent",
      resultYTD: "Good",
    });
  });

  it("sums the store's sales from store_sales exactly", async () => {
    const body = (await get(`/api/storeperformance/${ownStore}?from=2026-10-31`)).json();
    const units = body.items[1];
    expect(units).toMatchObject({ name: "Units sold", storeAchievementMTD: 141, storeAchievementYTD: 1062 });
  });

  it("takes an explicit from: mid-September, MTD 15 days and YTD 168", async () => {
    const body = (await get(`/api/storeperformance/${ownStore}?from=2026-09-15`)).json();
    expect(body.mtd).toEqual({ from: "2026-09-01", to: "2026-09-15", days: 15 });
    expect(body.ytd).toEqual({ from: "2026-04-01", to: "2026-09-15", days: 168 });
    expect(body.items[0].idealBenchmarkMTD).toBe(1500000);
  });

  it("has nothing to rate before the store reported", async () => {
    const body = (await get(`/api/storeperformance/${ownStore}?from=2025-10-10`)).json();
    expect(body.mtd.days).toBe(0);
    expect(body.items[0]).toMatchObject({ storeAchievementMTD: null, nationalAvgMTD: null, resultMTD: null });
  });

  it.each([
    ["2026-02-30", accountMessages.notADay("from")],
    ["1999-12-31", accountMessages.notADay("from")],
    ["yesterday", accountMessages.notADay("from")],
  ])("refuses from=%s", async (from, message) => {
    const res = await get(`/api/storeperformance/${ownStore}?from=${from}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});

describe("GET /api/storeperformance/{storeId}/trend", () => {
  it("gives the 12 months up to the store's latest day, a row a month, from its own figures", async () => {
    const res = await get(`/api/storeperformance/${ownStore}/trend`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.storeId).toBe(ownStore);
    expect(body.asOf).toBe("2026-10-31");
    expect(body.months.map((m: { month: string }) => m.month)).toEqual([
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
    ]);
    expect(body.months[0]).toEqual({
      month: "2025-11",
      days: 30,
      netSales: "61751.00",
      units: 99,
      bills: 50,
      footfall: 191,
      avgBillValue: "1235.02",
      conversion: 26.18,
    });
    // October agrees with the month-to-date report as of 31-10-2026.
    const october = body.months[11];
    expect(october).toEqual({
      month: "2026-10",
      days: 31,
      netSales: "81259.00",
      units: 141,
      bills: 66,
      footfall: 207,
      avgBillValue: "1231.20",
      conversion: 31.88,
    });
    const mtd = (await get(`/api/storeperformance/${ownStore}?from=2026-10-31`)).json();
    expect(mtd.items[0].storeAchievementMTD).toBe(Number(october.netSales));
    expect(mtd.items[1].storeAchievementMTD).toBe(october.units);
    expect(mtd.items[4].storeAchievementMTD).toBe(october.conversion);
    // The financial year's months add up to its year to date.
    const fy = body.months.filter((m: { month: string }) => m.month >= "2026-04");
    expect(fy.reduce((n: number, m: { units: number }) => n + m.units, 0)).toBe(
      mtd.items[1].storeAchievementYTD,
    );
  });

  it("is the caller's own store only, and needs store performance", async () => {
    expect((await get(`/api/storeperformance/${cocoStore}/trend`)).statusCode).toBe(404);
    expect((await get(`/api/storeperformance/${ownStore}/trend?from=2026-02-30`)).statusCode).toBe(400);
    const stockist = await world.signIn("stockist@demo.in");
    expect((await get(`/api/storeperformance/${ownStore}/trend`, stockist)).statusCode).toBe(403);
  });
});

describe("store performance feedback", () => {
  it("starts empty, takes a thread and its comments, newest thread first", async () => {
    expect((await get("/api/storeperformance/feedback")).json()).toEqual([]);
    const first = await send("POST", "/api/storeperformance/feedback", {
      feature: "Footfall",
      message: "Footfall dropped while the road outside was dug up.",
    });
    expect(first.statusCode).toBe(200);
    const [thread] = first.json();
    expect(thread).toMatchObject({
      feature: "Footfall",
      comments: [{ message: "Footfall dropped while the road outside was dug up." }],
    });
    const put = await send("PUT", "/api/storeperformance/feedback", {
      id: thread.id,
      message: "Road reopened.\nBetter now.",
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()[0].comments.map((c: { message: string }) => c.message)).toEqual([
      "Footfall dropped while the road outside was dug up.",
      "Road reopened.\nBetter now.",
    ]);
    await send("POST", "/api/storeperformance/feedback", { feature: "General", message: "Useful page." });
    const list = (await get("/api/storeperformance/feedback")).json();
    expect(list.map((f: { feature: string }) => f.feature)).toEqual(["General", "Footfall"]);
  });

  it.each([
    [{ feature: "Weather", message: "Hot" }, storeReportMessages.feedbackFeatureRequired],
    [{ feature: "", message: "Hot" }, storeReportMessages.feedbackFeatureRequired],
    [{ feature: "General", message: "   " }, storeReportMessages.feedbackMessageRequired],
    [{ feature: "General", message: "a\u0000b" }, "message must not contain control characters"],
    [{ feature: "General" }, "message is required"],
  ])("refuses %o with 400 and saves nothing", async (payload, message) => {
    const before = (await get("/api/storeperformance/feedback")).json().length;
    const res = await send("POST", "/api/storeperformance/feedback", payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect((await get("/api/storeperformance/feedback")).json()).toHaveLength(before);
  });

  it("keeps each partner to its own threads: another's id is 404", async () => {
    await kit.db.update(users).set({ canViewStorePerformance: true }).where(eq(users.email, "coco@demo.in"));
    try {
      expect((await get("/api/storeperformance/feedback", coco)).json()).toEqual([]);
      const mine = (await get("/api/storeperformance/feedback")).json()[0];
      const res = await send(
        "PUT",
        "/api/storeperformance/feedback",
        { id: mine.id, message: "Hijack" },
        coco,
      );
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(storeReportMessages.feedbackNotFound);
      expect((await get("/api/storeperformance/feedback")).json()[0].comments).toHaveLength(
        mine.comments.length,
      );
      expect((await get(`/api/storeperformance/${ownStore}`, coco)).statusCode).toBe(404);
      expect((await get(`/api/storeperformance/${cocoStore}`, coco)).json().concept).toBe("COCO");
    } finally {
      await kit.db
        .update(users)
        .set({ canViewStorePerformance: false })
        .where(eq(users.email, "coco@demo.in"));
    }
  });

  it("refuses an unknown thread and a bad id", async () => {
    expect(
      (await send("PUT", "/api/storeperformance/feedback", { id: 999999, message: "x" })).statusCode,
    ).toBe(404);
    expect(
      (await send("PUT", "/api/storeperformance/feedback", { id: "abc", message: "x" })).statusCode,
    ).toBe(400);
  });
});

describe("feedback inbox (staff) and the head office's replies", () => {
  type Thread = {
    id: number;
    feature: string;
    email: string;
    waiting: boolean;
    comments: { message: string; fromHeadOffice: boolean }[];
  };
  let staff: Headers;
  beforeAll(async () => {
    staff = await world.signIn("admin@demo.in");
  });
  const inbox = async (query = "") =>
    (await get(`/api/admin/feedback${query}`, staff)).json() as { rows: Thread[]; total: number };

  it("lists every partner's threads with their comments; q, sort over every row and CSV", async () => {
    const all = await inbox();
    const mine = (await get("/api/storeperformance/feedback")).json() as { id: number }[];
    expect(all.total).toBe(mine.length);
    expect(all.rows.every((t) => t.email === "franchisee@demo.in" && t.waiting)).toBe(true);
    const footfall = await inbox("?q=road outside");
    expect(footfall.rows.map((t) => t.feature)).toEqual(["Footfall"]);
    expect((await inbox("?sort=feature&pageSize=1")).rows[0]?.feature).toBe("Footfall");
    expect((await inbox("?sort=-feature&pageSize=1")).rows[0]?.feature).toBe("General");
    const csv = await get("/api/admin/feedback?format=csv", staff);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.body.startsWith("Thread,Store,Email,Feature,Waiting,Comments,Last activity\r\n")).toBe(true);
    // A thread's comments share one cell, a line each: count parsed rows, not lines.
    expect(Papa.parse(csv.body.trim()).data).toHaveLength(all.total + 1);
  });

  it("replies on a thread: audited, the partner sees it as the head office's and is notified", async () => {
    const [thread] = (await inbox("?q=road outside")).rows;
    const res = await send(
      "POST",
      `/api/admin/feedback/${thread!.id}/replies`,
      { message: "Thank you, we have noted the road work." },
      staff,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: thread!.id, waiting: false });
    const seen = (await get("/api/storeperformance/feedback")).json() as Thread[];
    const replied = seen.find((t) => t.id === thread!.id)!;
    expect(replied.comments.at(-1)).toMatchObject({
      message: "Thank you, we have noted the road work.",
      fromHeadOffice: true,
    });
    expect(replied.comments[0]?.fromHeadOffice).toBe(false);
    expect((await inbox("?waiting=true")).rows.map((t) => t.id)).not.toContain(thread!.id);
    expect((await inbox("?waiting=false")).rows.map((t) => t.id)).toEqual([thread!.id]);
    const audit = (await get(`/api/admin/audit?entity=feedback&entityId=${thread!.id}`, staff)).json();
    expect(audit.rows.map((r: { action: string }) => r.action)).toEqual(["feedback.reply"]);
    const notices = (await get("/api/notifications")).json() as { title: string; target: string }[];
    expect(notices.find((n) => n.title === partnerDeskMessages.feedbackReplyTitle)?.target).toBe(
      "/storeperformance",
    );
  });

  it("refuses a blank reply (400) and an unknown thread (404)", async () => {
    const [thread] = (await inbox()).rows;
    const blank = await send("POST", `/api/admin/feedback/${thread!.id}/replies`, { message: "  " }, staff);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(partnerDeskMessages.replyRequired);
    const missing = await send("POST", "/api/admin/feedback/999999/replies", { message: "Hello" }, staff);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(storeReportMessages.feedbackNotFound);
  });
});
