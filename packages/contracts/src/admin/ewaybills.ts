/** E-way bills (EWB-01) of loads: a load's e-way bill with its state, generate it, enter its number; the limit setting. */
import { MAX_EWAYBILL_LIMIT_PAISE, paiseToDecimal } from "@portal/domain";
import { z } from "zod";
import { calendarDay, Money } from "../common";
import { RUPEE_AMOUNT } from "./settings";

export const EWAYBILL_STATES = ["not needed", "needed", "generated", "entered"] as const;
export type EwayBillState = (typeof EWAYBILL_STATES)[number];

/** The e-way bill JSON as NIC's system takes it (validated on the server against the EWB-01 schema). */
export const EwayBillJson = z.record(z.string(), z.unknown());

/**
 * A load's e-way bill: not needed (worth at most the limit, cancelled, or shipped before e-way bills
 * began), needed (no number yet: the load may not ship), generated through the e-way bill system or
 * entered by staff (with its number and valid until).
 */
export const AdminEwayBill = z.object({
  loadId: z.number(),
  state: z.enum(EWAYBILL_STATES),
  /** Why the load needs none (state "not needed"). */
  reason: z.string().nullable(),
  /** The load's value (goods with GST) and the limit above which it needs an e-way bill. */
  consignmentValue: Money,
  limit: Money,
  number: z.string().nullable(),
  /** When it was generated (or entered) and until when it is valid (ISO). */
  generatedAt: z.string().nullable(),
  validUntil: z.string().nullable(),
  source: z.enum(["generated", "entered"]).nullable(),
  /** Which system answered: "sandbox" or the configured endpoint's host; "staff" for an entered number. */
  system: z.string().nullable(),
  distanceKm: z.number().nullable(),
  /** The document the e-way bill names (the tax invoice, or before shipping the first proforma invoice). */
  document: z.object({ number: z.string(), day: z.string() }).nullable(),
  /** The EWB-01 JSON: as sent when generated, else built now from the stored documents (null when it cannot be). */
  json: EwayBillJson.nullable(),
  problems: z.array(z.string()),
  /** Why it cannot be generated now (not handed over, no pincode...), null when it can. */
  blocker: z.string().nullable(),
  /** Which system would answer a generate. */
  ewbSystem: z.string(),
});
export type AdminEwayBill = z.infer<typeof AdminEwayBill>;

/** Staff enter the number of an e-way bill generated elsewhere (12 digits), and its last valid day when known. */
export const EwayBillNumberBody = z.object({
  number: z
    .string({ error: "number is required (12 digits)" })
    .trim()
    .regex(/^\d{12}$/, "An e-way bill number is 12 digits."),
  validUntil: calendarDay("validUntil").nullable().optional(),
});
export type EwayBillNumberBody = z.infer<typeof EwayBillNumberBody>;

/** The e-way bill limit in force (rupees): a load worth more needs an e-way bill. */
export const EwayBillLimitSetting = z.object({
  limit: Money,
  defaultLimit: Money,
  maxLimit: Money,
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type EwayBillLimitSetting = z.infer<typeof EwayBillLimitSetting>;

const MAX_LIMIT_RUPEES = paiseToDecimal(BigInt(MAX_EWAYBILL_LIMIT_PAISE));
export const EwayBillLimitBody = z.object({
  limit: z
    .union([z.string(), z.number()], { error: "limit is required (rupees, e.g. 50000)" })
    .transform((a) => String(a).trim())
    .pipe(
      z
        .string()
        .regex(RUPEE_AMOUNT, "limit must be rupees with at most 2 decimals, e.g. 50000")
        .refine(
          (a) => !RUPEE_AMOUNT.test(a) || Number(a) * 100 <= MAX_EWAYBILL_LIMIT_PAISE,
          `limit must be at most ${MAX_LIMIT_RUPEES}`,
        ),
    )
    .meta({
      anyOf: [
        { type: "string", pattern: "^\\s*\\d{1,7}(\\.\\d{1,2})?\\s*$" },
        { type: "integer", minimum: 0, maximum: MAX_EWAYBILL_LIMIT_PAISE / 100 },
      ],
      description: `Rupees with at most 2 decimals, from 0 to ${MAX_LIMIT_RUPEES} (e.g. 50000)`,
    }),
});
export type EwayBillLimitBody = z.infer<typeof EwayBillLimitBody>;
