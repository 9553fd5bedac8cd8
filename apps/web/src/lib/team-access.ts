import type { Me, SessionTeam } from "@portal/contracts";
import {
  isAdmin,
  type RouteGroup,
  TEAM_ROLE_LABELS,
  type TeamRole,
  teamRoleMay,
  teamScreenMessages,
} from "@portal/domain";
import { matchPath } from "react-router";

/**
 * What the web hides from a store's member (issue 30). The server decides every call from the role;
 * the web only spares a member the links, buttons and pages their role cannot use, with the same rule
 * (`teamRoleMay` in the domain) and a map of each page to the group of the calls it makes.
 */

/** Who of the store is signed in (`team` of GET /api/users/me); null for staff. */
export function teamOf(user: Me): SessionTeam | null {
  return (user as { team?: SessionTeam | null }).team ?? null;
}

/** The signed-in person's role: the owner when `me` names no member (the account itself, staff). */
export const roleOf = (user: Me): TeamRole => teamOf(user)?.role ?? "owner";

/** Whether the signed-in person's role may use this group of calls (staff have no store team). */
export const userMay = (user: Me, group: RouteGroup): boolean =>
  isAdmin(user) && (group === "team" || group === "requests") ? false : teamRoleMay(roleOf(user), group);

/**
 * Each page's group: the calls it cannot work without. Patterns are the router's; the first match
 * wins; a page not listed is open to every role (the server still decides each call).
 */
export const PAGE_GROUPS: readonly (readonly [pattern: string, group: RouteGroup])[] = [
  ["/checkout", "ordering"],
  ["/quickOrder", "ordering"],
  // the store's saved lists are read by every role but the counter; changing them is ordering
  ["/lists", "orders"],
  ["/account/gapReorder/:id", "ordering"],
  ["/artworks/category", "ordering"],
  ["/artworks/artworksSubcat", "ordering"],
  ["/artworks/artworksPlaceOrder", "orders"],
  ["/orderAssist/listing", "reports"],
  ["/home/orderAssist/listing", "reports"],
  ["/orderAssist/*", "reports"],
  ["/account/arsReport", "reports"],
  ["/storeperformance", "reports"],
  ["/account/orderHistory", "orders"],
  ["/account/orderDetails/:id", "orders"],
  ["/account/loadHistory", "orders"],
  ["/account/loadDetails/:id", "orders"],
  ["/account/invoice/:id", "orders"],
  ["/account/waybill", "orders"],
  ["/account/ledger/*", "money-read"],
  ["/account/transactionDetails/:acc/:id", "money-read"],
  ["/account/discount", "catalogue"],
  ["/account/srDetails", "money-read"],
  ["/account/cform", "money-read"],
  ["/dashboard", "money-read"],
  ["/account/confirmPayment", "money"],
  ["/account/kioskConfirmation", "kiosk"],
  ["/kiosk/*", "kiosk"],
  ["/confirm/kiosk/:poid/:id", "kiosk"],
  ["/account/team", "team"],
  ["/account/requests", "requests"],
];

/** The group of the page at this address, or null when any role may open it. */
export function pageGroup(pathname: string): RouteGroup | null {
  const path = pathname.split(/[?#]/)[0] ?? pathname;
  for (const [pattern, group] of PAGE_GROUPS) {
    if (matchPath({ path: pattern, end: true }, path)) return group;
  }
  return null;
}

/** Pages about the signed-in store's own buying: staff, who have no store, are not offered them. */
const STORE_ONLY_PAGES: ReadonlySet<string> = new Set(["/dashboard"]);

/** Whether the signed-in person's role may open the page at this address. */
export function mayOpen(user: Me, pathname: string): boolean {
  if (isAdmin(user) && STORE_ONLY_PAGES.has(pathname)) return false;
  const group = pageGroup(pathname);
  return group === null || userMay(user, group);
}

/** "Your role (Buyer) cannot see the store's accounts." */
export function roleRefusal(user: Me, group: RouteGroup): string {
  return teamScreenMessages.roleCannot(
    TEAM_ROLE_LABELS[roleOf(user)],
    teamScreenMessages.groupActions[group],
  );
}
