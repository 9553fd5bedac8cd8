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

/** What an ARS replenishment placed (source B2F): the lines of the ARS rule and the purchase orders. */
export const ArsReplenishmentResponse = z.object({
  /** The Monday whose run this is (one replenishment per partner and run). */
  runDay: z.string(),
  /** Each product's expected quantity, from the warehouse the partner buys it from. */
  lines: z.array(z.object({ productId: z.number(), qty: z.number(), wh: z.number() })),
  poids: z.array(z.string()),
  /** Warehouse orders that could not be placed, with the reason. */
  refused: z.array(z.object({ wh: z.number(), message: z.string() })),
  /** True when this week's replenishment had been placed already: the same orders, nothing new. */
  replayed: z.boolean(),
});
export type ArsReplenishmentResponse = z.infer<typeof ArsReplenishmentResponse>;

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
