// @vitest-environment happy-dom
import "../test/setup";
import type { Me } from "@portal/contracts";
import { accountMenuEntries, messages } from "@portal/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../lib/token";
import { fakeApi, franchisee, renderApp, stockist } from "../test/render";

const MENU = [
  { id: 1, name: "Diapering", subcategories: [{ id: 11, name: "Diaper Pants" }] },
  { id: 2, name: "Baby Food & Infant Formula", subcategories: [{ id: 79, name: "Infant Formula" }] },
  { id: 3, name: "Kids Food & Nutritional Supplements", subcategories: [{ id: 815, name: "Health Drinks" }] },
];

/** A fake API for a signed-in user; `extra` answers anything else first. */
function signedInApi(
  user: Me,
  extra?: (url: URL, init: RequestInit) => { status: number; body: unknown } | undefined,
) {
  return fakeApi((url, init) => {
    const answer = extra?.(url, init);
    if (answer) return answer;
    if (url.pathname === "/api/users/me") return { status: 200, body: user };
    if (url.pathname === "/api/menu") return { status: 200, body: MENU };
    if (url.pathname === "/api/banner") return { status: 200, body: [] };
    if (url.pathname === "/api/category/b2b") return { status: 200, body: [] };
    if (url.pathname === "/api/notifications") return { status: 200, body: [] };
    return undefined;
  });
}

afterEach(() => {
  cleanup();
  tokenStore.clear();
});

describe("routing and session", () => {
  it("sends a signed-out user to login with the address kept, and back there after sign-in", async () => {
    const calls = fakeApi((url) => {
      if (url.pathname === "/api/auth/local") return { status: 200, body: { token: "fresh" } };
      if (url.pathname === "/api/users/me") return { status: 200, body: franchisee };
      if (url.pathname === "/api/menu" || url.pathname === "/api/notifications")
        return { status: 200, body: [] };
      return undefined;
    });
    const { router } = renderApp("/account/waybill?status=Closed");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toBe("?ref=%2Faccount%2Fwaybill%3Fstatus%3DClosed");

    fireEvent.change(await screen.findByLabelText("Email"), { target: { value: "Franchisee@Demo.in " } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "Demo@1234" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/account/waybill"));
    expect(router.state.location.search).toBe("?status=Closed");
    expect(await screen.findByRole("heading", { name: "Waybill" })).toBeTruthy();
    expect(document.title).toBe("Waybill | Partner Portal");
    expect(calls.filter((c) => c.path === "/api/auth/local")).toEqual([
      { method: "POST", path: "/api/auth/local", auth: null },
    ]);
    expect(tokenStore.get()).toBe("fresh");
  });

  it("shows the spec's message when sign-in fails and signs out", async () => {
    tokenStore.set("old-session");
    fakeApi((url) =>
      url.pathname === "/api/auth/local"
        ? { status: 401, body: { message: messages.loginFailed } }
        : undefined,
    );
    const { router } = renderApp("/login");
    await screen.findByLabelText("Email");
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "franchisee@demo.in" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "wrong-pass" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText(messages.loginFailed)).toBeTruthy();
    expect(tokenStore.get()).toBeNull();
    expect(router.state.location.pathname).toBe("/login");
  });

  it("sends unknown paths to login, which forwards a signed-in user home", async () => {
    tokenStore.set("t");
    signedInApi(franchisee);
    const { router } = renderApp("/no/such/screen");
    await waitFor(() => expect(router.state.location.pathname).toBe("/home"));
  });

  it("returns to login keeping the address when a call answers 401 mid-session", async () => {
    tokenStore.set("t");
    signedInApi(franchisee, (url) =>
      url.pathname === "/api/notifications" ? { status: 401, body: { message: "expired" } } : undefined,
    );
    const { router } = renderApp("/notifications");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toBe("?ref=%2Fnotifications");
    expect(tokenStore.get()).toBeNull();
  });

  it("guards ledger and store performance with a redirect to login, admin with one home", async () => {
    tokenStore.set("t");
    signedInApi(stockist);
    const { router } = renderApp("/account/ledger");
    // the sign-in screen, the user still signed in and told why (guards.test.tsx)
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toBe("?ref=%2Faccount%2Fledger");
    await router.navigate("/admin");
    await waitFor(() => expect(router.state.location.pathname).toBe("/home"));
    await router.navigate("/account/arsReport");
    await waitFor(() => expect(router.state.location.pathname).toBe("/home"));
  });

  it("opens a reset link while signed in, without sending the token", async () => {
    tokenStore.set("t");
    const calls = signedInApi(franchisee, (url) =>
      url.pathname.startsWith("/api/forgotpassword/checkToken/")
        ? { status: 401, body: { message: messages.resetLinkInvalid } }
        : undefined,
    );
    const { router } = renderApp("/resetPassword/abcdefghijklmnop");
    expect(await screen.findByText(messages.resetLinkInvalid)).toBeTruthy();
    expect(router.state.location.pathname).toBe("/resetPassword/abcdefghijklmnop");
    expect(calls.find((c) => c.path.startsWith("/api/forgotpassword"))?.auth).toBeNull();
    expect(tokenStore.get()).toBe("t");
  });
});

describe("the shell", () => {
  it("lists exactly the spec's My Account entries, in order", async () => {
    tokenStore.set("t");
    signedInApi(franchisee);
    renderApp("/home");
    fireEvent.click(await screen.findByTestId("account-menu"));
    const items = await screen.findAllByRole("menuitem");
    // the store's Dashboard (issue 30), the spec's entries, then Saved lists, the owner's Team and Order requests (issue 30), Training and
    // Lookbooks (not in the spec's list) before Logout
    const labels = accountMenuEntries(franchisee).map((e) => e.label);
    expect(items.map((i) => i.textContent)).toEqual([
      "Dashboard",
      ...labels.slice(0, -1),
      "Saved lists",
      "Team",
      "Order requests",
      "Training",
      "Lookbooks",
      "Logout",
    ]);
  });

  it("shows food-licence users only the two food categories", async () => {
    tokenStore.set("t");
    signedInApi(franchisee);
    renderApp("/home");
    fireEvent.click(await screen.findByTestId("category-menu"));
    const nav = await screen.findByRole("navigation", { name: "Categories" });
    const names = within(nav)
      .getAllByRole("link")
      .map((a) => a.textContent);
    expect(names).toEqual(["Baby Food & Infant Formula", "Kids Food & Nutritional Supplements"]);
  });

  it("opening a notification marks it read, removes it and goes to its target", async () => {
    tokenStore.set("t");
    let unread = [
      {
        id: 5,
        title: "Order shipped",
        message: "PO-1 shipped",
        target: "/account/orderHistory",
        createdAt: "2026-10-01T10:00:00Z",
      },
      {
        id: 6,
        title: "Ledger updated",
        message: "Payment received",
        target: "/account/ledger",
        createdAt: "2026-10-02T10:00:00Z",
      },
    ];
    const calls = signedInApi(franchisee, (url, init) => {
      if (url.pathname === "/api/notifications") return { status: 200, body: unread };
      if (url.pathname === "/api/notifications/5" && init.method === "PUT") {
        unread = unread.filter((n) => n.id !== 5);
        return { status: 200, body: { message: "ok" } };
      }
      return undefined;
    });
    const { router } = renderApp("/home");
    fireEvent.click(await screen.findByRole("button", { name: "Notifications, 2 unread" }));
    fireEvent.click(await screen.findByText("Order shipped"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/account/orderHistory"));
    expect(calls.some((c) => c.method === "PUT" && c.path === "/api/notifications/5")).toBe(true);
    expect(await screen.findByRole("button", { name: "Notifications, 1 unread" })).toBeTruthy();
  });

  it("searches with Enter, stripping non-alphanumerics", async () => {
    tokenStore.set("t");
    signedInApi(stockist);
    const { router } = renderApp("/home");
    const box = await screen.findByLabelText("Search products");
    fireEvent.change(box, { target: { value: "baby's shoes!" } });
    fireEvent.submit(box.closest("form") as HTMLFormElement);
    await waitFor(() => expect(router.state.location.pathname).toBe("/products/search/babys%20shoes"));
  });

  it("signs out from My Account to a plain login screen", async () => {
    tokenStore.set("t");
    const calls = signedInApi(stockist, (url) =>
      url.pathname === "/api/auth/logout" ? { status: 200, body: { message: "Signed out" } } : undefined,
    );
    const { router } = renderApp("/settings");
    fireEvent.click(await screen.findByTestId("account-menu"));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Logout" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toBe("");
    expect(tokenStore.get()).toBeNull();
    expect(calls).toContainEqual({ method: "POST", path: "/api/auth/logout", auth: "Bearer t" });
  });
});
