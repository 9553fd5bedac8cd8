import type { OrderStatus } from "./constants";
import type { ArtworkStatus } from "./content";
import { GST_START_DAY, gstStateCode, halfUp, INTRA_STATE_GST, inclusiveSplit, splitByRegime } from "./gst";

/**
 * The back office's lifecycles, as data: one table of allowed transitions per entity, each step with
 * who may take it (staff at the back office, the partner on the portal, or either). A service asks
 * `refusal(table, from, to, actor)` and never writes an `if` chain of statuses; a screen asks
 * `nextSteps(table, status, actor)` for its buttons.
 */

/** Who takes a step: a member of staff (or a back-office job), or the partner. */
export type LifecycleActor = "staff" | "partner";
const STAFF: readonly LifecycleActor[] = ["staff"];
const PARTNER: readonly LifecycleActor[] = ["partner"];
const EITHER: readonly LifecycleActor[] = ["staff", "partner"];

/** Per status, the statuses it may become and who may take each of those steps. */
type Steps<S extends string> = Record<S, Partial<Record<S, readonly LifecycleActor[]>>>;

export interface Lifecycle<S extends string> {
  /** What the thing is called in a refusal: "order", "load", … */
  readonly entity: string;
  readonly statuses: readonly S[];
  /** Every allowed step, whoever takes it. */
  readonly transitions: Readonly<Record<S, readonly S[]>>;
  /** Who may take each allowed step. */
  readonly takers: Readonly<Steps<S>>;
}

function lifecycle<S extends string>(entity: string, steps: Steps<S>): Lifecycle<S> {
  const statuses = Object.keys(steps) as S[];
  const transitions = {} as Record<S, readonly S[]>;
  for (const status of statuses) transitions[status] = Object.keys(steps[status]) as S[];
  return { entity, statuses, transitions, takers: steps };
}

/**
 * Purchase order: Pending → Confirmed → Shipped → Delivered; Pending or Confirmed → Cancelled, by
 * staff or by the partner (a kiosk order cancelled at the store cancels its purchase orders).
 */
export const ORDER_LIFECYCLE = lifecycle<OrderStatus>("order", {
  Pending: { Confirmed: STAFF, Cancelled: EITHER },
  Confirmed: { Shipped: STAFF, Cancelled: EITHER },
  Shipped: { Delivered: STAFF },
  Delivered: {},
  Cancelled: {},
});

export const LOAD_STATUSES = ["Ready To Dispatch", "Hand Over", "Shipped", "Cancelled"] as const;
export type LoadStatus = (typeof LOAD_STATUSES)[number];
/**
 * Load: Ready To Dispatch → Hand Over → Shipped (its orders are then Delivered on proof of delivery).
 * Staff may cancel a load before it ships: its orders go back to Confirmed, in no load.
 */
export const LOAD_LIFECYCLE = lifecycle<LoadStatus>("load", {
  "Ready To Dispatch": { "Hand Over": STAFF, Cancelled: STAFF },
  "Hand Over": { Shipped: STAFF, Cancelled: STAFF },
  Shipped: {},
  Cancelled: {},
});

/** The course of a sales return, in order (the spec's statuses). */
export const SR_STATUSES = [
  "Pending",
  "InTransit",
  "WHReceived",
  "InProcess",
  "B2BApproved",
  "AccountApproved",
] as const;
/** A return staff turn down (with a reason) before it is approved: it ends there. */
export const SR_REJECTED = "Rejected";
/** Every status a sales return can have: its course, and Rejected. */
export const SR_ALL_STATUSES = [...SR_STATUSES, SR_REJECTED] as const;
export type SalesReturnStatus = (typeof SR_ALL_STATUSES)[number];
/**
 * Sales return: Pending → InTransit (the partner ships it; staff may record it too) → WHReceived
 * (staff record the units received; a return raised by staff may be received while still Pending) →
 * InProcess → B2BApproved → AccountApproved (the credit note). Accounts may approve once the goods
 * are received; any return not yet approved may be Rejected with a reason.
 */
export const SR_LIFECYCLE = lifecycle<SalesReturnStatus>("sales return", {
  Pending: { InTransit: EITHER, WHReceived: STAFF, Rejected: STAFF },
  InTransit: { WHReceived: STAFF, Rejected: STAFF },
  WHReceived: { InProcess: STAFF, AccountApproved: STAFF, Rejected: STAFF },
  InProcess: { B2BApproved: STAFF, AccountApproved: STAFF, Rejected: STAFF },
  B2BApproved: { AccountApproved: STAFF, Rejected: STAFF },
  AccountApproved: {},
  Rejected: {},
});

export const WAYBILL_STATUSES = ["WH Request", "Doc Uploaded", "Closed"] as const;
export type WaybillStatus = (typeof WAYBILL_STATUSES)[number];
/**
 * Waybill request: WH Request → Doc Uploaded (the partner uploads the waybill, and may upload more
 * documents until it is closed) → Closed (staff).
 */
export const WAYBILL_LIFECYCLE = lifecycle<WaybillStatus>("waybill request", {
  "WH Request": { "Doc Uploaded": PARTNER },
  "Doc Uploaded": { "Doc Uploaded": PARTNER, Closed: STAFF },
  Closed: {},
});

/** Kiosk order: the store confirms (the customer's acknowledgement) or cancels a Pending order. */
export const KIOSK_ORDER_LIFECYCLE = lifecycle<"Pending" | "Confirmed" | "Cancelled">("kiosk order", {
  Pending: { Confirmed: PARTNER, Cancelled: PARTNER },
  Confirmed: {},
  Cancelled: {},
});

/** C-form statuses by their keys: Shipped is shown "To Be Submitted", Issued is shown "Submitted". */
export const CFORM_STATUS_LABELS = { Shipped: "To Be Submitted", Issued: "Submitted" } as const;
/** C-form: the partner submits it (Shipped → Issued). */
export const CFORM_LIFECYCLE = lifecycle<keyof typeof CFORM_STATUS_LABELS>("C-form", {
  Shipped: { Issued: PARTNER },
  Issued: {},
});

export const PAYMENT_STATUSES = ["submitted", "approved", "rejected"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** Payment confirmation: the partner submits it; accounts staff approve or reject it. */
export const PAYMENT_LIFECYCLE = lifecycle<PaymentStatus>("payment confirmation", {
  submitted: { approved: STAFF, rejected: STAFF },
  approved: {},
  rejected: {},
});

/** Artwork order: staff move it forward one step; Pending or In Design may be cancelled. */
export const ARTWORK_LIFECYCLE = lifecycle<ArtworkStatus>("artwork order", {
  Pending: { "In Design": STAFF, Cancelled: STAFF },
  "In Design": { Printing: STAFF, Cancelled: STAFF },
  Printing: { Dispatched: STAFF },
  Dispatched: { Delivered: STAFF },
  Delivered: {},
  Cancelled: {},
});

export const LIFECYCLES = [
  ORDER_LIFECYCLE,
  LOAD_LIFECYCLE,
  SR_LIFECYCLE,
  WAYBILL_LIFECYCLE,
  KIOSK_ORDER_LIFECYCLE,
  CFORM_LIFECYCLE,
  PAYMENT_LIFECYCLE,
  ARTWORK_LIFECYCLE,
] as const;

const isStatusOf = <S extends string>(table: Lifecycle<S>, status: string): status is S =>
  (table.statuses as readonly string[]).includes(status);

/**
 * Null when `from → to` is allowed (for `actor`, when given), else the message a member of staff
 * sees. Without an actor, any step in the table is allowed, whoever takes it.
 */
export function refusal<S extends string>(
  table: Lifecycle<S>,
  from: string,
  to: S,
  actor?: LifecycleActor,
): string | null {
  if (!isStatusOf(table, from)) return `Unknown ${table.entity} status ${from}.`;
  const takers = table.takers[from][to];
  if (takers && (actor === undefined || takers.includes(actor))) return null;
  if (takers)
    return `Only ${takers.includes("staff") ? "staff" : "the partner"} may make a ${from} ${table.entity} ${to}.`;
  if (from === to) return `The ${table.entity} is already ${to}.`;
  return `A ${from} ${table.entity} cannot become ${to}.`;
}

/** The statuses `actor` may move a thing in `status` to, in the table's order (none for an unknown status). */
export function nextSteps<S extends string>(table: Lifecycle<S>, status: string, actor: LifecycleActor): S[] {
  if (!isStatusOf(table, status)) return [];
  return table.transitions[status].filter((to) => table.takers[status][to]?.includes(actor));
}

/** True when `status` is one of the table's and nothing can move it on (Delivered, Closed, …). */
export function isFinalStatus<S extends string>(table: Lifecycle<S>, status: string): boolean {
  return isStatusOf(table, status) && table.transitions[status].length === 0;
}

/**
 * The sales returns waiting for staff: a step is staff's to take and none is the partner's. The
 * dashboard counts these and its tile opens the list with `waiting=true`, the same rows.
 */
export const SR_WAITING_STATUSES: readonly SalesReturnStatus[] = SR_ALL_STATUSES.filter(
  (s) => nextSteps(SR_LIFECYCLE, s, "staff").length > 0 && nextSteps(SR_LIFECYCLE, s, "partner").length === 0,
);
/** The waybill requests still open (not final): the dashboard's count and the list's `waiting=true`. */
export const WAYBILL_OPEN_STATUSES: readonly WaybillStatus[] = WAYBILL_STATUSES.filter(
  (s) => !isFinalStatus(WAYBILL_LIFECYCLE, s),
);

// ---- Dates ----
// A moment's India day is `indiaDay` (format.ts): the one function back-office rules read a calendar day with.

/** Financial year (April–March) of an India day: "2017-04-01" → "2017-18", "2018-03-31" → "2017-18". */
export function financialYearOf(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/** Whole days from one India day to another. */
export function daysBetween(fromDay: string, toDay: string): number {
  return Math.round((Date.parse(`${toDay}T00:00:00Z`) - Date.parse(`${fromDay}T00:00:00Z`)) / 86_400_000);
}

// ---- Invoices ----

export const PROFORMA_INVOICE = "PERFORMA INVOICE";
export const TAX_INVOICE = "TAX INVOICE";
export type InvoiceKind = typeof PROFORMA_INVOICE | typeof TAX_INVOICE;

/**
 * Numbered documents, each kind with its own gapless series per issuing company (GSTIN), warehouse
 * and financial year: I tax invoice, C credit note, D debit note.
 */
export const DOCUMENT_TYPES = { taxInvoice: "I", creditNote: "C", debitNote: "D" } as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[keyof typeof DOCUMENT_TYPES];

/** A document number is at most 16 characters (CGST Rules, rule 46(b)). */
export const DOCUMENT_NUMBER_MAX_LENGTH = 16;

/** The warehouse part of the notes no warehouse issues (staff notes, ageing notes): head office. */
export const HEAD_OFFICE_SERIES = 0;

/**
 * A document number of 16 characters: type, issuing company (M main, ledger account 1; A
 * alternate, account 2), warehouse (2 digits, 00 for head office), financial year (2026-27 → 2627)
 * and the 6-digit gapless sequence. "IM02/2627/000016" is the 16th tax invoice of the main company
 * from warehouse 2 in 2026-27; "CA05/2627/000003" the 3rd credit note of the alternate company from
 * warehouse 5. Letters, digits and "/" only, as rule 46(b) allows.
 */
export function documentNumber(
  type: DocumentType,
  ledgerAccount: number,
  warehouseId: number,
  financialYear: string,
  seq: number,
): string {
  if (!Number.isInteger(warehouseId) || warehouseId < 0 || warehouseId > 99)
    throw new Error(`A document series needs a warehouse id from 0 to 99, not ${warehouseId}`);
  if (!Number.isInteger(seq) || seq < 1 || seq > 999_999)
    throw new Error(`A document series runs from 1 to 999999, not ${seq}`);
  const fy = `${financialYear.slice(2, 4)}${financialYear.slice(5, 7)}`;
  return `${type}${companyLetterOf(ledgerAccount)}${String(warehouseId).padStart(2, "0")}/${fy}/${String(seq).padStart(6, "0")}`;
}

/** The issuing company's letter in a document number: A for the alternate company (ledger account 2), else M. */
export const companyLetterOf = (ledgerAccount: number) => (ledgerAccount === 2 ? "A" : "M");

export const proformaInvoiceNumber = (poid: string) => `PI/${poid}`;

/** The name of a dealer's tax number on a document of a day: TIN under VAT and CST, GSTIN from GST. */
export const taxIdLabelOf = (day: string): "TIN" | "GSTIN" => (day < GST_START_DAY ? "TIN" : "GSTIN");

// GST_START_DAY, TaxRegime, taxRegimeOf, RegimeTax and splitByRegime are the tax engine's (gst.ts).

/** The company printed on an invoice: the alternate one for COCO franchises made in the spec's window. */
export interface Company {
  name: string;
  gstNo: string;
  cin: string;
}
export const MAIN_COMPANY: Company = {
  name: "Little Steps Retail Private Limited",
  gstNo: "27AACCL1234M1ZI",
  cin: "U52399MH2010PTC123456",
};
export const ALTERNATE_COMPANY: Company = {
  name: "Little Steps Franchise Services Private Limited",
  gstNo: "27AADCL5678N1ZR",
  cin: "U74999MH2018PTC304567",
};

/** The company that issues a ledger account's documents: account 2 is the alternate company's. */
export const companyOfLedgerAccount = (ledgerAccount: number): Company =>
  ledgerAccount === 2 ? ALTERNATE_COMPANY : MAIN_COMPANY;

// ---- Ledger ----

export const LEDGER_START_DAY = "2017-04-01";
export const LEDGER_ACCOUNTS = { 1: "main company", 2: "second company" } as const;
export type LedgerAccount = keyof typeof LEDGER_ACCOUNTS;
export const SAC_SALES_RETURN = "999799";
export const SAC_COURIER_EXPENSES = "9968";
export const SAC_ORDER_CANCEL = "9997";
export const DN120_DAYS = 120;
export const DN180_DAYS = 180;
export const NOTE_GST_PERCENT = 18;
/** Notes approved after this day carry GST; the invoice divisor is 1.18. */
export const NOTE_GST_FROM_DAY = GST_START_DAY;

export const VOUCHER_TYPES = {
  sales: "Sales",
  receipt: "Receipt",
  creditNote: "Credit Note",
  debitNote: "Debit Note",
} as const;

export interface NoteTax {
  base: bigint;
  cgst: bigint;
  sgst: bigint;
  igst: bigint;
}

/** The state whose notes carry CGST and SGST: the issuing company's (the first two characters of its GSTIN). */
export const NOTE_HOME_STATE_CODE = MAIN_COMPANY.gstNo.slice(0, 2);

/**
 * The head office's state (GST state code 27, the issuing company's): the state a partner without a
 * stored shipping or billing state is taxed as, for the GST of the notes the ledger raises.
 */
export const HEAD_OFFICE_STATE = "Maharashtra";

/**
 * Splits a gross note amount (paise) into base and NOTE_GST_PERCENT GST, by the tax engine: base =
 * gross ÷ 1.18 rounded half up; CGST and SGST 9% each (the odd paisa to CGST) in Maharashtra, else
 * IGST 18%. The parts always add up to the gross. Before GST (approved up to 2017-06-30) the whole
 * amount is base.
 */
export function noteTax(gross: bigint, state: string, approvedDay: string): NoteTax {
  if (approvedDay < NOTE_GST_FROM_DAY) return { base: gross, cgst: 0n, sgst: 0n, igst: 0n };
  const rate = BigInt(NOTE_GST_PERCENT) * 100n;
  const { taxable: base, tax } = inclusiveSplit(gross, rate);
  const regime = gstStateCode(state) === NOTE_HOME_STATE_CODE ? INTRA_STATE_GST : "IGST";
  const { cgst, sgst, igst } = splitByRegime(regime, tax, rate);
  return { base, cgst, sgst, igst };
}

/** The ageing debit note a debit balance owes on a day: DN180 from 180 days, DN120 from 120, else none. */
export function ageingNoteOf(ageDays: number): "DN180" | "DN120" | null {
  if (ageDays >= DN180_DAYS) return "DN180";
  if (ageDays >= DN120_DAYS) return "DN120";
  return null;
}

/** The ageing charge: 1.5% of the overdue amount for DN120, 3% for DN180 (paise, half up). */
export function ageingCharge(note: "DN120" | "DN180", overdue: bigint): bigint {
  const basisPoints = note === "DN180" ? 300n : 150n;
  return halfUp(overdue * basisPoints, 10000n);
}

/** Gap of an order line: ordered minus confirmed or delivered, never negative. */
export const lineGap = (ordered: number, confirmedOrDelivered: number) =>
  Math.max(0, ordered - confirmedOrDelivered);

export const PAYMENT_MODES = ["Cheque", "Neft", "RTGS", "Credit Note"] as const;
