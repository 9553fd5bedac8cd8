import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  agedDebits,
  ageingBuckets,
  checkLedgerRange,
  checkLedgerYear,
  closingBalanceOf,
  drCr,
  financialYearRange,
  financialYearStart,
  type JournalMovement,
  LEDGER_VOUCHER_TYPES,
  ledgerAgeing,
  ledgerTitleOf,
  nextMonthlyStatementAt,
  openDebits,
  openingBalanceOf,
  overdueByNote,
  passesAgeing,
  previousMonthOf,
  returnedLineNote,
  runningBalances,
  signedBalance,
} from "./ledger";
import { ledgerMessages, messages } from "./messages";

const dayArb = fc
  .date({ min: new Date("2017-04-01T00:00:00Z"), max: new Date("2026-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
/** One side per entry, as the journal writes them. */
const movementArb: fc.Arbitrary<JournalMovement> = fc
  .record({ day: dayArb, amount: fc.bigInt({ min: 1n, max: 10_000_000_00n }), isDebit: fc.boolean() })
  .map(({ day, amount, isDebit }) => ({ day, debit: isDebit ? amount : 0n, credit: isDebit ? 0n : amount }));
const journalArb = fc
  .array(movementArb, { maxLength: 60 })
  .map((ms) => [...ms].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0)));

describe("ledger statement over random journals", () => {
  it("opening balance + the period's movements = closing balance (= the whole journal up to the to-day)", () => {
    fc.assert(
      fc.property(journalArb, dayArb, dayArb, (journal, a, b) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const opening = openingBalanceOf(journal, from);
        const period = journal.filter((m) => m.day >= from && m.day <= to);
        const closing = closingBalanceOf(opening, period);
        const everything = journal.filter((m) => m.day <= to);
        expect(closing).toBe(closingBalanceOf(0n, everything));
        const running = runningBalances(opening, period);
        expect(running.at(-1) ?? opening).toBe(closing);
      }),
    );
  });

  it("splitting a period in two carries the first closing balance as the second opening balance", () => {
    fc.assert(
      fc.property(journalArb, dayArb, (journal, split) => {
        const first = journal.filter((m) => m.day < split);
        const second = journal.filter((m) => m.day >= split);
        expect(closingBalanceOf(closingBalanceOf(0n, first), second)).toBe(closingBalanceOf(0n, journal));
        expect(openingBalanceOf(journal, split)).toBe(closingBalanceOf(0n, first));
      }),
    );
  });

  it("shows a negative balance as Credit and a positive one as Debit, and flips back to the same balance", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -1_000_000_000_000n, max: 1_000_000_000_000n }), (balance) => {
        const shown = drCr(balance);
        expect(shown.amount >= 0n).toBe(true);
        expect(shown.side).toBe(balance < 0n ? "Cr" : "Dr");
        expect(signedBalance(shown.amount, shown.side)).toBe(balance);
      }),
    );
    fc.assert(
      fc.property(journalArb, dayArb, (journal, from) => {
        const opening = openingBalanceOf(journal, from);
        const credits = journal.filter((m) => m.day < from).reduce((s, m) => s + m.credit, 0n);
        const debits = journal.filter((m) => m.day < from).reduce((s, m) => s + m.debit, 0n);
        expect(drCr(opening).side).toBe(credits > debits ? "Cr" : "Dr");
      }),
    );
  });

  it("works the example of a partner who paid more than was invoiced", () => {
    const journal: JournalMovement[] = [
      { day: "2024-04-10", debit: 100_000n, credit: 0n },
      { day: "2024-05-05", debit: 0n, credit: 150_000n },
      { day: "2024-06-01", debit: 30_000n, credit: 0n },
    ];
    expect(drCr(openingBalanceOf(journal, "2024-06-01"))).toEqual({ amount: 50_000n, side: "Cr" });
    expect(runningBalances(-50_000n, journal.slice(2))).toEqual([-20_000n]);
    expect(drCr(closingBalanceOf(0n, journal))).toEqual({ amount: 20_000n, side: "Cr" });
  });
});

describe("ledger ranges and years", () => {
  it("defaults to the financial year so far and starts no earlier than 2017-04-01", () => {
    expect(checkLedgerRange({}, "2026-11-23")).toEqual({ ok: true, from: "2026-04-01", to: "2026-11-23" });
    expect(checkLedgerRange({}, "2026-02-03")).toEqual({ ok: true, from: "2025-04-01", to: "2026-02-03" });
    expect(checkLedgerRange({ from: "2016-01-01", to: "2017-05-01" }, "2026-11-23")).toEqual({
      ok: true,
      from: "2017-04-01",
      to: "2017-05-01",
    });
  });

  it("answers the spec's message for a range before the ledger, and refuses a reversed range", () => {
    expect(checkLedgerRange({ from: "2016-04-01", to: "2017-03-31" }, "2026-11-23")).toEqual({
      ok: false,
      status: 404,
      message: "Last Year Ledger Not Available",
    });
    expect(checkLedgerRange({ from: "2024-05-01", to: "2024-04-01" }, "2026-11-23")).toEqual({
      ok: false,
      status: 400,
      message: ledgerMessages.toBeforeFrom,
    });
  });

  it("knows the financial years: 2017 is the first, later than this year has none", () => {
    expect(financialYearStart("2025-03-31")).toBe(2024);
    expect(financialYearStart("2025-04-01")).toBe(2025);
    expect(financialYearRange(2017)).toEqual({ from: "2017-04-01", to: "2018-03-31" });
    expect(checkLedgerYear(2016, "2026-11-23")).toEqual({
      ok: false,
      status: 404,
      message: messages.lastYearLedgerUnavailable,
    });
    expect(checkLedgerYear(2027, "2026-11-23")).toMatchObject({ ok: false });
    expect(checkLedgerYear(undefined, "2026-11-23")).toEqual({
      ok: true,
      year: 2026,
      from: "2026-04-01",
      to: "2027-03-31",
    });
  });
});

describe("debit-note ageing", () => {
  it("shows DN180 from 180 days, DN120 from 120 days, CN always", () => {
    expect([119, 120, 179, 180].map((d) => passesAgeing("DN120", d))).toEqual([false, true, true, true]);
    expect([179, 180].map((d) => passesAgeing("DN180", d))).toEqual([false, true]);
    expect([0, 500].map((d) => passesAgeing("CN", d))).toEqual([true, true]);
  });

  it("charges a returned line 1.5% from 120 days and 3% from 180, with 18% GST inside its net amount", () => {
    const at130 = returnedLineNote({
      net: 118_000n,
      shippingDay: "2024-01-01",
      approvedDay: "2024-05-10",
      state: "Maharashtra",
    });
    expect(at130).toEqual({
      ageDays: 130,
      dnAmount120: 1770n,
      dnAmount180: 0n,
      netAmount: 118_000n,
      gstAmount: 18_000n,
    });
    const at200 = returnedLineNote({
      net: 10_000n,
      shippingDay: "2024-01-01",
      approvedDay: "2024-07-19",
      state: "Goa",
    });
    expect(at200).toMatchObject({ ageDays: 200, dnAmount120: 0n, dnAmount180: 300n });
  });

  it("titles entries for the statement", () => {
    expect(ledgerTitleOf("sales", null)).toBe("Sales Invoice");
    expect(ledgerTitleOf("ageing", "DN180")).toBe("DN180 Delayed Payment");
  });
});

describe("oldest debits first (FIFO)", () => {
  const debits = [
    { day: "2020-01-01", amount: 10_000n, ref: "Jan" },
    { day: "2020-03-01", amount: 5_000n, ref: "Mar" },
    { day: "2020-06-01", amount: 7_000n, ref: "Jun" },
  ];
  // 2020-07-20: the January debit is 201 days old, March's 141 days, June's 49 days.
  const day = "2020-07-20";

  it("leaves open what the credits did not settle, oldest settled first, each with its age", () => {
    expect(openDebits(debits, 12_000n, day)).toEqual([
      { day: "2020-03-01", amount: 5_000n, ref: "Mar", open: 3_000n, ageDays: 141 },
      { day: "2020-06-01", amount: 7_000n, ref: "Jun", open: 7_000n, ageDays: 49 },
    ]);
    expect(openDebits(debits, 30_000n, day)).toEqual([]);
  });

  it("keeps the open debits old enough for a note, with the note each draws", () => {
    expect(agedDebits(debits, 0n, day).map((d) => [d.ref, d.open, d.note])).toEqual([
      ["Jan", 10_000n, "DN180"],
      ["Mar", 5_000n, "DN120"],
    ]);
    expect(agedDebits(debits, 12_000n, day).map((d) => [d.ref, d.open, d.note])).toEqual([
      ["Mar", 3_000n, "DN120"],
    ]);
  });

  it("adds up what is overdue by note", () => {
    expect(overdueByNote(debits, 0n, day)).toEqual({ over180: 10_000n, over120: 5_000n });
    expect(overdueByNote(debits, 12_000n, day)).toEqual({ over180: 0n, over120: 3_000n });
    expect(overdueByNote(debits, 30_000n, day)).toEqual({ over180: 0n, over120: 0n });
  });
});

describe("ageingBuckets", () => {
  it("puts what is open of each debit, oldest settled first, in its age's bucket", () => {
    const today = "2026-07-01";
    const debits = [
      { day: "2025-12-01", amount: 1_000n }, // 212 days
      { day: "2026-02-01", amount: 2_000n }, // 150 days
      { day: "2026-04-02", amount: 3_000n }, // 90 days
      { day: "2026-05-02", amount: 4_000n }, // 60 days
      { day: "2026-06-01", amount: 5_000n }, // 30 days
    ];
    expect(ageingBuckets(debits, 0n, today)).toEqual({
      days0to30: 5_000n,
      days31to60: 4_000n,
      days61to90: 3_000n,
      days91to180: 2_000n,
      over180: 1_000n,
    });
    expect(ageingBuckets(debits, 2_500n, today)).toEqual({
      days0to30: 5_000n,
      days31to60: 4_000n,
      days61to90: 3_000n,
      days91to180: 500n,
      over180: 0n,
    });
    expect(ageingBuckets(debits, 20_000n, today)).toEqual({
      days0to30: 0n,
      days31to60: 0n,
      days61to90: 0n,
      days91to180: 0n,
      over180: 0n,
    });
  });
});

describe("ledgerAgeing (the partner's ledger page)", () => {
  const today = "2026-11-18";
  const debits = [
    { day: "2026-07-01", amount: 10_000n }, // 140 days
    { day: "2026-08-19", amount: 20_000n }, // 91 days
    { day: "2026-08-20", amount: 30_000n }, // 90 days
    { day: "2026-09-18", amount: 40_000n }, // 61 days
    { day: "2026-09-19", amount: 50_000n }, // 60 days
    { day: "2026-10-18", amount: 60_000n }, // 31 days
    { day: "2026-10-19", amount: 70_000n }, // 30 days
    { day: "2026-11-18", amount: 80_000n }, // 0 days
  ];
  const table: [string, bigint, { outstanding: bigint; buckets: Record<string, bigint> }][] = [
    [
      "nothing paid: every debit in its age's bucket (30 → 0–30, 31 → 31–60, 60/61, 90/91 at the edges)",
      0n,
      {
        outstanding: 360_000n,
        buckets: { days0to30: 150_000n, days31to60: 110_000n, days61to90: 70_000n, over90: 30_000n },
      },
    ],
    [
      "credits settle the oldest first: 35,000 clears the 140- and 91-day debits and 5,000 of the 90-day one",
      35_000n,
      {
        outstanding: 325_000n,
        buckets: { days0to30: 150_000n, days31to60: 110_000n, days61to90: 65_000n, over90: 0n },
      },
    ],
    [
      "paid up to the 61-day debit: only the last 60 days are open",
      100_000n,
      {
        outstanding: 260_000n,
        buckets: { days0to30: 150_000n, days31to60: 110_000n, days61to90: 0n, over90: 0n },
      },
    ],
    [
      "15,000 paid: what is left of the 91-day debit is still 90+",
      15_000n,
      {
        outstanding: 345_000n,
        buckets: { days0to30: 150_000n, days31to60: 110_000n, days61to90: 70_000n, over90: 15_000n },
      },
    ],
    [
      "everything paid: nothing open",
      360_000n,
      { outstanding: 0n, buckets: { days0to30: 0n, days31to60: 0n, days61to90: 0n, over90: 0n } },
    ],
    [
      "paid in advance (a credit balance): nothing open",
      500_000n,
      { outstanding: 0n, buckets: { days0to30: 0n, days31to60: 0n, days61to90: 0n, over90: 0n } },
    ],
  ];
  it.each(table)("%s", (_name, credits, expected) => {
    expect(ledgerAgeing(debits, credits, today)).toEqual(expected);
  });

  it("the buckets always sum to the outstanding, which is the debit balance (0 when in credit)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ day: dayArb, amount: fc.bigInt({ min: 1n, max: 1_000_000_00n }) })),
        fc.bigInt({ min: 0n, max: 5_000_000_00n }),
        (raw, credits) => {
          const sorted = [...raw].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
          const { outstanding, buckets } = ledgerAgeing(sorted, credits, "2027-01-01");
          const sum = Object.values(buckets).reduce((s, b) => s + b, 0n);
          const balance = sorted.reduce((s, d) => s + d.amount, 0n) - credits;
          expect(sum).toBe(outstanding);
          expect(outstanding).toBe(balance > 0n ? balance : 0n);
        },
      ),
    );
  });
});

describe("the monthly statement's month and schedule", () => {
  it.each([
    ["2026-12-01", { month: "2026-11", from: "2026-11-01", to: "2026-11-30" }],
    ["2026-03-01", { month: "2026-02", from: "2026-02-01", to: "2026-02-28" }],
    ["2028-03-01", { month: "2028-02", from: "2028-02-01", to: "2028-02-29" }],
    ["2027-01-01", { month: "2026-12", from: "2026-12-01", to: "2026-12-31" }],
    ["2026-11-18", { month: "2026-10", from: "2026-10-01", to: "2026-10-31" }],
  ])("on %s the statement is last month's", (day, expected) => {
    expect(previousMonthOf(day)).toEqual(expected);
  });

  it.each([
    ["2026-11-18T11:00:00+05:30", "2026-12-01T07:00:00+05:30"],
    ["2026-12-01T06:59:00+05:30", "2026-12-01T07:00:00+05:30"],
    ["2026-12-01T07:00:00+05:30", "2027-01-01T07:00:00+05:30"],
    ["2026-12-31T23:30:00+05:30", "2027-01-01T07:00:00+05:30"],
    // 20:00 UTC on 30 November is already 1 December in India
    ["2026-11-30T20:00:00Z", "2026-12-01T07:00:00+05:30"],
  ])("after %s the next run is %s (the 1st, 07:00 India time)", (at, next) => {
    expect(nextMonthlyStatementAt(new Date(at)).toISOString()).toBe(new Date(next).toISOString());
  });

  it("the statement can be filtered by each voucher type the journal writes", () => {
    expect(LEDGER_VOUCHER_TYPES).toEqual(["Sales", "Receipt", "Credit Note", "Debit Note"]);
  });
});
