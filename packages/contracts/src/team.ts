/**
 * Store teams (issue 30): the store's people and their roles, invitations, and buyers' order requests
 * awaiting the owner's approval. Amounts are decimal rupee strings with 2 places (`Money`).
 */
import { MEMBER_ROLES, ORDER_REQUEST_STATUSES, TEAM_ROLES } from "@portal/domain";
import { z } from "zod";
import { dbId, Email, Money, text } from "./common";

export const TeamRoleName = z.enum(TEAM_ROLES);
export const MemberRoleName = z.enum(MEMBER_ROLES, {
  error: `role must be one of ${MEMBER_ROLES.join(", ")}`,
});

/** A buyer's approval limit in rupees: 0 to 1,00,00,000, at most 2 decimal places. */
export const ApprovalLimit = z
  .number({ error: "approvalLimit must be a number of rupees" })
  .min(0, "approvalLimit must not be negative")
  .max(10_000_000, "approvalLimit must be at most 1,00,00,000")
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, "approvalLimit has at most 2 decimal places")
  .meta({ "x-refinements": ["approvalLimit has at most 2 decimal places"] });

export const MEMBER_STATES = ["invited", "active", "deactivated"] as const;

/** A person of the store other than its owner. */
export const TeamMember = z
  .object({
    id: z.number(),
    email: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    role: MemberRoleName,
    /** A buyer's approval limit; null for other roles. */
    approvalLimit: Money.nullable(),
    /** invited (no password yet), active, or deactivated. */
    state: z.enum(MEMBER_STATES),
    /** When the invitation's link stops working (invited members only). */
    inviteExpiresAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "TeamMember" });
export type TeamMember = z.infer<typeof TeamMember>;

/** GET /api/team/users: the owner, the members, and the roles this store may give. */
export const TeamUsersResponse = z.object({
  owner: z.object({ email: z.string(), firstname: z.string(), lastname: z.string() }),
  members: z.array(TeamMember),
  assignableRoles: z.array(MemberRoleName),
});
export type TeamUsersResponse = z.infer<typeof TeamUsersResponse>;

/** POST /api/team/users: invite a person by email (a set-password link valid 72 hours goes by mail). */
export const InviteMemberBody = z.object(
  {
    email: Email,
    firstname: text("firstname").trim().min(1).max(60),
    lastname: text("lastname").trim().max(60).default(""),
    role: MemberRoleName,
    /** Buyers only; defaults to 0 (every order needs approval). */
    approvalLimit: ApprovalLimit.optional(),
  },
  { error: 'Please send { "email", "firstname", "role" } and, for a buyer, "approvalLimit".' },
);
export type InviteMemberBody = z.infer<typeof InviteMemberBody>;
export type InviteMemberRequest = z.input<typeof InviteMemberBody>;

const UPDATE_MEMBER_NEEDS = "Send a role, an approval limit, active, or resendInvite";

/** PUT /api/team/users/{id}: change role, approval limit, deactivate or reactivate, resend the invitation. */
export const UpdateMemberBody = z
  .object(
    {
      role: MemberRoleName.optional(),
      approvalLimit: ApprovalLimit.optional(),
      active: z.boolean({ error: "active must be true or false" }).optional(),
      resendInvite: z.literal(true, { error: "resendInvite must be true" }).optional(),
    },
    { error: 'Please send { "role" }, { "approvalLimit" }, { "active" } or { "resendInvite": true }.' },
  )
  .refine(
    (b) =>
      b.role !== undefined ||
      b.approvalLimit !== undefined ||
      b.active !== undefined ||
      b.resendInvite !== undefined,
    UPDATE_MEMBER_NEEDS,
  )
  .meta({ "x-refinements": [UPDATE_MEMBER_NEEDS] });
export type UpdateMemberBody = z.infer<typeof UpdateMemberBody>;

export const MemberIdParam = z.object({ id: dbId("id") });

/** GET /api/team/invite/{token} (public): whose invitation this is, to show on the set-password page. */
export const InviteInfoResponse = z.object({
  email: z.string(),
  firstname: z.string(),
  storeName: z.string(),
  role: MemberRoleName,
});

/** POST /api/team/invite/accept (public): set the password; answers a session token (signed in). */
export const AcceptInviteBody = z.object(
  {
    token: text("token").min(1).max(200),
    password: text("password").min(8, "password must be at least 8 characters").max(128),
  },
  { error: 'Please send { "token", "password" }.' },
);

export const OrderRequestStatusName = z.enum(ORDER_REQUEST_STATUSES);

/** A buyer's placement above their limit, waiting for (or decided by) the owner. */
export const OrderRequest = z
  .object({
    id: z.number(),
    status: OrderRequestStatusName,
    requestedBy: z.object({ id: z.number(), name: z.string(), email: z.string() }),
    /** What the placement would bill (goods, GST and shipping), as priced when it was asked. */
    total: Money,
    lines: z.array(
      z.object({
        productId: z.number(),
        name: z.string(),
        qty: z.number(),
        warehouse: z.string().nullable(),
        amount: Money,
      }),
    ),
    createdAt: z.string(),
    expiresAt: z.string(),
    decidedAt: z.string().nullable(),
    declineReason: z.string().nullable(),
    failure: z.string().nullable(),
    /** The purchase orders placed when it was approved. */
    poids: z.array(z.string()),
  })
  .meta({ id: "OrderRequest" });
export type OrderRequest = z.infer<typeof OrderRequest>;

/** GET /api/team/requests: the owner sees the store's, a buyer their own. */
export const OrderRequestsQuery = z.object({
  status: OrderRequestStatusName.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const OrderRequestsResponse = z.object({
  requests: z.array(OrderRequest),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

export const DeclineRequestBody = z.object(
  { reason: text("reason").trim().min(1).max(500) },
  { error: 'Please send { "reason" }.' },
);

/** The team part of GET /api/users/me: who of the store is signed in. */
export const SessionTeam = z.object({
  role: TeamRoleName,
  /** Null for the owner. */
  memberId: z.number().nullable(),
  name: z.string(),
  email: z.string(),
  approvalLimit: Money.nullable(),
});
export type SessionTeam = z.infer<typeof SessionTeam>;
