import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cformYears,
  exceedsKioskDebitLimit,
  isSrInvoice,
  quarterOf,
  quarterRange,
  SR_SHIPPING_COMPANIES,
} from "./finance";
import { messages } from "./messages";

describe("kiosk debit limit", () => {
  it("refuses only a debit balance greater than 5000", () => {
    expect(exceedsKioskDebitLimit("5000.00")).toBe(false);
    expect(exceedsKioskDebitLimit("5000.01")).toBe(true);
    expect(exceedsKioskDebitLimit("-12000.00")).toBe(false);
    expect(exceedsKioskDebitLimit("0")).toBe(false);
    expect(messages.kioskDebitLimit).toBe("Your Debit Balance is Greater than 5000");
  });
});

describe("sales returns", () => {
  it("offers six shipping companies", () => {
    expect(SR_SHIPPING_COMPANIES).toHaveLength(6);
  });
  it("flags AccountApproved SRs invoiced after 2017-06-30 as SR invoices", () => {
    expect(isSrInvoice("AccountApproved", "2017-07-01")).toBe(true);
    expect(isSrInvoice("AccountApproved", "2017-06-30")).toBe(false);
    expect(isSrInvoice("B2BApproved", "2019-01-01")).toBe(false);
  });
});

describe("C-form periods", () => {
  it("offers the years from 2014 to this year, newest first", () => {
    expect(cformYears(new Date("2016-05-01T00:00:00Z"))).toEqual([2016, 2015, 2014]);
  });
  it("every day falls in the quarter whose range holds it", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2014-01-01"), max: new Date("2030-12-31"), noInvalidDate: true }),
        (d) => {
          const day = d.toISOString().slice(0, 10);
          const { from, to } = quarterRange(Number(day.slice(0, 4)), quarterOf(day));
          expect(day >= from && day <= to).toBe(true);
        },
      ),
    );
    expect(quarterRange(2016, 1)).toEqual({ from: "2016-01-01", to: "2016-03-31" });
    expect(quarterRange(2016, 4)).toEqual({ from: "2016-10-01", to: "2016-12-31" });
  });
});
