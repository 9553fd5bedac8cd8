/**
 * A store is a team (issue 30): the partner account is the store, its owner the account's own sign-in,
 * and other people of the store sign in as members with a role. What each role may do is decided
 * here once; the server applies it to every route it serves (by the route's group), the web hides
 * what the role cannot do.
 */

/** Roles of a store's people. The owner is the partner account itself; the others are members. */
export const TEAM_ROLES = ["owner", "buyer", "accounts", "viewer", "counter"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** The roles an owner may give a member (a kiosk store may also give `counter`). */
export const MEMBER_ROLES = ["buyer", "accounts", "viewer", "counter"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = {
  owner: "Owner",
  buyer: "Buyer",
  accounts: "Accounts",
  viewer: "Viewer",
  counter: "Counter",
};

/**
 * What a partner route does, as far as roles go. Every route a signed-in partner may call belongs to
 * exactly one group.
 * - `self`: the session, one's own profile and password, notifications, menus, content and training.
 * - `catalogue`: browsing products, prices and stock.
 * - `ordering`: the cart, placing orders, order assist, the quick order pad, saved lists' changes,
 *   top-up, gap reorder, order again, artworks orders.
 * - `orders`: reading the store's orders, loads, waybills and their documents.
 * - `money-read`: reading the ledger, invoices, payments, C-forms, sales returns, the dashboard.
 * - `money`: paying, confirming payments, C-form uploads, marking sales returns in transit.
 * - `reports`: order assist's and ARS's reports, store performance (reading).
 * - `kiosk`: kiosk orders and guest sessions.
 * - `team`: managing the store's people.
 * - `requests`: order requests awaiting approval (buyers see their own, owners decide).
 */
export const ROUTE_GROUPS = [
  "self",
  "catalogue",
  "ordering",
  "orders",
  "money-read",
  "money",
  "reports",
  "kiosk",
  "team",
  "requests",
] as const;
export type RouteGroup = (typeof ROUTE_GROUPS)[number];

/** Who may use each group. The owner may use everything. */
export const TEAM_PERMISSIONS: Record<RouteGroup, readonly TeamRole[]> = {
  self: ["owner", "buyer", "accounts", "viewer", "counter"],
  catalogue: ["owner", "buyer", "accounts", "viewer", "counter"],
  ordering: ["owner", "buyer"],
  orders: ["owner", "buyer", "accounts", "viewer"],
  "money-read": ["owner", "accounts", "viewer"],
  money: ["owner", "accounts"],
  reports: ["owner", "buyer", "accounts", "viewer"],
  kiosk: ["owner", "counter"],
  team: ["owner"],
  requests: ["owner", "buyer"],
};

export function teamRoleMay(role: TeamRole, group: RouteGroup): boolean {
  return TEAM_PERMISSIONS[group].includes(role);
}

/** The roles an owner may give in a store of this account type (counter only in kiosk stores). */
export function assignableRoles(accountType: string): readonly MemberRole[] {
  return accountType === "kiosk" ? MEMBER_ROLES : MEMBER_ROLES.filter((role) => role !== "counter");
}

/** An invitation's set-password link works for 72 hours. */
export const TEAM_INVITE_TTL_MS = 72 * 60 * 60 * 1000;
/** An order request not decided within 7 days expires. */
export const ORDER_REQUEST_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Order request states. */
export const ORDER_REQUEST_STATUSES = ["pending", "approved", "declined", "expired", "failed"] as const;
export type OrderRequestStatus = (typeof ORDER_REQUEST_STATUSES)[number];

/**
 * Whether a buyer's placement of this value (paise, what the placement would bill: goods + GST +
 * shipping) needs the owner's approval. Only buyers have a limit; the limit itself may be placed.
 */
export function needsApproval(
  role: TeamRole,
  approvalLimitPaise: number | null,
  valuePaise: number,
): boolean {
  if (role !== "buyer") return false;
  return valuePaise > (approvalLimitPaise ?? 0);
}
