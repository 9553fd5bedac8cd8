import { ACCOUNT_TYPES, INDIAN_MOBILE, indianMobileMessage } from "@portal/domain";
import { z } from "zod";
import { NewPassword } from "./auth";
import { dbId, Email, GstRate, Pincode, RuleType, text } from "./common";
import { SessionTeam } from "./team";

export const Franchise = z.object({
  id: z.number(),
  concept: z.string(),
  createdDate: z.string(),
});

/** The spec's `me`, every flag included. Never carries a password. */
export const Me = z
  .object({
    id: z.number(),
    email: z.string(),
    role: z.string(),
    accountType: z.enum(ACCOUNT_TYPES),
    firstname: z.string(),
    lastname: z.string(),
    storeName: z.string().nullable(),
    phone: z.string().nullable(),
    offer: z.boolean(),
    canViewStorePerformance: z.boolean(),
    canOrder: z.boolean(),
    canCartUpload: z.boolean(),
    isFranchisee: z.boolean(),
    enableLedger: z.boolean(),
    hasFoodLicense: z.boolean(),
    enableARS: z.boolean(),
    pincode: z.string().nullable(),
    state: z.string().nullable(),
    shippingAddress1: z.string().nullable(),
    shippingAddress2: z.string().nullable(),
    shippingCity: z.string().nullable(),
    shippingState: z.string().nullable(),
    shippingPincode: z.string().nullable(),
    fcf: Franchise.nullable(),
    /** Who of the store is signed in: the owner, or a member with their role (issue 30). */
    team: SessionTeam,
  })
  .meta({ id: "Me" });
export type Me = z.infer<typeof Me>;

export const UserIdParam = z.object({
  id: z.union([z.literal("me"), dbId("id")]),
});

export const SignupBody = z
  .object({
    email: Email,
    password: NewPassword,
    firstname: text("firstname").trim().min(1, "firstname is required").max(60),
    lastname: text("lastname").trim().min(1, "lastname is required").max(60),
    storeName: text("storeName").trim().min(2, "storeName is required").max(120),
    phone: text("phone").trim().regex(INDIAN_MOBILE, indianMobileMessage("phone")),
    state: text("state").trim().min(2, "state is required").max(60),
    city: text("city").trim().min(2, "city is required").max(60),
    pincode: Pincode,
  })
  .meta({
    examples: [
      {
        email: "new.store@example.com",
        password: "Welcome123",
        firstname: "Asha",
        lastname: "Rao",
        storeName: "Little Steps",
        phone: "9812345678",
        state: "Karnataka",
        city: "Bengaluru",
        pincode: "560001",
      },
    ],
  });
export type SignupBody = z.infer<typeof SignupBody>;

export const MappingEntry = z.object({ whID: z.number(), state: z.string(), name: z.string() });
export const MappingResponse = z.array(MappingEntry);
export type MappingEntry = z.infer<typeof MappingEntry>;

export const RulesQuery = z.object({ appType: z.coerce.number().int().min(0).max(1000).optional() });
export const Rule = z.object({
  type: RuleType,
  categories: z.array(z.number()),
  subcategories: z.array(z.number()),
  brands: z.array(z.number()),
  subcategoryTypes: z.array(z.number()),
});
export const RulesResponse = z.array(Rule);
export type Rule = z.infer<typeof Rule>;

export const GstRatesQuery = z.object({
  state: text("state").trim().min(2, "state is required").max(60),
});
export const GstRatesResponse = z.array(GstRate);

/** The partner's own settings (the Settings page). */
export const PartnerPreferences = z.object({
  /** Mail the partner last month's ledger statement (PDF) on the 1st of each month. */
  monthlyStatement: z.boolean(),
});
export type PartnerPreferences = z.infer<typeof PartnerPreferences>;
export const PartnerPreferencesBody = z.strictObject(
  { monthlyStatement: z.boolean({ error: "monthlyStatement must be true or false" }) },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? "Only monthlyStatement can be changed" : undefined,
  },
);
export type PartnerPreferencesBody = z.infer<typeof PartnerPreferencesBody>;

// Inferred types of the schemas above, for server and web alike.
export type Franchise = z.infer<typeof Franchise>;
export type UserIdParam = z.infer<typeof UserIdParam>;
export type MappingResponse = z.infer<typeof MappingResponse>;
export type RulesQuery = z.infer<typeof RulesQuery>;
export type RulesResponse = z.infer<typeof RulesResponse>;
export type GstRatesQuery = z.infer<typeof GstRatesQuery>;
export type GstRatesResponse = z.infer<typeof GstRatesResponse>;
