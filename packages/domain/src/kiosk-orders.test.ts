import { describe, expect, it } from "vitest";
import {
  eanCheckDigit,
  type KioskOrderState,
  kioskActionRefusal,
  kioskDeliveryOf,
  kioskInvoice,
  kioskOrderActions,
  kioskRefundOf,
  productEan,
  productIdOfEan,
} from "./kiosk-orders";
import { kioskMessages } from "./messages";

const order = (over: Partial<KioskOrderState>): KioskOrderState => ({
  id: 7,
  status: "Pending",
  delivery: "At the warehouse",
  deliveryPoid: null,
  ...over,
});

describe("where a kiosk order's goods are", () => {
  it("reads the stage from its purchase orders", () => {
    expect(kioskDeliveryOf([{ poid: "PO1", status: "Pending", loadId: null }])).toEqual({
      stage: "At the warehouse",
      poid: null,
    });
    expect(kioskDeliveryOf([{ poid: "PO1", status: "Confirmed", loadId: 12 }])).toEqual({
      stage: "On its way",
      poid: "PO1",
    });
    expect(
      kioskDeliveryOf([
        { poid: "PO1", status: "Delivered", loadId: 3 },
        { poid: "PO2", status: "Shipped", loadId: 4 },
      ]),
    ).toEqual({ stage: "On its way", poid: "PO1" });
    expect(
      kioskDeliveryOf([
        { poid: "PO1", status: "Delivered", loadId: 3 },
        { poid: "PO2", status: "Cancelled", loadId: null },
      ]),
    ).toEqual({ stage: "Delivered", poid: "PO1" });
  });
});

describe("what the store may do with a kiosk order", () => {
  it("offers confirm, resend, track and cancel on a Pending order still at the warehouse", () => {
    expect(kioskOrderActions(order({}))).toEqual(["confirm", "resendLink", "track", "cancel"]);
  });

  it("offers no cancel once the goods are on their way or delivered, and says why once", () => {
    const moving = order({ delivery: "On its way", deliveryPoid: "PO-9" });
    expect(kioskOrderActions(moving)).toEqual(["confirm", "resendLink", "track"]);
    expect(kioskActionRefusal("cancel", moving)).toBe(
      "PO-9 is already on its way: the order can no longer be cancelled.",
    );
    const delivered = order({ delivery: "Delivered", deliveryPoid: "PO-9" });
    expect(kioskActionRefusal("cancel", delivered)).toBe(
      "PO-9 has been delivered to the store: the order can no longer be cancelled.",
    );
    expect(kioskActionRefusal("cancel", delivered)).not.toContain(kioskMessages.cancelFailed);
  });

  it("offers receipt, invoice, mail and track on a Confirmed order; never confirm or cancel", () => {
    const confirmed = order({ status: "Confirmed" });
    expect(kioskOrderActions(confirmed)).toEqual(["receipt", "invoice", "email", "track"]);
    expect(kioskActionRefusal("confirm", confirmed)).toBe(
      "Kiosk order 7 is already confirmed by the customer.",
    );
    expect(kioskActionRefusal("cancel", confirmed)).toBe("A Confirmed kiosk order cannot become Cancelled.");
  });

  it("offers only tracking on a Cancelled order; its receipt does not exist", () => {
    const cancelled = order({ status: "Cancelled" });
    expect(kioskOrderActions(cancelled)).toEqual(["track"]);
    expect(kioskActionRefusal("receipt", cancelled)).toBe(kioskMessages.cancelledNoReceipt);
    expect(kioskActionRefusal("receipt", order({}))).toBe(kioskMessages.receiptNotReady);
  });
});

describe("the refund of a cancelled kiosk order", () => {
  it("pays back everything paid, by the mode paid unless another is chosen", () => {
    expect(kioskRefundOf(259_800n, "UPI")).toEqual({ amount: 259_800n, mode: "UPI" });
    expect(kioskRefundOf(259_800n, "Card", "Cash")).toEqual({ amount: 259_800n, mode: "Cash" });
  });
});

describe("a product's EAN-13", () => {
  it("is 890, the id in 9 digits and a check digit, and reads back", () => {
    expect(eanCheckDigit("400638133393")).toBe(1); // a published EAN-13: 4006381333931
    expect(productEan(1234)).toBe("8900000012343");
    expect(productIdOfEan("8900000012343")).toBe(1234);
    expect(productIdOfEan("8900000012346")).toBeNull();
    expect(productIdOfEan("4006381333931")).toBeNull();
    expect(productIdOfEan("12345")).toBeNull();
  });
});

describe("the GST invoice of a kiosk sale", () => {
  it("splits each MRP by the engine's line rule and rounds off to exactly what was paid", () => {
    const { lines, totals } = kioskInvoice(
      [
        { kind: "product", name: "Romper", qty: 3, unitAmount: 49_900n, rate: 500n },
        { kind: "product", name: "Stroller", qty: 1, unitAmount: 899_900n, rate: 1800n },
        { kind: "voucher", name: "Gift voucher ₹500", qty: 2, unitAmount: 50_000n, rate: 0n },
      ],
      "CGST/SGST",
    );
    // Romper: 499 ÷ 1.05 = 475.238… → 475.24 a unit; 3 units 1425.72; 5% = 71.286 → 71.29
    expect(lines[0]).toMatchObject({ taxable: 142_572n, tax: 7_129n, cgst: 3_565n, sgst: 3_564n });
    // Stroller: 8999 ÷ 1.18 = 7626.27; 18% = 1372.7286 → 1372.73; total 8999.00
    expect(lines[1]).toMatchObject({ taxable: 762_627n, tax: 137_273n, total: 899_900n });
    expect(lines[2]).toMatchObject({ taxable: 0n, tax: 0n, total: 100_000n });
    expect(totals).toEqual({
      taxable: 905_199n,
      cgst: 72_202n,
      sgst: 72_200n,
      igst: 0n,
      tax: 144_402n,
      vouchers: 100_000n,
      roundOff: -1n,
      total: 1_149_600n,
    });
    expect(totals.taxable + totals.tax + totals.vouchers + totals.roundOff).toBe(totals.total);
  });

  it("charges IGST whole under IGST", () => {
    const { totals } = kioskInvoice(
      [{ kind: "product", name: "Romper", qty: 1, unitAmount: 49_900n, rate: 500n }],
      "IGST",
    );
    expect(totals).toMatchObject({ taxable: 47_524n, igst: 2_376n, cgst: 0n, total: 49_900n, roundOff: 0n });
  });
});
