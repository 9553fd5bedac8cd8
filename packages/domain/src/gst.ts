/**
 * The one tax engine. Every document (cart, order line, invoice, credit and debit note, data file,
 * payable, PDF) asks it for the tax of an amount; nothing else divides tax.
 *
 * - A state is its GST state code (27 Maharashtra, 33 Tamil Nadu, …), decided once from the stored
 *   state text; "same state" compares codes only.
 * - One division: `halfUp` (half away from zero), to the paisa.
 * - One rule for the odd paisa: a CGST/SGST split gives it to CGST.
 * - One name per regime: "CGST/SGST" (same state), "IGST" (other state) from 2017-07-01; before it
 *   "VAT" (same state) or "CST" (other state), with the rate shown.
 * - A line's tax is taxable × rate rounded half up, where taxable = quantity × unit taxable price, so
 *   every document's line carries exactly its taxable value times its rate.
 * - A GST-inclusive gross (the shipping charge, a ledger note) splits into taxable = gross ÷ (1 + rate)
 *   rounded half up, and tax = the rest, so taxable + tax is the gross.
 */
import type { Paise } from "./money";

/** Percentages carried as basis points (5% = 500, 2.5% = 250) so every step stays in integers. */
export type BasisPoints = bigint;

/** Divides and rounds half away from zero: the one rounding division of money and tax. */
export function halfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new Error("Division by zero");
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (2n * d);
  return negative ? -q : q;
}

// ---- States ----

/** The official two-digit GST state codes (the first two characters of a GSTIN). */
export const GST_STATE_CODES = {
  "Jammu and Kashmir": "01",
  "Himachal Pradesh": "02",
  Punjab: "03",
  Chandigarh: "04",
  Uttarakhand: "05",
  Haryana: "06",
  Delhi: "07",
  Rajasthan: "08",
  "Uttar Pradesh": "09",
  Bihar: "10",
  Sikkim: "11",
  "Arunachal Pradesh": "12",
  Nagaland: "13",
  Manipur: "14",
  Mizoram: "15",
  Tripura: "16",
  Meghalaya: "17",
  Assam: "18",
  "West Bengal": "19",
  Jharkhand: "20",
  Odisha: "21",
  Chhattisgarh: "22",
  "Madhya Pradesh": "23",
  Gujarat: "24",
  "Daman and Diu": "25",
  "Dadra and Nagar Haveli": "26",
  Maharashtra: "27",
  Karnataka: "29",
  Goa: "30",
  Lakshadweep: "31",
  Kerala: "32",
  "Tamil Nadu": "33",
  Puducherry: "34",
  "Andaman and Nicobar Islands": "35",
  Telangana: "36",
  "Andhra Pradesh": "37",
  Ladakh: "38",
} as const;

/** Other spellings met in addresses, each with the code of the state it names. */
const STATE_ALIASES: Record<string, string> = {
  "Jammu & Kashmir": "01",
  "J&K": "01",
  Uttaranchal: "05",
  "NCT of Delhi": "07",
  "New Delhi": "07",
  Orissa: "21",
  Chattisgarh: "22",
  "Dadra and Nagar Haveli and Daman and Diu": "26",
  Pondicherry: "34",
  "Andaman & Nicobar Islands": "35",
  "Andaman and Nicobar": "35",
};

/** A state's text reduced to its letters in lower case, "&" read as "and": "Tamil Nadu" = "tamilnadu". */
const stateLetters = (state: string) =>
  state
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z]/g, "");

const CODE_BY_LETTERS = new Map<string, string>([
  ...Object.entries(GST_STATE_CODES).map(([name, code]) => [stateLetters(name), code] as const),
  ...Object.entries(STATE_ALIASES).map(([name, code]) => [stateLetters(name), code] as const),
]);
const KNOWN_CODES = new Set<string>(Object.values(GST_STATE_CODES));

/**
 * The GST state code of a stored state: its name in any case or spacing ("Tamil Nadu", "TamilNadu",
 * "tamil nadu"), a known other spelling ("Orissa"), or the code itself ("33"); null when unknown.
 */
export function gstStateCode(state: string | null | undefined): string | null {
  if (!state) return null;
  const trimmed = state.trim();
  if (/^\d{2}$/.test(trimmed)) return KNOWN_CODES.has(trimmed) ? trimmed : null;
  return CODE_BY_LETTERS.get(stateLetters(trimmed)) ?? null;
}

/** Whether a sale from one state to another stays within one state: both codes known and equal. */
export function sameGstState(a: string | null | undefined, b: string | null | undefined): boolean {
  const codeA = gstStateCode(a);
  return codeA !== null && codeA === gstStateCode(b);
}

// ---- Regimes ----

export const GST_START_DAY = "2017-07-01";
/** The one name of GST within a state (CGST plus SGST). */
export const INTRA_STATE_GST = "CGST/SGST";
export const GST_TYPES = [INTRA_STATE_GST, "IGST"] as const;
export type GstType = (typeof GST_TYPES)[number];
export const TAX_REGIMES = [INTRA_STATE_GST, "IGST", "VAT", "CST"] as const;
export type TaxRegime = (typeof TAX_REGIMES)[number];

/** GST between two states: CGST/SGST within one state, else IGST. */
export function gstTypeFor(shipToState: string, warehouseState: string): GstType {
  return sameGstState(shipToState, warehouseState) ? INTRA_STATE_GST : "IGST";
}

/** The regime of a sale on an India day: GST from 2017-07-01; before it VAT within a state, else CST. */
export function taxRegimeOf(day: string, shipState: string, warehouseState: string): TaxRegime {
  const same = sameGstState(shipState, warehouseState);
  if (day >= GST_START_DAY) return same ? INTRA_STATE_GST : "IGST";
  return same ? "VAT" : "CST";
}

/** A regime's name as stored before it had one name ("CGST+SGST"), read as today's. */
export function taxRegimeFrom(stored: string): TaxRegime {
  if (stored === "CGST+SGST") return INTRA_STATE_GST;
  return (TAX_REGIMES as readonly string[]).includes(stored) ? (stored as TaxRegime) : INTRA_STATE_GST;
}

// ---- Splits ----

/** An amount of tax (paise) and its rate (basis points) split by regime. */
export interface RegimeTax {
  vat: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  /** The VAT or CST rate (basis points), 0 under GST. */
  vatRate: BasisPoints;
  cgstRate: BasisPoints;
  sgstRate: BasisPoints;
  igstRate: BasisPoints;
}

/**
 * Splits one rounded tax amount by regime: all of it VAT or CST before GST; within a state CGST and
 * SGST halves with the odd paisa to CGST; else all IGST. The parts always add up to the tax.
 */
export function splitByRegime(regime: TaxRegime, tax: Paise, rate: BasisPoints): RegimeTax {
  const split = regime === INTRA_STATE_GST;
  const old = regime === "VAT" || regime === "CST";
  const cgst = split ? halfUp(tax, 2n) : 0n;
  const cgstRate = split ? halfUp(rate, 2n) : 0n;
  return {
    vat: old ? tax : 0n,
    cgst,
    sgst: split ? tax - cgst : 0n,
    igst: regime === "IGST" ? tax : 0n,
    vatRate: old ? rate : 0n,
    cgstRate,
    sgstRate: split ? rate - cgstRate : 0n,
    igstRate: regime === "IGST" ? rate : 0n,
  };
}

/** The tax of a taxable value at a rate: taxable × rate, rounded half up to the paisa. */
export const taxOn = (taxable: Paise, rate: BasisPoints): Paise => halfUp(taxable * rate, 10000n);

export interface LineTax extends RegimeTax {
  taxable: Paise;
  tax: Paise;
  /** taxable + tax */
  total: Paise;
}

/**
 * One document line (order, invoice, data file, credit note): taxable = quantity × unit taxable
 * price, tax = taxable × rate half up, split by the regime.
 */
export function lineTax(input: {
  unitTaxable: Paise;
  quantity: number | bigint;
  rate: BasisPoints;
  regime: TaxRegime;
}): LineTax {
  const taxable = input.unitTaxable * BigInt(input.quantity);
  const tax = taxOn(taxable, input.rate);
  return { taxable, tax, total: taxable + tax, ...splitByRegime(input.regime, tax, input.rate) };
}

/** A GST-inclusive gross split at a rate: taxable = gross ÷ (1 + rate) half up, tax the rest. */
export function inclusiveSplit(gross: Paise, rate: BasisPoints): { taxable: Paise; tax: Paise } {
  const taxable = halfUp(gross * 10000n, 10000n + rate);
  return { taxable, tax: gross - taxable };
}
