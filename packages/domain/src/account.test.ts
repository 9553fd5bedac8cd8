import { describe, expect, it } from "vitest";
import {
  addMonths,
  amountInWords,
  checkOrderHistoryFilter,
  defaultOrderRange,
  invoicePaymentStatusOf,
  monthDays,
  monthName,
  normaliseLoadRange,
  orderHistorySortOf,
  settleOldestFirst,
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

describe("invoice payment status: credits settle the oldest debit first (FIFO)", () => {
  const debits = [
    { id: "INV-1", amount: 10_000n },
    { id: "INV-2", amount: 25_000n },
    { id: "DN-1", amount: 500n },
    { id: "INV-3", amount: 40_000n },
  ];
  const view = (credits: bigint) => {
    const r = settleOldestFirst(debits, credits);
    return { rows: r.debits.map((d) => [d.id, d.settled, d.due, d.status]), unapplied: r.unapplied };
  };
  it.each([
    {
      credits: 0n,
      rows: [
        ["INV-1", 0n, 10_000n, "unpaid"],
        ["INV-2", 0n, 25_000n, "unpaid"],
        ["DN-1", 0n, 500n, "unpaid"],
        ["INV-3", 0n, 40_000n, "unpaid"],
      ],
      unapplied: 0n,
    },
    {
      credits: 10_000n,
      rows: [
        ["INV-1", 10_000n, 0n, "paid"],
        ["INV-2", 0n, 25_000n, "unpaid"],
        ["DN-1", 0n, 500n, "unpaid"],
        ["INV-3", 0n, 40_000n, "unpaid"],
      ],
      unapplied: 0n,
    },
    {
      credits: 12_345n,
      rows: [
        ["INV-1", 10_000n, 0n, "paid"],
        ["INV-2", 2_345n, 22_655n, "partPaid"],
        ["DN-1", 0n, 500n, "unpaid"],
        ["INV-3", 0n, 40_000n, "unpaid"],
      ],
      unapplied: 0n,
    },
    {
      credits: 35_200n,
      rows: [
        ["INV-1", 10_000n, 0n, "paid"],
        ["INV-2", 25_000n, 0n, "paid"],
        ["DN-1", 200n, 300n, "partPaid"],
        ["INV-3", 0n, 40_000n, "unpaid"],
      ],
      unapplied: 0n,
    },
    {
      credits: 80_000n,
      rows: [
        ["INV-1", 10_000n, 0n, "paid"],
        ["INV-2", 25_000n, 0n, "paid"],
        ["DN-1", 500n, 0n, "paid"],
        ["INV-3", 40_000n, 0n, "paid"],
      ],
      unapplied: 4_500n,
    },
    {
      credits: -700n,
      rows: [
        ["INV-1", 0n, 10_000n, "unpaid"],
        ["INV-2", 0n, 25_000n, "unpaid"],
        ["DN-1", 0n, 500n, "unpaid"],
        ["INV-3", 0n, 40_000n, "unpaid"],
      ],
      unapplied: 0n,
    },
  ])("credits of $credits paise", ({ credits, rows, unapplied }) => {
    expect(view(credits)).toEqual({ rows, unapplied });
  });

  it("keeps the balance: amounts due minus the unapplied credit is debits minus credits", () => {
    const total = debits.reduce((n, d) => n + d.amount, 0n);
    for (const credits of [0n, 1n, 9_999n, 35_500n, 75_500n, 75_501n, 123_456n]) {
      const r = settleOldestFirst(debits, credits);
      const due = r.debits.reduce((n, d) => n + d.due, 0n);
      expect(due - r.unapplied).toBe(total - credits);
    }
  });

  it.each([
    [10_000n, 0n, "paid"],
    [10_000n, 1n, "partPaid"],
    [10_000n, 9_999n, "partPaid"],
    [10_000n, 10_000n, "unpaid"],
    [0n, 0n, "paid"],
  ] as const)("an invoice of %s paise with %s due is %s", (amount, due, status) => {
    expect(invoicePaymentStatusOf(amount, due)).toBe(status);
  });
});

describe("order history sort and months", () => {
  it.each([
    [undefined, { key: "date", direction: "desc" }],
    ["poid", { key: "poid", direction: "asc" }],
    ["-netPayment", { key: "netPayment", direction: "desc" }],
  ] as const)("%s reads as %j", (sort, expected) => {
    expect(orderHistorySortOf(sort)).toEqual(expected);
  });
  it.each([
    ["2026-10", "2026-10-01", "2026-10-31", "October 2026"],
    ["2024-02", "2024-02-01", "2024-02-29", "February 2024"],
    ["2026-12", "2026-12-01", "2026-12-31", "December 2026"],
  ])("month %s runs %s to %s (%s)", (month, from, to, label) => {
    expect(monthDays(month)).toEqual({ from, to });
    expect(monthName(month)).toBe(label);
  });
});
