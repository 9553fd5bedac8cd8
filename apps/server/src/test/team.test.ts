/**
 * Store teams (issue 30): the owner invites people by email (a set-password link in the outbox,
 * 72 hours, single use), changes roles and buyers' limits, deactivates (every session of the member
 * ends at once on every instance) and reactivates; members sign in with their own email and read
 * the store's data; only the store's owner manages its team, and never another store's member.
 */
import {
  DEMO_PASSWORD,
  messages,
  TEAM_INVITE_TTL_MS,
  TEAM_ROLE_LABELS,
  teamMessages,
  teamScreenMessages,
} from "@portal/domain";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments, storeMembers } from "../db/schema";
import { recordAudit } from "../modules/audit/public";
import { backOfficeKit } from "./back-office-test-kit";
import { createTestWorld, type TestWorld } from "./harness";

const START = new Date("2026-11-18T05:30:00.000Z");
let clock = START;
let world: TestWorld;
let other: FastifyInstance;
let owner: { authorization: string };

type Headers = { authorization: string };

const call = (method: "GET" | "POST" | "PUT", url: string, headers: Headers, payload?: object) =>
  world.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

/** The token of the newest set-password link in the outbox. */
async function lastLinkToken(): Promise<string> {
  const mail = (await world.lastMail()).replace(/=\r?\n/g, "");
  const token = /http:\/\/portal\.test\/team\/invite\/([A-Za-z0-9_-]+)/.exec(mail)?.[1];
  if (!token) throw new Error("no set-password link in the last mail");
  return token;
}

async function invite(headers: Headers, body: Record<string, unknown>) {
  return call("POST", "/api/team/users", headers, body);
}

beforeAll(async () => {
  world = await createTestWorld({ loginLimit: 1000, now: () => clock });
  other = await world.anotherInstance();
  owner = await world.signIn("franchisee@demo.in");
});
afterAll(() => world.close());

describe("the demo team", () => {
  it("signs the franchisee's buyer and accountant in as members of the store", async () => {
    const buyer = await world.signIn("buyer@demo.in");
    const me = (await call("GET", "/api/users/me", buyer)).json();
    expect(me.email).toBe("franchisee@demo.in");
    expect(me.team).toEqual({
      role: "buyer",
      memberId: expect.any(Number),
      name: "Bhavna Iyer",
      email: "buyer@demo.in",
      approvalLimit: "50000.00",
    });
    const accounts = await world.signIn("ACCOUNTS@demo.in ");
    expect((await call("GET", "/api/users/me", accounts)).json().team).toMatchObject({
      role: "accounts",
      name: "Arun Mehta",
      approvalLimit: null,
    });
    const own = (await call("GET", "/api/users/me", owner)).json();
    expect(own.team).toEqual({
      role: "owner",
      memberId: null,
      name: `${own.firstname} ${own.lastname}`,
      email: "franchisee@demo.in",
      approvalLimit: null,
    });
    // The store's data is the store's: the buyer reads the store's order history, the accountant the ledger.
    const history = await call("GET", "/api/order?page=1&limit=10", buyer);
    expect(history.statusCode).toBe(200);
    const ledger = await call("GET", "/api/ledger/getAccTypes", accounts);
    expect(ledger.statusCode).toBe(200);
  });

  it("lists the owner and members to the owner", async () => {
    const res = await call("GET", "/api/team/users", owner);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.owner.email).toBe("franchisee@demo.in");
    expect(body.assignableRoles).toEqual(["buyer", "accounts", "viewer"]);
    expect(body.members.map((m: { email: string; state: string }) => [m.email, m.state])).toEqual([
      ["buyer@demo.in", "active"],
      ["accounts@demo.in", "active"],
    ]);
    const kiosk = await world.signIn("kiosk@demo.in");
    expect((await call("GET", "/api/team/users", kiosk)).json().assignableRoles).toEqual([
      "buyer",
      "accounts",
      "viewer",
      "counter",
    ]);
  });

  it("refuses team management to every role but the owner, with the role in the message", async () => {
    for (const [email, role] of [
      ["buyer@demo.in", "buyer"],
      ["accounts@demo.in", "accounts"],
    ] as const) {
      const headers = await world.signIn(email);
      const res = await call("GET", "/api/team/users", headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        teamMessages.roleRefused(TEAM_ROLE_LABELS[role], teamScreenMessages.groupActions.team),
      );
      expect(res.json().message).toBe(
        `Your role (${TEAM_ROLE_LABELS[role]}) cannot manage the store's team. Ask the store's owner.`,
      );
      const invited = await invite(headers, { email: "x@shop.in", firstname: "X", role: "viewer" });
      expect(invited.statusCode).toBe(403);
    }
  });
});

describe("invitations", () => {
  let memberId: number;
  let token: string;

  it("invites by email: a member without a password and a 72-hour link in the outbox", async () => {
    const res = await invite(owner, {
      email: "Priya.Nair@Shop.in",
      firstname: "Priya",
      lastname: "Nair",
      role: "buyer",
      approvalLimit: 1000,
    });
    expect(res.statusCode).toBe(201);
    const member = res.json();
    memberId = member.id;
    expect(member).toMatchObject({
      email: "priya.nair@shop.in",
      firstname: "Priya",
      lastname: "Nair",
      role: "buyer",
      approvalLimit: "1000.00",
      state: "invited",
      inviteExpiresAt: new Date(START.getTime() + TEAM_INVITE_TTL_MS).toISOString(),
    });
    const mail = (await world.lastMail()).replace(/=\r?\n/g, "");
    expect(mail).toContain("To: priya.nair@shop.in");
    expect(mail).toContain("within 72 hours");
    token = await lastLinkToken();
    // Not yet a sign-in: no password.
    const early = await world.app.inject({
      method: "POST",
      url: "/api/auth/local",
      payload: { email: "priya.nair@shop.in", password: DEMO_PASSWORD },
    });
    expect(early.statusCode).toBe(401);
  });

  it("refuses an email that already signs in, an account's or a member's, in any case (409)", async () => {
    for (const email of ["STOCKIST@demo.in", "buyer@demo.in", "priya.nair@shop.in"]) {
      const res = await invite(owner, { email, firstname: "Dup", role: "viewer" });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(teamMessages.emailInUse(email.toLowerCase()));
    }
  });

  it("refuses a sign-up or a staff-made partner with a member's email, so the member is never locked out", async () => {
    const signup = await world.app.inject({
      method: "POST",
      url: "/api/users",
      payload: {
        email: "Buyer@demo.in",
        password: "Store@2026",
        firstname: "Anita",
        lastname: "Rao",
        storeName: "Little Steps Kids Store",
        phone: "9876543210",
        state: "Telangana",
        city: "Hyderabad",
        pincode: "500001",
      },
    });
    expect(signup.statusCode).toBe(409);
    expect(signup.json().message).toBe(messages.accountExists);
    const buyer = await world.signIn("buyer@demo.in");
    expect((await call("GET", "/api/users/me", buyer)).json().team.role).toBe("buyer");
  });

  it("gives counter only in kiosk stores and limits only to buyers (400)", async () => {
    const counter = await invite(owner, { email: "counter@shop.in", firstname: "C", role: "counter" });
    expect(counter.statusCode).toBe(400);
    expect(counter.json().message).toBe(teamMessages.counterOnlyKiosk);
    const limit = await invite(owner, {
      email: "acc2@shop.in",
      firstname: "A",
      role: "accounts",
      approvalLimit: 5000,
    });
    expect(limit.statusCode).toBe(400);
    expect(limit.json().message).toBe(teamMessages.limitOnlyForBuyers);
    const bad = await invite(owner, { email: "x@shop.in", firstname: "X", role: "owner" });
    expect(bad.statusCode).toBe(400);
  });

  it("shows whose link it is, then sets the password, signs in and works once", async () => {
    const info = await world.app.inject({ url: `/api/team/invite/${token}` });
    expect(info.statusCode).toBe(200);
    const store = (await call("GET", "/api/users/me", owner)).json();
    expect(info.json()).toEqual({
      email: "priya.nair@shop.in",
      firstname: "Priya",
      storeName: store.storeName,
      role: "buyer",
    });
    const accept = await world.app.inject({
      method: "POST",
      url: "/api/team/invite/accept",
      payload: { token, password: "Priya@2026" },
    });
    expect(accept.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${accept.json().token}` };
    expect((await call("GET", "/api/users/me", headers)).json().team).toMatchObject({
      role: "buyer",
      memberId,
      approvalLimit: "1000.00",
    });
    const again = await world.app.inject({
      method: "POST",
      url: "/api/team/invite/accept",
      payload: { token, password: "Other@2026x" },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(teamMessages.inviteInvalid);
    expect((await world.app.inject({ url: `/api/team/invite/${token}` })).statusCode).toBe(404);
    await world.signIn("priya.nair@shop.in", "Priya@2026");
    const listed = (await call("GET", "/api/team/users", owner)).json().members;
    expect(listed.find((m: { id: number }) => m.id === memberId)).toMatchObject({
      state: "active",
      inviteExpiresAt: null,
    });
    // An accepted member's invitation cannot be sent again.
    const resend = await call("PUT", `/api/team/users/${memberId}`, owner, { resendInvite: true });
    expect(resend.statusCode).toBe(409);
    expect(resend.json().message).toBe(teamMessages.alreadyAccepted("Priya Nair"));
  });

  it("refuses an expired link with the clear message, and a resent one works", async () => {
    const res = await invite(owner, { email: "late@shop.in", firstname: "Lata", role: "viewer" });
    expect(res.statusCode).toBe(201);
    const stale = await lastLinkToken();
    try {
      clock = new Date(START.getTime() + TEAM_INVITE_TTL_MS + 1000);
      const info = await world.app.inject({ url: `/api/team/invite/${stale}` });
      expect(info.statusCode).toBe(404);
      expect(info.json().message).toBe(
        "This invitation link is not valid: it may have expired or been used already. Ask the store's owner to send a new one.",
      );
      const accept = await world.app.inject({
        method: "POST",
        url: "/api/team/invite/accept",
        payload: { token: stale, password: "Lata@20266" },
      });
      expect(accept.statusCode).toBe(404);
      const resend = await call("PUT", `/api/team/users/${res.json().id}`, owner, { resendInvite: true });
      expect(resend.statusCode).toBe(200);
      expect(resend.json().inviteExpiresAt).toBe(
        new Date(clock.getTime() + TEAM_INVITE_TTL_MS).toISOString(),
      );
      const fresh = await lastLinkToken();
      expect(fresh).not.toBe(stale);
      expect((await world.app.inject({ url: `/api/team/invite/${fresh}` })).statusCode).toBe(200);
    } finally {
      clock = START;
    }
  });

  it("answers an unknown or malformed token with 404 or 400, never 500", async () => {
    const unknown = await world.app.inject({ url: "/api/team/invite/abcdefghijklmnopqrstuvwxyz" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(teamMessages.inviteInvalid);
    const short = await world.app.inject({
      method: "POST",
      url: "/api/team/invite/accept",
      payload: { token: "abc", password: "short" },
    });
    expect(short.statusCode).toBe(400);
  });
});

describe("changing a member", () => {
  const memberIdOf = async (email: string) => {
    const members = (await call("GET", "/api/team/users", owner)).json().members as {
      id: number;
      email: string;
    }[];
    const found = members.find((m) => m.email === email);
    if (!found) throw new Error(`${email} is not in the team`);
    return found.id;
  };

  it("changes role and limit; a limit only for buyers", async () => {
    const id = await memberIdOf("buyer@demo.in");
    const limit = await call("PUT", `/api/team/users/${id}`, owner, { approvalLimit: 75000.5 });
    expect(limit.statusCode).toBe(200);
    expect(limit.json()).toMatchObject({ role: "buyer", approvalLimit: "75000.50" });
    const buyer = await world.signIn("buyer@demo.in");
    expect((await call("GET", "/api/users/me", buyer)).json().team.approvalLimit).toBe("75000.50");
    const toViewer = await call("PUT", `/api/team/users/${id}`, owner, { role: "viewer" });
    expect(toViewer.json()).toMatchObject({ role: "viewer", approvalLimit: null });
    // The role holds at once for the session already open.
    const cart = await call("GET", "/api/users/cart", buyer);
    expect(cart.statusCode).toBe(403);
    expect(cart.json().message).toBe(
      "Your role (Viewer) cannot use the cart or place orders. Ask the store's owner.",
    );
    const refused = await call("PUT", `/api/team/users/${id}`, owner, { approvalLimit: 100 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(teamMessages.limitOnlyForBuyers);
    const back = await call("PUT", `/api/team/users/${id}`, owner, { role: "buyer", approvalLimit: 50000 });
    expect(back.json()).toMatchObject({ role: "buyer", approvalLimit: "50000.00" });
    expect((await call("GET", "/api/users/cart", buyer)).statusCode).toBe(200);
    const empty = await call("PUT", `/api/team/users/${id}`, owner, {});
    expect(empty.statusCode).toBe(400);
  });

  it("deactivating ends every session of the member at once on both instances; reactivating lets them in", async () => {
    const id = await memberIdOf("accounts@demo.in");
    const onA = await world.signIn("accounts@demo.in");
    const signInB = await other.inject({
      method: "POST",
      url: "/api/auth/local",
      payload: { email: "accounts@demo.in", password: DEMO_PASSWORD },
    });
    const onB = { authorization: `Bearer ${signInB.json().token}` };
    expect((await other.inject({ url: "/api/users/me", headers: onB })).statusCode).toBe(200);
    const off = await other.inject({
      method: "PUT",
      url: `/api/team/users/${id}`,
      headers: owner,
      payload: { active: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().state).toBe("deactivated");
    for (const [app, headers] of [
      [world.app, onA],
      [other, onA],
      [world.app, onB],
      [other, onB],
    ] as const)
      expect((await app.inject({ url: "/api/users/me", headers })).statusCode).toBe(401);
    const refused = await world.app.inject({
      method: "POST",
      url: "/api/auth/local",
      payload: { email: "accounts@demo.in", password: DEMO_PASSWORD },
    });
    expect(refused.statusCode).toBe(401);
    // The owner stays signed in.
    expect((await call("GET", "/api/users/me", owner)).statusCode).toBe(200);
    const on = await call("PUT", `/api/team/users/${id}`, owner, { active: true });
    expect(on.json().state).toBe("active");
    const back = await world.signIn("accounts@demo.in");
    expect((await other.inject({ url: "/api/users/me", headers: back })).statusCode).toBe(200);
  });

  it("never reaches another store's member (404), and staff have no team", async () => {
    const id = await memberIdOf("buyer@demo.in");
    const stockist = await world.signIn("stockist@demo.in");
    const res = await call("PUT", `/api/team/users/${id}`, stockist, { active: false });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(teamMessages.memberNotFound);
    expect((await call("GET", "/api/team/users", stockist)).json().members).toEqual([]);
    const staff = await world.signIn("admin@demo.in");
    const staffList = await call("GET", "/api/team/users", staff);
    expect(staffList.statusCode).toBe(403);
    expect(staffList.json().message).toBe(teamMessages.staffHaveNoTeam);
    const missing = await call("PUT", "/api/team/users/999999", owner, { active: false });
    expect(missing.statusCode).toBe(404);
  });
});

describe("a member's own password", () => {
  it("changes it without ending the owner's or other people's sessions", async () => {
    const buyer = await world.signIn("buyer@demo.in");
    const buyerElsewhere = await world.signIn("buyer@demo.in");
    const res = await call("PUT", "/api/users/me/password", buyer, {
      oldPassword: DEMO_PASSWORD,
      newPassword: "Buyer@2027",
    });
    expect(res.statusCode).toBe(200);
    expect((await call("GET", "/api/users/me", buyer)).statusCode).toBe(200);
    expect((await call("GET", "/api/users/me", buyerElsewhere)).statusCode).toBe(401);
    expect((await call("GET", "/api/users/me", owner)).statusCode).toBe(200);
    await world.signIn("buyer@demo.in", "Buyer@2027");
    // The store's own password is unchanged.
    await world.signIn("franchisee@demo.in");
  });

  it("mails a member who forgot it a one-hour set-password link", async () => {
    const res = await world.app.inject({ url: "/api/forgotpassword?userEmail=buyer@demo.in" });
    expect(res.statusCode).toBe(200);
    const mail = (await world.lastMail()).replace(/=\r?\n/g, "");
    expect(mail).toContain("To: buyer@demo.in");
    expect(mail).toContain("within one hour");
    const token = await lastLinkToken();
    const accept = await world.app.inject({
      method: "POST",
      url: "/api/team/invite/accept",
      payload: { token, password: DEMO_PASSWORD },
    });
    expect(accept.statusCode).toBe(200);
    await world.signIn("buyer@demo.in");
  });
});

describe("who of the store did it", () => {
  it("records the accountant on the payment they confirm, and the audit names a member's acts", async () => {
    const kit = await backOfficeKit(world);
    const order = await kit.order([2]);
    expect((await kit.call("POST", `/api/admin/orders/${order.poid}/confirm`, {})).statusCode).toBe(200);
    const load = (await kit.call("POST", "/api/admin/loads", { poids: [order.poid] })).json();
    await kit.call("POST", `/api/admin/loads/${load.id}/hand-over`, {
      transporter: "Gati",
      docketNo: "GT-TEAM1",
    });
    expect((await kit.call("POST", `/api/admin/loads/${load.id}/ship`, {})).statusCode).toBe(200);
    const accounts = await world.signIn("accounts@demo.in");
    const pending = await call("GET", "/api/payment/pending?accountId=1", accounts);
    expect(pending.statusCode).toBe(200);
    const doc = (
      pending.json().openDocuments as { entryId: number; orders: string[]; openAmount: string }[]
    ).find((d) => d.orders.includes(order.poid));
    if (!doc) throw new Error("the shipped order owes nothing");
    const paid = await call("POST", "/api/payment/processConfirmPayment", accounts, {
      paymentData: {
        paymentType: "Neft",
        ledgerAccount: 1,
        referenceId: "UTRTEAM001",
        totalAmountPaid: doc.openAmount,
        documents: [doc.entryId],
      },
    });
    expect(paid.statusCode).toBe(200);
    const [member] = await world.database.db
      .select()
      .from(storeMembers)
      .where(eq(storeMembers.email, "accounts@demo.in"));
    const [payment] = await world.database.db.select().from(payments).where(eq(payments.id, paid.json().id));
    expect(payment?.submittedByMemberId).toBe(member?.id);
    // The owner's own confirmation records no member.
    const buyer = await world.signIn("buyer@demo.in");
    const byBuyer = await call("POST", "/api/payment/processConfirmPayment", buyer, {
      paymentData: {
        paymentType: "Neft",
        ledgerAccount: 1,
        referenceId: "UTRTEAM002",
        totalAmountPaid: "1.00",
      },
    });
    expect(byBuyer.statusCode).toBe(403);
    expect(byBuyer.json().message).toBe("Your role (Buyer) cannot make payments. Ask the store's owner.");

    // An audit entry of a member's act names them "Name (role) for Store".
    await recordAudit(world.database.db, {
      actorId: member?.storeId ?? 0,
      actorMemberId: member?.id ?? 0,
      action: "salesReturn.inTransit",
      entity: "salesReturn",
      entityId: "TEAM-1",
      at: START,
    });
    const rows = (await kit.call("GET", "/api/admin/audit?entity=salesReturn&entityId=TEAM-1")).json().rows;
    const store = (await call("GET", "/api/users/me", owner)).json();
    expect(rows).toHaveLength(1);
    expect(rows[0].actorName).toBe(`Arun Mehta (Accounts) for ${store.storeName}`);
    expect(rows[0].actorEmail).toBe("franchisee@demo.in");
  });
});
