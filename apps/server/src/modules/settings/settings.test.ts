/** The shipping charge staff set in the Admin Console: who may change it, what it accepts, where it lands. */
import { OWNED_SHIPPING_LIMIT, paiseToDecimal, sumPaise, toPaise } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backOfficeKit } from "../../test/back-office-test-kit";
import { createTestWorld, type TestWorld } from "../../test/harness";

let world: TestWorld;
let kit: Awaited<ReturnType<typeof backOfficeKit>>;
const URL = "/api/admin/settings/shipping-charge";

beforeAll(async () => {
  world = await createTestWorld();
  kit = await backOfficeKit(world);
});
afterAll(() => world.close());

describe("the shipping charge setting", () => {
  it("starts at the default ₹250, GST inclusive at 18%", async () => {
    const res = await kit.call("GET", URL);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      amount: "250.00",
      defaultAmount: "250.00",
      gstRate: 18,
      maxAmount: "5000.00",
      updatedAt: null,
      updatedBy: null,
    });
  });

  it("bills the default on an owned order below ₹20,000: on the order and its proforma invoice", async () => {
    const { poid } = await kit.order([1]);
    const order = (await kit.call("GET", `/api/admin/orders/${poid}`)).json();
    expect(order.order).toMatchObject({ shippingCharge: true, shippingChargeAmount: "250.00" });
    expect((await kit.call("POST", `/api/admin/orders/${poid}/confirm`, {})).statusCode).toBe(200);
    const list = (await kit.call("GET", "/api/admin/invoices?kind=PERFORMA%20INVOICE&pageSize=50")).json();
    const summary = list.rows.find((r: { poid: string }) => r.poid === poid);
    const invoice = (await kit.call("GET", `/api/admin/invoices/${summary.id}`)).json();
    expect(invoice.shippingCharge).toMatchObject({
      amount: "250.00",
      taxable: "211.86",
      cgst: "19.07",
      sgst: "19.07",
    });
    const goods = sumPaise(invoice.lines.map((l: { total: string }) => toPaise(l.total)));
    expect(toPaise(invoice.total)).toBe(goods + toPaise("250.00"));
  });

  it("refuses partners with 403 and bad amounts with 400 and a reason", async () => {
    const partner = await kit.call("PUT", URL, { amount: "100" }, kit.franchisee);
    expect(partner.statusCode).toBe(403);
    expect((await kit.call("GET", URL, undefined, kit.franchisee)).statusCode).toBe(403);
    for (const [amount, reason] of [
      ["-5", "amount must be rupees with at most 2 decimals, e.g. 250 or 249.50"],
      ["abc", "amount must be rupees with at most 2 decimals, e.g. 250 or 249.50"],
      ["12.345", "amount must be rupees with at most 2 decimals, e.g. 250 or 249.50"],
      ["5000.01", "amount must be at most 5000"],
    ] as const) {
      const res = await kit.call("PUT", URL, { amount });
      expect(res.statusCode, amount).toBe(400);
      expect(res.json().message).toContain(reason);
    }
    const missing = await kit.call("PUT", URL, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain("amount is required");
    expect((await kit.call("GET", URL)).json().amount).toBe("250.00");
  });

  it("staff change it: new carts and orders use it, placed orders keep theirs, the change is audited", async () => {
    const before = await kit.order([1]);
    const res = await kit.call("PUT", URL, { amount: 99.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ amount: "99.50", updatedBy: "admin@demo.in" });
    expect((await kit.call("GET", URL)).json().amount).toBe("99.50");

    const after = await kit.order([1]);
    const newer = (await kit.call("GET", `/api/admin/orders/${after.poid}`)).json();
    expect(newer.order.shippingChargeAmount).toBe("99.50");
    const older = (await kit.call("GET", `/api/admin/orders/${before.poid}`)).json();
    expect(older.order.shippingChargeAmount).toBe("250.00");

    const cart = await kit.call("POST", "/api/cart", { wh: [2] }, kit.franchisee);
    expect(cart.statusCode).toBe(200);
    const owned = cart.json().groups.find((g: { group: string }) => g.group === "owned");
    if (owned?.shippingCharge) {
      expect(owned.shippingChargeAmount).toBe("99.50");
      expect(owned.toAvoidShippingCharge).toBe(
        paiseToDecimal(toPaise(OWNED_SHIPPING_LIMIT) - toPaise(owned.total)),
      );
    }

    const audit = await kit.auditOf("setting", "shippingCharge");
    expect(audit[0]).toMatchObject({
      action: "settings.shippingCharge",
      before: { amount: "250.00" },
      after: { amount: "99.50" },
    });

    expect((await kit.call("PUT", URL, { amount: "0" })).json().amount).toBe("0.00");
    const waived = await kit.order([1]);
    const w = (await kit.call("GET", `/api/admin/orders/${waived.poid}`)).json();
    expect(w.order).toMatchObject({ shippingCharge: true, shippingChargeAmount: "0.00" });
  });
});
