import { describe, expect, it } from "vitest";
import {
  addMonths,
  amountInWords,
  checkOrderHistoryFilter,
  defaultOrderRange,
  normaliseLoadRange,
} from "./account";
import { accountMessages, messages } from "./messages";

const now = new Date("2026-11-23T08:00:00Z");

describe("order history filter rules", () => {
  const refused = (f: Parameters<typeof checkOrderHistoryFilter>[0]) => {
    const r = checkOrderHistoryFilter(f, now);
    return r.ok ? null : r.message;
  };
  it("answers the spec's messages in order", () => {
    expect(refused({ orderFrom: "2026-11-01" })).toBe(messages.selectOrderDates);
    expect(refused({ shipTo: "2026-11-01" })).toBe(messages.selectShipDates);
    expect(refused({})).toBe(messages.selectOrderOrShipFrom);
    expect(refused({ shipFrom: "2026-11-01", shipTo: "2026-11-02", status: ["Confirmed"] })).toBe(
      messages.shipDatesNotApplicable,
    );
    expect(refused({ orderFrom: "2026-08-01", orderTo: "2026-11-02" })).toBe(accountMessages.rangeTooLong);
    expect(refused({ orderFrom: "2026-08-02", orderTo: "2026-11-02" })).toBeNull();
    expect(refused({ orderFrom: "2026-11-01", orderTo: "2026-11-24" })).toBe(accountMessages.futureDate);
    expect(refused({ orderFrom: "2026-11-10", orderTo: "2026-11-01" })).toBe(accountMessages.toBeforeFrom);
  });
  it("ship dates alone mean Shipped and Delivered", () => {
    const r = checkOrderHistoryFilter({ shipFrom: "2026-11-01", shipTo: "2026-11-20" }, now);
    expect(r.ok && r.range.status).toEqual(["Shipped", "Delivered"]);
  });
  it("defaults to the first of the month to today (India)", () => {
    expect(defaultOrderRange(new Date("2026-11-30T20:00:00Z"))).toEqual({
      orderFrom: "2026-12-01",
      orderTo: "2026-12-01",
    });
    expect(defaultOrderRange(now)).toEqual({ orderFrom: "2026-11-01", orderTo: "2026-11-23" });
  });
  it("adds months clamped to the month's end and clears a load to-date before its from-date", () => {
    expect(addMonths("2026-11-30", 3)).toBe("2027-02-28");
    expect(normaliseLoadRange("2026-11-10", "2026-11-01")).toEqual(["2026-11-10", null]);
  });
});

describe("amounts in words (Indian numbering)", () => {
  it("reads crore, lakh, thousand and paise", () => {
    expect(amountInWords("16149.78")).toBe(
      "Rupees Sixteen Thousand One Hundred Forty Nine and Seventy Eight Paise Only",
    );
    expect(amountInWords("12345678.00")).toBe(
      "Rupees One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight Only",
    );
    expect(amountInWords("0.50")).toBe("Rupees Zero and Fifty Paise Only");
  });
});
