import { messages } from "@portal/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { forbidden, SESSION_EXPIRED, unauthorized } from "../lib/errors";
import type { SessionUser } from "../modules/auth/public";
import { refuseByRole, routesWithoutGroup } from "./team-access";

/**
 * Who may call a route. Every route declares one; a route that declares none is refused to everyone
 * (and the app will not start with one), so a forgotten declaration closes a route, never opens it.
 */
export type Access = "public" | "user" | "admin";
const ACCESS_LEVELS: ReadonlySet<string> = new Set<Access>(["public", "user", "admin"]);

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
}

/**
 * What a kiosk guest session (a walk-in customer signed in at a kiosk store) may call: browsing the
 * catalogue and signing out. Never the store's profile, cart, orders, mapping, notifications or
 * password, and never placing orders as the store.
 */
export const KIOSK_GUEST_ROUTES: ReadonlySet<string> = new Set([
  "GET /api/menu",
  "GET /api/category/b2b",
  "POST /api/listing/b2b",
  "POST /api/products/suggestions/b2b",
  "GET /api/products/category",
  "GET /api/subcategory/types",
  "GET /api/bestseller/all",
  "GET /api/brand/:id",
  "GET /api/products/:id",
  "POST /api/products/children",
  "POST /api/products/info/b2b",
  "POST /api/products/currentStock",
  "POST /api/products/sale",
  "GET /api/banner",
  "POST /api/auth/logout",
]);
export const KIOSK_GUEST_REFUSED = "This is not available in a kiosk guest session.";
export const NO_ACCESS_LEVEL = "This address is not open to anyone.";

export interface AccessOptions {
  resolveSession(token: string): Promise<SessionUser | null>;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Decides every request from the route it matched (its declared `access`), never from the address
 * as written: an absolute-form request line (`GET http://host/api/...`), doubled slashes or other
 * spellings reach the same route and meet the same rule. The bearer token is resolved for routes
 * that may use it.
 */
export const accessPlugin = fp<AccessOptions>(async (app: FastifyInstance, options) => {
  app.decorateRequest("sessionUser", null);
  // Checked once every route is in: a plugin's scope may still set a level after this hook has seen it.
  const routes: { method: string | string[]; url: string; config?: unknown }[] = [];
  app.addHook("onRoute", (route) => {
    routes.push(route);
  });
  app.addHook("onReady", async () => {
    const wrong = routes.filter((route) => {
      const access = (route.config as { access?: unknown } | undefined)?.access;
      return typeof access !== "string" || !ACCESS_LEVELS.has(access);
    });
    if (wrong.length > 0)
      throw new Error(
        `These routes declare no access level (public, user or admin): ${wrong.map((r) => `${r.method} ${r.url}`).join(", ")}`,
      );
    // Store teams: every partner route belongs to a route group (plugins/team-access.ts).
    const ungrouped = routesWithoutGroup(routes);
    if (ungrouped.length > 0)
      throw new Error(
        `These "user" routes have no route group in plugins/team-access.ts: ${ungrouped.join(", ")}`,
      );
  });
  app.addHook("onRequest", async (request) => {
    // No route: the not-found handler answers 404, or 405 with Allow for a known path.
    if (request.is404) return;
    const access = request.routeOptions.config?.access;
    if (access === "public") {
      const token = bearerToken(request);
      if (token) request.sessionUser = await options.resolveSession(token);
      return;
    }
    if (access !== "user" && access !== "admin") throw forbidden(NO_ACCESS_LEVEL);
    const token = bearerToken(request);
    if (token) request.sessionUser = await options.resolveSession(token);
    if (!request.sessionUser) throw unauthorized(SESSION_EXPIRED);
    if (
      request.sessionUser.kioskCustomerMobile &&
      !KIOSK_GUEST_ROUTES.has(`${request.method} ${request.routeOptions.url}`)
    ) {
      throw forbidden(KIOSK_GUEST_REFUSED);
    }
    if (access === "admin" && request.sessionUser.role !== "admin") throw forbidden(messages.adminsOnly);
    // A store member's role decides from the matched route's group (staff and owners pass).
    if (access === "user") refuseByRole(request.sessionUser, request.method, request.routeOptions.url ?? "");
  });
});

/**
 * Registers routes made by a third-party plugin (static files, the API documentation pages) as
 * public: `register` runs in a scope of its own where every route is given that level.
 */
export async function registerPublicRoutes(
  app: FastifyInstance,
  register: (scope: FastifyInstance) => PromiseLike<unknown>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook("onRoute", (route) => {
      route.config = { ...(route.config ?? {}), access: "public" };
    });
    await register(scope);
  });
}

/** The signed-in user of a route whose access is "user" or "admin". */
export function userOf(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized(SESSION_EXPIRED);
  return request.sessionUser;
}
