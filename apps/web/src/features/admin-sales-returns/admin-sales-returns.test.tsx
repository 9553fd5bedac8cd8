// @vitest-environment happy-dom
import "../../test/setup";
import { notifications } from "@mantine/notifications";
import type { AdminSalesReturn, Me } from "@portal/contracts";
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../../lib/token";
import { fakeApi, franchisee, renderApp } from "../../test/render";

const staff: Me = { ...franchisee, id: 9, email: "admin@demo.in", role: "admin", accountType: "admin" };

const sr = (id: number, status: AdminSalesReturn["status"]): AdminSalesReturn => ({
  id,
  referenceId: `SR-${id}`,
  userId: 1,
  partnerName: "Babyhug FC Camp Pune",
  partnerEmail: "franchisee@demo.in",
  warehouseId: 2,
  status,
  invoiceDate: "2026-11-20",
  createdAt: "2026-11-22T10:00:00.000Z",
  shippingCompany: null,
  awb: null,
  amount: "500.00",
  lines: [
    {
      poid: "PO-1",
      productId: 11,
      quantity: 1,
      mrp: "500.00",
      amountRefundable: "500.00",
      hsnCode: "6111",
      receivedQuantity: status === "WHReceived" ? 1 : null,
    },
  ],
  approvedAt: null,
  invoiceId: 7,
  invoiceNumber: "CM02/2627/000007",
  receivedAt: status === "WHReceived" ? "2026-11-23T10:00:00.000Z" : null,
  rejectedAt: null,
  rejectionReason: null,
  creditNote: null,
});

afterEach(() => {
  cleanup();
  notifications.clean();
  tokenStore.clear();
});

describe("The sales returns desk", { timeout: 30_000 }, () => {
  it("searches and sorts through the address and keeps each return's next step on its row", async () => {
    tokenStore.set("t");
    const calls = fakeApi((url) => {
      if (url.pathname === "/api/users/me") return { status: 200, body: staff };
      if (url.pathname === "/api/users/userList") return { status: 200, body: { rows: [], total: 0 } };
      if (url.pathname === "/api/admin/sales-returns")
        return { status: 200, body: { rows: [sr(1, "Pending"), sr(2, "WHReceived")], total: 2 } };
    });
    renderApp("/admin/sales-returns?q=CM02&sort=-createdAt");
    const table = await screen.findByTestId("sales-returns-table", {}, { timeout: 15_000 });
    await within(table).findByText("SR-1");
    const asked = calls.find((c) => c.path.startsWith("/api/admin/sales-returns?"));
    expect(Object.fromEntries(new URLSearchParams(asked?.path.split("?")[1]))).toEqual({
      q: "CM02",
      sort: "-createdAt",
      page: "1",
      pageSize: "25",
    });
    // a Pending return waits to be received, a received one to be approved; the rest are in the menu
    expect(within(table).getByTestId("receive-1").textContent).toBe("Receive");
    expect(within(table).getByTestId("approve-2").textContent).toBe("Approve");
    expect(within(table).queryByTestId("reject-1")).toBeNull();
    expect(within(table).getByRole("button", { name: "More actions for SR-1" }).tagName).toBe("BUTTON");
    expect(within(table).getByText("SR-2").closest("tr")?.textContent).toContain("CM02/2627/000007");
  });
});
