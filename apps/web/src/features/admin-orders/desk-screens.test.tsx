// @vitest-environment happy-dom
import "../../test/setup";
import { notifications } from "@mantine/notifications";
import type { AdminOrderRow, AuditRow, Me } from "@portal/contracts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { HistoryPanel } from "../../admin-kit/HistoryPanel";
import { tokenStore } from "../../lib/token";
import { fakeApi, franchisee, renderApp, renderUi } from "../../test/render";
import { AutoConfirmPage } from "./AutoConfirmPage";

const staff: Me = { ...franchisee, id: 9, email: "admin@demo.in", role: "admin", accountType: "admin" };

const row = (poid: string): AdminOrderRow => ({
  poid,
  userId: 1,
  partnerName: "Babyhug FC Camp Pune",
  partnerEmail: "franchisee@demo.in",
  accountType: "franchise",
  warehouseId: 2,
  warehouseName: "Pune",
  status: "Pending",
  createdAt: "2026-11-20T10:00:00.000Z",
  totalItems: 2,
  orderedQuantity: 5,
  totalQuantity: 5,
  netPayment: "1200.00",
  gapReport: 0,
  loadId: null,
  autoConfirmed: false,
});

const entry = (id: number, action: string, at: string, actorEmail: string | null): AuditRow => ({
  id,
  actorId: actorEmail ? 9 : null,
  actorEmail,
  action,
  entity: "order",
  entityId: "PO-1T",
  before: null,
  after: null,
  at,
});

afterEach(() => {
  cleanup();
  notifications.clean();
  tokenStore.clear();
});

describe("the order desk's screens", { timeout: 30_000 }, () => {
  it("offers every warehouse from the database and searches the orders through the address", async () => {
    tokenStore.set("t");
    const calls = fakeApi((url) => {
      if (url.pathname === "/api/users/me") return { status: 200, body: staff };
      if (url.pathname === "/api/users/userList") return { status: 200, body: { rows: [], total: 0 } };
      if (url.pathname === "/api/admin/order-filters")
        return {
          status: 200,
          body: {
            warehouses: [
              { id: 2, name: "Pune" },
              { id: 5, name: "Surat" },
            ],
            partners: [],
          },
        };
      if (url.pathname === "/api/admin/orders")
        return { status: 200, body: { rows: [row("PO-1T")], total: 1 } };
    });
    const { router } = renderApp("/admin/orders");
    const table = await screen.findByTestId("orders-table", {}, { timeout: 15_000 });
    await within(table).findByText("PO-1T");
    await waitFor(() => expect(calls.some((c) => c.path === "/api/admin/order-filters")).toBe(true));

    fireEvent.click(within(table).getByRole("textbox", { name: "Warehouse" }));
    // Surat has no order on the page: the choices come from the database, not the rows shown
    fireEvent.click(await screen.findByRole("option", { name: "Surat" }));
    await waitFor(() => expect(router.state.location.search).toBe("?warehouseId=5"));

    const search = screen.getByTestId("list-search");
    fireEvent.change(search, { target: { value: "INV-7" } });
    fireEvent.keyDown(search, { key: "Enter" });
    await waitFor(() =>
      expect(calls.some((c) => c.path.startsWith("/api/admin/orders?") && c.path.includes("q=INV-7"))).toBe(
        true,
      ),
    );
    expect(router.state.location.search).toBe("?warehouseId=5&q=INV-7");
  });

  it("shows who did what to an order and when, newest first, from the audit log", async () => {
    tokenStore.set("t");
    const calls = fakeApi((url) => {
      if (url.pathname === "/api/admin/audit")
        return {
          status: 200,
          body: {
            rows: [
              entry(2, "order.cancel", "2026-11-21T06:30:00.000Z", "admin@demo.in"),
              entry(1, "order.autoConfirm", "2026-11-20T10:05:00.000Z", null),
            ],
            total: 2,
          },
        };
    });
    renderUi(<HistoryPanel entity="order" entityId="PO-1T" />);
    const items = await screen.findAllByTestId("history-entry");
    expect(items.map((i) => i.textContent)).toEqual([
      "Order cancelled by admin@demo.in21-11-2026 12:00",
      "Order auto-confirmed by system20-11-2026 15:35",
    ]);
    expect(calls.map((c) => c.path)).toContain(
      "/api/admin/audit?entity=order&entityId=PO-1T&sort=-at&pageSize=20",
    );
  });

  it("saves the auto-confirm setting after asking, sending only what changed", async () => {
    tokenStore.set("t");
    let body: unknown = null;
    fakeApi((url, init) => {
      if (url.pathname === "/api/admin/settings/auto-confirm") {
        if (init.method === "PUT") {
          body = JSON.parse(String(init.body));
          return { status: 200, body };
        }
        return {
          status: 200,
          body: [
            { accountType: "franchise", autoConfirm: false, delayMinutes: 60 },
            { accountType: "stockist", autoConfirm: true, delayMinutes: 30 },
          ],
        };
      }
      if (url.pathname === "/api/admin/audit") return { status: 200, body: { rows: [], total: 0 } };
    });
    renderUi(<AutoConfirmPage />);
    const franchise = await screen.findByRole(
      "switch",
      { name: "Auto-confirm franchise orders" },
      { timeout: 15_000 },
    );
    expect((screen.getByTestId("auto-confirm-save") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(franchise);
    fireEvent.click(screen.getByTestId("auto-confirm-save"));
    expect((await screen.findByTestId("ask-dialog")).textContent).toContain(
      "Change auto-confirm: franchise from off to on after 60 min?",
    );
    fireEvent.click(screen.getByTestId("ask-dialog-confirm"));
    expect((await screen.findByTestId("notice-success")).textContent).toContain(
      "Auto-confirm saved: franchise on after 60 min.",
    );
    expect(body).toEqual([{ accountType: "franchise", autoConfirm: true, delayMinutes: 60 }]);
    expect(await screen.findByText("No staff actions recorded")).toBeDefined();
  });
});
