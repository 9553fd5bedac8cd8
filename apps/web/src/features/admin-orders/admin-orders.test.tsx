// @vitest-environment happy-dom
import "../../test/setup";
import { notifications } from "@mantine/notifications";
import type { AdminOrderDetail, AdminOrderRow, Me } from "@portal/contracts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../../lib/token";
import { fakeApi, franchisee, renderApp } from "../../test/render";

const staff: Me = { ...franchisee, id: 9, email: "admin@demo.in", role: "admin", accountType: "admin" };

const row = (poid: string, status: AdminOrderRow["status"] = "Pending"): AdminOrderRow => ({
  poid,
  userId: 1,
  partnerName: "Babyhug FC Camp Pune",
  partnerEmail: "franchisee@demo.in",
  accountType: "franchise",
  warehouseId: 2,
  warehouseName: "Pune",
  status,
  createdAt: "2026-11-20T10:00:00.000Z",
  totalItems: 2,
  orderedQuantity: 5,
  totalQuantity: 5,
  netPayment: "1200.00",
  gapReport: 0,
  loadId: null,
  autoConfirmed: false,
});

const line = (productId: number, orderedQuantity: number) => ({
  productId,
  name: `Onesie ${productId}`,
  desc: "",
  hsnCode: "6111",
  stockType: "OwnedStock" as const,
  isReturnable: true,
  minimumShipHours: 24,
  mrp: "499.00",
  actualPrice: "240.00",
  baseCost: "228.57",
  orderedQuantity,
  quantity: orderedQuantity,
  totalPrice: "720.00",
  totalBase: "685.71",
  gstRate: "5.00",
  cgstRate: "2.50",
  sgstRate: "2.50",
  igstRate: "0.00",
  cgst: "17.14",
  sgst: "17.15",
  igst: "0.00",
});

function detail(status: AdminOrderRow["status"], lines = [line(11, 3), line(12, 2)]): AdminOrderDetail {
  const address = {
    name: "Store",
    address1: "12 MG Road",
    address2: null,
    city: "Pune",
    state: "Maharashtra",
    pincode: "411001",
  };
  return {
    row: row("PO-1T", status),
    invoices: [],
    order: {
      poid: "PO-1T",
      warehouseId: 2,
      warehouseName: "Pune",
      warehouseState: "Maharashtra",
      warehouseGroup: "owned",
      source: "B2B",
      stockType: "OwnedStock",
      status,
      placementId: "p1",
      createdAt: "2026-11-20T10:00:00.000Z",
      paymentDate: null,
      maxShipDate: "2026-11-24T10:00:00.000Z",
      totalItems: lines.length,
      totalQuantity: 5,
      totalMrp: "2495.00",
      totalBase: "1142.85",
      totalCgst: "28.57",
      totalSgst: "28.58",
      totalIgst: "0.00",
      couponDiscount: "0.00",
      netPayment: "1200.00",
      gstType: "CGST/SGST",
      shippingCharge: false,
      shippingChargeAmount: "0.00",
      docketNo: null,
      transporterNo: null,
      gapReport: lines.reduce((n, l) => n + l.orderedQuantity - l.quantity, 0),
      shippingAddress: { ...address, phone: "9800000001" },
      billingAddress: { ...address, gstNo: null },
      lines,
    } as AdminOrderDetail["order"],
  };
}

afterEach(() => {
  cleanup();
  notifications.clean();
  tokenStore.clear();
});

describe("Admin Console", { timeout: 30_000 }, () => {
  it("sends a partner home and shows staff the dashboard counts linking to the queues", async () => {
    tokenStore.set("t");
    fakeApi((url) => {
      if (url.pathname === "/api/users/me") return { status: 200, body: franchisee };
    });
    const partner = renderApp("/admin/orders");
    await waitFor(() => expect(partner.router.state.location.pathname).toBe("/home"));
    cleanup();

    fakeApi((url) => {
      if (url.pathname === "/api/users/me") return { status: 200, body: staff };
      if (url.pathname === "/api/admin/dashboard")
        return {
          status: 200,
          body: {
            ordersToConfirm: 4,
            ordersToLoad: 2,
            loadsToShip: 1,
            paymentsToApprove: 3,
            salesReturnsToMove: 0,
            waybillRequests: 5,
          },
        };
    });
    renderApp("/admin");
    expect(
      (await screen.findByTestId("count-ordersToConfirm", {}, { timeout: 15_000 })).textContent,
    ).toContain("4");
    expect(screen.getByTestId("count-paymentsToApprove").textContent).toContain("3");
    expect(screen.getByTestId("tile-ordersToConfirm").getAttribute("href")).toBe(
      "/admin/orders?status=Pending",
    );
  });

  it("filters the orders queue through the address and bulk-confirms the selected Pending orders", async () => {
    tokenStore.set("t");
    let bulkBody: unknown = null;
    const calls = fakeApi((url, init) => {
      if (url.pathname === "/api/users/me") return { status: 200, body: staff };
      if (url.pathname === "/api/users/userList") return { status: 200, body: { rows: [], total: 0 } };
      if (url.pathname === "/api/admin/orders")
        return {
          status: 200,
          body: { rows: [row("PO-1T"), row("PO-2N"), row("PO-3T", "Shipped")], total: 3 },
        };
      if (url.pathname === "/api/admin/orders/confirm") {
        bulkBody = JSON.parse(String(init.body));
        return {
          status: 200,
          body: { done: ["PO-1T"], failed: [{ id: "PO-2N", message: "The order is already Confirmed." }] },
        };
      }
    });
    renderApp("/admin/orders?status=Pending");
    const table = await screen.findByTestId("orders-table", {}, { timeout: 15_000 });
    await within(table).findByText("PO-1T");
    expect(calls.some((c) => c.path.startsWith("/api/admin/orders?status=Pending"))).toBe(true);

    const boxes = within(table).getAllByRole("checkbox");
    // header, then one per row; the Shipped order cannot be selected
    expect((boxes[3] as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(boxes[1] as HTMLElement);
    fireEvent.click(boxes[2] as HTMLElement);
    fireEvent.click(screen.getByTestId("bulk-confirm"));
    expect((await screen.findByTestId("ask-dialog")).textContent).toContain("PO-1T, PO-2N");
    fireEvent.click(screen.getByTestId("ask-dialog-confirm"));
    const notice = await screen.findByTestId("notice-success");
    expect(bulkBody).toEqual({ poids: ["PO-1T", "PO-2N"] });
    expect(notice.textContent).toContain(
      "Confirmed 1 of 2 orders. Not confirmed: PO-2N (The order is already Confirmed.)",
    );
  });

  it("part-confirms an order with the quantities typed per line, after asking", async () => {
    tokenStore.set("t");
    let body: unknown = null;
    fakeApi((url, init) => {
      if (url.pathname === "/api/users/me") return { status: 200, body: staff };
      if (url.pathname === "/api/admin/orders/PO-1T") return { status: 200, body: detail("Pending") };
      if (url.pathname === "/api/admin/orders/PO-1T/confirm") {
        body = JSON.parse(String(init.body));
        return { status: 200, body: detail("Confirmed", [{ ...line(11, 3), quantity: 1 }, line(12, 2)]) };
      }
    });
    renderApp("/admin/orders/PO-1T");
    const qty = await screen.findByTestId("confirm-qty-11", {}, { timeout: 15_000 });
    fireEvent.change(qty, { target: { value: "1" } });
    fireEvent.click(screen.getByTestId("order-confirm"));
    expect((await screen.findByTestId("ask-dialog")).textContent).toContain(
      "Confirm 3 of 5 units of PO-1T? The gap of 2 units",
    );
    fireEvent.click(screen.getByTestId("ask-dialog-confirm"));
    expect((await screen.findByTestId("notice-success")).textContent).toContain(
      "Order PO-1T part-confirmed: 3 of 5 units (gap 2).",
    );
    expect(body).toEqual({
      lines: [
        { productId: 11, quantity: 1 },
        { productId: 12, quantity: 2 },
      ],
    });
  });

  it("shows the order as placed beside what was confirmed, with the restated amounts", async () => {
    tokenStore.set("t");
    const confirmed = detail("Confirmed", [
      { ...line(11, 3), quantity: 1, totalPrice: "240.00" },
      line(12, 2),
    ]);
    confirmed.order.totalQuantity = 3;
    fakeApi((url) => {
      if (url.pathname === "/api/users/me") return { status: 200, body: staff };
      if (url.pathname === "/api/admin/orders/PO-1T") return { status: 200, body: confirmed };
    });
    renderApp("/admin/orders/PO-1T");
    const page = await screen.findByTestId("admin-order", {}, { timeout: 15_000 });
    await within(page).findByText("3 of 5 ordered");
    const lines = screen.getByTestId("order-lines");
    const first = within(lines).getByText("Onesie 11").closest("tr");
    if (!first) throw new Error("no row");
    const cells = [...first.querySelectorAll("td")].map((td) => td.textContent);
    // ordered 3, confirmed 1, the line at the confirmed unit
    expect(cells.slice(3)).toEqual(["3", "1", expect.stringContaining("240.00")]);
  });
});
