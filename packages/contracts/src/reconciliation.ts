import { RECONCILIATION_KINDS } from "@portal/domain";
import { z } from "zod";
import { dbId } from "./common";

/** GET /api/admin/reconciliation: every partner and ledger account, or one partner, or one account. */
export const ReconciliationQuery = z.object({
  userId: dbId("userId").optional(),
  ledgerAccount: z.coerce
    .number({ error: "ledgerAccount must be 1 or 2" })
    .int("ledgerAccount must be 1 or 2")
    .min(1, "ledgerAccount must be 1 or 2")
    .max(2, "ledgerAccount must be 1 or 2")
    .optional(),
});
export type ReconciliationQuery = z.infer<typeof ReconciliationQuery>;

/** A document a disagreement names: its kind, its id and the number people know it by. */
export const ReconciliationDocument = z.object({
  type: z.enum(["order", "load", "invoice", "ledger entry", "payment", "sales return", "payable"]),
  id: z.string(),
  number: z.string(),
});
export type ReconciliationDocument = z.infer<typeof ReconciliationDocument>;

/**
 * One disagreement: what was expected (from the earlier document) against what was found (on the
 * later one), as amounts ("1234.50"), quantities or series numbers, and found − expected.
 */
export const ReconciliationDisagreement = z.object({
  kind: z.enum(RECONCILIATION_KINDS),
  label: z.string(),
  userId: z.number(),
  partnerName: z.string(),
  ledgerAccount: z.number(),
  documents: z.array(ReconciliationDocument),
  measure: z.enum(["amount", "quantity", "number", "days"]),
  expectedLabel: z.string(),
  expected: z.string(),
  foundLabel: z.string(),
  found: z.string(),
  difference: z.string(),
});
export type ReconciliationDisagreement = z.infer<typeof ReconciliationDisagreement>;

/** What the report read of one partner's ledger account, and how many disagreements it found there. */
export const ReconciliationAccountSummary = z.object({
  userId: z.number(),
  partnerName: z.string(),
  ledgerAccount: z.number(),
  orders: z.number(),
  loads: z.number(),
  invoices: z.number(),
  ledgerBalance: z.string(),
  payable: z.string(),
  disagreements: z.number(),
});
export type ReconciliationAccountSummary = z.infer<typeof ReconciliationAccountSummary>;

export const ReconciliationReport = z.object({
  checkedAt: z.string(),
  total: z.number(),
  byKind: z.array(z.object({ kind: z.enum(RECONCILIATION_KINDS), label: z.string(), count: z.number() })),
  accounts: z.array(ReconciliationAccountSummary),
  disagreements: z.array(ReconciliationDisagreement),
});
export type ReconciliationReport = z.infer<typeof ReconciliationReport>;
