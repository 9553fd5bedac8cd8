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

const work = (count: number, value: string) => ({ count, value });
const overview = {
  day: "2026-11-26",
  ordersToConfirm: work(4, "12000.00"),
  ordersToLoad: work(2, "3000.00"),
  loadsToHandOver: work(1, "5000.00"),
  loadsToShip: work(1, "2500.00"),
  paymentsToApprove: work(3, "4500.00"),
  salesReturnsToMove: 0,
  waybillRequests: 5,
  shippedToday: work(0, "0.00"),
  receivables: {
    total: "9500.00",
    buckets: [
      { key: "days0to30", label: "0–30 days", amount: "7500.00", partners: 2 },
      { key: "days31to60", label: "31–60 days", amount: "0.00", partners: 0 },
      { key: "days61to90", label: "61–90 days", amount: "2000.00", partners: 1 },
      { key: "days91to180", label: "91–180 days", amount: "0.00", partners: 0 },
      { key: "over180", label: "180+ days", amount: "0.00", partners: 0 },
    ],
  },
  topOverdue: [
    {
      userId: 1,
      partnerName: "Babyhug FC Camp Pune",
      partnerEmail: "franchisee@demo.in",
      overdue: "2000.00",
      open: "6000.00",
      oldestDays: 75,
    },
  ],
};

/** happy-dom's window, whose media queries follow its viewport. */
const happyDom = (window as unknown as { happyDOM: { setViewport: (viewport: { width: number }) => void } })
  .happyDOM;
const defaultWidth = window.innerWidth;

const headers = (table: HTMLElement) =>
  [...table.querySelectorAll("thead th")].map((th) => th.textContent).filter(Boolean);

afterEach(() => {
  cleanup();
  notifications.clean();
  tokenStore.clear();
  happyDom.setViewport({ width: defaultWidth });
});

describe("Admin Console", { timeout: 30_000 }, () => {
  it("sends a partner home and shows staff the dashboard: counts and values linking to the queues, receivables by age", async () => {
    tokenStore.set("t");
    fakeApi((url) => {
      if (url.pathname === "/api/users/me") return { status: 200, body: franchisee };
    });
    const partner = renderApp("/admin/orders");
    await waitFor(() => expect(partner.router.state.location.pathname).toBe("/home"));
    cleanup();

    fakeApi((url) => {
      if (url.pathname === "/api/users/me") return { status: 200, body: staff };
      if (url.pathname === "/api/admin/overview") return { status: 200, body: overview };
    });
    renderApp("/admin");
    expect((await screen.findByTestId("count-ordersToConfirm", {}, { timeout: 15_000 })).textContent).toBe(
      "4",
    );
    expect(screen.getByTestId("value-ordersToConfirm").textContent).toContain("12,000.00");
    expect(screen.getByTestId("count-paymentsToApprove").textContent).toBe("3");
    expect(screen.getByTestId("tile-ordersToConfirm").getAttribute("href")).toBe(
      "/admin/orders?status=Pending",
    );
    // each tile links to the list filtered as the server counts it: handed-over loads are the ones to ship
    expect(screen.getByTestId("tile-ordersToLoad").getAttribute("href")).toBe(
      "/admin/orders?status=Confirmed&unloaded=true",
    );
    expect(screen.getByTestId("tile-loadsToHandOver").getAttribute("href")).toBe(
      "/admin/loads?status=Ready+To+Dispatch",
    );
    expect(screen.getByTestId("tile-loadsToShip").getAttribute("href")).toBe("/admin/loads?status=Hand+Over");
    expect(screen.getByTestId("receivables-total").textContent).toContain("9,500.00");
    expect(screen.getByTestId("bucket-days61to90").textContent).toContain("2,000.00");
    expect(
      within(screen.getByTestId("top-overdue")).getByText("Babyhug FC Camp Pune").getAttribute("href"),
    ).toBe("/admin/ledger/1");
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

  it.each([
    [1366, ["PO", "Partner", "Status", "Placed", "Ordered", "Units", "Net payment", "Gap", "Load"]],
    [1024, ["PO", "Partner", "Status", "Placed", "Units", "Net payment"]],
    [768, ["PO", "Partner", "Status", "Net payment"]],
  ])("fits the orders queue to a %i px screen: %j, the warehouse under the partner", async (width, shown) => {
    happyDom.setViewport({ width });
    tokenStore.set("t");
    fakeApi((url) => {
      if (url.pathname === "/api/users/me") return { status: 200, body: staff };
      if (url.pathname === "/api/users/userList") return { status: 200, body: { rows: [], total: 0 } };
      if (url.pathname === "/api/admin/orders")
        return { status: 200, body: { rows: [{ ...row("PO-1T"), loadId: 7 }], total: 1 } };
    });
    renderApp("/admin/orders");
    const table = await screen.findByTestId("orders-table", {}, { timeout: 15_000 });
    const open = await within(table).findByRole("link", { name: "PO-1T" });
    expect(open.getAttribute("href")).toBe("/admin/orders/PO-1T");
    await waitFor(() => expect(headers(table)).toEqual(shown));
    const cells = [...(open.closest("tr")?.querySelectorAll("td") ?? [])].map((td) => td.textContent);
    // the selection box, then the columns shown
    expect(cells.slice(1, 5)).toEqual(["PO-1T", "Babyhug FC Camp PunePune", "Pending", expect.any(String)]);
    expect(cells.at(-1)).toBe(width === 1366 ? "7" : "₹1,200.00");
  });

  it("keeps the quantities to confirm on a 768 px screen: product id and unit price under the name", async () => {
    happyDom.setViewport({ width: 768 });
    tokenStore.set("t");
    fakeApi((url) => {
      if (url.pathname === "/api/users/me") return { status: 200, body: staff };
      if (url.pathname === "/api/admin/orders/PO-1T") return { status: 200, body: detail("Pending") };
      if (url.pathname === "/api/admin/audit") return { status: 200, body: { rows: [], total: 0 } };
    });
    renderApp("/admin/orders/PO-1T");
    const qty = await screen.findByTestId("confirm-qty-11", {}, { timeout: 15_000 });
    const lines = screen.getByTestId("order-lines");
    await waitFor(() => expect(headers(lines)).toEqual(["Product", "Ordered", "Confirm", "Line total"]));
    const cells = [...(qty.closest("tr")?.querySelectorAll("td") ?? [])];
    expect(cells.map((td) => td.textContent)).toEqual(["Onesie 1111 · ₹240.00 each", "3", "", "₹720.00"]);
    expect(cells[2]?.contains(qty)).toBe(true);
  });
});
