/** A route the web app answers, read from apps/web/src/app/router.tsx and AdminRoutes.tsx. */
export interface AppRoute {
  /** The path pattern, `:params` included. */
  path: string;
  /** The screen's name (page title and heading). */
  screen: string;
  /** Who opens it: a demo account, or null for the signed-out screens. */
  account: "franchisee" | "kiosk" | "admin" | null;
  /** The sources under apps/web/ it loads up front (shell, page). */
  pages: string[];
}

export function appRoutes(): AppRoute[];

/** `/account/orderDetails/:id` → a regular expression for its addresses. */
export function patternOf(routePath: string): RegExp;

/** The address to open for a route: a link seen for it, or the demo world's value, or null. */
export function addressFor(
  routePath: string,
  links: Iterable<string>,
  api: (path: string, body?: unknown) => Promise<unknown>,
): Promise<string | null>;
