import { describe, expect, it } from "vitest";
import {
  accountTypeOf,
  amountOf,
  loadStatusOf,
  orderSourceOf,
  orderStatusOf,
  paymentModeOf,
  paymentStatusOf,
  srStatusOf,
  stockTypeOf,
  storedReader,
  waybillStatusOf,
} from "./stored";

describe("stored values", () => {
  it("reads every listed value as itself", () => {
    expect(orderStatusOf("Delivered")).toBe("Delivered");
    expect(stockTypeOf("JustInTime")).toBe("JustInTime");
    expect(loadStatusOf("Hand Over")).toBe("Hand Over");
    expect(srStatusOf("Rejected")).toBe("Rejected");
    expect(waybillStatusOf("Doc Uploaded")).toBe("Doc Uploaded");
    expect(paymentStatusOf("approved")).toBe("approved");
    expect(paymentModeOf("Credit Note")).toBe("Credit Note");
    expect(accountTypeOf("kiosk")).toBe("kiosk");
    expect(orderSourceOf("B2F")).toBe("B2F");
  });

  it("throws on an unknown value, naming the column's kind and the value", () => {
    expect(() => orderStatusOf("X")).toThrow(new Error('Unknown order status "X"'));
    expect(() => stockTypeOf("Consignment")).toThrow(new Error('Unknown stock type "Consignment"'));
    expect(() => loadStatusOf("Ready to Dispatch")).toThrow(
      new Error('Unknown load status "Ready to Dispatch"'),
    );
    expect(() => srStatusOf("In Transit")).toThrow(new Error('Unknown sales return status "In Transit"'));
    expect(() => waybillStatusOf("Open")).toThrow(new Error('Unknown waybill status "Open"'));
    expect(() => paymentStatusOf("Approved")).toThrow(new Error('Unknown payment status "Approved"'));
    expect(() => paymentModeOf("NEFT")).toThrow(new Error('Unknown payment mode "NEFT"'));
    expect(() => accountTypeOf("distributor")).toThrow(new Error('Unknown account type "distributor"'));
    expect(() => accountTypeOf("")).toThrow(new Error('Unknown account type ""'));
    expect(() => orderSourceOf("b2b")).toThrow(new Error('Unknown order source "b2b"'));
  });

  it("builds a reader for any list", () => {
    const colourOf = storedReader("colour", ["red", "green"] as const);
    expect(colourOf("green")).toBe("green");
    expect(() => colourOf("blue")).toThrow(new Error('Unknown colour "blue"'));
  });

  it("reads an amount with two places", () => {
    expect(amountOf("1234.5")).toBe("1234.50");
    expect(amountOf(null)).toBe("0.00");
  });
});
