/**
 * Store teams (issue 30): what each role of a store may call. Every route a signed-in partner may
 * call (access "user") belongs to one route group, decided here from the route the request matched
 * (its method and its route url, never the address as written); the domain's `teamRoleMay(role,
 * group)` says who may use the group. The access plugin asks `teamRefusal` on every such request
 * once the session is resolved, and refuses to start when a "user" route has no group, so a new
 * route is never open to every role by oversight.
 *
 * Staff and a store's owner pass every group; a member's role decides. The groups, route by route:
 * - self: the session and one's own profile, password and notifications, the menu, banners,
 *   content (policies, brands, e-books, commercials, lookbooks), training and assessments.
 * - catalogue: browsing: categories, listing, search, products, stock, the caller's mapping and
 *   rules, GST rates, serviceability checks, likes, the discount file (margins), live stock.
 * - ordering: anything that changes a cart or places orders: the cart (reading it too: the cart is
 *   the buyer's desk), top-up, quick order, changes to saved lists and adding them to the cart,
 *   order assist's and ARS's add to cart, gap reorder and order again, placing orders, ordering an
 *   artwork.
 * - orders: reading the store's orders, their history, stats, CSV, gap report and order invoices,
 *   loads and their invoices and data files, waybill requests and documents, artwork orders, and
 *   saved lists (the store's buying documents: read by every role but the counter).
 * - money-read: the ledger (every statement, note and Tally export), payments owed and confirmed,
 *   sales returns, C-forms, the store's tax invoices list and month zip, the dashboard, and the
 *   monthly statement preference.
 * - money: confirming a payment, marking a sales return in transit, C-form uploads, waybill
 *   uploads (a statutory tax document, the accountant's), the monthly statement preference.
 * - reports: order assist's figures and suggestions, ARS report, products and runs, store
 *   performance and its feedback to head office.
 * - kiosk: every kiosk store call (customers, guest sign-in, kiosk orders, receipts).
 * - team: managing the store's people, deciding order requests.
 * - requests: reading order requests (a buyer their own, the owner the store's).
 */
import {
  type RouteGroup,
  TEAM_ROLE_LABELS,
  teamMessages,
  teamRoleMay,
  teamScreenMessages,
} from "@portal/domain";
import { forbidden } from "../lib/errors";
import { type SessionUser, teamRoleOf } from "../modules/auth/public";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Routes named one by one (method and route url as registered); these win over the prefixes. */
export const ROUTE_GROUP_OF: Readonly<Record<string, RouteGroup>> = {
  // self
  "POST /api/auth/logout": "self",
  "GET /api/users/:id": "self",
  "PUT /api/users/:id/password": "self",
  "GET /api/menu": "self",
  "GET /api/banner": "self",
  "GET /api/notifications": "self",
  "PUT /api/notifications/:id": "self",
  "GET /api/brands": "self",
  "GET /api/vmEbook": "self",
  "GET /api/tvc": "self",
  // the monthly ledger statement by mail is about the store's money
  "GET /api/users/:id/preferences": "money-read",
  "PUT /api/users/:id/preferences": "money",
  // catalogue
  "GET /api/users/rules": "catalogue",
  "GET /api/mapping/getMapping": "catalogue",
  "GET /api/products/gstRates": "catalogue",
  "GET /api/category/b2b": "catalogue",
  "POST /api/listing/b2b": "catalogue",
  "POST /api/products/suggestions/b2b": "catalogue",
  "GET /api/products/category": "catalogue",
  "GET /api/subcategory/types": "catalogue",
  "GET /api/bestseller/all": "catalogue",
  "GET /api/brand/:id": "catalogue",
  "GET /api/products/:id": "catalogue",
  "POST /api/products/children": "catalogue",
  "GET /api/products/getLikesDislikes/:id": "catalogue",
  "POST /api/products/likesDislikes": "catalogue",
  "POST /api/products/info/b2b": "catalogue",
  "POST /api/products/currentStock": "catalogue",
  "POST /api/products/getProductWarehouse": "catalogue",
  "POST /api/products/sale": "catalogue",
  "POST /api/products/getProductList": "catalogue",
  "POST /api/products/checkServiceableProducts": "catalogue",
  "POST /api/products/serviceability": "catalogue",
  "GET /api/events": "catalogue",
  "GET /api/discount": "catalogue",
  // ordering
  "POST /api/order": "ordering",
  "POST /api/order/:poid/reorder": "ordering",
  "POST /api/orderAssist/addToCart": "ordering",
  "POST /api/order/arsReport/addToCart": "ordering",
  "POST /api/artwork/createArtwork": "ordering",
  // orders
  "GET /api/order": "orders",
  "GET /api/order/:poid": "orders",
  "GET /api/order/stats": "orders",
  "GET /api/order/csv": "orders",
  "GET /api/order/getGapReport": "orders",
  "POST /api/invoice/getInvoice": "orders",
  "GET /api/invoice/pdf": "orders",
  "GET /api/datafile/getCSVDataFile/:id": "orders",
  "POST /api/artwork/artworkList": "orders",
  // money
  "POST /api/payment/processConfirmPayment": "money",
  "POST /api/srdetails/setInTransit": "money",
  "POST /api/cform/addCFormDetails": "money",
  "POST /api/waybill/saveWaybillDoc": "money",
  "POST /api/waybill/replaceWaybillDoc": "money",
  // money-read
  "GET /api/account/invoices": "money-read",
  "GET /api/account/invoices/month.zip": "money-read",
  "GET /api/dashboard": "money-read",
  // reports
  "GET /api/ars/products": "reports",
  "GET /api/products/getSuggestedProducts/:id": "reports",
  "POST /api/products/suggestedProducts": "reports",
  "GET /api/order/arsReport": "reports",
  "GET /api/order/arsReport/csv": "reports",
  "GET /api/order/arsRuns": "reports",
  // requests and team
  "GET /api/team/requests": "requests",
};

/**
 * Whole areas, for routes not named above: a route url equal to the prefix or under it (the next
 * character a `/` or `.`), with the method or any (`*`). The first that matches decides.
 */
export const ROUTE_GROUP_PREFIXES: readonly (readonly [Method | "*", string, RouteGroup])[] = [
  ["*", "/api/kajukatli", "kiosk"],
  ["*", "/api/ledger", "money-read"],
  ["*", "/api/payment", "money-read"],
  ["*", "/api/srdetails", "money-read"],
  ["*", "/api/cform", "money-read"],
  ["*", "/api/cpo", "orders"],
  ["*", "/api/waybill", "orders"],
  ["GET", "/api/lists", "orders"],
  ["*", "/api/lists", "ordering"],
  ["*", "/api/users/cart", "ordering"],
  ["*", "/api/cart", "ordering"],
  ["*", "/api/quickOrder", "ordering"],
  ["*", "/api/orderAssist", "reports"],
  ["*", "/api/storeperformance", "reports"],
  ["*", "/api/team/users", "team"],
  ["*", "/api/team/requests", "team"],
  ["*", "/api/policies", "self"],
  ["*", "/api/lookbooks", "self"],
  ["*", "/api/training", "self"],
  ["*", "/api/assessment", "self"],
  ["*", "/api/result", "self"],
];

const under = (url: string, prefix: string) =>
  url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}.`);

/** The group of a route (HEAD is its GET's); undefined when the table has none. */
export function routeGroupOf(method: string, url: string): RouteGroup | undefined {
  const m = method.toUpperCase() === "HEAD" ? "GET" : method.toUpperCase();
  const named = ROUTE_GROUP_OF[`${m} ${url}`];
  if (named) return named;
  for (const [ruleMethod, prefix, group] of ROUTE_GROUP_PREFIXES)
    if ((ruleMethod === "*" || ruleMethod === m) && under(url, prefix)) return group;
  return undefined;
}

/** The "user" routes (method and url) the table gives no group: the app refuses to start with any. */
export function routesWithoutGroup(
  routes: readonly { method: string | string[]; url: string; config?: unknown }[],
): string[] {
  const missing: string[] = [];
  for (const route of routes) {
    if ((route.config as { access?: unknown } | undefined)?.access !== "user") continue;
    for (const method of [route.method].flat())
      if (method !== "OPTIONS" && !routeGroupOf(method, route.url)) missing.push(`${method} ${route.url}`);
  }
  return missing;
}

/** The message a role refused a group is told. */
export function roleRefusalMessage(user: Pick<SessionUser, "member">, group: RouteGroup): string {
  return teamMessages.roleRefused(TEAM_ROLE_LABELS[teamRoleOf(user)], teamScreenMessages.groupActions[group]);
}

/**
 * Refuses (403) a store member whose role may not use the matched route's group; staff and owners
 * pass. A route without a group is refused to members (the start-up check keeps there being none).
 */
export function refuseByRole(user: SessionUser, method: string, url: string): void {
  if (user.role === "admin" || !user.member) return;
  const group = routeGroupOf(method, url);
  if (!group) throw forbidden(roleRefusalMessage(user, "team"));
  if (!teamRoleMay(teamRoleOf(user), group)) throw forbidden(roleRefusalMessage(user, group));
}
