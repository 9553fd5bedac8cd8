/**
 * E-way bills of loads: the limit setting, the EWB-01 JSON built from the stored documents, the ship
 * step blocked without one and allowed with one (generated through the sandbox or entered), the
 * number's validation, staff-only access and the partner's view of the number.
 */
import { ewayBillDocNo, ewayBillMessages, toPaise } from "@portal/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices } from "../../db/schema";
import { backOfficeKit } from "../../test/back-office-test-kit";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { ewayBillNumberOf } from "./ewb";

let world: TestWorld;
let kit: Awaited<ReturnType<typeof backOfficeKit>>;
/** Loads are built on 1 June 2026; the app's today is 15 June 2026, 12:00 India time. */
const BUILT = new Date("2026-06-01T10:00:00+05:30");
const TODAY = new Date("2026-06-15T12:00:00+05:30");
const LIMIT = "/api/admin/settings/eway-bill-limit";

beforeAll(async () => {
  world = await createTestWorld({ now: () => TODAY });
  kit = await backOfficeKit(world);
}, 300_000);
afterAll(() => world.close());

/** A confirmed order of the franchisee (Pune, 411001) at warehouse 2 (Chakan, 410501) in a load, handed over or not. */
async function load(handOver = true) {
  const { desk, loads } = world.app.backOffice;
  const { poid } = await kit.order([2, 3]);
  await desk.confirm(null, poid, {}, BUILT);
  const built = await loads.create(null, { poids: [poid] }, BUILT);
  if (handOver)
    await loads.handOver(null, built.id, { transporter: "Gati", docketNo: `GT77${built.id}` }, BUILT);
  return { id: built.id, poid, total: built.total };
}

const ewayBill = (id: number, method: "GET" | "POST" = "GET") =>
  kit.call(method, `/api/admin/loads/${id}/ewaybill`);
const ship = (id: number) => kit.call("POST", `/api/admin/loads/${id}/ship`, {});

describe("the e-way bill limit", () => {
  it("is ₹50,000 until staff set another, which is audited and refused out of range", async () => {
    const before = await kit.call("GET", LIMIT);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      limit: "50000.00",
      defaultLimit: "50000.00",
      maxLimit: "1000000.00",
    });
    const bad = await kit.call("PUT", LIMIT, { limit: "abc" });
    expect(bad.statusCode).toBe(400);
    expect((await kit.call("PUT", LIMIT, { limit: 2_000_000 })).statusCode).toBe(400);
    const set = await kit.call("PUT", LIMIT, { limit: "100" });
    expect(set.statusCode).toBe(200);
    expect(set.json().limit).toBe("100.00");
    const [audit] = await kit.auditOf("setting", "ewayBillLimit");
    expect(audit?.before).toEqual({ paise: 5_000_000 });
    expect(audit?.after).toEqual({ paise: 10_000 });
    expect((await kit.call("GET", LIMIT, undefined, kit.franchisee)).statusCode).toBe(403);
  });
});

describe("a load above the limit", () => {
  it("has its EWB-01 JSON built from its stored documents, valid by NIC's schema", async () => {
    const l = await load();
    const res = await ewayBill(l.id);
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view.state).toBe("needed");
    expect(view.limit).toBe("100.00");
    expect(view.consignmentValue).toBe(l.total);
    expect(view.problems, JSON.stringify(view.json)).toEqual([]);
    expect(view.blocker).toBeNull();
    expect(view.distanceKm).toBe(66);
    // Before shipping the documents are the order's proforma invoice; its amounts, never recomputed.
    const [proforma] = await kit.db.select().from(invoices).where(eq(invoices.poid, l.poid));
    const doc = proforma?.document as {
      totals: { taxable: string; cgst: string; sgst: string; igst: string; total: string };
      shippingCharge: { amount: string; cgst: string; sgst: string } | null;
    };
    const json = view.json;
    expect(json).toMatchObject({
      supplyType: "O",
      subSupplyType: "1",
      docType: "INV",
      docNo: ewayBillDocNo(proforma?.number ?? ""),
      fromPincode: 410501,
      toPincode: 411001,
      fromStateCode: 27,
      toStateCode: 27,
      transMode: "1",
      transDistance: "66",
      transporterName: "Gati",
      transDocNo: `GT77${l.id}`,
      transDocDate: "01/06/2026",
    });
    expect(json.transporterId).toMatch(/^36[A-Z0-9]{13}$/);
    const paise = (rupees: number) => Math.round(rupees * 100);
    // the documents' total; goods and their tax are the load's value; the shipping charge is the other value
    expect(paise(json.totInvValue)).toBe(Number(toPaise(doc.totals.total)));
    expect(paise(json.totalValue + json.cgstValue + json.sgstValue)).toBe(Number(toPaise(l.total)));
    expect(paise(json.otherValue)).toBe(Number(toPaise(doc.shippingCharge?.amount ?? "0")));
    expect(paise(json.totalValue + json.cgstValue + json.sgstValue + json.otherValue)).toBe(
      paise(json.totInvValue),
    );
    expect(paise(json.cgstValue + json.sgstValue)).toBe(
      Number(
        toPaise(doc.totals.cgst) +
          toPaise(doc.totals.sgst) -
          toPaise(doc.shippingCharge?.cgst ?? "0") -
          toPaise(doc.shippingCharge?.sgst ?? "0"),
      ),
    );
    expect(json.igstValue).toBe(0);
    const items = json.itemList as { taxableAmount: number; quantity: number }[];
    expect(items.reduce((s, i) => s + i.quantity, 0)).toBe(5);
    expect(paise(items.reduce((s, i) => s + i.taxableAmount, 0))).toBe(paise(json.totalValue));
  });

  it("may not ship without one; staff generate it through the sandbox, then it ships", async () => {
    const l = await load();
    const refused = await ship(l.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ewayBillMessages.shipNeedsEwayBill(l.id, l.total, "100.00"));
    expect(refused.json().message).toContain("generate its e-way bill or enter its number before shipping");

    const generated = await ewayBill(l.id, "POST");
    expect(generated.statusCode).toBe(200);
    const view = generated.json();
    expect(view.state).toBe("generated");
    expect(view.system).toBe("sandbox");
    expect(view.number).toBe(ewayBillNumberOf(view.json));
    expect(view.number).toMatch(/^[1-9]\d{11}$/);
    // 66 km: one day, from 15 June (India) to 16 June 23:59 India time
    expect(view.validUntil).toBe("2026-06-16T18:29:00.000Z");
    expect(view.generatedAt).toBe("2026-06-15T06:30:00.000Z");
    const again = await ewayBill(l.id, "POST");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ewayBillMessages.alreadyHas(l.id, view.number));
    const [audit] = await kit.auditOf("load", String(l.id));
    expect(audit?.action).toBe("ewaybill.generate");

    expect((await ship(l.id)).statusCode).toBe(200);
    // The partner sees the number on the load
    const partner = await kit.call("GET", `/api/cpo/getLoadById?loadId=${l.id}`, undefined, kit.franchisee);
    expect(partner.statusCode).toBe(200);
    expect(partner.json()).toMatchObject({
      EwayBillNo: view.number,
      EwayBillValidUntil: "2026-06-16T18:29:00.000Z",
    });
    // once shipped the JSON as sent is kept (it names the proforma the goods left with)
    expect((await ewayBill(l.id)).json().json.docNo).toBe(view.json.docNo);
  });

  it("is generated only once handed over (transporter and docket)", async () => {
    const l = await load(false);
    const view = (await ewayBill(l.id)).json();
    expect(view.state).toBe("needed");
    expect(view.blocker).toBe(ewayBillMessages.notHandedOver);
    const res = await ewayBill(l.id, "POST");
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ewayBillMessages.notHandedOver);
  });

  it("ships with a number staff enter (12 digits, once across loads)", async () => {
    const l = await load();
    const put = (id: number, payload: unknown) => kit.call("PUT", `/api/admin/loads/${id}/ewaybill`, payload);
    for (const number of ["12345", "1234567890123", "12345678901a", ""]) {
      const bad = await put(l.id, { number });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain("An e-way bill number is 12 digits.");
    }
    expect((await put(l.id, {})).statusCode).toBe(400);
    expect((await put(l.id, { number: "321000111222", validUntil: "2026-13-01" })).statusCode).toBe(400);
    const entered = await put(l.id, { number: " 321000111222 ", validUntil: "2026-06-20" });
    expect(entered.statusCode).toBe(200);
    expect(entered.json()).toMatchObject({
      state: "entered",
      number: "321000111222",
      system: "staff",
      validUntil: "2026-06-20T18:29:00.000Z",
    });
    const other = await load();
    const taken = await put(other.id, { number: "321000111222" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(ewayBillMessages.numberUsed("321000111222", l.id));
    expect((await put(l.id, { number: "321000111223" })).statusCode).toBe(409);
    expect((await ship(l.id)).statusCode).toBe(200);
  });

  it("is staff only: a partner is refused every e-way bill call", async () => {
    const l = await load();
    for (const method of ["GET", "POST", "PUT"] as const) {
      const res = await kit.call(
        method,
        `/api/admin/loads/${l.id}/ewaybill`,
        method === "PUT" ? { number: "123456789012" } : undefined,
        kit.franchisee,
      );
      expect(res.statusCode).toBe(403);
    }
    expect((await ewayBill(999_999)).statusCode).toBe(404);
    expect((await kit.call("GET", "/api/admin/loads/abc/ewaybill")).statusCode).toBe(400);
  });
});

describe("a load within the limit", () => {
  it("needs no e-way bill and ships without one", async () => {
    expect((await kit.call("PUT", LIMIT, { limit: 1_000_000 })).statusCode).toBe(200);
    const l = await load();
    const view = (await ewayBill(l.id)).json();
    expect(view.state).toBe("not needed");
    expect(view.reason).toBe(ewayBillMessages.notNeeded(l.total, "1000000.00"));
    const res = await ewayBill(l.id, "POST");
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(view.reason);
    expect((await ship(l.id)).statusCode).toBe(200);
    const partner = await kit.call("GET", `/api/cpo/getLoadById?loadId=${l.id}`, undefined, kit.franchisee);
    expect(partner.json()).toMatchObject({ EwayBillNo: null, EwayBillValidUntil: null });
  });
});
