import { describe, expect, it } from "vitest";
import { CALENDAR_DAY_MAX, CALENDAR_DAY_MIN, isCalendarDay, isDayWithin } from "./calendar";

describe("isCalendarDay", () => {
  it.each(["2026-01-01", "2026-02-28", "2024-02-29", "2000-02-29", "2026-12-31", "2026-04-30", "0001-01-01"])(
    "%s is a day of the calendar",
    (day) => {
      expect(isCalendarDay(day)).toBe(true);
    },
  );

  it.each([
    "2026-02-30",
    "2026-02-29",
    "2100-02-29",
    "1900-02-29",
    "2026-04-31",
    "2026-01-00",
    "2026-13-01",
    "2026-00-10",
    "0000-00-00",
    "2026-1-01",
    "2026-01-1",
    "20260101",
    "2026/01/01",
    "05-01-2026",
    " 2026-01-01",
    "2026-01-01 ",
    "2026-01-01T00:00:00Z",
    "",
    "abcd-ef-gh",
  ])("%s is not", (day) => {
    expect(isCalendarDay(day)).toBe(false);
  });
});

describe("isDayWithin", () => {
  it("holds the portal's bounds, both days included", () => {
    expect([CALENDAR_DAY_MIN, CALENDAR_DAY_MAX]).toEqual(["2000-01-01", "2100-12-31"]);
    expect(isDayWithin("2000-01-01")).toBe(true);
    expect(isDayWithin("2100-12-31")).toBe(true);
    expect(isDayWithin("2026-11-01")).toBe(true);
    expect(isDayWithin("1999-12-31")).toBe(false);
    expect(isDayWithin("2101-01-01")).toBe(false);
    expect(isDayWithin("0001-01-01")).toBe(false);
    expect(isDayWithin("9999-12-31")).toBe(false);
  });

  it("refuses impossible days inside the bounds", () => {
    expect(isDayWithin("2026-02-30")).toBe(false);
    expect(isDayWithin("2026-01-00")).toBe(false);
    expect(isDayWithin("2026-13-01")).toBe(false);
  });

  it("takes other bounds when given", () => {
    expect(isDayWithin("1990-05-14", "1900-01-01")).toBe(true);
    expect(isDayWithin("1899-12-31", "1900-01-01")).toBe(false);
    expect(isDayWithin("2026-06-01", CALENDAR_DAY_MIN, "2026-05-31")).toBe(false);
  });

  it("agrees with the calendar of Date on every yyyy-MM-dd of 1896 to 2104 (months 00-13, days 00-32)", () => {
    const disagreements: string[] = [];
    let real = 0;
    for (let y = 1896; y <= 2104; y++)
      for (let m = 0; m <= 13; m++)
        for (let d = 0; d <= 32; d++) {
          const day = `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
          const at = new Date(`${day}T00:00:00Z`);
          const byDate = !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
          if (byDate) real += 1;
          if (isCalendarDay(day) !== byDate) disagreements.push(day);
        }
    expect(disagreements).toEqual([]);
    expect(real).toBe(76_336);
  });
});
