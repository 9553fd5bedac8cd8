import { describe, expect, it } from "vitest";
import {
  DASHBOARD_MAX_MONTHS,
  dashboardRange,
  fillRateOf,
  financialYearStartOf,
  marginAtMrp,
  monthsBetween,
  percentOf,
} from "./dashboard";
import { dashboardMessages } from "./messages";

describe("the dashboard's period", () => {
  it("defaults to this month and the 11 before it, to today", () => {
    expect(dashboardRange("2026-11-18", {})).toEqual({ ok: true, from: "2025-12-01", to: "2026-11-18" });
    expect(dashboardRange("2026-01-31", {})).toEqual({ ok: true, from: "2025-02-01", to: "2026-01-31" });
    // a `to` alone moves the default start with it
    expect(dashboardRange("2026-11-18", { to: "2026-03-31" })).toEqual({
      ok: true,
      from: "2025-04-01",
      to: "2026-03-31",
    });
  });

  it("refuses from after to, and more than 24 months", () => {
    expect(dashboardRange("2026-11-18", { from: "2026-11-02", to: "2026-11-01" })).toEqual({
      ok: false,
      message: dashboardMessages.fromAfterTo,
    });
    expect(dashboardRange("2026-11-18", { from: "2024-11-18", to: "2026-11-18" }).ok).toBe(true);
    expect(dashboardRange("2026-11-18", { from: "2024-11-17", to: "2026-11-18" })).toEqual({
      ok: false,
      message: "The dashboard covers at most 24 months: choose a shorter period.",
    });
    expect(DASHBOARD_MAX_MONTHS).toBe(24);
    // 24 months back from the last of February in a leap year is the last of February
    expect(dashboardRange("2026-11-18", { from: "2022-02-28", to: "2024-02-29" }).ok).toBe(true);
    expect(dashboardRange("2026-11-18", { from: "2022-02-27", to: "2024-02-29" }).ok).toBe(false);
    expect(dashboardRange("2026-11-18", { from: "2026-02-30" })).toEqual({
      ok: false,
      message: dashboardMessages.notADay,
    });
  });

  it("names its calendar months and the financial year (from 1 April)", () => {
    expect(monthsBetween("2025-12-15", "2026-03-02")).toEqual(["2025-12", "2026-01", "2026-02", "2026-03"]);
    expect(monthsBetween("2026-11-18", "2026-11-18")).toEqual(["2026-11"]);
    expect(financialYearStartOf("2026-11-18")).toBe("2026-04-01");
    expect(financialYearStartOf("2026-03-31")).toBe("2025-04-01");
    expect(financialYearStartOf("2026-04-01")).toBe("2026-04-01");
  });
});

describe("figures of a small world", () => {
  // Three order lines: 10 ordered, 8 confirmed, 6 shipped; 4 ordered, 4 confirmed, 4 shipped;
  // 6 ordered, cancelled: 20 ordered, 12 confirmed, 10 shipped.
  const units = { ordered: 10 + 4 + 6, confirmed: 8 + 4 + 0, shipped: 6 + 4 + 0 };

  it("fill rate: confirmed and shipped as shares of ordered, one decimal half up", () => {
    expect(fillRateOf(units)).toEqual({ confirmedPercent: 60, shippedPercent: 50 });
    expect(fillRateOf({ ordered: 3, confirmed: 2, shipped: 1 })).toEqual({
      confirmedPercent: 66.7,
      shippedPercent: 33.3,
    });
    expect(fillRateOf({ ordered: 0, confirmed: 0, shipped: 0 })).toEqual({
      confirmedPercent: null,
      shippedPercent: null,
    });
  });

  it("margin at MRP: 6 units at MRP ₹349.00 received for ₹1,371.57 and 4 at ₹199.00 for ₹533.36", () => {
    const mrpValue = 6 * 34900 + 4 * 19900; // ₹2,890.00
    const cost = 137157 + 53336; // ₹1,904.93
    expect(marginAtMrp(mrpValue, cost)).toEqual({ margin: 98507, marginPercent: 34.1 });
    expect(marginAtMrp(0, 0)).toEqual({ margin: 0, marginPercent: null });
    expect(percentOf(1, 8)).toBe(12.5);
  });
});
