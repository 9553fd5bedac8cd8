import {
  type BasisPoints,
  type GstType,
  gstTypeFor,
  halfUp,
  INTRA_STATE_GST,
  inclusiveSplit,
  type LineTax,
  lineTax,
  splitByRegime,
  type TaxRegime,
} from "./gst";
import { type Paise, paiseToDecimal, toPaise } from "./money";

export function percentToBasisPoints(percent: string | number): BasisPoints {
  // A percentage with up to 2 decimals is an amount in the same notation as rupees: reuse the exact parser.
  return toPaise(percent);
}

export const CLOTHING_HSN_PREFIXES = ["61", "62", "63"] as const;
export const FOOTWEAR_HSN_PREFIX = "64";
/** Clothing: 5% when the unit cost to customer is at most this, else 12%. */
export const CLOTHING_COST_THRESHOLD = "1050.00";
/** Footwear: 5% when MRP is at most this, else 18%. */
export const FOOTWEAR_MRP_THRESHOLD = "500.00";

export const isClothingHsn = (hsn: string) => CLOTHING_HSN_PREFIXES.some((p) => hsn.startsWith(p));
export const isFootwearHsn = (hsn: string) => hsn.startsWith(FOOTWEAR_HSN_PREFIX);

/**
 * The GST rate (total, in basis points) that applies to one unit. Clothing and footwear follow their
 * thresholds; every other HSN code uses its rate from the HSN table (the IGST column, which equals
 * CGST + SGST).
 */
export function gstRateFor(input: {
  hsnCode: string;
  mrp: Paise;
  costToCustomer: Paise;
  tableRate: BasisPoints;
}): BasisPoints {
  if (isClothingHsn(input.hsnCode))
    return input.costToCustomer <= toPaise(CLOTHING_COST_THRESHOLD) ? 500n : 1200n;
  if (isFootwearHsn(input.hsnCode)) return input.mrp <= toPaise(FOOTWEAR_MRP_THRESHOLD) ? 500n : 1800n;
  return input.tableRate;
}

/** What the listing, the product page and the cart say about the tax of a warehouse's state. */
export const GST_TYPE_NOTE: Record<GstType, string> = {
  [INTRA_STATE_GST]: "The warehouse is in your state: the GST splits into CGST and SGST.",
  IGST: "The warehouse is in another state: the GST is charged as IGST.",
};

export interface PriceInput {
  /** MRP as a decimal string ("1499.00"). */
  mrp: string;
  /** Retailer margin in percent ("30.00"). */
  retailerMargin: string;
  hsnCode: string;
  /** The HSN table's IGST rate in percent ("12.00"). */
  hsnIgstRate: string;
  shipToState: string;
  warehouseState: string;
}

/** One unit's price, every amount a decimal string with 2 places. */
export interface UnitPrice {
  mrp: string;
  retailerMargin: string;
  /** Cost to customer = MRP × (1 − margin%). */
  ctc: string;
  /** Base cost = cost to customer ÷ (1 + GST%). */
  baseCost: string;
  /** GST amount per unit (the spec's `vat`). */
  vat: string;
  /** Net cost = base cost + GST. */
  netCost: string;
  /** The partner's margin per unit = MRP − net cost. */
  margin: string;
  gstType: GstType;
  /** Rates in percent applied to this unit ("2.50"); CGST and SGST are 0 for IGST and vice versa. */
  gstRate: string;
  cgstRate: string;
  sgstRate: string;
  igstRate: string;
  cgst: string;
  sgst: string;
  igst: string;
}

/** Unit price in paise, for sums. */
export interface UnitPricePaise {
  mrp: Paise;
  ctc: Paise;
  baseCost: Paise;
  gst: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  netCost: Paise;
  rate: BasisPoints;
  gstType: GstType;
}

export function priceUnitPaise(input: PriceInput): UnitPricePaise {
  const mrp = toPaise(input.mrp);
  const marginBp = percentToBasisPoints(input.retailerMargin);
  if (mrp < 0n) throw new Error("MRP cannot be negative");
  if (marginBp < 0n || marginBp > 10000n) throw new Error("Margin must be between 0 and 100 percent");
  const ctc = halfUp(mrp * (10000n - marginBp), 10000n);
  const rate = gstRateFor({
    hsnCode: input.hsnCode,
    mrp,
    costToCustomer: ctc,
    tableRate: percentToBasisPoints(input.hsnIgstRate),
  });
  // Catalogue prices are GST inclusive: the cost to customer holds the GST, the base cost is the
  // unit's taxable value, and one unit's tax is the engine's line tax of a one-unit line.
  const gstType = gstTypeFor(input.shipToState, input.warehouseState);
  const baseCost = inclusiveSplit(ctc, rate).taxable;
  const {
    tax: gst,
    cgst,
    sgst,
    igst,
  } = lineTax({ unitTaxable: baseCost, quantity: 1, rate, regime: gstType });
  return { mrp, ctc, baseCost, gst, cgst, sgst, igst, netCost: baseCost + gst, rate, gstType };
}

const bpToPercent = (bp: BasisPoints) => paiseToDecimal(bp);

/** The rates applied to a priced unit, in percent: CGST and SGST halve the rate, IGST takes it whole. */
export function gstRatesOf(unit: Pick<UnitPricePaise, "rate" | "gstType">) {
  const split = splitByRegime(unit.gstType, 0n, unit.rate);
  return {
    gstRate: bpToPercent(unit.rate),
    cgstRate: bpToPercent(split.cgstRate),
    sgstRate: bpToPercent(split.sgstRate),
    igstRate: bpToPercent(split.igstRate),
  };
}

export function priceUnit(input: PriceInput): UnitPrice {
  const p = priceUnitPaise(input);
  return {
    mrp: paiseToDecimal(p.mrp),
    retailerMargin: paiseToDecimal(percentToBasisPoints(input.retailerMargin)),
    ctc: paiseToDecimal(p.ctc),
    baseCost: paiseToDecimal(p.baseCost),
    vat: paiseToDecimal(p.gst),
    netCost: paiseToDecimal(p.netCost),
    margin: paiseToDecimal(p.mrp - p.netCost),
    gstType: p.gstType,
    ...gstRatesOf(p),
    cgst: paiseToDecimal(p.cgst),
    sgst: paiseToDecimal(p.sgst),
    igst: paiseToDecimal(p.igst),
  };
}

/**
 * A line of `quantity` priced units, by the tax engine: taxable = base cost × quantity, tax =
 * taxable × rate half up, total = taxable + tax. Cart, order, invoice and data file all use it.
 */
export const pricedLine = (unit: Pick<UnitPricePaise, "baseCost" | "rate" | "gstType">, quantity: number) =>
  lineTax({ unitTaxable: unit.baseCost, quantity, rate: unit.rate, regime: unit.gstType });

/**
 * A stored order line (unit base cost and GST rate as the wire's decimals) at a quantity under a
 * regime: the tax engine's line, as the invoice, the load, the data file and a credit note take it.
 */
export const storedLineAt = (
  line: { baseCost: string; gstRate: string },
  quantity: number,
  regime: TaxRegime,
): LineTax =>
  lineTax({
    unitTaxable: toPaise(line.baseCost),
    quantity,
    rate: percentToBasisPoints(line.gstRate),
    regime,
  });

/** A stored order line's value (taxable + tax) at a quantity: the same under every regime, only the split differs. */
export const storedLineTotal = (line: { baseCost: string; gstRate: string }, quantity: number): Paise =>
  storedLineAt(line, quantity, "IGST").total;
