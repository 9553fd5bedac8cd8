/**
 * Store reports written once for server and web: the ARS (automatic replenishment) report's filter
 * and quantities, and store performance's 16 metric configurations with their rating rules.
 */
import { addMonths } from "./account";
import { isCalendarDay } from "./calendar";
import { storeReportMessages } from "./messages";

// ---------------------------------------------------------------------------------------------
// ARS report
// ---------------------------------------------------------------------------------------------

/** The ARS report's to-date may be at most this many months after its from-date (spec section 9). */
export const ARS_RANGE_MONTHS = 1;

/**
 * The ARS report's filter (spec section 5): both dates ("Please select Order From and Order To
 * date"), real days, to not before from, at most one month apart. Returns the message or null.
 */
export function checkArsRange(
  from: string | null | undefined,
  to: string | null | undefined,
  selectBothMessage: string,
): string | null {
  const f = from?.trim() ?? "";
  const t = to?.trim() ?? "";
  if (!f || !t) return selectBothMessage;
  if (!isCalendarDay(f) || !isCalendarDay(t)) return storeReportMessages.badDate;
  if (t < f) return storeReportMessages.toBeforeFrom;
  if (t > addMonths(f, ARS_RANGE_MONTHS)) return storeReportMessages.arsRangeTooLong;
  return null;
}

/**
 * What the store should still order of a product to reach its ARS target: the target less what it
 * holds and what is already on its way (pending, confirmed and in-transit orders), never negative.
 */
export function arsExpectedQty(q: {
  targetStock: number;
  stockInHand: number;
  pendingQty: number;
  confirmedQty: number;
  inTransitStock: number;
}): number {
  return Math.max(0, q.targetStock - q.stockInHand - q.pendingQty - q.confirmedQty - q.inTransitStock);
}

/** ARS replenishment runs every Monday: the scheduled date is the first Monday after the report's to-date. */
export function arsScheduledDate(to: string): string {
  const day = new Date(`${to}T00:00:00Z`);
  const weekday = day.getUTCDay(); // 0 Sunday … 6 Saturday
  const ahead = (8 - weekday) % 7 || 7;
  return new Date(day.getTime() + ahead * 86_400_000).toISOString().slice(0, 10);
}

/** The day of the week ARS replenishment runs (0 Sunday … 6 Saturday): Monday. */
export const ARS_RUN_WEEKDAY = 1;
/** The hour (India time) the weekly ARS replenishment job runs on its Monday. */
export const ARS_RUN_HOUR_IST = 6;

/** The ARS run a day belongs to: the Monday on or before it (one replenishment per partner and run). */
export function arsRunDay(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  const back = (at.getUTCDay() - ARS_RUN_WEEKDAY + 7) % 7;
  return new Date(at.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The ARS replenishment of a run day orders each product's expected quantity (arsExpectedQty) as
 * the ARS report computes it over the month ending on that day: orders placed in it count as
 * pending, confirmed or in transit, so the replenishment itself is counted by the next run.
 */
export function arsReplenishmentRange(runDay: string): { from: string; to: string } {
  return { from: addMonths(runDay, -ARS_RANGE_MONTHS), to: runDay };
}

// ---------------------------------------------------------------------------------------------
// Store performance
// ---------------------------------------------------------------------------------------------

export const PERFORMANCE_LABELS = ["Excellent", "Good", "Need Improvement"] as const;
export type PerformanceLabel = (typeof PERFORMANCE_LABELS)[number];

export type MetricUnit = "INR" | "count" | "percent" | "ratio" | "days" | "score";
/**
 * How a metric is rated against its benchmark:
 * - higher: achievement/benchmark at least `excellent` → Excellent, at least `good` → Good;
 * - lower: achievement/benchmark at most `excellent` → Excellent, at most `good` → Good;
 * - band: |achievement − benchmark| / benchmark at most `excellent` → Excellent, at most `good` → Good;
 * anything else is Need Improvement.
 */
export type RatingDirection = "higher" | "lower" | "band";

export interface PerformanceConfig {
  configId: number;
  name: string;
  unit: MetricUnit;
  direction: RatingDirection;
  /** Volume metrics (sums) have a per-day benchmark multiplied by the days of the period; levels do not. */
  basis: "perDay" | "level";
  /** The ideal benchmark: per day (basis perDay, for a BABYHUG store) or the level itself. */
  benchmark: number;
  excellent: number;
  good: number;
}

/** Config 15 (store audit score) is rated against this benchmark (spec section 9). */
export const AUDIT_SCORE_BENCHMARK = 100;

/** The spec's 16 metric configurations (ids 1 to 16), each with its own rating rule. */
export const PERFORMANCE_CONFIGS: readonly PerformanceConfig[] = [
  {
    configId: 1,
    name: "Net sales",
    unit: "INR",
    direction: "higher",
    basis: "perDay",
    benchmark: 100000,
    excellent: 1.1,
    good: 0.9,
  },
  {
    configId: 2,
    name: "Units sold",
    unit: "count",
    direction: "higher",
    basis: "perDay",
    benchmark: 110,
    excellent: 1.1,
    good: 0.9,
  },
  {
    configId: 3,
    name: "Bills",
    unit: "count",
    direction: "higher",
    basis: "perDay",
    benchmark: 45,
    excellent: 1.1,
    good: 0.85,
  },
  {
    configId: 4,
    name: "Footfall",
    unit: "count",
    direction: "higher",
    basis: "perDay",
    benchmark: 140,
    excellent: 1.15,
    good: 0.85,
  },
  {
    configId: 5,
    name: "Conversion",
    unit: "percent",
    direction: "higher",
    basis: "level",
    benchmark: 35,
    excellent: 1.1,
    good: 0.9,
  },
  {
    configId: 6,
    name: "Average bill value",
    unit: "INR",
    direction: "higher",
    basis: "level",
    benchmark: 2200,
    excellent: 1.1,
    good: 0.95,
  },
  {
    configId: 7,
    name: "Units per bill",
    unit: "ratio",
    direction: "higher",
    basis: "level",
    benchmark: 2.5,
    excellent: 1.1,
    good: 0.9,
  },
  {
    configId: 8,
    name: "Average selling price",
    unit: "INR",
    direction: "higher",
    basis: "level",
    benchmark: 900,
    excellent: 1.1,
    good: 0.9,
  },
  {
    configId: 9,
    name: "Apparel share of sales",
    unit: "percent",
    direction: "higher",
    basis: "level",
    benchmark: 40,
    excellent: 1.15,
    good: 0.9,
  },
  {
    configId: 10,
    name: "Private label share of sales",
    unit: "percent",
    direction: "higher",
    basis: "level",
    benchmark: 25,
    excellent: 1.2,
    good: 0.9,
  },
  {
    configId: 11,
    name: "Repeat customer bills",
    unit: "percent",
    direction: "higher",
    basis: "level",
    benchmark: 45,
    excellent: 1.1,
    good: 0.9,
  },
  {
    configId: 12,
    name: "Customer returns",
    unit: "percent",
    direction: "lower",
    basis: "level",
    benchmark: 3,
    excellent: 0.8,
    good: 1.1,
  },
  {
    configId: 13,
    name: "Sell-through",
    unit: "percent",
    direction: "higher",
    basis: "level",
    benchmark: 60,
    excellent: 1.1,
    good: 0.9,
  },
  {
    configId: 14,
    name: "Stock cover",
    unit: "days",
    direction: "band",
    basis: "level",
    benchmark: 30,
    excellent: 0.15,
    good: 0.35,
  },
  {
    configId: 15,
    name: "Store audit score",
    unit: "score",
    direction: "higher",
    basis: "level",
    benchmark: AUDIT_SCORE_BENCHMARK,
    excellent: 0.95,
    good: 0.8,
  },
  {
    configId: 16,
    name: "Loyalty member sales",
    unit: "percent",
    direction: "higher",
    basis: "level",
    benchmark: 50,
    excellent: 1.1,
    good: 0.9,
  },
];

/** One of the 16 configurations by id (throws on an id the spec does not have). */
export function performanceConfig(configId: number): PerformanceConfig {
  const config = PERFORMANCE_CONFIGS.find((c) => c.configId === configId);
  if (!config) throw new Error(`No store performance config ${configId}`);
  return config;
}

/** Store audits are fortnightly, held on the 1st and the 15th of every month (config 15 averages them). */
export const isStoreAuditDay = (day: string): boolean => day.endsWith("-01") || day.endsWith("-15");

/** What a piece of store performance feedback may be about: a metric, or the page in general. */
export const FEEDBACK_GENERAL = "General";
export const FEEDBACK_FEATURES: readonly string[] = [
  FEEDBACK_GENERAL,
  ...PERFORMANCE_CONFIGS.map((c) => c.name),
];

/** Volume benchmarks are per BABYHUG store; other concepts' stores are smaller or larger. */
export const CONCEPT_VOLUME_SCALE: Readonly<Record<string, number>> = { BABYHUG: 1, COCO: 1.2, KIOSK: 0.4 };

export const volumeScaleOf = (concept: string | null | undefined): number =>
  CONCEPT_VOLUME_SCALE[(concept ?? "").toUpperCase()] ?? 1;

/** The ideal benchmark of a config for a period of `days` days and a concept, 2 decimals. */
export function idealBenchmark(config: PerformanceConfig, days: number, concept: string | null): number {
  if (config.basis === "level") return config.benchmark;
  return round2(config.benchmark * volumeScaleOf(concept) * days);
}

/** The rating rule of a config, in words, for the config list and the page. */
export function ratingRuleText(config: PerformanceConfig): string {
  const pct = (n: number) => `${Math.round(n * 100)}%`;
  if (config.direction === "higher")
    return `Excellent at ${pct(config.excellent)} of the benchmark or more, Good from ${pct(config.good)}, else Need Improvement`;
  if (config.direction === "lower")
    return `Excellent at ${pct(config.excellent)} of the benchmark or less, Good up to ${pct(config.good)}, else Need Improvement`;
  return `Excellent within ${pct(config.excellent)} of the benchmark, Good within ${pct(config.good)}, else Need Improvement`;
}

/** Rates an achievement against a benchmark by the config's own rule; null when there is nothing to rate. */
export function ratePerformance(
  config: PerformanceConfig,
  achievement: number | null,
  benchmark: number,
): PerformanceLabel | null {
  if (achievement === null || !Number.isFinite(achievement) || benchmark <= 0) return null;
  // Compared to 9 decimals, so 25.5 against 30 is exactly 15 % off and not a hair more.
  const ratio = Math.round((achievement / benchmark) * 1e9) / 1e9;
  if (config.direction === "higher") {
    if (ratio >= config.excellent) return "Excellent";
    return ratio >= config.good ? "Good" : "Need Improvement";
  }
  if (config.direction === "lower") {
    if (ratio <= config.excellent) return "Excellent";
    return ratio <= config.good ? "Good" : "Need Improvement";
  }
  const off = Math.round(Math.abs(ratio - 1) * 1e9) / 1e9;
  if (off <= config.excellent) return "Excellent";
  return off <= config.good ? "Good" : "Need Improvement";
}

/** What a store (or a peer store) did over a period: the sums the 16 metrics are made of. */
export interface PeriodTotals {
  /** Days of the period the store reported. */
  days: number;
  netSalesPaise: number;
  units: number;
  bills: number;
  footfall: number;
  repeatBills: number;
  returnedUnits: number;
  apparelSalesPaise: number;
  privateLabelSalesPaise: number;
  loyaltySalesPaise: number;
  /** Units on the shelves at the end of the period. */
  stockUnits: number;
  /** Average of the audits in the period, or null when none was held. */
  auditScore: number | null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const share = (part: number, whole: number) => (whole > 0 ? round2((part / whole) * 100) : null);
const per = (a: number, b: number) => (b > 0 ? round2(a / b) : null);

/** The 16 metrics of a period, by config id, 2 decimals; null where the period has nothing to divide by. */
export function performanceValues(t: PeriodTotals): Record<number, number | null> {
  if (t.days <= 0) {
    return Object.fromEntries(PERFORMANCE_CONFIGS.map((c) => [c.configId, null]));
  }
  const rupees = t.netSalesPaise / 100;
  const dailyUnits = t.units / t.days;
  return {
    1: round2(rupees),
    2: t.units,
    3: t.bills,
    4: t.footfall,
    5: share(t.bills, t.footfall),
    6: per(rupees, t.bills),
    7: per(t.units, t.bills),
    8: per(rupees, t.units),
    9: share(t.apparelSalesPaise, t.netSalesPaise),
    10: share(t.privateLabelSalesPaise, t.netSalesPaise),
    11: share(t.repeatBills, t.bills),
    12: share(t.returnedUnits, t.units),
    13: share(t.units, t.units + t.stockUnits),
    14: dailyUnits > 0 ? round2(t.stockUnits / dailyUnits) : null,
    15: t.auditScore === null ? null : round2(t.auditScore),
    16: share(t.loyaltySalesPaise, t.netSalesPaise),
  };
}

/** The mean of the values that exist, 2 decimals, or null. */
export function averageOf(values: readonly (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null);
  if (present.length === 0) return null;
  return round2(present.reduce((s, v) => s + v, 0) / present.length);
}

/**
 * The two periods of a store performance report as of `asOf` (yyyy-MM-dd, inclusive): month to
 * date from the first of its month, year to date from the start of its financial year (1 April).
 */
export function performancePeriods(asOf: string): {
  mtd: { from: string; to: string };
  ytd: { from: string; to: string };
} {
  const year = Number(asOf.slice(0, 4));
  const month = Number(asOf.slice(5, 7));
  const fyStart = month >= 4 ? `${year}-04-01` : `${year - 1}-04-01`;
  return { mtd: { from: `${asOf.slice(0, 8)}01`, to: asOf }, ytd: { from: fyStart, to: asOf } };
}

// ---------------------------------------------------------------------------------------------
// ARS runs and the store's 12-month trend (issue 28)
// ---------------------------------------------------------------------------------------------

/** What an ARS run did, in figures: lines and units planned, placed and refused, and its orders. */
export interface ArsRunFigures {
  placedLines: number;
  placedUnits: number;
  refusedLines: number;
  refusedUnits: number;
  orders: number;
}

/** A run's figures from its placed and refused lines and its purchase orders. */
export function arsRunFigures(
  placed: readonly { qty: number }[],
  refused: readonly { qty: number }[],
  poids: readonly string[],
): ArsRunFigures {
  return {
    placedLines: placed.length,
    placedUnits: placed.reduce((n, l) => n + l.qty, 0),
    refusedLines: refused.length,
    refusedUnits: refused.reduce((n, l) => n + l.qty, 0),
    orders: poids.length,
  };
}

/** The months a trend covers: the `count` calendar months ending with the month of `asOf`, oldest first. */
export function trendMonths(asOf: string, count = 12): { month: string; from: string; to: string }[] {
  const first = `${asOf.slice(0, 7)}-01`;
  return Array.from({ length: count }, (_, i) => {
    const from = addMonths(first, i - count + 1);
    const end = addMonths(from, 1);
    const last = new Date(Date.parse(`${end}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    return { month: from.slice(0, 7), from, to: last < asOf ? last : asOf };
  });
}

/** "Nov 2026": a trend month (yyyy-MM) as a person reads it. */
export function monthLabel(month: string): string {
  const names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  return `${names[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`;
}
