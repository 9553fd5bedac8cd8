// @vitest-environment happy-dom
import "../../test/setup";
import { notifications } from "@mantine/notifications";
import type { AdminWaybill, Me } from "@portal/contracts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../../lib/token";
import { fakeApi, franchisee, renderApp } from "../../test/render";

const staff: Me = { ...franchisee, id: 9, email: "admin@demo.in", role: "admin", accountType: "admin" };

const waybill = (id: number, status: AdminWaybill["status"], documents: number): AdminWaybill => ({
  id,
  requestId: `WB${id}`,
  loadId: id,
  userId: 1,
  partnerName: "Babyhug FC Camp Pune",
  warehouseId: 2,
  status,
  transporter: "Blue Dart",
  awbNo: `BD${id}`,
  checkpostName: null,
  whRequestDate: "2026-11-20T10:00:00.000Z",
  invoiceValue: "1180.00",
  totalQty: 3,
  closedAt: null,
  documents,
});

afterEach(() => {
  cleanup();
  notifications.clean();
  tokenStore.clear();
});

describe("The waybills desk", { timeout: 30_000 }, () => {
  it("searches and sorts through the address, shows the uploaded PDF before closing, and closes after asking", async () => {
    tokenStore.set("t");
    const posted: { path: string; body: unknown }[] = [];
    const calls = fakeApi((url, init) => {
      if (url.pathname === "/api/users/me") return { status: 200, body: staff };
      if (url.pathname === "/api/users/userList") return { status: 200, body: { rows: [], total: 0 } };
      if (url.pathname === "/api/admin/waybills")
        return {
          status: 200,
          body: { rows: [waybill(3, "Doc Uploaded", 1), waybill(4, "WH Request", 0)], total: 2 },
        };
      if (url.pathname === "/api/admin/waybills/3/documents")
        return {
          status: 200,
          body: [
            {
              path: "waybills/3/abc.pdf",
              fileName: "signed-waybill.pdf",
              uploadedAt: "2026-11-21T10:00:00.000Z",
              comment: "Signed at the checkpost",
            },
          ],
        };
      if (url.pathname === "/api/waybill/download")
        return {
          status: 200,
          body: { url: "/api/files/waybills/3/abc.pdf?sig=x", expiresAt: "2026-11-21T10:05:00.000Z" },
        };
      if (init.method === "POST" && url.pathname === "/api/admin/waybills/3/close") {
        posted.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
        return { status: 200, body: waybill(3, "Closed", 1) };
      }
    });
    renderApp("/admin/waybills?q=bd3&sort=-invoiceValue");
    const table = await screen.findByTestId("waybills-table", {}, { timeout: 15_000 });
    await within(table).findByText("WB3");
    const asked = calls.find((c) => c.path.startsWith("/api/admin/waybills?"));
    expect(Object.fromEntries(new URLSearchParams(asked?.path.split("?")[1]))).toEqual({
      q: "bd3",
      sort: "-invoiceValue",
      page: "1",
      pageSize: "25",
    });
    expect(within(table).getByTestId("documents-3").textContent).toBe("Documents (1)");
    expect(within(table).getByTestId("documents-4").textContent).toBe("Details");

    fireEvent.click(within(table).getByTestId("documents-3"));
    const viewer = await screen.findByTestId("waybill-document");
    expect(viewer.getAttribute("src")).toBe("/api/files/waybills/3/abc.pdf?sig=x");
    expect(screen.getByTestId("waybill-document-link").getAttribute("href")).toBe(
      "/api/files/waybills/3/abc.pdf?sig=x",
    );
    expect(calls.find((c) => c.path === "/api/waybill/download")?.method).toBe("POST");

    fireEvent.click(screen.getByTestId("close-waybill"));
    const ask = await screen.findByTestId("ask-dialog");
    expect(ask.textContent).toContain("Close WB3 for load 3?");
    fireEvent.click(within(ask).getByTestId("ask-dialog-confirm"));
    await waitFor(() => expect(posted).toEqual([{ path: "/api/admin/waybills/3/close", body: {} }]));
  });
});
