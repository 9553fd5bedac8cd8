/** Store reports: the ARS report (franchisees) and store performance (canViewStorePerformance). */
import { PAGE_SIZES, PERFORMANCE_LABELS } from "@portal/domain";
import { z } from "zod";
import { pageNo, pageSizeOf } from "./account";
import { listControls, Page } from "./admin/fields";
import { calendarDayOrBlank, dbId, Money, text } from "./common";

/** GET /api/order/arsReport: both dates are required by the rule (checked by the service, with the spec's message). */
export const ArsReportQuery = z.object({
  from: calendarDayOrBlank("from").optional(),
  to: calendarDayOrBlank("to").optional(),
  pageNo,
  pageSize: pageSizeOf(PAGE_SIZES).default(10),
});
export type ArsReportQuery = z.input<typeof ArsReportQuery>;

/** GET /api/order/arsReport/csv: the same dates, every row. */
export const ArsReportCsvQuery = ArsReportQuery.pick({ from: true, to: true });

export const ArsReportRow = z.object({
  productId: z.number(),
  /** The product's group (its parent style). */
  parentId: z.number(),
  productName: z.string(),
  cat: z.string(),
  subCat: z.string(),
  brand: z.string(),
  mrp: Money,
  /** The partner's unit price (net cost with GST), priced as the catalogue prices it for them. */
  actualPrice: Money,
  targetStock: z.number(),
  pendingQty: z.number(),
  confirmedQty: z.number(),
  inTransitStock: z.number(),
  stockInHand: z.number(),
  expectedQty: z.number(),
  actualQty: z.number(),
  /** yyyy-MM-dd */
  arsScheduledDate: z.string(),
});
export type ArsReportRow = z.infer<typeof ArsReportRow>;

export const ArsReportResponse = z.object({
  rows: z.array(ArsReportRow),
  count: z.number(),
  pageNo: z.number(),
  pageSize: z.number(),
});
export type ArsReportResponse = z.infer<typeof ArsReportResponse>;

/** A line an ARS run placed: the product, its units, the warehouse and the purchase order it went on. */
export const ArsPlacedLine = z.object({
  productId: z.number(),
  productName: z.string(),
  qty: z.number(),
  wh: z.number(),
  warehouseName: z.string(),
  poid: z.string(),
});
/** A line an ARS run could not place, with the reason in the partner's words (the cart's and orders' messages). */
export const ArsRefusedLine = z.object({
  productId: z.number(),
  productName: z.string(),
  qty: z.number(),
  /** The warehouse it was to come from (null: none of the partner's warehouses stocks it). */
  wh: z.number().nullable(),
  warehouseName: z.string().nullable(),
  reason: z.string(),
});
export type ArsPlacedLine = z.infer<typeof ArsPlacedLine>;
export type ArsRefusedLine = z.infer<typeof ArsRefusedLine>;

/** One ARS replenishment run of a partner: what it planned, placed (source B2F) and refused. */
export const ArsRun = z.object({
  id: z.number(),
  /** The Monday whose run this is (one replenishment per partner and run). */
  runDay: z.string(),
  /** The weekly schedule, or a staff member placing it now. */
  startedBy: z.enum(["schedule", "staff"]),
  createdAt: z.string(),
  plannedLines: z.number(),
  plannedUnits: z.number(),
  placedLines: z.number(),
  placedUnits: z.number(),
  poids: z.array(z.string()),
  placed: z.array(ArsPlacedLine),
  refused: z.array(ArsRefusedLine),
});
export type ArsRun = z.infer<typeof ArsRun>;

/** GET /api/order/arsRuns: the caller's ARS runs, newest first (franchisees; anyone else none). */
export const ArsRunsQuery = z.object({ limit: z.coerce.number().int().min(1).max(52).default(8) });
export const ArsRunsResponse = z.object({ rows: z.array(ArsRun) });
export type ArsRunsResponse = z.infer<typeof ArsRunsResponse>;

/** What an ARS replenishment did: the run's record, and whether it had been placed already this week. */
export const ArsReplenishmentResponse = ArsRun.extend({
  /** True when this week's replenishment had been placed already: the same run, nothing new. */
  replayed: z.boolean(),
});
export type ArsReplenishmentResponse = z.infer<typeof ArsReplenishmentResponse>;

/** POST /api/order/arsReport/addToCart: the report's expected quantities for the dates go into the cart. */
export const ArsOrderExpectedBody = z.object({
  from: calendarDayOrBlank("from").optional(),
  to: calendarDayOrBlank("to").optional(),
});
export type ArsOrderExpectedBody = z.infer<typeof ArsOrderExpectedBody>;
export const ArsOrderExpectedResponse = z.object({
  message: z.string(),
  added: z.number(),
  refused: z.number(),
  lines: z.array(
    z.object({
      productId: z.number(),
      productName: z.string(),
      /** The expected quantity asked for. */
      expected: z.number(),
      /** The quantity now in the cart from this request (0 when refused). */
      qty: z.number(),
      outcome: z.enum(["added", "refused"]),
      message: z.string().nullable(),
    }),
  ),
});
export type ArsOrderExpectedResponse = z.infer<typeof ArsOrderExpectedResponse>;

// ---------------------------------------------------------------------------------------------

export const PerformanceLabel = z.enum(PERFORMANCE_LABELS);

export const StorePerformanceConfigQuery = z.object({
  concept: text("concept").trim().max(40, "concept is too long").optional(),
});

export const StorePerformanceConfig = z.object({
  configId: z.number(),
  name: z.string(),
  unit: z.enum(["INR", "count", "percent", "ratio", "days", "score"]),
  direction: z.enum(["higher", "lower", "band"]),
  basis: z.enum(["perDay", "level"]),
  /** The ideal benchmark: per day for volume metrics (for this concept), else the level. */
  benchmark: z.number(),
  excellent: z.number(),
  good: z.number(),
  ratingRule: z.string(),
});
export type StorePerformanceConfig = z.infer<typeof StorePerformanceConfig>;
export const StorePerformanceConfigResponse = z.array(StorePerformanceConfig);

export const StoreIdParam = z.object({ storeId: dbId("storeId") });
export const StorePerformanceQuery = z.object({ from: calendarDayOrBlank("from").optional() });

export const StorePerformanceItem = z.object({
  configId: z.number(),
  name: z.string(),
  unit: StorePerformanceConfig.shape.unit,
  idealBenchmarkMTD: z.number(),
  idealBenchmarkYTD: z.number(),
  nationalAvgMTD: z.number().nullable(),
  nationalAvgYTD: z.number().nullable(),
  storeAchievementMTD: z.number().nullable(),
  storeAchievementYTD: z.number().nullable(),
  resultMTD: PerformanceLabel.nullable(),
  resultYTD: PerformanceLabel.nullable(),
});
export type StorePerformanceItem = z.infer<typeof StorePerformanceItem>;

const Period = z.object({ from: z.string(), to: z.string(), days: z.number() });

export const StorePerformanceResponse = z.object({
  storeId: z.number(),
  storeName: z.string(),
  concept: z.string(),
  /** The day the report is as of (the from parameter, else the store's latest reported day). */
  asOf: z.string(),
  mtd: Period,
  ytd: Period,
  items: z.array(StorePerformanceItem),
});
export type StorePerformanceResponse = z.infer<typeof StorePerformanceResponse>;

export const FeedbackComment = z.object({
  id: z.number(),
  message: z.string(),
  createdAt: z.string(),
  /** A reply from the head office's staff (false: the partner's own comment). */
  fromHeadOffice: z.boolean(),
});
export const Feedback = z.object({
  id: z.number(),
  feature: z.string(),
  comments: z.array(FeedbackComment),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Feedback = z.infer<typeof Feedback>;
export const FeedbackList = z.array(Feedback);

const feature = text("feature").trim().max(100, "feature must be at most 100 characters");
const message = text("message", { multiline: true })
  .trim()
  .max(2000, "message must be at most 2000 characters");

/** POST /api/storeperformance/feedback: a new thread about a feature (a metric's name or General). */
export const FeedbackCreateBody = z.object({ feature, message });
export type FeedbackCreateBody = z.infer<typeof FeedbackCreateBody>;
/** PUT /api/storeperformance/feedback: another comment on one of the caller's own threads. */
export const FeedbackUpdateBody = z.object({ id: dbId("id"), message });
export type FeedbackUpdateBody = z.infer<typeof FeedbackUpdateBody>;

/** The staff feedback inbox's sort keys: its row's columns. */
export const FEEDBACK_SORTS = ["updatedAt", "createdAt", "feature", "storeName", "email"] as const;
/** GET /api/admin/feedback: every partner's threads; q searches the store, email, feature and comments. */
export const AdminFeedbackQuery = z.object({
  ...listControls(FEEDBACK_SORTS),
  /** true: only threads whose last comment is the partner's (waiting for a reply). */
  waiting: z.enum(["true", "false"]).optional(),
  ...Page,
});
export type AdminFeedbackQuery = z.infer<typeof AdminFeedbackQuery>;
export const AdminFeedbackThread = Feedback.extend({
  userId: z.number(),
  storeName: z.string().nullable(),
  email: z.string(),
  /** The last comment is the partner's: the head office has not answered it yet. */
  waiting: z.boolean(),
});
export type AdminFeedbackThread = z.infer<typeof AdminFeedbackThread>;
export const AdminFeedbackResponse = z.object({ rows: z.array(AdminFeedbackThread), total: z.number() });
export type AdminFeedbackResponse = z.infer<typeof AdminFeedbackResponse>;
/** POST /api/admin/feedback/{id}/replies: the head office's reply, which the partner sees on the thread. */
export const FeedbackReplyBody = z.object({ message });
export type FeedbackReplyBody = z.infer<typeof FeedbackReplyBody>;

/** GET /api/storeperformance/{storeId}/trend: the store's last 12 months, one row a month (oldest first). */
export const StoreTrendMonth = z.object({
  /** yyyy-MM */
  month: z.string(),
  /** Days the store reported in the month. */
  days: z.number(),
  netSales: Money,
  units: z.number(),
  bills: z.number(),
  footfall: z.number(),
  /** Net sales ÷ bills (null: no bills). */
  avgBillValue: Money.nullable(),
  /** Bills ÷ footfall in percent, 2 decimals (null: no footfall). */
  conversion: z.number().nullable(),
});
export type StoreTrendMonth = z.infer<typeof StoreTrendMonth>;
export const StoreTrendResponse = z.object({
  storeId: z.number(),
  asOf: z.string(),
  months: z.array(StoreTrendMonth),
});
export type StoreTrendResponse = z.infer<typeof StoreTrendResponse>;
