// @vitest-environment happy-dom
import "../../test/setup";
import { notifications } from "@mantine/notifications";
import type { Me, OrderRequest, SessionTeam, TeamUsersResponse } from "@portal/contracts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { pageGroup } from "../../lib/team-access";
import { tokenStore } from "../../lib/token";
import { fakeApi, franchisee, renderApp } from "../../test/render";

afterEach(() => {
  notifications.clean();
  cleanup();
  tokenStore.clear();
});

const member = (team: SessionTeam): Me => ({ ...franchisee, team }) as Me;
const owner = member({
  role: "owner",
  memberId: null,
  name: "Priya Deshmukh",
  email: "franchisee@demo.in",
  approvalLimit: null,
});
const buyer = member({
  role: "buyer",
  memberId: 11,
  name: "Arjun Mehta",
  email: "buyer@demo.in",
  approvalLimit: "50000.00",
});
const accounts = member({
  role: "accounts",
  memberId: 12,
  name: "Kavya Iyer",
  email: "accounts@demo.in",
  approvalLimit: null,
});

const TEAM: TeamUsersResponse = {
  owner: { email: "franchisee@demo.in", firstname: "Priya", lastname: "Deshmukh" },
  assignableRoles: ["buyer", "accounts", "viewer"],
  members: [
    {
      id: 11,
      email: "buyer@demo.in",
      firstname: "Arjun",
      lastname: "Mehta",
      role: "buyer",
      approvalLimit: "50000.00",
      state: "active",
      inviteExpiresAt: null,
      createdAt: "2026-11-01T05:30:00.000Z",
    },
    {
      id: 13,
      email: "new.buyer@example.com",
      firstname: "Neha",
      lastname: "",
      role: "buyer",
      approvalLimit: "1000.00",
      state: "invited",
      inviteExpiresAt: "2026-11-21T05:30:00.000Z",
      createdAt: "2026-11-18T05:30:00.000Z",
    },
  ],
};

const REQUEST: OrderRequest = {
  id: 5,
  status: "pending",
  requestedBy: { id: 11, name: "Arjun Mehta", email: "buyer@demo.in" },
  total: "61234.50",
  lines: [
    { productId: 100101, name: "Pants Diapers M 54", qty: 30, warehouse: "Pune WH", amount: "38966.00" },
    { productId: 100102, name: "Travel Wipes", qty: 120, warehouse: "Pune WH", amount: "22268.50" },
  ],
  createdAt: "2026-11-18T05:30:00.000Z",
  expiresAt: "2026-11-25T05:30:00.000Z",
  decidedAt: null,
  declineReason: null,
  failure: null,
  poids: [],
};

function teamApi(me: Me) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  const calls = fakeApi((url, init) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    // what the team screens send (the shell's own calls left out)
    if (init.method && init.method !== "GET" && url.pathname.startsWith("/api/team/"))
      sent.push({ method: init.method, path: url.pathname, body });
    if (url.pathname === "/api/users/me") return { status: 200, body: me };
    if (["/api/menu", "/api/notifications"].includes(url.pathname)) return { status: 200, body: [] };
    if (url.pathname === "/api/users/cart") return { status: 200, body: { products: [] } };
    if (url.pathname === "/api/team/users") return { status: 200, body: TEAM };
    if (url.pathname === "/api/team/users/13") return { status: 200, body: TEAM.members[1] };
    if (url.pathname === "/api/team/requests")
      return { status: 200, body: { requests: [REQUEST], total: 1, page: 1, pageSize: 20 } };
    if (url.pathname === "/api/team/requests/5/decline")
      return {
        status: 200,
        body: {
          message: "Order request 5 is declined.",
          request: { ...REQUEST, status: "declined", declineReason: body.reason },
        },
      };
    return undefined;
  });
  return { sent, calls };
}

describe("what a store member's role may open", () => {
  it("maps each page to the group of calls it needs", () => {
    expect(pageGroup("/checkout")).toBe("ordering");
    expect(pageGroup("/account/ledger")).toBe("money-read");
    expect(pageGroup("/account/ledger/srdetails/9/2026-11-18/CN")).toBe("money-read");
    expect(pageGroup("/account/confirmPayment")).toBe("money");
    expect(pageGroup("/account/orderDetails/PO123")).toBe("orders");
    expect(pageGroup("/account/team")).toBe("team");
    expect(pageGroup("/account/requests")).toBe("requests");
    expect(pageGroup("/products/listing")).toBeNull();
    expect(pageGroup("/settings")).toBeNull();
  });

  it("an accountant opening the cart is told their role cannot order, and sees no cart in the header", async () => {
    tokenStore.set("t");
    const { calls } = teamApi(accounts);
    renderApp("/checkout");
    const panel = await screen.findByTestId("role-denied");
    expect(within(panel).getByRole("heading", { level: 1 }).textContent).toBe(
      "Your role (Accounts) cannot use the cart or place orders.",
    );
    expect(panel.textContent).toContain("Ask the store's owner if you need it.");
    expect(screen.queryByTestId("cart-button")).toBeNull();
    expect(screen.queryByTestId("nav-quick-order")).toBeNull();
    // the page's calls are never made
    expect(calls.some((c) => c.path.startsWith("/api/users/cart"))).toBe(false);
  });

  it("a buyer opening the team page is told their role cannot manage the team", async () => {
    tokenStore.set("t");
    teamApi(buyer);
    renderApp("/account/team");
    expect((await screen.findByTestId("role-denied")).textContent).toContain(
      "Your role (Buyer) cannot manage the store's team.",
    );
    expect(screen.getByTestId("cart-button")).toBeTruthy();
  });
});

describe("/account/team", () => {
  it("lists the members with role, limit and state; deactivating asks first, then sends active false", async () => {
    tokenStore.set("t");
    const { sent } = teamApi(owner);
    renderApp("/account/team");
    const rows = await screen.findAllByTestId("team-row");
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain("Arjun Mehta");
    expect(rows[0]?.textContent).toContain("₹50,000.00");
    expect(rows[0]?.textContent).toContain("Active");
    expect(rows[1]?.textContent).toContain("Invited");
    expect(
      within(rows[1] as HTMLElement).getByRole("button", { name: "Resend Neha's invitation" }),
    ).toBeTruthy();
    fireEvent.click(within(rows[1] as HTMLElement).getByRole("button", { name: "Deactivate Neha" }));
    const dialog = await screen.findByTestId("confirm-dialog");
    expect(dialog.textContent).toContain("Neha will be signed out everywhere at once");
    expect(sent).toHaveLength(0);
    fireEvent.click(screen.getByTestId("confirm-dialog-confirm"));
    await waitFor(() =>
      expect(sent).toEqual([{ method: "PUT", path: "/api/team/users/13", body: { active: false } }]),
    );
  });
});

describe("/account/requests", () => {
  it("the owner sees the waiting request's lines and total; declining needs a reason", async () => {
    tokenStore.set("t");
    const { sent, calls } = teamApi(owner);
    renderApp("/account/requests");
    const card = await screen.findByTestId("order-request");
    expect(calls.some((c) => c.path === "/api/team/requests?status=pending&page=1")).toBe(true);
    expect(within(card).getByTestId("request-total").textContent).toBe("₹61,234.50");
    expect(card.textContent).toContain("Arjun Mehta");
    expect(card.textContent).toContain("Pants Diapers M 54");
    expect(card.textContent).toContain("Waiting for approval");
    fireEvent.click(within(card).getByRole("button", { name: "Decline" }));
    const dialog = await screen.findByTestId("decline-dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Decline" }));
    expect(
      await within(dialog).findByText("Please say why, so the buyer knows what to change."),
    ).toBeTruthy();
    expect(sent).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: "Too many wipes" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Decline" }));
    await waitFor(() =>
      expect(sent).toEqual([
        { method: "POST", path: "/api/team/requests/5/decline", body: { reason: "Too many wipes" } },
      ]),
    );
  });

  it("a buyer sees their requests with no way to decide them", async () => {
    tokenStore.set("t");
    const { calls } = teamApi(buyer);
    renderApp("/account/requests");
    const card = await screen.findByTestId("order-request");
    expect(calls.some((c) => c.path === "/api/team/requests?page=1")).toBe(true);
    expect(within(card).queryByRole("button", { name: "Approve and place" })).toBeNull();
    expect(within(card).queryByRole("button", { name: "Decline" })).toBeNull();
  });
});
