/** Partners: the list, one partner, its flags and rules, creation, changes and a password reset. */
import { ACCOUNT_TYPES, INDIAN_MOBILE, indianMobileMessage } from "@portal/domain";
import { z } from "zod";
import { Email, Pincode, text } from "../common";
import { DbId, Page, ShortText } from "./fields";

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

export const UserListQuery = z.object({
  search: text("search").trim().max(100).optional(),
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
  warehouseIds: z.array(z.number()),
  rules: z.array(PartnerRule),
});
export type PartnerDetail = z.infer<typeof PartnerDetail>;

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
  warehouseIds: z.array(DbId).max(200).default([]),
  rules: z.array(PartnerRule).max(500).default([]),
  flags: PartnerFlags.partial().default({}),
});
export type CreatePartnerBody = z.infer<typeof CreatePartnerBody>;
export type CreatePartnerInput = z.input<typeof CreatePartnerBody>;

export const UpdatePartnerBody = z.object({
  accountType: z.enum(ACCOUNT_TYPES).exclude(["admin"]).optional(),
  concept: text("concept").trim().min(1).max(40).nullable().optional(),
  warehouseIds: z.array(DbId).max(200).optional(),
  rules: z.array(PartnerRule).max(500).optional(),
  flags: PartnerFlags.partial().optional(),
});
export type UpdatePartnerBody = z.infer<typeof UpdatePartnerBody>;

export const ForgetPasswordBody = z.object({ userId: DbId });
