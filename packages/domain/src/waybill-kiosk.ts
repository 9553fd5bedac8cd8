/**
 * Waybills and kiosk orders: the spec's statuses, limits, constants and messages, and the few pure
 * rules both the server and the web apply (upload check, debit limit, receipt clock, voucher codes).
 */
import { messages } from "./messages";
import { type Paise, toPaise } from "./money";

// ---- Waybills ----

/** The default filter of the waybill list. */
export const WAYBILL_DEFAULT_STATUS = "WH Request" as const;
/** Largest waybill document: 5 MB. */
export const WAYBILL_MAX_BYTES = 5_242_880;
export const WAYBILL_MIME = "application/pdf";
/** What a partner's upload form sends: a request is submitted with status Closed and action Update. */
export const WAYBILL_SUBMIT_STATUS = "Closed" as const;
export const WAYBILL_SUBMIT_ACTION = "Update" as const;
/** The multipart field holding the document. */
export const WAYBILL_FILE_FIELD = "file";
/** How long a signed download address works. */
export const WAYBILL_DOWNLOAD_TTL_MS = 5 * 60 * 1000;
/** Check posts offered on a waybill (the spec's list is not shown; these are the main state borders the warehouses ship through). */
export const WAYBILL_CHECK_POSTS = [
  "Achhad (Maharashtra - Gujarat)",
  "Kagal (Maharashtra - Karnataka)",
  "Hosur (Karnataka - Tamil Nadu)",
  "Attibele (Karnataka - Tamil Nadu)",
  "Shambhu (Punjab - Haryana)",
  "Kundli (Haryana - Delhi)",
  "Rajokri (Delhi - Haryana)",
  "Sendhwa (Madhya Pradesh - Maharashtra)",
] as const;

/** The spec's "<br>" shown as a line break: the message's lines, never the tag. */
export const messageLines = (message: string): string[] => message.split(/\s*<br\s*\/?>\s*/i);

/**
 * Why an uploaded waybill document is refused (null: accepted). `detectedMime` is what the file's
 * content says it is (magic bytes), never its name or the browser's claim.
 */
export function waybillFileProblem(
  file: { size: number; detectedMime: string | null } | null,
): string | null {
  if (!file) return messages.waybillSelectFile;
  if (file.size === 0 || file.size > WAYBILL_MAX_BYTES || file.detectedMime !== WAYBILL_MIME)
    return messages.waybillFileRule;
  return null;
}

// ---- Kiosk orders ----

export const KIOSK_ORDER_STATUSES = ["Pending", "Confirmed", "Cancelled"] as const;
export type KioskOrderStatus = (typeof KIOSK_ORDER_STATUSES)[number];
/** Gift voucher amounts a kiosk store sells, in rupees. */
export const GIFT_VOUCHER_AMOUNTS = [100, 250, 500, 1000, 2000] as const;
export type GiftVoucherAmount = (typeof GIFT_VOUCHER_AMOUNTS)[number];
/** Most vouchers of one amount on one order. */
export const MAX_VOUCHERS_PER_AMOUNT = 20;
/** getReceipt answers 422 with this code while the receipt is not ready. */
export const KIOSK_RECEIPT_NOT_READY_CODE = 740;
export const KIOSK_RECEIPT_POLL_MS = 30_000;
/** Receipt times come on India's clock written as UTC; the page shifts them back 5 h 30 min. */
export const KIOSK_RECEIPT_SHIFT_MS = (5 * 60 + 30) * 60 * 1000;
/** How a kiosk order is paid: at the store counter (the external checkout is not used). */
export const KIOSK_PAYMENT_MODES = ["Cash", "Card", "UPI"] as const;
export type KioskPaymentMode = (typeof KIOSK_PAYMENT_MODES)[number];

/**
 * What the kiosk customer pays, in paise: each product at its MRP times its quantity, plus each gift
 * voucher's amount times its count. The one rule for the page's "Total to collect" and the stored order.
 */
export function kioskOrderTotal(
  products: readonly { mrp: string | number; qty: number }[],
  vouchers: readonly { amount: number; qty: number }[],
): Paise {
  let total = 0n;
  for (const p of products) total += toPaise(p.mrp) * BigInt(p.qty);
  for (const v of vouchers) total += toPaise(v.amount) * BigInt(v.qty);
  return total;
}

/** A receipt time as the receipt service writes it: India's wall clock, labelled UTC. */
export const toReceiptClock = (at: Date): string =>
  new Date(at.getTime() + KIOSK_RECEIPT_SHIFT_MS).toISOString();
/** The real instant of a receipt time: shifted back 5 h 30 min. */
export const fromReceiptClock = (clock: string): Date => new Date(Date.parse(clock) - KIOSK_RECEIPT_SHIFT_MS);

/** A gift voucher's code: GV, the amount, the order id and the voucher's number on the order (GV500-12-02). */
export const giftVoucherCode = (amount: number, orderId: number, n: number) =>
  `GV${amount}-${orderId}-${String(n).padStart(2, "0")}`;
