// @vitest-environment happy-dom
import "../../test/setup";
import { messages } from "@portal/domain";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../../lib/token";
import { fakeApi, franchisee, renderApp, stockist } from "../../test/render";

afterEach(() => {
  cleanup();
  tokenStore.clear();
});

describe("change password", { timeout: 20_000 }, () => {
  it("clears a refusal once the partner edits or submits again, and shows only the success after", async () => {
    tokenStore.set("t");
    fakeApi((url, init) => {
      if (url.pathname === "/api/users/me") return { status: 200, body: franchisee };
      if (["/api/menu", "/api/notifications"].includes(url.pathname)) return { status: 200, body: [] };
      if (url.pathname === `/api/users/${franchisee.id}/password`) {
        const body = JSON.parse(String(init.body));
        return body.oldPassword === "Demo@1234"
          ? { status: 200, body: { message: messages.passwordChanged } }
          : { status: 400, body: { message: messages.currentPasswordInvalid } };
      }
      return undefined;
    });
    renderApp("/settings");
    const current = await screen.findByLabelText("Current password");
    const fill = (old: string) => {
      fireEvent.change(current, { target: { value: old } });
      fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: "Better@5678" } });
      fireEvent.change(screen.getByLabelText(/^Confirm/), { target: { value: "Better@5678" } });
    };
    fill("Wrong@1234");
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText(messages.currentPasswordInvalid)).toBeTruthy();

    fireEvent.change(current, { target: { value: "Demo@123" } });
    await waitFor(() => expect(screen.queryByText(messages.currentPasswordInvalid)).toBeNull());

    fill("Demo@1234");
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect((await screen.findByTestId("password-changed")).textContent).toBe(messages.passwordChanged);
    expect(screen.queryByText(messages.currentPasswordInvalid)).toBeNull();
  });
});

describe("the monthly statement setting on /settings", { timeout: 20_000 }, () => {
  it("turns the statement by mail on, kept on the server", async () => {
    tokenStore.set("t");
    const saved: unknown[] = [];
    fakeApi((url, init) => {
      if (url.pathname === "/api/users/me") return { status: 200, body: franchisee };
      if (["/api/menu", "/api/notifications"].includes(url.pathname)) return { status: 200, body: [] };
      if (url.pathname === "/api/users/me/preferences") {
        if (init.method === "PUT") {
          saved.push(JSON.parse(String(init.body)));
          return { status: 200, body: { monthlyStatement: true } };
        }
        return { status: 200, body: { monthlyStatement: false } };
      }
      return undefined;
    });
    renderApp("/settings");
    expect(await screen.findByRole("heading", { name: "Ledger statement by mail", level: 2 })).toBeTruthy();
    const toggle = await screen.findByRole("switch", {
      name: /Mail me my statement on the 1st of each month/,
    });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(saved).toEqual([{ monthlyStatement: true }]));
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
  });

  it("is not offered to a partner without the ledger", async () => {
    tokenStore.set("t");
    fakeApi((url) => {
      if (url.pathname === "/api/users/me") return { status: 200, body: stockist };
      if (["/api/menu", "/api/notifications"].includes(url.pathname)) return { status: 200, body: [] };
      return undefined;
    });
    renderApp("/settings");
    await screen.findByLabelText("Current password");
    expect(screen.queryByRole("switch")).toBeNull();
  });
});
