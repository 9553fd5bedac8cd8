/**
 * A fixed clock for tests where a date matters, so they never depend on the day they run.
 *
 * `fixClock()` fakes only `Date` (timers stay real) from TEST_NOW on, and lets it run forward as
 * real time passes, so what the app stamps (orders, loads, ledger entries, jobs, sessions) is dated
 * around TEST_NOW and later stamps are still later. PGlite runs in this process and reads the same
 * clock for its now(); PostgreSQL keeps its own, so a test must not compare the database's now()
 * (a column's default) with the app's day: the app's services stamp what these tests filter by.
 * Call it before the test world is made (the seed's days follow it too) and `restoreClock()` after.
 */
import { vi } from "vitest";

/**
 * A Wednesday, 11:00 in India, in financial year 2026-27: far from the edge of a day, a week (the
 * ARS run is Monday 06:00), a month and a financial year, so a test run of minutes crosses none.
 */
export const TEST_NOW = new Date("2026-11-18T11:00:00+05:30");

export function fixClock(at: Date = TEST_NOW): void {
  vi.useFakeTimers({ toFake: ["Date"], now: at, shouldAdvanceTime: true });
}

export function restoreClock(): void {
  vi.useRealTimers();
}
