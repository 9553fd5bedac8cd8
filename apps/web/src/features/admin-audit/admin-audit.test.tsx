// @vitest-environment happy-dom
import "../../test/setup";
import { notifications } from "@mantine/notifications";
import type { AuditRow, Me } from "@portal/contracts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../../lib/token";
import { fakeApi, franchisee, renderApp } from "../../test/render";

const staff: Me = { ...franchisee, id: 9, email: "admin@demo.in", role: "admin", accountType: "admin" };

const entry: AuditRow = {
  id: 7,
  actorId: 9,
  actorEmail: "admin@demo.in",
  action: "load.handOver",
  entity: "load",
  entityId: "12",
  before: { status: "Ready To Dispatch" },
  after: { status: "Hand Over" },
  at: "2026-11-21T06:30:00.000Z",
};

afterEach(() => {
  cleanup();
  notifications.clean();
  tokenStore.clear();
});

describe("the audit log", { timeout: 30_000 }, () => {
  it("filters by entity kind and actor from the database, and searches through the address", async () => {
    tokenStore.set("t");
    const calls = fakeApi((url) => {
      if (url.pathname === "/api/users/me") return { status: 200, body: staff };
      if (url.pathname === "/api/admin/audit/filters")
        return {
          status: 200,
          body: { entities: ["load", "order", "payment"], actors: [{ id: 9, email: "admin@demo.in" }] },
        };
      if (url.pathname === "/api/admin/audit") return { status: 200, body: { rows: [entry], total: 1 } };
    });
    const { router } = renderApp("/admin/audit");
    const table = await screen.findByTestId("audit-table", {}, { timeout: 15_000 });
    await within(table).findByText("load.handOver");

    fireEvent.click(within(table).getByRole("textbox", { name: "Entity" }));
    fireEvent.click(await screen.findByRole("option", { name: "payment" }));
    await waitFor(() => expect(router.state.location.search).toBe("?entity=payment"));

    fireEvent.click(within(table).getByRole("textbox", { name: "Who" }));
    fireEvent.click(await screen.findByRole("option", { name: "admin@demo.in" }));
    await waitFor(() => expect(router.state.location.search).toBe("?entity=payment&actorId=9"));

    const search = screen.getByTestId("list-search");
    fireEvent.change(search, { target: { value: "PO-1T" } });
    fireEvent.keyDown(search, { key: "Enter" });
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toContain(
        "/api/admin/audit?entity=payment&actorId=9&q=PO-1T&page=1&pageSize=25",
      ),
    );
  });
});
