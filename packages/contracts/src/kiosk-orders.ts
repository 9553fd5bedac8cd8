import { KIOSK_DELIVERY_STAGES, KIOSK_ORDER_ACTIONS, KIOSK_REFUND_MODES, TAX_REGIMES } from "@portal/domain";
import { z } from "zod";
import { dbId, Money, text } from "./common";

// ---- The counter's flow on a kiosk order (/api/kajukatli/...) ----

export const KioskOrderActionName = z.enum(KIOSK_ORDER_ACTIONS);
export const KioskDeliveryStage = z.enum(KIOSK_DELIVERY_STAGES);

const RefundMode = z.enum(KIOSK_REFUND_MODES, {
  error: `refundMode must be one of ${KIOSK_REFUND_MODES.join(", ")}`,
});

/** Cancelling: the order, and how the refund is paid back (by default the mode the customer paid by). */
export const KioskCancelQuery = z.object({
  id: dbId("id"),
  refundMode: RefundMode.optional(),
  refundReference: text("refundReference").trim().max(60).optional(),
});

/** The refund recorded when a paid kiosk order is cancelled. */
export const KioskRefund = z.object({
  amount: Money,
  mode: z.string(),
  reference: z.string().nullable(),
  refundedAt: z.string(),
  refundedBy: z.string(),
});
export type KioskRefund = z.infer<typeof KioskRefund>;

/** A mail to the customer: the order, and an address when the customer has none on record (it is saved). */
export const KioskMailBody = z.object({
  id: dbId("id"),
  email: text("email")
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "email must be a valid email address" }).max(254))
    .optional(),
});
export type KioskMailBody = z.infer<typeof KioskMailBody>;

export const KIOSK_MAIL_KINDS = ["receipt", "link"] as const;
export const KioskMail = z.object({
  id: z.number(),
  kind: z.enum(KIOSK_MAIL_KINDS),
  to: z.string(),
  subject: z.string(),
  /** The attached file's name (the receipt PDF), if any. */
  attachment: z.string().nullable(),
  queuedAt: z.string(),
  /** When the outbox sent it; null while it waits. */
  sentAt: z.string().nullable(),
});
export type KioskMail = z.infer<typeof KioskMail>;
export const KioskOrderMails = z.object({
  /** The customer's address on record (null: none yet). */
  email: z.string().nullable(),
  mails: z.array(KioskMail),
});
export type KioskOrderMails = z.infer<typeof KioskOrderMails>;

/** The GST invoice of a kiosk sale: its lines by the tax engine and its totals (what the popup shows). */
export const KioskInvoiceLine = z.object({
  kind: z.enum(["product", "voucher"]),
  name: z.string(),
  hsnCode: z.string().nullable(),
  qty: z.number(),
  gstRate: z.string(),
  taxable: Money,
  cgst: Money,
  sgst: Money,
  igst: Money,
  total: Money,
});
export const KioskInvoice = z.object({
  invoiceNo: z.string(),
  orderId: z.number(),
  poid: z.string(),
  /** The India day of the sale (yyyy-MM-dd). */
  issuedOn: z.string(),
  seller: z.object({
    name: z.string(),
    address: z.string(),
    state: z.string(),
    gstin: z.string().nullable(),
  }),
  customer: z.object({ name: z.string(), mobileNo: z.string() }),
  regime: z.enum(TAX_REGIMES),
  lines: z.array(KioskInvoiceLine),
  totals: z.object({
    taxable: Money,
    cgst: Money,
    sgst: Money,
    igst: Money,
    tax: Money,
    vouchers: Money,
    roundOff: Money,
    total: Money,
  }),
  paymentMode: z.string(),
});
export type KioskInvoice = z.infer<typeof KioskInvoice>;

/** Type-ahead product search when building a kiosk order: a name, an id or a scanned EAN-13. */
export const KioskProductSearchQuery = z.object({
  q: text("q").trim().min(1, "q is required").max(60, "q must be at most 60 characters"),
});
export const KioskProductHit = z.object({
  id: z.number(),
  name: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  ean: z.string(),
  mrp: Money,
  /** Units at MRP in the store's warehouses. */
  stock: z.number(),
});
export type KioskProductHit = z.infer<typeof KioskProductHit>;
export const KioskProductSearch = z.object({ hits: z.array(KioskProductHit) });
export type KioskProductSearch = z.infer<typeof KioskProductSearch>;

// ---- The customer's signed acknowledgement link (no sign-in) ----

/** The kiosk order a signed acknowledgement link is for. */
export const KioskAckParams = z.object({ id: dbId("id") });
/** The link's expiry (unix seconds) and its signature (HMAC-SHA256, base64url) over the order and expiry. */
export const KioskAckQuery = z.object({
  expires: z.string().regex(/^\d{1,12}$/, "expires must be a time in seconds"),
  signature: z
    .string()
    .min(1, "signature is required")
    .max(100, "signature is too long")
    .regex(/^[A-Za-z0-9_-]+$/, "signature must be base64url"),
});
export type KioskAckQuery = z.infer<typeof KioskAckQuery>;
/** The confirm button's form: nothing but the signed address. */
export const KioskAckForm = z.object({}).optional();
