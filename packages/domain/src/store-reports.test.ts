import { describe, expect, it } from "vitest";
import { arsRunMessages, messages, storeReportMessages } from "./messages";
import {
  AUDIT_SCORE_BENCHMARK,
  arsExpectedQty,
  arsRunFigures,
  arsScheduledDate,
  averageOf,
  checkArsRange,
  idealBenchmark,
  monthLabel,
  PERFORMANCE_CONFIGS,
  type PerformanceConfig,
  performancePeriods,
  performanceValues,
  ratePerformance,
  ratingRuleText,
  trendMonths,
} from "./store-reports";

const select = messages.selectOrderDates;

describe("checkArsRange", () => {
  it.each([
    [undefined, undefined, select],
    ["2026-10-01", undefined, select],
    [undefined, "2026-10-31", select],
    ["  ", "2026-10-31", select],
    ["2026-10-01", "2026-10-31", null],
    ["2026-10-01", "2026-11-01", null],
    ["2026-10-01", "2026-11-02", storeReportMessages.arsRangeTooLong],
    ["2026-01-31", "2026-02-28", null],
    ["2026-01-31", "2026-03-01", storeReportMessages.arsRangeTooLong],
    ["2026-10-31", "2026-10-01", storeReportMessages.toBeforeFrom],
    ["2026-10-01", "2026-10-01", null],
    ["2026-13-01", "2026-10-31", storeReportMessages.badDate],
    ["01-10-2026", "2026-10-31", storeReportMessages.badDate],
    ["2026-02-30", "2026-03-10", storeReportMessages.badDate],
  ])("from %s to %s → %s", (from, to, expected) => {
    expect(checkArsRange(from, to, select)).toBe(expected);
  });
});

describe("arsExpectedQty", () => {
  it.each([
    [{ targetStock: 24, stockInHand: 5, pendingQty: 2, confirmedQty: 3, inTransitStock: 4 }, 10],
    [{ targetStock: 6, stockInHand: 10, pendingQty: 0, confirmedQty: 0, inTransitStock: 0 }, 0],
    [{ targetStock: 12, stockInHand: 0, pendingQty: 0, confirmedQty: 0, inTransitStock: 0 }, 12],
    [{ targetStock: 12, stockInHand: 4, pendingQty: 8, confirmedQty: 0, inTransitStock: 0 }, 0],
  ])("%o → %i", (q, expected) => {
    expect(arsExpectedQty(q)).toBe(expected);
  });
});

describe("arsScheduledDate: the first Monday after the to-date", () => {
  it.each([
    ["2026-10-31", "2026-11-02"], // Saturday
    ["2026-11-01", "2026-11-02"], // Sunday
    ["2026-11-02", "2026-11-09"], // Monday: the next one
    ["2026-11-03", "2026-11-09"], // Tuesday
    ["2026-12-29", "2027-01-04"], // across the year
  ])("%s → %s", (to, expected) => {
    expect(arsScheduledDate(to)).toBe(expected);
  });
});

const config = (id: number): PerformanceConfig => {
  const c = PERFORMANCE_CONFIGS.find((x) => x.configId === id);
  if (!c) throw new Error(`no config ${id}`);
  return c;
};

describe("the 16 performance configurations", () => {
  it("has ids 1 to 16, each with its own rule, config 15 against 100", () => {
    expect(PERFORMANCE_CONFIGS.map((c) => c.configId)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    expect(config(15).benchmark).toBe(AUDIT_SCORE_BENCHMARK);
    expect(AUDIT_SCORE_BENCHMARK).toBe(100);
    expect(ratingRuleText(config(1))).toBe(
      "Excellent at 110% of the benchmark or more, Good from 90%, else Need Improvement",
    );
    expect(ratingRuleText(config(12))).toBe(
      "Excellent at 80% of the benchmark or less, Good up to 110%, else Need Improvement",
    );
    expect(ratingRuleText(config(14))).toBe(
      "Excellent within 15% of the benchmark, Good within 35%, else Need Improvement",
    );
  });
});

describe("ratePerformance", () => {
  it.each([
    // higher is better: net sales, Excellent ≥ 110 %, Good ≥ 90 %
    [1, 110, 100, "Excellent"],
    [1, 109.99, 100, "Good"],
    [1, 90, 100, "Good"],
    [1, 89.99, 100, "Need Improvement"],
    // bills: Good from 85 %
    [3, 85, 100, "Good"],
    [3, 84, 100, "Need Improvement"],
    // lower is better: customer returns, Excellent ≤ 80 %, Good ≤ 110 %
    [12, 2.4, 3, "Excellent"],
    [12, 3.3, 3, "Good"],
    [12, 3.31, 3, "Need Improvement"],
    // band: stock cover, Excellent within 15 %, Good within 35 %
    [14, 30, 30, "Excellent"],
    [14, 25.5, 30, "Excellent"],
    [14, 40, 30, "Good"],
    [14, 19.4, 30, "Need Improvement"],
    [14, 41, 30, "Need Improvement"],
    // config 15: the audit score out of 100
    [15, 95, 100, "Excellent"],
    [15, 94.5, 100, "Good"],
    [15, 80, 100, "Good"],
    [15, 79, 100, "Need Improvement"],
  ])("config %i: %d against %d → %s", (id, achievement, benchmark, expected) => {
    expect(ratePerformance(config(id), achievement, benchmark)).toBe(expected);
  });

  it("rates nothing without an achievement or a benchmark", () => {
    expect(ratePerformance(config(1), null, 100)).toBeNull();
    expect(ratePerformance(config(1), 50, 0)).toBeNull();
  });
});

describe("idealBenchmark", () => {
  it("scales per-day benchmarks by days and concept; levels stay", () => {
    expect(idealBenchmark(config(1), 31, "BABYHUG")).toBe(3_100_000);
    expect(idealBenchmark(config(1), 31, "KIOSK")).toBe(1_240_000);
    expect(idealBenchmark(config(2), 10, null)).toBe(1100);
    expect(idealBenchmark(config(5), 31, "KIOSK")).toBe(35);
    expect(idealBenchmark(config(15), 120, "BABYHUG")).toBe(100);
  });
});

describe("performanceValues", () => {
  it("derives the 16 metrics from a period's sums", () => {
    const v = performanceValues({
      days: 10,
      netSalesPaise: 50_000_000, // ₹5,00,000
      units: 1000,
      bills: 400,
      footfall: 1000,
      repeatBills: 180,
      returnedUnits: 25,
      apparelSalesPaise: 20_000_000,
      privateLabelSalesPaise: 12_500_000,
      loyaltySalesPaise: 26_000_000,
      stockUnits: 3000,
      auditScore: 88,
    });
    expect(v).toEqual({
      1: 500000,
      2: 1000,
      3: 400,
      4: 1000,
      5: 40,
      6: 1250,
      7: 2.5,
      8: 500,
      9: 40,
      10: 25,
      11: 45,
      12: 2.5,
      13: 25,
      14: 30,
      15: 88,
      16: 52,
    });
  });

  it("gives null where there is nothing to divide by", () => {
    const v = performanceValues({
      days: 3,
      netSalesPaise: 0,
      units: 0,
      bills: 0,
      footfall: 0,
      repeatBills: 0,
      returnedUnits: 0,
      apparelSalesPaise: 0,
      privateLabelSalesPaise: 0,
      loyaltySalesPaise: 0,
      stockUnits: 10,
      auditScore: null,
    });
    expect([v[1], v[5], v[6], v[14], v[15]]).toEqual([0, null, null, null, null]);
    expect(Object.values(performanceValues({ ...zeroTotals, days: 0 })).every((x) => x === null)).toBe(true);
  });
});

const zeroTotals = {
  days: 0,
  netSalesPaise: 0,
  units: 0,
  bills: 0,
  footfall: 0,
  repeatBills: 0,
  returnedUnits: 0,
  apparelSalesPaise: 0,
  privateLabelSalesPaise: 0,
  loyaltySalesPaise: 0,
  stockUnits: 0,
  auditScore: null,
};

describe("performancePeriods and averageOf", () => {
  it.each([
    ["2026-10-31", "2026-10-01", "2026-04-01"],
    ["2026-04-01", "2026-04-01", "2026-04-01"],
    ["2026-03-15", "2026-03-01", "2025-04-01"],
  ])("as of %s: MTD from %s, YTD from %s", (asOf, mtd, ytd) => {
    expect(performancePeriods(asOf)).toEqual({ mtd: { from: mtd, to: asOf }, ytd: { from: ytd, to: asOf } });
  });

  it("averages what exists", () => {
    expect(averageOf([1, 2, null, 4])).toBe(2.33);
    expect(averageOf([null])).toBeNull();
  });
});

describe("ARS runs and the 12-month trend (issue 28)", () => {
  it("sums a run's placed and refused lines and counts its orders", () => {
    expect(
      arsRunFigures([{ qty: 1 }, { qty: 10 }, { qty: 9 }, { qty: 20 }], [{ qty: 15 }], ["PO-1T", "PO-2N"]),
    ).toEqual({ placedLines: 4, placedUnits: 40, refusedLines: 1, refusedUnits: 15, orders: 2 });
  });

  it("tells the partner what the run did, in figures with Indian grouping", () => {
    expect(arsRunMessages.runSummary("2026-11-16", 117, 1673, 3, 1)).toBe(
      "ARS run of 16-11-2026: 117 lines (1,673 units) placed in 3 orders; 1 line could not be placed: see why on the ARS report.",
    );
    expect(arsRunMessages.runSummary("2026-11-16", 1, 5, 1, 0)).toBe(
      "ARS run of 16-11-2026: 1 line (5 units) placed in 1 order.",
    );
  });

  it("covers the 12 calendar months ending with the month of the day, the last one up to that day", () => {
    const months = trendMonths("2026-10-31");
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ month: "2025-11", from: "2025-11-01", to: "2025-11-30" });
    expect(months[3]).toEqual({ month: "2026-02", from: "2026-02-01", to: "2026-02-28" });
    expect(trendMonths("2026-11-18").at(-1)).toEqual({
      month: "2026-11",
      from: "2026-11-01",
      to: "2026-11-18",
    });
    expect(monthLabel("2026-02")).toBe("Feb 2026");
  });
});
