/**
 * The Admin Console's calls: every request and response of the staff routes (`/api/admin/...`, plus
 * the spec's own staff calls `GET /api/users/userList`, `POST /api/users` by staff,
 * `POST /api/users/forgetPassword` and `GET /api/order/autoComfirmedOrders/{accountType}`).
 * Amounts are decimal strings with 2 places; dates are ISO strings, days are yyyy-MM-dd.
 */
import {
  ACCOUNT_TYPES,
  INDIAN_MOBILE,
  indianMobileMessage,
  LOAD_STATUSES,
  MAX_SHIPPING_CHARGE,
  messages,
  ORDER_STATUSES,
  PAYMENT_MODES,
  PAYMENT_STATUSES,
  SR_ALL_STATUSES,
  SR_STATUSES,
  TAX_REGIMES,
  toPaise,
  WAYBILL_STATUSES,
} from "@portal/domain";
import { z } from "zod";
import { DbId as idOf } from "./catalogue";
import { calendarDay, Email, GstSplitFields, Money, Pincode, text } from "./common";
import { PurchaseOrder } from "./orders";
import { CreditNote } from "./sales-returns";

/** A database id: 1 … 2147483647. */
const DbId = idOf("id");
/** Required text of at most `max` characters; line breaks only where `multiline`. */
const ShortText = (max: number, field: string, multiline = false) =>
  text(field, { multiline }).trim().min(1).max(max);
const Page = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
};

export const AdminIdParam = z.object({ id: DbId });
export const AdminPoidParam = z.object({ poid: text("poid").trim().min(1).max(40) });
export const AdminUserIdParam = z.object({ userId: DbId });

// ---- Dashboard ----

export const AdminDashboard = z.object({
  ordersToConfirm: z.number(),
  ordersToLoad: z.number(),
  loadsToShip: z.number(),
  paymentsToApprove: z.number(),
  salesReturnsToMove: z.number(),
  waybillRequests: z.number(),
});
export type AdminDashboard = z.infer<typeof AdminDashboard>;

// ---- Order desk ----

export const AdminOrdersQuery = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  userId: DbId.optional(),
  warehouseId: DbId.optional(),
  from: calendarDay("from").optional(),
  to: calendarDay("to").optional(),
  /** Confirmed orders not yet in a load. */
  unloaded: z.enum(["true", "false"]).optional(),
  ...Page,
});
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuery>;

export const AdminOrderRow = z.object({
  poid: z.string(),
  userId: z.number(),
  partnerName: z.string(),
  partnerEmail: z.string(),
  accountType: z.string(),
  warehouseId: z.number(),
  warehouseName: z.string(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  totalItems: z.number(),
  /** Units as placed; totalQuantity is the confirmed (after a proof of delivery, the delivered) units. */
  orderedQuantity: z.number(),
  totalQuantity: z.number(),
  netPayment: Money,
  gapReport: z.number(),
  loadId: z.number().nullable(),
  autoConfirmed: z.boolean(),
});
export type AdminOrderRow = z.infer<typeof AdminOrderRow>;
export const AdminOrdersResponse = z.object({ rows: z.array(AdminOrderRow), total: z.number() });
export type AdminOrdersResponse = z.infer<typeof AdminOrdersResponse>;

/** Confirm wholly (no lines) or in part: a confirmed quantity per line, at most the ordered one. */
export const ConfirmOrderBody = z.object({
  lines: z
    .array(z.object({ productId: DbId, quantity: z.number().int().min(0).max(100_000) }))
    .max(300)
    .optional(),
});
export type ConfirmOrderBody = z.infer<typeof ConfirmOrderBody>;

export const BulkConfirmBody = z.object({
  poids: z.array(text("poid").trim().min(1).max(40)).min(1).max(200),
});
export type BulkConfirmBody = z.infer<typeof BulkConfirmBody>;
export const BulkResult = z.object({
  done: z.array(z.string()),
  failed: z.array(z.object({ id: z.string(), message: z.string() })),
});
export type BulkResult = z.infer<typeof BulkResult>;

export const CancelOrderBody = z.object({ reason: ShortText(500, "reason", true) });
export type CancelOrderBody = z.infer<typeof CancelOrderBody>;

export const AccountTypeParam = z.object({ accountType: z.enum(ACCOUNT_TYPES) });
export const AutoConfirmedOrdersResponse = z.array(AdminOrderRow);

export const AutoConfirmSetting = z.object({
  accountType: z.enum(ACCOUNT_TYPES),
  autoConfirm: z.boolean(),
  /** Minutes a Pending order waits before the job confirms it. */
  delayMinutes: z.number().int().min(0).max(43_200),
});
export type AutoConfirmSetting = z.infer<typeof AutoConfirmSetting>;
export const AutoConfirmSettings = z.array(AutoConfirmSetting);
export const AutoConfirmSettingsBody = z.array(AutoConfirmSetting).min(1).max(10);

// ---- Loads ----

export const AdminLoadsQuery = z.object({
  status: z.enum(LOAD_STATUSES).optional(),
  userId: DbId.optional(),
  warehouseId: DbId.optional(),
  ...Page,
});
export type AdminLoadsQuery = z.infer<typeof AdminLoadsQuery>;

export const AdminLoad = z.object({
  id: z.number(),
  userId: z.number(),
  partnerName: z.string(),
  warehouseId: z.number(),
  warehouseName: z.string(),
  status: z.enum(LOAD_STATUSES),
  createdAt: z.string(),
  estimatedShippingDate: z.string().nullable(),
  actualShippingDate: z.string().nullable(),
  handedOverAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  docketNo: z.string().nullable(),
  transporter: z.string().nullable(),
  totalItems: z.number(),
  totalQuantity: z.number(),
  total: Money,
  poids: z.array(z.string()),
  invoiceId: z.number().nullable(),
  invoiceNumber: z.string().nullable(),
});
export type AdminLoad = z.infer<typeof AdminLoad>;
export const AdminLoadsResponse = z.object({ rows: z.array(AdminLoad), total: z.number() });
export type AdminLoadsResponse = z.infer<typeof AdminLoadsResponse>;

/** Confirmed orders of one partner and one warehouse, not yet loaded. */
export const LoadCandidate = z.object({
  userId: z.number(),
  partnerName: z.string(),
  warehouseId: z.number(),
  warehouseName: z.string(),
  orders: z.array(AdminOrderRow),
});
export const LoadCandidatesResponse = z.array(LoadCandidate);
export type LoadCandidate = z.infer<typeof LoadCandidate>;

export const CreateLoadBody = z.object({
  poids: z.array(text("poid").trim().min(1).max(40)).min(1).max(200),
  estimatedShippingDate: calendarDay("estimatedShippingDate").optional(),
});
export type CreateLoadBody = z.infer<typeof CreateLoadBody>;

export const HandOverBody = z.object({
  transporter: ShortText(120, "transporter"),
  /** Docket / air waybill number. */
  docketNo: ShortText(60, "docketNo"),
});
export type HandOverBody = z.infer<typeof HandOverBody>;

export const ShipLoadBody = z.object({ actualShippingDate: calendarDay("actualShippingDate").optional() });
export type ShipLoadBody = z.infer<typeof ShipLoadBody>;

/** Proof of delivery: delivered quantities per order line (missing lines: all shipped units arrived). */
export const DeliverLoadBody = z.object({
  lines: z
    .array(
      z.object({
        poid: text("poid").trim().min(1).max(40),
        productId: DbId,
        deliveredQuantity: z.number().int().min(0).max(100_000),
      }),
    )
    .max(2000)
    .optional(),
});
export type DeliverLoadBody = z.infer<typeof DeliverLoadBody>;

// ---- Invoices ----

export const InvoiceSummary = z.object({
  id: z.number(),
  kind: z.enum(["PERFORMA INVOICE", "TAX INVOICE"]),
  number: z.string(),
  userId: z.number(),
  warehouseId: z.number(),
  poid: z.string().nullable(),
  loadId: z.number().nullable(),
  issuedOn: z.string(),
  financialYear: z.string(),
  taxRegime: z.enum(TAX_REGIMES),
  total: Money,
});
export type InvoiceSummary = z.infer<typeof InvoiceSummary>;

export const InvoiceLine = z.object({
  poid: z.string(),
  productId: z.number(),
  name: z.string(),
  hsnCode: z.string(),
  quantity: z.number(),
  actualPrice: Money,
  taxable: Money,
  vatAmount: Money,
  /** The VAT or CST rate in percent before GST ("0.00" under GST); absent on invoices made before it was shown. */
  vatRate: Money.optional(),
  gstType: z.string(),
  ...GstSplitFields,
  total: Money,
});
/** The shipping charge billed on an invoice (GST inclusive at 18%, split by the invoice's regime). */
export const InvoiceShippingCharge = z.object({
  amount: Money,
  taxable: Money,
  vat: Money,
  vatRate: Money.optional(),
  ...GstSplitFields,
});
export const Invoice = InvoiceSummary.extend({
  company: z.object({ name: z.string(), gstNo: z.string(), cin: z.string() }),
  warehouse: z.object({
    id: z.number(),
    name: z.string(),
    gstNo: z.string(),
    address: z.string(),
    state: z.string(),
  }),
  partner: z.object({ name: z.string(), shipState: z.string(), billingGstNo: z.string().nullable() }),
  shipOutDate: z.string().nullable(),
  lines: z.array(InvoiceLine),
  /** The orders' shipping charges together, or null when none was charged (invoices before it existed too). */
  shippingCharge: InvoiceShippingCharge.nullable().default(null),
  totals: z.object({
    taxable: Money,
    vat: Money,
    cgst: Money,
    sgst: Money,
    igst: Money,
    total: Money,
  }),
});
export type Invoice = z.infer<typeof Invoice>;

export const AdminOrderDetail = z.object({
  order: PurchaseOrder,
  row: AdminOrderRow,
  invoices: z.array(InvoiceSummary),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetail>;

export const AdminInvoicesQuery = z.object({
  userId: DbId.optional(),
  kind: z.enum(["PERFORMA INVOICE", "TAX INVOICE"]).optional(),
  ...Page,
});
export const AdminInvoicesResponse = z.object({ rows: z.array(InvoiceSummary), total: z.number() });

// ---- Ledger ----

export const LedgerQuery = z.object({
  ledgerAccount: z.coerce.number().int().min(1).max(2).default(1),
  from: calendarDay("from").optional(),
  to: calendarDay("to").optional(),
});
export const AdminLedgerEntry = z.object({
  id: z.number(),
  entryDate: z.string(),
  voucherType: z.string(),
  voucherNumber: z.string(),
  debit: Money,
  credit: Money,
  description: z.string(),
  reference: z.string().nullable(),
  noteType: z.string().nullable(),
  sacCode: z.string().nullable(),
  ledgerAccount: z.number(),
});
export type AdminLedgerEntry = z.infer<typeof AdminLedgerEntry>;
export const AdminLedgerResponse = z.object({
  userId: z.number(),
  ledgerAccount: z.number(),
  /** Sum of entries before `from` (debit minus credit). */
  openingBalance: Money,
  /** Sum of every entry up to `to` (debit minus credit); positive is a debit balance. */
  closingBalance: Money,
  entries: z.array(AdminLedgerEntry),
});
export type AdminLedgerResponse = z.infer<typeof AdminLedgerResponse>;

/** A staff-written note: courier expenses (debit note, SAC 9968) or a correction. */
export const LedgerNoteBody = z.object({
  ledgerAccount: z.number().int().min(1).max(2).default(1),
  kind: z.enum(["courierExpenses", "creditCorrection", "debitCorrection"]),
  amount: Money.refine((m) => !m.startsWith("-") && m !== "0.00", "amount must be positive"),
  description: ShortText(300, "description", true),
  docketNumber: text("docketNumber").trim().max(60).optional(),
});
export type LedgerNoteBody = z.infer<typeof LedgerNoteBody>;

// ---- Payments ----

export const PaymentsQuery = z.object({
  status: z.enum(PAYMENT_STATUSES).optional(),
  userId: DbId.optional(),
  ...Page,
});
export const AdminPayment = z.object({
  id: z.number(),
  userId: z.number(),
  partnerName: z.string(),
  ledgerAccount: z.number(),
  paymentType: z.enum(PAYMENT_MODES),
  referenceId: z.string(),
  totalAmountPayable: Money,
  totalAmountPaid: Money,
  /** What accounts staff received and credited (null until approved). */
  amountReceived: Money.nullable(),
  orders: z.array(z.string()),
  status: z.enum(PAYMENT_STATUSES),
  reason: z.string().nullable(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof AdminPayment>;
export const AdminPaymentsResponse = z.object({ rows: z.array(AdminPayment), total: z.number() });
export const RejectPaymentBody = z.object({ reason: ShortText(500, "reason", true) });
/** An amount as typed: up to 12 digits and 2 decimals. */
const AmountInput = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, message);
/** Approval: the amount received (default: the amount the partner says they paid). */
export const ApprovePaymentBody = z
  .object({
    amountReceived: AmountInput("amountReceived must be an amount such as 1234.50").optional(),
  })
  .default({});
export type ApprovePaymentBody = z.infer<typeof ApprovePaymentBody>;
export type RejectPaymentBody = z.infer<typeof RejectPaymentBody>;

/**
 * The partner's confirmation (POST /api/payment/processConfirmPayment {paymentData}). The server
 * works out the amount payable of the orders itself; `totalAmountPayable` is what the screen showed.
 */
export const ConfirmPaymentBody = z.object({
  paymentData: z.object({
    paymentType: z.enum(PAYMENT_MODES, { error: messages.selectPaymentMode }),
    referenceId: z
      .string({ error: messages.provideReferenceNo })
      .pipe(
        text("referenceId")
          .trim()
          .min(1, messages.provideReferenceNo)
          .max(60, "reference no. must be at most 60 characters"),
      ),
    totalAmountPayable: Money.optional(),
    totalAmountPaid: AmountInput(messages.checkAmountPaid),
    /** Orders whose open invoices are paid (the spec's); at least one order or document is needed. */
    orders: z
      .array(text("poid").trim().min(1).max(40), { error: messages.selectOrdersForPayment })
      .max(200)
      .default([]),
    /** Open documents paid, by `entryId` of GET /api/payment/pending (debit notes have no orders). */
    documents: z
      .array(z.number().int().positive().max(2_147_483_647), { error: messages.selectOrdersForPayment })
      .max(500)
      .default([]),
    ledgerAccount: z.number().int().min(1).max(2).default(1),
  }),
});
export type ConfirmPaymentBody = z.infer<typeof ConfirmPaymentBody>;
export const ConfirmPaymentResponse = z.object({
  message: z.string(),
  referenceId: z.string(),
  id: z.number(),
});

// ---- Sales returns ----

export const SalesReturnsQuery = z.object({
  status: z.enum(SR_ALL_STATUSES).optional(),
  userId: DbId.optional(),
  ...Page,
});
export const AdminSalesReturn = z.object({
  id: z.number(),
  referenceId: z.string(),
  userId: z.number(),
  partnerName: z.string(),
  warehouseId: z.number(),
  status: z.enum(SR_ALL_STATUSES),
  invoiceDate: z.string(),
  shippingCompany: z.string().nullable(),
  awb: z.string().nullable(),
  amount: Money,
  lines: z.array(
    z.object({
      poid: z.string(),
      productId: z.number(),
      quantity: z.number(),
      mrp: Money,
      amountRefundable: Money,
      hsnCode: z.string(),
      /** Units received back (null until the goods are received). */
      receivedQuantity: z.number().nullable(),
    }),
  ),
  approvedAt: z.string().nullable(),
  /** The tax invoice returned (null on returns not raised from an invoice). */
  invoiceId: z.number().nullable(),
  invoiceNumber: z.string().nullable(),
  receivedAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  creditNote: CreditNote.nullable(),
});
export type AdminSalesReturn = z.infer<typeof AdminSalesReturn>;
export const AdminSalesReturnsResponse = z.object({ rows: z.array(AdminSalesReturn), total: z.number() });
/** Moves an SR one step (WHReceived, InProcess, B2BApproved, AccountApproved; AccountApproved posts the credit note). */
export const AdvanceSalesReturnBody = z.object({ status: z.enum(SR_STATUSES) });

// ---- Waybills ----

export const WaybillsQuery = z.object({
  status: z.enum(WAYBILL_STATUSES).optional(),
  userId: DbId.optional(),
  ...Page,
});
export const AdminWaybill = z.object({
  id: z.number(),
  requestId: z.string(),
  loadId: z.number(),
  userId: z.number(),
  partnerName: z.string(),
  warehouseId: z.number(),
  status: z.enum(WAYBILL_STATUSES),
  transporter: z.string().nullable(),
  awbNo: z.string().nullable(),
  checkpostName: z.string().nullable(),
  whRequestDate: z.string(),
  invoiceValue: Money,
  totalQty: z.number(),
  closedAt: z.string().nullable(),
});
export type AdminWaybill = z.infer<typeof AdminWaybill>;
export const AdminWaybillsResponse = z.object({ rows: z.array(AdminWaybill), total: z.number() });
export const CreateWaybillRequestBody = z.object({
  loadId: DbId,
  checkpostName: text("checkpostName").trim().max(120).optional(),
  comment: text("comment", { multiline: true }).trim().max(500).optional(),
});
export const CloseWaybillBody = z.object({
  comment: text("comment", { multiline: true }).trim().max(500).optional(),
});

// ---- Partners ----

export const PartnerFlags = z.object({
  enableLedger: z.boolean(),
  canViewStorePerformance: z.boolean(),
  enableARS: z.boolean(),
  hasFoodLicense: z.boolean(),
  canOrder: z.boolean(),
  canCartUpload: z.boolean(),
  offer: z.boolean(),
  isFranchisee: z.boolean(),
});
export type PartnerFlags = z.infer<typeof PartnerFlags>;

export const PartnerRule = z.object({
  kind: z.enum(["allow", "block"]),
  dimension: z.enum(["category", "subcategory", "brand", "subcategoryType"]),
  valueId: DbId,
});
export type PartnerRule = z.infer<typeof PartnerRule>;

export const UserListQuery = z.object({
  search: text("search").trim().max(100).optional(),
  accountType: z.enum(ACCOUNT_TYPES).optional(),
  concept: text("concept").trim().max(40).optional(),
  active: z.enum(["true", "false"]).optional(),
  ...Page,
});
export type UserListQuery = z.infer<typeof UserListQuery>;

export const PartnerRow = z.object({
  id: z.number(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  storeName: z.string().nullable(),
  role: z.string(),
  accountType: z.enum(ACCOUNT_TYPES),
  concept: z.string().nullable(),
  state: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  flags: PartnerFlags,
});
export type PartnerRow = z.infer<typeof PartnerRow>;
export const UserListResponse = z.object({ rows: z.array(PartnerRow), total: z.number() });
export type UserListResponse = z.infer<typeof UserListResponse>;

export const PartnerDetail = PartnerRow.extend({
  phone: z.string().nullable(),
  pincode: z.string().nullable(),
  shippingAddress1: z.string().nullable(),
  shippingAddress2: z.string().nullable(),
  shippingCity: z.string().nullable(),
  warehouseIds: z.array(z.number()),
  rules: z.array(PartnerRule),
});
export type PartnerDetail = z.infer<typeof PartnerDetail>;

/** POST /api/users by staff: a partner with its warehouse mapping, rules, flags, type and concept. */
export const CreatePartnerBody = z.object({
  email: Email,
  /** Omitted: a random password is set and the partner gets a reset mail. */
  password: text("password").min(8).max(128).optional(),
  firstname: ShortText(60, "firstname"),
  lastname: ShortText(60, "lastname"),
  storeName: ShortText(120, "storeName"),
  phone: z.string().trim().regex(INDIAN_MOBILE, indianMobileMessage("phone")),
  accountType: z.enum(ACCOUNT_TYPES).exclude(["admin"]),
  /** Franchise concept (e.g. BABYHUG, COCO); null for none. */
  concept: text("concept").trim().min(1).max(40).nullable().default(null),
  state: ShortText(60, "state"),
  city: ShortText(60, "city"),
  pincode: Pincode,
  shippingAddress1: ShortText(200, "shippingAddress1"),
  shippingAddress2: text("shippingAddress2").trim().max(200).optional(),
  warehouseIds: z.array(DbId).max(200).default([]),
  rules: z.array(PartnerRule).max(500).default([]),
  flags: PartnerFlags.partial().default({}),
});
export type CreatePartnerBody = z.infer<typeof CreatePartnerBody>;
export type CreatePartnerInput = z.input<typeof CreatePartnerBody>;

export const UpdatePartnerBody = z.object({
  accountType: z.enum(ACCOUNT_TYPES).exclude(["admin"]).optional(),
  concept: text("concept").trim().min(1).max(40).nullable().optional(),
  warehouseIds: z.array(DbId).max(200).optional(),
  rules: z.array(PartnerRule).max(500).optional(),
  flags: PartnerFlags.partial().optional(),
});
export type UpdatePartnerBody = z.infer<typeof UpdatePartnerBody>;

export const ForgetPasswordBody = z.object({ userId: DbId });

// ---- Notifications ----

export const BroadcastBody = z.object({
  title: ShortText(120, "title"),
  message: ShortText(1000, "message", true),
  /** Web path the notification opens, e.g. /account/orderHistory. */
  target: z
    .string()
    .trim()
    .regex(/^\/[A-Za-z0-9/_\-?=&.]*$/, "target must be a path")
    .max(200)
    .default("/notifications"),
  /** Only partners of this concept; omitted: every partner. */
  concept: text("concept").trim().min(1).max(40).optional(),
});
export type BroadcastBody = z.infer<typeof BroadcastBody>;
export const BroadcastResponse = z.object({ sent: z.number() });

// ---- Audit ----

export const AuditQuery = z.object({
  entity: text("entity").trim().max(40).optional(),
  entityId: text("entityId").trim().max(40).optional(),
  actorId: DbId.optional(),
  ...Page,
});
export const AuditRow = z.object({
  id: z.number(),
  actorId: z.number().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
});
export type AuditRow = z.infer<typeof AuditRow>;
export const AuditResponse = z.object({ rows: z.array(AuditRow), total: z.number() });

// ---- Settings ----

/** The shipping charge staff set (rupees, GST inclusive), the default and when it was last changed. */
export const ShippingChargeSetting = z.object({
  amount: Money,
  defaultAmount: Money,
  gstRate: z.number(),
  maxAmount: Money,
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type ShippingChargeSetting = z.infer<typeof ShippingChargeSetting>;

/** Rupees with at most two decimals, as staff type an amount (e.g. 250 or 249.50). */
export const RUPEE_AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;

export const ShippingChargeBody = z.object({
  amount: z
    .union([z.string(), z.number()], { error: "amount is required (rupees, e.g. 250)" })
    .transform((a) => String(a).trim())
    .pipe(
      z
        .string()
        .regex(RUPEE_AMOUNT, "amount must be rupees with at most 2 decimals, e.g. 250 or 249.50")
        .refine(
          // zod runs this even when the pattern failed: judge only amounts that are amounts
          (a) => !RUPEE_AMOUNT.test(a) || toPaise(a) <= toPaise(MAX_SHIPPING_CHARGE),
          `amount must be at most ${MAX_SHIPPING_CHARGE}`,
        ),
    )
    .meta({
      anyOf: [
        { type: "string", pattern: "^\\s*\\d{1,7}(\\.\\d{1,2})?\\s*$" },
        { type: "integer", minimum: 0, maximum: MAX_SHIPPING_CHARGE },
      ],
      description: `Rupees with at most 2 decimals, from 0 to ${MAX_SHIPPING_CHARGE} (e.g. 250 or "249.50")`,
    }),
});
export type ShippingChargeBody = z.infer<typeof ShippingChargeBody>;

/**
 * The lock date of the books: postings (invoices, payment approvals, notes, ledger entries) dated
 * before it are refused. Null when no period is closed.
 */
export const LockDateSetting = z.object({
  lockDate: z.string().nullable().meta({ description: "yyyy-MM-dd; postings before it are refused" }),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type LockDateSetting = z.infer<typeof LockDateSetting>;

/** Staff set the lock date (a day, at most today in India) or clear it with null. */
export const LockDateBody = z.object({ lockDate: calendarDay("lockDate").nullable() });
export type LockDateBody = z.infer<typeof LockDateBody>;
