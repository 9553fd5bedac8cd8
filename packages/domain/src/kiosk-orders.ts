/**
 * A kiosk order at the counter: what may be done with it (confirm, resend the acknowledgement link,
 * cancel with a refund, receipt, GST invoice, mail), built on the kiosk order lifecycle
 * (KIOSK_ORDER_LIFECYCLE) and on where its goods are; the product's EAN-13; and the GST invoice of a
 * counter sale by the one tax engine.
 */
import { KIOSK_ORDER_LIFECYCLE, refusal } from "./back-office";
import { type BasisPoints, inclusiveSplit, type LineTax, lineTax, type TaxRegime } from "./gst";
import { kioskMessages } from "./messages";
import type { Paise } from "./money";
import { KIOSK_PAYMENT_MODES, type KioskPaymentMode } from "./waybill-kiosk";

// ---- Where the goods are ----

/**
 * Where a kiosk order's goods are, from its purchase orders: still at the warehouse (nothing on a
 * load, shipped or delivered), on their way (a purchase order on a load or shipped), or delivered to
 * the store (every purchase order that was not cancelled is delivered).
 */
export const KIOSK_DELIVERY_STAGES = ["At the warehouse", "On its way", "Delivered"] as const;
export type KioskDelivery = (typeof KIOSK_DELIVERY_STAGES)[number];

export interface KioskPurchaseOrderState {
  poid: string;
  status: string;
  loadId: number | null;
}

/** The stage of a kiosk order's goods, and the purchase order that decides it (null at the warehouse). */
export function kioskDeliveryOf(pos: readonly KioskPurchaseOrderState[]): {
  stage: KioskDelivery;
  poid: string | null;
} {
  const live = pos.filter((p) => p.status !== "Cancelled");
  const delivered = live.filter((p) => p.status === "Delivered");
  if (live.length > 0 && delivered.length === live.length)
    return { stage: "Delivered", poid: delivered[0]?.poid ?? null };
  const moving = live.find((p) => p.status === "Shipped" || p.status === "Delivered" || p.loadId !== null);
  if (moving) return { stage: "On its way", poid: moving.poid };
  return { stage: "At the warehouse", poid: null };
}

// ---- What may be done with an order ----

/**
 * What the store may do with a kiosk order, in the order the list shows them: confirm it for the
 * customer, resend them the acknowledgement link, cancel it (refunding what was paid), the receipt,
 * the GST invoice and mailing the receipt, and tracking it.
 */
export const KIOSK_ORDER_ACTIONS = [
  "confirm",
  "resendLink",
  "receipt",
  "invoice",
  "email",
  "track",
  "cancel",
] as const;
export type KioskOrderAction = (typeof KIOSK_ORDER_ACTIONS)[number];

export interface KioskOrderState {
  id: number;
  status: string;
  delivery: KioskDelivery;
  /** The purchase order that decides the delivery stage (null at the warehouse). */
  deliveryPoid: string | null;
}

/**
 * Null when the store may take `action` on the order, else the one message saying why not: the
 * lifecycle's steps (confirm and cancel are Pending's), goods on their way or delivered cannot be
 * cancelled, the receipt, invoice and mail wait for the customer's confirmation.
 */
export function kioskActionRefusal(action: KioskOrderAction, order: KioskOrderState): string | null {
  switch (action) {
    case "confirm":
      return order.status === "Confirmed"
        ? kioskMessages.alreadyConfirmed(order.id)
        : refusal(KIOSK_ORDER_LIFECYCLE, order.status, "Confirmed", "partner");
    case "resendLink":
      if (order.status === "Confirmed") return kioskMessages.alreadyConfirmed(order.id);
      return refusal(KIOSK_ORDER_LIFECYCLE, order.status, "Confirmed", "partner");
    case "cancel": {
      const step = refusal(KIOSK_ORDER_LIFECYCLE, order.status, "Cancelled", "partner");
      if (step) return step;
      if (order.delivery === "Delivered") return kioskMessages.cancelDelivered(order.deliveryPoid ?? "");
      if (order.delivery === "On its way") return kioskMessages.cancelOnItsWay(order.deliveryPoid ?? "");
      return null;
    }
    case "receipt":
    case "invoice":
    case "email":
      if (order.status === "Confirmed") return null;
      return order.status === "Cancelled" ? kioskMessages.cancelledNoReceipt : kioskMessages.receiptNotReady;
    case "track":
      return null;
  }
}

/** The actions the list offers on an order: exactly those kioskActionRefusal allows. */
export const kioskOrderActions = (order: KioskOrderState): KioskOrderAction[] =>
  KIOSK_ORDER_ACTIONS.filter((a) => kioskActionRefusal(a, order) === null);

// ---- Refund on cancel ----

/** How a refund is paid back: the counter's payment modes. */
export const KIOSK_REFUND_MODES = KIOSK_PAYMENT_MODES;
export type KioskRefundMode = KioskPaymentMode;

/**
 * The refund of a cancelled kiosk order: everything the customer paid (products and gift vouchers,
 * whose codes die with the order), paid back by the mode chosen, by default the one they paid by.
 */
export const kioskRefundOf = (
  paid: Paise,
  paidBy: string,
  chosen?: KioskRefundMode,
): { amount: Paise; mode: KioskRefundMode } => ({
  amount: paid,
  mode:
    chosen ??
    ((KIOSK_REFUND_MODES as readonly string[]).includes(paidBy) ? (paidBy as KioskRefundMode) : "Cash"),
});

// ---- The customer's acknowledgement link ----

/** How long the acknowledgement link mailed to a customer stays good: 7 days from the mail. */
export const KIOSK_ACK_LINK_DAYS = 7;

// ---- EAN-13 ----

/** GS1 India's prefix: the store labels a product with 890, its id in 9 digits and the check digit. */
export const KIOSK_EAN_PREFIX = "890";

/** The EAN-13 check digit of 12 digits: weights 1 and 3 from the left, to the next multiple of 10. */
export function eanCheckDigit(twelve: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** The EAN-13 on a product's label. */
export function productEan(productId: number): string {
  const twelve = `${KIOSK_EAN_PREFIX}${String(productId).padStart(9, "0")}`;
  return `${twelve}${eanCheckDigit(twelve)}`;
}

/** The product id of a scanned EAN-13 of ours; null when it is not 13 digits, not ours, or its check digit is wrong. */
export function productIdOfEan(code: string): number | null {
  const digits = code.trim();
  if (!/^\d{13}$/.test(digits) || !digits.startsWith(KIOSK_EAN_PREFIX)) return null;
  if (eanCheckDigit(digits.slice(0, 12)) !== Number(digits[12])) return null;
  const id = Number(digits.slice(3, 12));
  return id > 0 ? id : null;
}

// ---- The GST invoice of a counter sale ----

export interface KioskInvoiceLineInput {
  kind: "product" | "voucher";
  name: string;
  qty: number;
  /** What one unit sold for (MRP, GST inclusive), in paise. */
  unitAmount: Paise;
  /** The product's GST rate (basis points); a gift voucher carries none when sold. */
  rate: BasisPoints;
}

export interface KioskInvoiceLine extends LineTax {
  kind: "product" | "voucher";
  name: string;
  qty: number;
  rate: BasisPoints;
  /** What the line was paid (qty × unit amount). */
  paid: Paise;
}

export interface KioskInvoiceTotals {
  taxable: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  tax: Paise;
  /** Gift vouchers sold: no GST until they are redeemed. */
  vouchers: Paise;
  /** What the paid amounts and the engine's lines differ by (a paisa or two): shown as round off. */
  roundOff: Paise;
  /** taxable + tax + vouchers + round off: always what the customer paid. */
  total: Paise;
}

/**
 * The GST invoice of a kiosk sale by the one tax engine: a product's MRP holds its GST, so one unit's
 * taxable value is the MRP split at its rate (taxable = MRP ÷ (1 + rate) half up) and the line is the
 * engine's line (taxable = qty × unit taxable, tax = taxable × rate half up, split by the regime),
 * as every document's. A gift voucher is no taxable supply when sold. The difference between what
 * was paid and the lines is the invoice's round off, so its total is exactly what the customer paid.
 */
export function kioskInvoice(
  lines: readonly KioskInvoiceLineInput[],
  regime: TaxRegime,
): { lines: KioskInvoiceLine[]; totals: KioskInvoiceTotals } {
  const out: KioskInvoiceLine[] = [];
  const totals: KioskInvoiceTotals = {
    taxable: 0n,
    cgst: 0n,
    sgst: 0n,
    igst: 0n,
    tax: 0n,
    vouchers: 0n,
    roundOff: 0n,
    total: 0n,
  };
  for (const l of lines) {
    const paid = l.unitAmount * BigInt(l.qty);
    totals.total += paid;
    if (l.kind === "voucher") {
      totals.vouchers += paid;
      const none = lineTax({ unitTaxable: 0n, quantity: 0, rate: 0n, regime });
      out.push({ ...none, taxable: 0n, total: paid, kind: l.kind, name: l.name, qty: l.qty, rate: 0n, paid });
      continue;
    }
    const unitTaxable = inclusiveSplit(l.unitAmount, l.rate).taxable;
    const t = lineTax({ unitTaxable, quantity: l.qty, rate: l.rate, regime });
    out.push({ ...t, kind: l.kind, name: l.name, qty: l.qty, rate: l.rate, paid });
    totals.taxable += t.taxable;
    totals.cgst += t.cgst;
    totals.sgst += t.sgst;
    totals.igst += t.igst;
    totals.tax += t.tax;
    totals.roundOff += paid - t.total;
  }
  return { lines: out, totals };
}
