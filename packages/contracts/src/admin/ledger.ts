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
