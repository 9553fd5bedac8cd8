// @vitest-environment happy-dom
import "../test/setup";
import { flagDeniedMessages } from "@portal/domain";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../lib/token";
import { fakeApi, franchisee, renderApp, stockist } from "../test/render";

afterEach(() => {
  cleanup();
  tokenStore.clear();
});

/** A signed-in stockist (no ledger flag, no store performance); signing in again answers the franchisee. */
function api() {
  let me = stockist;
  return fakeApi((url) => {
    if (url.pathname === "/api/users/me") return { status: 200, body: me };
    if (url.pathname === "/api/auth/local") {
      me = franchisee;
      return { status: 200, body: { token: "franchisee-token" } };
    }
    if (["/api/menu", "/api/notifications", "/api/banner", "/api/category/b2b"].includes(url.pathname))
      return { status: 200, body: [] };
    if (url.pathname === "/api/ledger/getAccTypes") return { status: 200, body: [] };
    return undefined;
  });
}

describe("flag guards (spec: ledger and store performance redirect to login)", { timeout: 20_000 }, () => {
  it("sends a partner without the ledger flag from /account/ledger to the login screen, still signed in, told why", async () => {
    tokenStore.set("stockist-token");
    api();
    const { router } = renderApp("/account/ledger");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toBe("?ref=%2Faccount%2Fledger");
    expect(await screen.findByRole("button", { name: "Sign in" })).toBeTruthy();
    const notice = await screen.findByTestId("flag-denied");
    expect(notice.textContent).toContain(flagDeniedMessages.ledger);
    expect(notice.textContent).toContain(flagDeniedMessages.signInOther(stockist.email));
    // it stays there, not forwarded home: the notice names the signed-in account, so the sign-in
    // screen already had the account a forward would have been decided on
    expect(router.state.location.pathname).toBe("/login");
    expect(tokenStore.get()).toBe("stockist-token");
  });

  it("signing in there with an account that has the ledger opens it", async () => {
    tokenStore.set("stockist-token");
    api();
    const { router } = renderApp("/account/ledger");
    fireEvent.change(await screen.findByLabelText("Email"), { target: { value: "franchisee@demo.in" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "Demo@1234" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/account/ledger"));
    expect(tokenStore.get()).toBe("franchisee-token");
  });

  it("does the same for store performance; Back to Home leaves the login screen", async () => {
    tokenStore.set("stockist-token");
    api();
    const { router } = renderApp("/storeperformance");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    const notice = await screen.findByTestId("flag-denied");
    expect(notice.textContent).toContain(flagDeniedMessages.storePerformance);
    fireEvent.click(screen.getByRole("link", { name: "Back to Home" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/home"));
  });

  it("a plain visit to /login while signed in still goes home", async () => {
    tokenStore.set("stockist-token");
    api();
    const { router } = renderApp("/login");
    await waitFor(() => expect(router.state.location.pathname).toBe("/home"));
  });
});
