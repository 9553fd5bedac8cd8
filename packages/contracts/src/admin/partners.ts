/** Partners: the list, one partner, its flags and rules, creation, changes and a password reset. */
import {
  ACCOUNT_TYPES,
  INDIAN_MOBILE,
  INDIAN_STATES,
  indianMobileMessage,
  partnerDeskMessages,
} from "@portal/domain";
import { z } from "zod";
import { Email, Pincode, text } from "../common";
import { DbId, listControls, Page, ShortText } from "./fields";

export const PartnerFlags = z.object({
  enableLedger: z.boolean(),
  canViewStorePerformance: z.boolean(),
  enableARS: z.boolean(),
  hasFoodLicense: z.boolean(),
  canOrder: z.boolean(),
  canCartUpload: z.boolean(),
  offer: z.boolean(),
  isFranchisee: z.boolean(),
});
export type PartnerFlags = z.infer<typeof PartnerFlags>;

export const PartnerRule = z.object({
  kind: z.enum(["allow", "block"]),
  dimension: z.enum(["category", "subcategory", "brand", "subcategoryType"]),
  valueId: DbId,
});
export type PartnerRule = z.infer<typeof PartnerRule>;

/** The partners list's sort keys: its row's columns. */
export const PARTNER_SORTS = [
  "email",
  "firstname",
  "lastname",
  "storeName",
  "accountType",
  "concept",
  "state",
  "gstin",
  "active",
  "createdAt",
] as const;

export const UserListQuery = z.object({
  /** The spec's search (email, names, store, state); `q` also finds a GSTIN. */
  search: text("search").trim().max(100).optional(),
  ...listControls(PARTNER_SORTS),
  accountType: z.enum(ACCOUNT_TYPES).optional(),
  concept: text("concept").trim().max(40).optional(),
  active: z.enum(["true", "false"]).optional(),
  ...Page,
});
export type UserListQuery = z.infer<typeof UserListQuery>;

export const PartnerRow = z.object({
  id: z.number(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  storeName: z.string().nullable(),
  role: z.string(),
  accountType: z.enum(ACCOUNT_TYPES),
  concept: z.string().nullable(),
  state: z.string().nullable(),
  gstin: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  flags: PartnerFlags,
});
export type PartnerRow = z.infer<typeof PartnerRow>;
export const UserListResponse = z.object({ rows: z.array(PartnerRow), total: z.number() });
export type UserListResponse = z.infer<typeof UserListResponse>;

export const PartnerDetail = PartnerRow.extend({
  phone: z.string().nullable(),
  pincode: z.string().nullable(),
  shippingAddress1: z.string().nullable(),
  shippingAddress2: z.string().nullable(),
  shippingCity: z.string().nullable(),
  /** The registered (billing) address. */
  address: z.string().nullable(),
  /** How much the partner may owe, in paise; null: no limit. */
  creditLimitPaise: z.number().nullable(),
  warehouseIds: z.array(z.number()),
  rules: z.array(PartnerRule),
});
export type PartnerDetail = z.infer<typeof PartnerDetail>;

/**
 * A GSTIN in capitals: 15 characters shaped as state code, PAN, entity, Z and check character. Its
 * state code, its check character and its match with the partner's state are the service's checks
 * (the domain's gstinProblem), which JSON Schema cannot state.
 */
export const Gstin = z
  .string({ error: "gstin must be text" })
  .trim()
  .length(15, partnerDeskMessages.gstinLength)
  .regex(
    /^[0-9]{2}[A-Za-z]{5}[0-9]{4}[A-Za-z][1-9A-Za-z][A-Za-z0-9][0-9A-Za-z]$/,
    partnerDeskMessages.gstinShape,
  )
  .toUpperCase()
  .meta({ example: "27AAPFU0939F1ZV" });

/** A state of India, spelt as the list spells it. */
export const IndianState = z.enum(INDIAN_STATES, { error: partnerDeskMessages.chooseState });

/** A credit limit in paise (whole rupees or paise; at most ₹100 crore). */
export const CreditLimitPaise = z.number().int().min(0).max(1_000_000_000_00);

/** POST /api/users by staff: a partner with its warehouse mapping, rules, flags, type and concept. */
export const CreatePartnerBody = z.object({
  email: Email,
  /** Omitted: a random password is set and the partner gets a reset mail. */
  password: text("password").min(8).max(128).optional(),
  firstname: ShortText(60, "firstname"),
  lastname: ShortText(60, "lastname"),
  storeName: ShortText(120, "storeName"),
  phone: z.string().trim().regex(INDIAN_MOBILE, indianMobileMessage("phone")),
  accountType: z.enum(ACCOUNT_TYPES).exclude(["admin"]),
  /** Franchise concept (e.g. BABYHUG, COCO); null for none. */
  concept: text("concept").trim().min(1).max(40).nullable().default(null),
  state: ShortText(60, "state"),
  city: ShortText(60, "city"),
  pincode: Pincode,
  shippingAddress1: ShortText(200, "shippingAddress1"),
  shippingAddress2: text("shippingAddress2").trim().max(200).optional(),
  gstin: Gstin.optional(),
  address: text("address", { multiline: true }).trim().max(400).optional(),
  creditLimitPaise: CreditLimitPaise.optional(),
  warehouseIds: z.array(DbId).max(200).default([]),
  rules: z.array(PartnerRule).max(500).default([]),
  flags: PartnerFlags.partial().default({}),
});
export type CreatePartnerBody = z.infer<typeof CreatePartnerBody>;
export type CreatePartnerInput = z.input<typeof CreatePartnerBody>;

export const UpdatePartnerBody = z.object({
  accountType: z.enum(ACCOUNT_TYPES).exclude(["admin"]).optional(),
  /** Null clears it. */
  gstin: Gstin.nullable().optional(),
  state: IndianState.optional(),
  address: text("address", { multiline: true }).trim().max(400).nullable().optional(),
  creditLimitPaise: CreditLimitPaise.nullable().optional(),
  concept: text("concept").trim().min(1).max(40).nullable().optional(),
  warehouseIds: z.array(DbId).max(200).optional(),
  rules: z.array(PartnerRule).max(500).optional(),
  flags: PartnerFlags.partial().optional(),
});
export type UpdatePartnerBody = z.infer<typeof UpdatePartnerBody>;

/** One field a save changed, as the notice and the audit row show it. */
export const PartnerChange = z.object({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type PartnerChange = z.infer<typeof PartnerChange>;
/** PUT /api/admin/partners/{id}: the partner as saved and what the save changed. */
export const PartnerUpdateResponse = PartnerDetail.extend({ changes: z.array(PartnerChange) });
export type PartnerUpdateResponse = z.infer<typeof PartnerUpdateResponse>;

/** The warehouses a partner may be mapped to, by name (the form's picker). */
export const WarehouseOption = z.object({ id: z.number(), name: z.string(), state: z.string() });
export type WarehouseOption = z.infer<typeof WarehouseOption>;
export const WarehouseOptions = z.array(WarehouseOption);

export const ForgetPasswordBody = z.object({ userId: DbId });
