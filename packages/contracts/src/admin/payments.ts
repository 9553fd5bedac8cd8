/** Payment confirmations: the list, approval and rejection, and a confirmation staff record. */
import { messages, PAYMENT_MODES, PAYMENT_STATUSES } from "@portal/domain";
import { z } from "zod";
import { Money, text } from "../common";
import { DbId, listControls, Page, ShortText } from "./fields";

/** The payments list's sort columns (the row's field names). */
export const PAYMENT_SORTS = [
  "submittedAt",
  "referenceId",
  "partnerName",
  "status",
  "totalAmountPaid",
  "amountReceived",
  "totalAmountPayable",
  "decidedAt",
] as const;
/** `q` searches the reference (UTR), the orders paid and the partner's name and email. */
export const PaymentsQuery = z.object({
  status: z.enum(PAYMENT_STATUSES).optional(),
  userId: DbId.optional(),
  ...listControls(PAYMENT_SORTS),
  ...Page,
});
export type PaymentsQuery = z.infer<typeof PaymentsQuery>;
export const AdminPayment = z.object({
  id: z.number(),
  userId: z.number(),
  partnerName: z.string(),
  partnerEmail: z.string(),
  ledgerAccount: z.number(),
  paymentType: z.enum(PAYMENT_MODES),
  referenceId: z.string(),
  totalAmountPayable: Money,
  totalAmountPaid: Money,
  /** What accounts staff received and credited (null until approved). */
  amountReceived: Money.nullable(),
  orders: z.array(z.string()),
  status: z.enum(PAYMENT_STATUSES),
  reason: z.string().nullable(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof AdminPayment>;
export const AdminPaymentsResponse = z.object({ rows: z.array(AdminPayment), total: z.number() });
export const RejectPaymentBody = z.object({ reason: ShortText(500, "reason", true) });
/** An amount as typed: up to 12 digits and 2 decimals. */
const AmountInput = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, message);
/** Approval: the amount received (default: the amount the partner says they paid). */
export const ApprovePaymentBody = z
  .object({
    amountReceived: AmountInput("amountReceived must be an amount such as 1234.50").optional(),
  })
  .default({});
export type ApprovePaymentBody = z.infer<typeof ApprovePaymentBody>;
export type RejectPaymentBody = z.infer<typeof RejectPaymentBody>;

/**
 * The partner's confirmation (POST /api/payment/processConfirmPayment {paymentData}). The server
 * works out the amount payable of the orders itself; `totalAmountPayable` is what the screen showed.
 */
export const ConfirmPaymentBody = z.object({
  paymentData: z.object({
    paymentType: z.enum(PAYMENT_MODES, { error: messages.selectPaymentMode }),
    referenceId: z
      .string({ error: messages.provideReferenceNo })
      .pipe(
        text("referenceId")
          .trim()
          .min(1, messages.provideReferenceNo)
          .max(60, "reference no. must be at most 60 characters"),
      ),
    totalAmountPayable: Money.optional(),
    totalAmountPaid: AmountInput(messages.checkAmountPaid),
    /** Orders whose open invoices are paid (the spec's); at least one order or document is needed. */
    orders: z
      .array(text("poid").trim().min(1).max(40), { error: messages.selectOrdersForPayment })
      .max(200)
      .default([]),
    /** Open documents paid, by `entryId` of GET /api/payment/pending (debit notes have no orders). */
    documents: z
      .array(z.number().int().positive().max(2_147_483_647), { error: messages.selectOrdersForPayment })
      .max(500)
      .default([]),
    ledgerAccount: z.number().int().min(1).max(2).default(1),
  }),
});
export type ConfirmPaymentBody = z.infer<typeof ConfirmPaymentBody>;
export const ConfirmPaymentResponse = z.object({
  message: z.string(),
  referenceId: z.string(),
  id: z.number(),
});
