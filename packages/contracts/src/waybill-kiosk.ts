import {
  DEFAULT_PAGE_SIZE,
  GIFT_VOUCHER_AMOUNTS,
  INDIAN_MOBILE,
  indianMobileMessage,
  KIOSK_ORDER_STATUSES,
  KIOSK_PAYMENT_MODES,
  MAX_VOUCHERS_PER_AMOUNT,
  PAGE_SIZES,
  WAYBILL_DEFAULT_STATUS,
  WAYBILL_STATUSES,
} from "@portal/domain";
import { z } from "zod";
import { calendarDay, dbId, Money, text } from "./common";
import { KioskDeliveryStage, KioskOrderActionName, KioskRefund } from "./kiosk-orders";

// ---- Waybills (partner side, /api/waybill/...) ----

const WaybillStatus = z.enum(WAYBILL_STATUSES, {
  error: `assignstatus must be one of ${WAYBILL_STATUSES.join(", ")}`,
});
/** A waybill request id as the partner sees it (WB123). */
export const WaybillRequestId = text("requestid").trim().min(1, "requestid is required").max(40);
/** user_id is accepted for compatibility and ignored: the caller is the user. */
const IgnoredUserId = z.unknown().optional();

export const WaybillListBody = z.object({
  pageno: z.coerce.number().int("pageno must be a whole number").min(1).max(100_000).default(1),
  pagesize: z.coerce
    .number()
    .int()
    .refine(
      (n) => (PAGE_SIZES as readonly number[]).includes(n),
      `pagesize must be one of ${PAGE_SIZES.join(", ")}`,
    )
    .meta({ enum: [...PAGE_SIZES] })
    .default(DEFAULT_PAGE_SIZE),
  assignstatus: WaybillStatus.default(WAYBILL_DEFAULT_STATUS),
  user_id: IgnoredUserId,
});
export type WaybillListBody = z.input<typeof WaybillListBody>;

export const WaybillDocument = z.object({
  path: z.string(),
  fileName: z.string(),
  uploadedAt: z.string(),
  comment: z.string().nullable(),
});
export type WaybillDocument = z.infer<typeof WaybillDocument>;

export const Waybill = z.object({
  id: z.number(),
  requestid: z.string(),
  awbno: z.string().nullable(),
  loadId: z.number(),
  warehouseId: z.number(),
  /** The warehouse's name (Pune, Delhi, Mumbai, Bangalore; a stockist's name). */
  warehouseName: z.string(),
  transporter: z.string().nullable(),
  checkpostname: z.string().nullable(),
  WHrequestdate: z.string(),
  assignstatus: z.enum(WAYBILL_STATUSES),
  invoiceValue: Money,
  totalqty: z.number(),
  noofbox: z.number().nullable(),
  actualweight: z.string().nullable(),
  documents: z.number(),
  /** The e-way bill of the request's load (12 digits) and until when it is valid (ISO); null when it has none. */
  ewayBillNo: z.string().nullable(),
  ewayBillValidUntil: z.string().nullable(),
});
export type Waybill = z.infer<typeof Waybill>;
export const WaybillListResponse = z.object({ rows: z.array(Waybill), count: z.number() });
export type WaybillListResponse = z.infer<typeof WaybillListResponse>;
export const WaybillDetail = Waybill.extend({ files: z.array(WaybillDocument) });
export type WaybillDetail = z.infer<typeof WaybillDetail>;
export const WaybillRequestIdParam = z.object({ requestid: WaybillRequestId });
export const WaybillRequestIdBody = z.object({ requestid: WaybillRequestId });
export const WhReqCountBody = z.object({ user_id: IgnoredUserId });
export const WhReqCountResponse = z.object({ count: z.number() });
export const NameList = z.array(z.string());

export const WaybillLogEntry = z.object({
  status: z.string(),
  action: z.string(),
  comment: z.string().nullable(),
  actionby: z.string().nullable(),
  at: z.string(),
  fileName: z.string().nullable(),
  path: z.string().nullable(),
  /** When this entry's document was replaced by another (null: never, or no document). */
  replacedAt: z.string().nullable(),
});
export type WaybillLogEntry = z.infer<typeof WaybillLogEntry>;
export const WaybillLogResponse = z.array(WaybillLogEntry);

/** The text fields of the multipart saveWaybillDoc (the file travels in the field "file"). */
export const SaveWaybillFields = z.object({
  loadid: dbId("loadid"),
  requestid: WaybillRequestId,
  comment: text("comment", { multiline: true }).trim().max(500).optional(),
  /** A waybill is submitted with status Closed and action Update (others: 400, by the service). */
  status: text("status")
    .trim()
    .meta({ enum: ["Closed"] }),
  action: text("action")
    .trim()
    .meta({ enum: ["Update"] }),
  actionby: z.unknown().optional(),
  requesttype: text("requesttype").trim().max(40).optional(),
});
export type SaveWaybillFields = z.infer<typeof SaveWaybillFields>;
export const SaveWaybillResponse = z.object({ message: z.string(), waybill: WaybillDetail });

/** A stored document's path: waybills/<waybill id>/<name>.pdf, nothing else. */
const StoredPath = text("path")
  .trim()
  .regex(/^waybills\/\d{1,10}\/[A-Za-z0-9_-]{1,80}\.pdf$/, "path is not a waybill document");
export const WaybillDownloadBody = z.object({ path: StoredPath });

/**
 * The text fields of the multipart replaceWaybillDoc: the document `path` of the request is replaced
 * by the one in the field "file" (a PDF of at most 5 MB) while the request is open.
 */
export const ReplaceWaybillFields = z.object({
  loadid: dbId("loadid"),
  requestid: WaybillRequestId,
  path: StoredPath,
  comment: text("comment", { multiline: true }).trim().max(500).optional(),
});
export type ReplaceWaybillFields = z.infer<typeof ReplaceWaybillFields>;
export const WaybillDownloadResponse = z.object({ url: z.string(), expiresAt: z.string() });

// ---- Kiosk orders (/api/kajukatli/...) ----

const Mobile = (field: string) => text(field).trim().regex(INDIAN_MOBILE, indianMobileMessage(field));
const Name = (field: string) =>
  text(field).trim().min(1, `${field} is required`).max(60, `${field} must be at most 60 characters`);
/** A date of birth: a real day from 1900-01-01, not in the future. */
const Dob = calendarDay("dob", { min: "1900-01-01" })
  .refine((v) => v <= new Date().toISOString().slice(0, 10), "dob cannot be in the future")
  // `x-refinements`: the messages of rules the schema cannot state (a bound that moves with the clock).
  .meta({
    description: "A real calendar day written yyyy-MM-dd, from 1900-01-01 to today.",
    "x-refinements": ["dob cannot be in the future"],
  });

export const KioskStatus = z.enum(KIOSK_ORDER_STATUSES, {
  error: `status must be one of ${KIOSK_ORDER_STATUSES.join(", ")}`,
});
export const KioskOrderListQuery = z.object({ status: KioskStatus.default("Pending") });
export const KioskIdQuery = z.object({ id: dbId("id") });
export const KioskConfirmQuery = z.object({
  POID: text("POID").trim().min(1, "POID is required").max(40),
  id: dbId("id"),
});
export const MobileBody = z.object({ MobileNo: Mobile("MobileNo") });

export const KioskCustomer = z.object({
  mobileNo: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  dob: z.string().nullable(),
});
export type KioskCustomer = z.infer<typeof KioskCustomer>;
export const EmailsByMobileResponse = z.object({
  emails: z.array(z.string()),
  customer: KioskCustomer.nullable(),
});
export type EmailsByMobileResponse = z.infer<typeof EmailsByMobileResponse>;

export const SaveDetailsBody = z.object({
  mobileNo: Mobile("mobileNo"),
  firstName: Name("firstName"),
  lastName: Name("lastName"),
  dob: Dob,
});
export type SaveDetailsBody = z.infer<typeof SaveDetailsBody>;
export const RegisterCustomerBody = SaveDetailsBody.extend({
  email: text("email")
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "email must be a valid email address" }).max(254))
    .optional(),
});
export type RegisterCustomerBody = z.infer<typeof RegisterCustomerBody>;

export const KioskPlaceBody = z.object({
  mobileNo: Mobile("mobileNo"),
  products: z
    .array(
      z.object({
        id: dbId("product id"),
        qty: z.coerce.number().int("qty must be a whole number").min(1, "qty must be at least 1").max(500),
      }),
    )
    .max(100, "at most 100 products"),
  vouchers: z
    .array(
      z.object({
        amount: z.coerce
          .number()
          .refine(
            (n) => (GIFT_VOUCHER_AMOUNTS as readonly number[]).includes(n),
            `amount must be one of ${GIFT_VOUCHER_AMOUNTS.join(", ")}`,
          ),
        qty: z.coerce.number().int().min(1).max(MAX_VOUCHERS_PER_AMOUNT),
      }),
    )
    .max(GIFT_VOUCHER_AMOUNTS.length)
    .default([]),
  paymentMode: z.enum(KIOSK_PAYMENT_MODES, {
    error: `paymentMode must be one of ${KIOSK_PAYMENT_MODES.join(", ")}`,
  }),
  paymentReference: text("paymentReference").trim().max(60).optional(),
});
export type KioskPlaceBody = z.input<typeof KioskPlaceBody>;

export const KioskOrderLine = z.object({
  kind: z.enum(["product", "voucher"]),
  productId: z.number().nullable(),
  name: z.string(),
  qty: z.number(),
  unitAmount: Money,
  amount: Money,
  voucherCodes: z.array(z.string()),
});
export type KioskOrderLine = z.infer<typeof KioskOrderLine>;

export const KioskOrder = z.object({
  id: z.number(),
  poid: z.string(),
  phoneNo: z.string(),
  customer: KioskCustomer,
  status: KioskStatus,
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  totalAmount: Money,
  paymentMode: z.string(),
  products: z.array(z.object({ id: z.number(), qty: z.number() })),
  lines: z.array(KioskOrderLine),
  paymentReference: z.string().nullable(),
  /** Where its goods are (from its purchase orders). */
  delivery: KioskDeliveryStage,
  /** What the store may do with it now (the domain's kioskOrderActions): the list offers exactly these. */
  actions: z.array(KioskOrderActionName),
  /** The refund paid back when it was cancelled. */
  refund: KioskRefund.nullable(),
});
export type KioskOrder = z.infer<typeof KioskOrder>;
export const KioskOrderList = z.array(KioskOrder);

export const KioskReceipt = z.object({
  receiptNo: z.string(),
  orderId: z.number(),
  poid: z.string(),
  storeName: z.string(),
  customer: KioskCustomer,
  /** India's wall clock written as UTC (the receipt service's clock): shift back 5 h 30 min to show. */
  createdAt: z.string(),
  paidAt: z.string(),
  paymentMode: z.string(),
  paymentReference: z.string().nullable(),
  lines: z.array(KioskOrderLine),
  totalAmount: Money,
});
export type KioskReceipt = z.infer<typeof KioskReceipt>;
export const ReceiptNotReady = z.object({ message: z.string(), code: z.number() });

export const KioskTrackStep = z.object({ label: z.string(), at: z.string().nullable(), done: z.boolean() });
export const KioskTrack = z.object({
  id: z.number(),
  status: KioskStatus,
  steps: z.array(KioskTrackStep),
  purchaseOrders: z.array(
    z.object({
      poid: z.string(),
      status: z.string(),
      warehouseId: z.number(),
      docketNo: z.string().nullable(),
      transporter: z.string().nullable(),
      shippedAt: z.string().nullable(),
      deliveredAt: z.string().nullable(),
    }),
  ),
});
export type KioskTrack = z.infer<typeof KioskTrack>;
