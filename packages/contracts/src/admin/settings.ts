/** Settings: the shipping charge and the lock date of the books. */
import { MAX_SHIPPING_CHARGE, toPaise } from "@portal/domain";
import { z } from "zod";
import { calendarDay, Money } from "../common";

/** The shipping charge staff set (rupees, GST inclusive), the default and when it was last changed. */
export const ShippingChargeSetting = z.object({
  amount: Money,
  defaultAmount: Money,
  gstRate: z.number(),
  maxAmount: Money,
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type ShippingChargeSetting = z.infer<typeof ShippingChargeSetting>;

/** Rupees with at most two decimals, as staff type an amount (e.g. 250 or 249.50). */
export const RUPEE_AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;

export const ShippingChargeBody = z.object({
  amount: z
    .union([z.string(), z.number()], { error: "amount is required (rupees, e.g. 250)" })
    .transform((a) => String(a).trim())
    .pipe(
      z
        .string()
        .regex(RUPEE_AMOUNT, "amount must be rupees with at most 2 decimals, e.g. 250 or 249.50")
        .refine(
          // zod runs this even when the pattern failed: judge only amounts that are amounts
          (a) => !RUPEE_AMOUNT.test(a) || toPaise(a) <= toPaise(MAX_SHIPPING_CHARGE),
          `amount must be at most ${MAX_SHIPPING_CHARGE}`,
        ),
    )
    .meta({
      anyOf: [
        { type: "string", pattern: "^\\s*\\d{1,7}(\\.\\d{1,2})?\\s*$" },
        { type: "integer", minimum: 0, maximum: MAX_SHIPPING_CHARGE },
      ],
      description: `Rupees with at most 2 decimals, from 0 to ${MAX_SHIPPING_CHARGE} (e.g. 250 or "249.50")`,
    }),
});
export type ShippingChargeBody = z.infer<typeof ShippingChargeBody>;

/**
 * The lock date of the books: postings (invoices, payment approvals, notes, ledger entries) dated
 * before it are refused. Null when no period is closed.
 */
export const LockDateSetting = z.object({
  lockDate: z.string().nullable().meta({ description: "yyyy-MM-dd; postings before it are refused" }),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type LockDateSetting = z.infer<typeof LockDateSetting>;

/** Staff set the lock date (a day, at most today in India) or clear it with null. */
export const LockDateBody = z.object({ lockDate: calendarDay("lockDate").nullable() });
export type LockDateBody = z.infer<typeof LockDateBody>;
