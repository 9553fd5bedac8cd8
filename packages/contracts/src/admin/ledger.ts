/** The partners' ledger as staff see it, and the notes staff post. */
import { z } from "zod";
import { calendarDay, Money, text } from "../common";
import { ShortText } from "./fields";

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

/** GET /api/admin/ledger/{userId}/ageing: what the partner owes on one ledger account, by age. */
export const LedgerAgeingQuery = z.object({
  ledgerAccount: z.coerce.number().int().min(1).max(2).default(1),
  asOf: calendarDay("asOf").optional(),
});
export const LedgerAgeingBucket = z.object({
  key: z.enum(["days0to30", "days31to60", "days61to90", "days91to180", "over180"]),
  label: z.string(),
  amount: Money,
});
export const LedgerAgeing = z.object({
  userId: z.number(),
  ledgerAccount: z.number(),
  /** The day the ages are counted to (yyyy-MM-dd, India's today unless asked). */
  asOf: z.string(),
  /** What is still open of the debits, oldest settled first: the buckets' sum. */
  outstanding: Money,
  buckets: z.array(LedgerAgeingBucket),
});
export type LedgerAgeing = z.infer<typeof LedgerAgeing>;
