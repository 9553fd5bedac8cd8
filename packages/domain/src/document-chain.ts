/**
 * One document chain: an order's amounts follow the quantities of its own step. Placed, a line is
 * at its ordered quantity; confirmed (wholly or in part), at its confirmed quantity (the ordered one
 * kept beside it); after a proof of delivery, at its delivered quantity. Each restatement takes the
 * stored line's unit base cost and GST rate through the tax engine (`storedLineAt`), exactly as the
 * proforma and tax invoice, the load, the data file and a credit note take them, and the order's
 * totals are the sums of its lines. Placement, part-confirm, cancellation and proof of delivery all
 * call these two functions; nothing else adds up an order.
 *
 * netPayment is what the order bills for its goods: its lines at the quantities of its latest
 * billing document, less its coupon, never the shipping charge (a separate, GST-inclusive amount
 * billed once per flagged group, on the same proforma and tax invoice). Placed, that is the ordered
 * quantities; confirmed, the confirmed ones (the proforma invoice); shipped, the shipped ones (the
 * tax invoice, which the ledger debits). A proof of delivery bills nothing new: the tax invoice
 * stays at the shipped quantity and the units not delivered are credited by the product-removal
 * credit note (the units' own line value at the short quantity), so after a short delivery
 * netPayment stays the shipped (invoiced) value while the lines and the other totals show what was
 * delivered; netPayment less that credit note is what the goods delivered cost the partner.
 */
import { type GstType, INTRA_STATE_GST, type LineTax, type TaxRegime, taxRegimeFrom } from "./gst";
import { type Paise, paiseToDecimal, sumPaise, toPaise } from "./money";
import { storedLineAt, storedLineTotal } from "./pricing";

/** What a stored (or just priced) order line carries per unit, as the wire's decimals. */
export interface ChainLine {
  /** Unit taxable value ("524.25" less its GST). */
  baseCost: string;
  /** GST rate in percent ("12.00"). */
  gstRate: string;
  /** Unit MRP. */
  mrp: string;
}

/** A line's amounts at a quantity, in paise. */
export interface RestatedLine {
  quantity: number;
  totalMrp: Paise;
  /** Taxable value: base cost × quantity. */
  totalBase: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  /** totalBase + tax. */
  totalPrice: Paise;
}

/** The order's GST type as stored ("CGST/SGST", the older "CGST+SGST", or "IGST"). */
export const orderGstTypeFrom = (stored: string): GstType =>
  taxRegimeFrom(stored) === "IGST" ? "IGST" : INTRA_STATE_GST;

/**
 * A line's amounts at `quantity` under the order's GST type: the tax engine's line (taxable = base
 * cost × quantity, tax = taxable × rate half up, CGST/SGST halves with the odd paisa to CGST).
 */
export function restatedLine(line: ChainLine, quantity: number, gstType: GstType): RestatedLine {
  const tax = storedLineAt(line, quantity, gstType);
  return {
    quantity,
    totalMrp: toPaise(line.mrp) * BigInt(quantity),
    totalBase: tax.taxable,
    cgst: tax.cgst,
    sgst: tax.sgst,
    igst: tax.igst,
    totalPrice: tax.total,
  };
}

/** A restated line as the purchase_order_lines columns store it. */
export const lineColumns = (l: RestatedLine) => ({
  quantity: l.quantity,
  totalPrice: paiseToDecimal(l.totalPrice),
  totalBase: paiseToDecimal(l.totalBase),
  cgst: paiseToDecimal(l.cgst),
  sgst: paiseToDecimal(l.sgst),
  igst: paiseToDecimal(l.igst),
});

/** A line as the totals take it; `billed` is its value on the latest billing document when that differs. */
export type TotalsLine = RestatedLine & { billed?: Paise };

export interface OrderTotals {
  /** Lines with at least one unit. */
  items: number;
  quantity: number;
  mrp: Paise;
  base: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  coupon: Paise;
  /** The goods billed less the coupon (see the file's comment). */
  netPayment: Paise;
  /** The GST-inclusive shipping charge billed with the order. */
  shippingCharge: Paise;
  /** netPayment + shipping charge: the order's share of its proforma or tax invoice. */
  invoiced: Paise;
}

/** An order's totals from its lines, its shipping charge (GST inclusive) and its coupon. */
export function orderTotals(
  lines: readonly TotalsLine[],
  shippingCharge: Paise = 0n,
  coupon: Paise = 0n,
): OrderTotals {
  const netPayment = sumPaise(lines.map((l) => l.billed ?? l.totalPrice)) - coupon;
  return {
    items: lines.filter((l) => l.quantity > 0).length,
    quantity: lines.reduce((n, l) => n + l.quantity, 0),
    mrp: sumPaise(lines.map((l) => l.totalMrp)),
    base: sumPaise(lines.map((l) => l.totalBase)),
    cgst: sumPaise(lines.map((l) => l.cgst)),
    sgst: sumPaise(lines.map((l) => l.sgst)),
    igst: sumPaise(lines.map((l) => l.igst)),
    coupon,
    netPayment,
    shippingCharge,
    invoiced: netPayment + shippingCharge,
  };
}

/** Order totals as the purchase_orders columns store them. */
export const orderColumns = (t: OrderTotals) => ({
  totalItems: t.items,
  totalQuantity: t.quantity,
  totalMrp: paiseToDecimal(t.mrp),
  totalBase: paiseToDecimal(t.base),
  totalCgst: paiseToDecimal(t.cgst),
  totalSgst: paiseToDecimal(t.sgst),
  totalIgst: paiseToDecimal(t.igst),
  netPayment: paiseToDecimal(t.netPayment),
});

/** A stored line as the chain reads it: its unit facts and its quantities. */
export interface StoredChainLine extends ChainLine {
  orderedQuantity: number;
  quantity: number;
}

/**
 * A stored order restated at new quantities (a part-confirm, or the quantities kept when it is
 * cancelled): each line at its quantity, the order's totals from them.
 */
export function restatedOrder<L extends StoredChainLine>(
  order: { gstType: string; shippingChargeAmount: string; couponDiscount: string },
  lines: readonly L[],
  quantityOf: (line: L) => number = (l) => l.quantity,
) {
  const gstType = orderGstTypeFrom(order.gstType);
  const restated = lines.map((l) => ({ line: l, amounts: restatedLine(l, quantityOf(l), gstType) }));
  const totals = orderTotals(
    restated.map((r) => r.amounts),
    toPaise(order.shippingChargeAmount),
    toPaise(order.couponDiscount),
  );
  return { lines: restated, totals };
}

/**
 * A shipped order after its proof of delivery: each line at its delivered quantity, the totals
 * from them, and netPayment still the shipped (invoiced) value of every line (see the file's
 * comment); `shortValue` is what the product-removal credit note credits.
 */
export function deliveredOrder<L extends StoredChainLine>(
  order: { gstType: string; shippingChargeAmount: string; couponDiscount: string },
  lines: readonly (L & { shipped: number; delivered: number })[],
) {
  const gstType = orderGstTypeFrom(order.gstType);
  const restated = lines.map((l) => ({
    line: l,
    amounts: { ...restatedLine(l, l.delivered, gstType), billed: storedLineTotal(l, l.shipped) },
  }));
  const totals = orderTotals(
    restated.map((r) => r.amounts),
    toPaise(order.shippingChargeAmount),
    toPaise(order.couponDiscount),
  );
  const shortValue = sumPaise(lines.map((l) => storedLineTotal(l, l.shipped - l.delivered)));
  return { lines: restated, totals, shortValue };
}

/**
 * The units of an order line that reached the partner: the count its proof of delivery wrote, else
 * all of the line once the order is Delivered, else none (its gap is `lineGap` of ordered and these).
 */
export const deliveredUnitsOf = (
  line: { deliveredQuantity: number | null; quantity: number },
  orderStatus: string,
) => line.deliveredQuantity ?? (orderStatus === "Delivered" ? line.quantity : 0);

/** The gap of a cancelled order: every unit it ordered, none of which will come. */
export const cancelledGap = (lines: readonly { orderedQuantity: number }[]) =>
  lines.reduce((n, l) => n + l.orderedQuantity, 0);

/** A credit note's totals, by the tax engine, in paise. */
export interface NoteTotals {
  taxable: Paise;
  vat: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  total: Paise;
}

/**
 * The totals of a note that reverses invoiced lines: each line at its own unit taxable value and
 * rate, at the quantity reversed, under the invoice's regime (the product-removal note of a short
 * delivery; a sales return's note is built line by line the same way).
 */
export function reversedTotals(
  lines: readonly { line: { baseCost: string; gstRate: string }; quantity: number }[],
  regime: TaxRegime,
): NoteTotals {
  return noteTotalsOf(
    lines.filter((l) => l.quantity > 0).map((l) => storedLineAt(l.line, l.quantity, regime)),
  );
}

/** A note's totals: the sums of its lines' taxable value and taxes. */
export function noteTotalsOf(lines: readonly LineTax[]): NoteTotals {
  const t: NoteTotals = { taxable: 0n, vat: 0n, cgst: 0n, sgst: 0n, igst: 0n, total: 0n };
  for (const tax of lines) {
    t.taxable += tax.taxable;
    t.vat += tax.vat;
    t.cgst += tax.cgst;
    t.sgst += tax.sgst;
    t.igst += tax.igst;
    t.total += tax.total;
  }
  return t;
}
