import type { PgTable } from "drizzle-orm/pg-core";
import type * as schema from "../db/schema";

/** A table's export name in db/schema. */
export type TableName = {
  [K in keyof typeof schema]: (typeof schema)[K] extends PgTable ? K : never;
}[keyof typeof schema];

/** Who may write a table: a module (its folder under modules/), or lib/ for the server's own plumbing. */
export type TableOwner =
  | "account"
  | "artworks"
  | "audit"
  | "auth"
  | "cart"
  | "catalogue"
  | "cforms"
  | "content"
  | "gst"
  | "invoices"
  | "jobs"
  | "kiosk"
  | "ledger"
  | "lists"
  | "lib"
  | "loads"
  | "notifications"
  | "order-desk"
  | "orders"
  | "partners"
  | "payments"
  | "products"
  | "sales-returns"
  | "search"
  | "settings"
  | "store-reports"
  | "team"
  | "users"
  | "waybills";

/**
 * Which module writes which table (INSERT, UPDATE, DELETE): only the owner's files do; every other
 * module calls the owner's functions from its public.ts, inside the caller's transaction where the
 * two writes must stand or fall together. Reading another module's table is allowed.
 * Two places write any table: the seed (seed/, it builds the demo world in bulk) and the test kits
 * (test/, they set up the state a test needs). The table-ownership test at the repository root
 * reads every other server file's queries against this map.
 */
export const TABLE_OWNERS = {
  // back-office
  accountTypeSettings: "order-desk",
  loads: "loads",
  documentCounters: "invoices",
  invoices: "invoices",
  ledgerEntries: "ledger",
  payments: "payments",
  salesReturns: "sales-returns",
  waybills: "waybills",
  waybillLog: "waybills",
  cforms: "cforms",
  auditLog: "audit",
  einvoices: "gst",
  ewayBills: "gst",
  jobs: "jobs",
  // the monthly ledger statement by mail: the partner's setting (users) and the mails queued (ledger)
  partnerPreferences: "users",
  ledgerStatementMails: "ledger",
  // catalogue (the catalogue owns the stock: orders take it, cancellations and returns give it back)
  categories: "catalogue",
  subcategories: "catalogue",
  subcategoryTypes: "catalogue",
  brands: "catalogue",
  gstRates: "catalogue",
  products: "catalogue",
  productStock: "catalogue",
  warehouses: "catalogue",
  serviceablePincodes: "cart",
  productLikes: "products",
  arsProducts: "store-reports",
  searchWords: "search",
  // content and library
  banners: "content",
  menuItems: "content",
  contentFiles: "content",
  trainingEvents: "content",
  trainingItems: "content",
  assessments: "content",
  assessmentResults: "content",
  assessmentQuestions: "content",
  artworks: "artworks",
  notifications: "notifications",
  // kiosk
  kioskOrders: "kiosk",
  kioskOrderLines: "kiosk",
  kioskCustomers: "kiosk",
  kioskRefunds: "kiosk",
  kioskMails: "kiosk",
  // orders
  cartItems: "cart",
  savedLists: "lists",
  savedListLines: "lists",
  purchaseOrders: "orders",
  purchaseOrderLines: "orders",
  idempotencyKeys: "orders",
  // the server's plumbing
  serverSecrets: "lib",
  storedFiles: "lib",
  rateLimits: "lib",
  pdfCache: "lib",
  settings: "settings",
  // store reports
  storeDailyMetrics: "store-reports",
  storePeerDays: "store-reports",
  storeFeedback: "store-reports",
  storeFeedbackComments: "store-reports",
  storeSales: "store-reports",
  storeStock: "store-reports",
  arsRuns: "store-reports",
  // users
  users: "users",
  franchises: "partners",
  userWarehouses: "partners",
  userRules: "partners",
  sessions: "auth",
  passwordResetTokens: "auth",
  // store teams (issue 30)
  storeMembers: "team",
  memberInvites: "team",
  orderRequests: "team",
} as const satisfies Record<TableName, TableOwner>;
