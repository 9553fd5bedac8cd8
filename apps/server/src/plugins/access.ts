import { messages } from "@portal/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { forbidden, SESSION_EXPIRED, unauthorized } from "../lib/errors";
import type { SessionUser } from "../modules/auth/service";

/** Who may call a route. Every API route is "user" unless it says otherwise. */
export type Access = "public" | "user" | "admin";

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

export interface AccessOptions {
  resolveSession(token: string): Promise<SessionUser | null>;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Resolves the bearer token on every API request and enforces the route's `access`. */
export const accessPlugin = fp<AccessOptions>(async (app: FastifyInstance, options) => {
  app.decorateRequest("sessionUser", null);
  app.addHook("onRequest", async (request) => {
    // The SPA, its assets and the API's own documentation pages are public.
    if (!request.url.startsWith("/api/") || request.url.startsWith("/api/docs")) return;
    // No route: the not-found handler answers 404, or 405 with Allow for a known path.
    if (request.is404) return;
    const access: Access = request.routeOptions.config?.access ?? "user";
    const token = bearerToken(request);
    if (token) request.sessionUser = await options.resolveSession(token);
    if (access === "public") return;
    if (!request.sessionUser) throw unauthorized(SESSION_EXPIRED);
    if (
      request.sessionUser.kioskCustomerMobile &&
      !KIOSK_GUEST_ROUTES.has(`${request.method} ${request.routeOptions.url}`)
    ) {
      throw forbidden(KIOSK_GUEST_REFUSED);
    }
    if (access === "admin" && request.sessionUser.role !== "admin") throw forbidden(messages.adminsOnly);
  });
});

/** The signed-in user of a route whose access is "user" or "admin". */
export function userOf(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized(SESSION_EXPIRED);
  return request.sessionUser;
}
