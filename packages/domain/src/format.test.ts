import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatRupees,
  formatTime,
  indiaDay,
  indiaDayEnd,
  indiaDayStart,
  indiaHour,
} from "./format";
import { paiseToDecimal, toPaise } from "./money";
import { toSearchString, toSuggestText } from "./search";

describe("formatRupees", () => {
  it.each([
    [0, "₹0.00"],
    ["5", "₹5.00"],
    [999.5, "₹999.50"],
    ["1000", "₹1,000.00"],
    ["123456", "₹1,23,456.00"],
    ["12345678.9", "₹1,23,45,678.90"],
    ["1234567890.12", "₹1,23,45,67,890.12"],
    ["-1234.5", "-₹1,234.50"],
    [0.005, "₹0.01"],
    [1.005, "₹1.01"],
  ])("%s -> %s", (input, expected) => {
    expect(formatRupees(input)).toBe(expected);
  });

  it("formats paise given as bigint", () => {
    expect(formatRupees(12345678n)).toBe("₹1,23,456.78");
  });
});

describe("toPaise and paiseToDecimal", () => {
  it("round-trips any amount with two decimals exactly", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -1_000_000_000_000n, max: 1_000_000_000_000n }), (paise) => {
        expect(toPaise(paiseToDecimal(paise))).toBe(paise);
      }),
    );
  });

  it("sums without float error", () => {
    const total = [toPaise("0.1"), toPaise("0.2")].reduce((a, b) => a + b, 0n);
    expect(paiseToDecimal(total)).toBe("0.30");
  });

  it("refuses text that is not an amount", () => {
    expect(() => toPaise("12,00")).toThrow();
    expect(() => toPaise("abc")).toThrow();
  });
});

describe("dates", () => {
  it("shows dd-MM-yyyy and sends yyyy-MM-dd, the India calendar day", () => {
    const d = new Date("2026-01-05T10:30:00+05:30");
    expect(formatDate(d)).toBe("05-01-2026");
    expect(formatDateTime(d)).toBe("05-01-2026 10:30");
    expect(indiaDay(d)).toBe("2026-01-05");
  });

  it.each([
    ["2026-10-31T18:29:59Z", "2026-10-31", "31-10-2026 23:59"],
    ["2026-10-31T18:30:00Z", "2026-11-01", "01-11-2026 00:00"],
    ["2026-12-31T20:00:00Z", "2027-01-01", "01-01-2027 01:30"],
  ])("at %s India is on %s (%s) whatever the machine's zone", (at, day, shown) => {
    expect(indiaDay(new Date(at))).toBe(day);
    expect(formatDateTime(at)).toBe(shown);
    expect(formatTime(at)).toBe(shown.slice(-5));
  });

  it("gives the hour on India's clock (the home page greets by it)", () => {
    expect(indiaHour("2026-11-26T06:29:00Z")).toBe(11);
    expect(indiaHour("2026-11-26T06:30:00Z")).toBe(12);
    expect(indiaHour("2026-11-26T18:29:00Z")).toBe(23);
    expect(indiaHour("2026-11-26T18:30:00Z")).toBe(0);
  });

  it("reads India's clock for instants long before and after today (one offset, no daylight saving)", () => {
    expect(formatDateTime("1999-12-31T18:30:00Z")).toBe("01-01-2000 00:00");
    expect(formatDateTime("2038-06-15T06:29:00Z")).toBe("15-06-2038 11:59");
    expect(indiaDay("0999-01-01T00:00:00Z")).toBe("0999-01-01");
  });

  it("gives one India day for a moment as a Date or as ISO text (one function for filters, ids and ledger days)", () => {
    expect(indiaDay("2026-11-26T18:29:59.999Z")).toBe("2026-11-26");
    expect(indiaDay(new Date("2026-11-26T18:30:00Z"))).toBe("2026-11-27");
    expect(indiaDay("2026-11-27T00:00:00+05:30")).toBe(indiaDay(new Date("2026-11-26T18:30:00Z")));
  });

  it("bounds an India day: from its midnight at UTC+05:30 up to the next day's", () => {
    expect(indiaDayStart("2026-11-26").toISOString()).toBe("2026-11-25T18:30:00.000Z");
    expect(indiaDayEnd("2026-11-26").toISOString()).toBe("2026-11-26T18:30:00.000Z");
    expect(indiaDayEnd("2026-12-31").getTime()).toBe(indiaDayStart("2027-01-01").getTime());
    expect(indiaDay(indiaDayStart("2026-03-01"))).toBe("2026-03-01");
    expect(indiaDay(new Date(indiaDayEnd("2026-02-28").getTime() - 1))).toBe("2026-02-28");
    expect(indiaDayStart("2026-11-26").getTime()).toBe(new Date("2026-11-26T00:00:00+05:30").getTime());
  });

  it("groups counts the Indian way", () => {
    expect(formatCount(1234567)).toBe("12,34,567");
    expect(formatCount(999)).toBe("999");
  });
});

describe("search text", () => {
  it("strips non-alphanumerics from a search string and keeps words apart", () => {
    expect(toSearchString("  Baby's   shoes!! (size 4) ")).toBe("Babys shoes size 4");
  });

  it("turns non-alphanumerics into spaces for suggestions, from 3 characters", () => {
    expect(toSuggestText("mee-mee")).toBe("mee mee");
    expect(toSuggestText("a-b")).toBeNull();
    expect(toSuggestText("abc")).toBe("abc");
  });
});
