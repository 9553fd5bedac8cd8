import { describe, expect, it } from "vitest";
import { ALTERNATE_COMPANY, MAIN_COMPANY } from "./back-office";
import { openPerOrder, paymentAmountProblem, referenceKeyOf, servingCompanyOf } from "./payables";

describe("servingCompanyOf", () => {
  it.each([
    ["COCO made in the window", 2, { concept: "COCO", createdAt: new Date("2018-03-20T00:00:00+05:30") }],
    [
      "COCO made at the window's start",
      2,
      { concept: "COCO", createdAt: new Date("2018-03-09T14:55:08+05:30") },
    ],
    ["COCO made at its end", 1, { concept: "COCO", createdAt: new Date("2018-04-01T00:00:00+05:30") }],
    [
      "a franchise made in the window",
      1,
      { concept: "BABYHUG", createdAt: new Date("2018-03-20T00:00:00+05:30") },
    ],
    ["no franchise", 1, null],
  ] as const)("%s is on ledger account %s", (_what, account, franchise) => {
    const served = servingCompanyOf(franchise);
    expect(served.ledgerAccount).toBe(account);
    expect(served.company).toBe(account === 2 ? ALTERNATE_COMPANY : MAIN_COMPANY);
  });
});

describe("openPerOrder", () => {
  const orders = [
    { poid: "A", amount: 10_000n },
    { poid: "B", amount: 5_000n },
  ];
  it("settles the invoice's orders first to last", () => {
    expect(openPerOrder(15_000n, 15_000n, orders)).toEqual([
      { poid: "A", open: 10_000n },
      { poid: "B", open: 5_000n },
    ]);
    expect(openPerOrder(7_000n, 15_000n, orders)).toEqual([
      { poid: "A", open: 2_000n },
      { poid: "B", open: 5_000n },
    ]);
    expect(openPerOrder(2_500n, 15_000n, orders)).toEqual([{ poid: "B", open: 2_500n }]);
  });
  it("gives the last order whatever the invoice says beyond the others (rounding, charges)", () => {
    expect(openPerOrder(15_003n, 15_003n, orders)).toEqual([
      { poid: "A", open: 10_000n },
      { poid: "B", open: 5_003n },
    ]);
  });
});

describe("payment checks", () => {
  it("compares references without case or spaces", () => {
    expect(referenceKeyOf(" utr 123 ab ")).toBe("UTR123AB");
  });
  it("takes an amount from the payable up to what is owed", () => {
    expect(paymentAmountProblem(99n, 100n, 500n)).toBe("below");
    expect(paymentAmountProblem(100n, 100n, 500n)).toBeNull();
    expect(paymentAmountProblem(500n, 100n, 500n)).toBeNull();
    expect(paymentAmountProblem(501n, 100n, 500n)).toBe("above");
  });
});
