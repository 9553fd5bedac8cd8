/**
 * Store teams (issue 30): every "user" operation of /api/openapi.json, as each role of a store:
 * the franchisee's owner, buyer, accountant and a viewer, and a counter of the kiosk store. A role
 * that `teamRoleMay` refuses the route's group gets 403 with the role's message; a role it allows
 * never gets that refusal (the request may still fail for its own reasons: only the role refusal is
 * judged). Non-GET requests carry a body of a type no route parses, so each stops with 415 after the
 * access check and changes nothing; GET requests carry no query. The document is read at run time,
 * so a new route is covered without anyone remembering to add it.
 */
import {
  messages,
  ROUTE_GROUPS,
  type RouteGroup,
  TEAM_ROLE_LABELS,
  type TeamRole,
  teamMessages,
  teamRoleMay,
  teamScreenMessages,
} from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeGroupOf } from "../plugins/team-access";
import { createTestWorld, type TestWorld } from "./harness";
import { operationsOf, readDocument, sample, urlOf } from "./openapi-walk";

let world: TestWorld;
beforeAll(async () => {
  world = await createTestWorld({ products: 40, loginLimit: 100_000 });
}, 300_000);
afterAll(() => world.close());

type Headers = { authorization: string };

/** Invites a member with this role to the store of `owner`, accepts the link and signs them in. */
async function member(owner: Headers, email: string, role: string): Promise<Headers> {
  const invited = await world.app.inject({
    method: "POST",
    url: "/api/team/users",
    headers: owner,
    payload: { email, firstname: role, role },
  });
  expect(invited.statusCode).toBe(201);
  const mail = (await world.lastMail()).replace(/=\r?\n/g, "");
  const token = /\/team\/invite\/([A-Za-z0-9_-]+)/.exec(mail)?.[1];
  const accepted = await world.app.inject({
    method: "POST",
    url: "/api/team/invite/accept",
    payload: { token, password: "Team@2026x" },
  });
  expect(accepted.statusCode).toBe(200);
  return { authorization: `Bearer ${accepted.json().token}` };
}

const refusalOf = (role: TeamRole, group: RouteGroup) =>
  teamMessages.roleRefused(TEAM_ROLE_LABELS[role], teamScreenMessages.groupActions[group]);

describe("every partner route, as every role of a store", () => {
  it("refuses a role exactly the groups teamRoleMay refuses it", async () => {
    const doc = await readDocument(world.app);
    const ops = operationsOf(doc).filter(
      (op) => !(op.security && op.security.length === 0) && !op.path.startsWith("/api/admin/"),
    );
    const franchisee = await world.signIn("franchisee@demo.in");
    const kiosk = await world.signIn("kiosk@demo.in");
    const roles: [TeamRole, () => Promise<Headers>][] = [
      ["owner", async () => world.signIn("franchisee@demo.in")],
      ["buyer", async () => world.signIn("buyer@demo.in")],
      ["accounts", async () => world.signIn("accounts@demo.in")],
      ["viewer", async () => member(franchisee, "viewer@shop.in", "viewer")],
      ["counter", async () => member(kiosk, "counter@shop.in", "counter")],
    ];
    const wrong: string[] = [];
    const refusedCount = new Map<TeamRole, number>();
    const groupsSeen = new Set<RouteGroup>();
    let userOps = 0;
    const staffOnly = new Set<(typeof ops)[number]>();
    for (const [role, signIn] of roles) {
      let headers = await signIn();
      for (const op of ops) {
        if (staffOnly.has(op)) continue;
        const routeUrl = op.path.replace(/\{(\w+)\}/g, ":$1");
        const group = routeGroupOf(op.method, routeUrl);
        const pathValues: Record<string, string> = {};
        for (const p of op.parameters)
          if (p.in === "path") pathValues[p.name] = String(sample(doc, p.schema));
        const query: Record<string, string> = op.path === "/api/events" ? { products: "x" } : {};
        const url = urlOf(op, pathValues, query);
        const res = await world.app.inject({
          method: op.method as "GET",
          url,
          headers: {
            ...headers,
            ...(op.method === "GET" ? {} : { "content-type": "application/x-team-access-test" }),
          },
          ...(op.method === "GET" ? {} : { payload: "nothing" }),
        });
        const message = res.statusCode === 403 ? (res.json() as { message?: string }).message : undefined;
        // Staff-only operations (access "admin", e.g. the spec's user list) refuse every partner first.
        if (role === "owner" && message === messages.adminsOnly) {
          staffOnly.add(op);
          continue;
        }
        if (!group) {
          wrong.push(`${op.method} ${op.path}: no route group`);
          continue;
        }
        if (role === "owner") userOps++;
        groupsSeen.add(group);
        const refused = message === refusalOf(role, group);
        const may = teamRoleMay(role, group);
        if (refused === may)
          wrong.push(`${role} ${op.method} ${url} (${group}): ${res.statusCode} ${res.body.slice(0, 120)}`);
        if (refused) refusedCount.set(role, (refusedCount.get(role) ?? 0) + 1);
        // A sign-out (or anything else) that ended this session: sign in again and go on.
        if (res.statusCode === 401) headers = await signIn();
      }
    }
    expect(wrong).toEqual([]);
    expect(userOps).toBeGreaterThan(150);
    // Every group has routes (the order requests' too).
    expect([...groupsSeen].sort()).toEqual([...ROUTE_GROUPS].sort());
    expect(refusedCount.get("owner") ?? 0).toBe(0);
    for (const role of ["buyer", "accounts", "viewer", "counter"] as const)
      expect(refusedCount.get(role) ?? 0).toBeGreaterThan(0);
  }, 600_000);

  it("tells a refused member their role and what it cannot do", async () => {
    const accounts = await world.signIn("accounts@demo.in");
    const res = await world.app.inject({ url: "/api/users/cart", headers: accounts });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: "Your role (Accounts) cannot use the cart or place orders. Ask the store's owner.",
    });
    const buyer = await world.signIn("buyer@demo.in");
    const ledger = await world.app.inject({
      method: "POST",
      url: "/api/ledger/getLedger",
      headers: buyer,
      payload: {},
    });
    expect(ledger.statusCode).toBe(403);
    expect(ledger.json().message).toBe(
      "Your role (Buyer) cannot see the store's accounts. Ask the store's owner.",
    );
    // Staff pages stay staff-only for members too.
    const staff = await world.app.inject({ url: "/api/admin/orders", headers: buyer });
    expect(staff.statusCode).toBe(403);
  });
});
