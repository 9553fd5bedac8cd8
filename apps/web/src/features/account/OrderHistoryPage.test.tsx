// @vitest-environment happy-dom
import "../../test/setup";
import { notifications } from "@mantine/notifications";
import type { OrderHistoryResponse } from "@portal/contracts";
import { messages } from "@portal/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../../lib/token";
import { clearDay } from "../../test/dates";
import { fakeApi, franchisee, renderApp } from "../../test/render";

afterEach(() => {
  notifications.clean();
  cleanup();
  tokenStore.clear();
});

const row: OrderHistoryResponse["rows"][number] = {
  poid: "PO-261101-100001T",
  createdDate: "2026-11-01T05:00:00.000Z",
  paymentDate: null,
  totalItems: 2,
  totalQuantity: 5,
  totalMRP: "5795.00",
  couponDiscount: "0.00",
  netPayment: "3640.86",
  status: "Delivered",
  maxShipDate: "2026-11-04T05:00:00.000Z",
  shipDate: "2026-11-02T05:00:00.000Z",
  warehouseId: 2,
  warehouseName: "Pune",
  stockType: "OwnedStock",
  source: "B2F",
  docketNo: "BD1",
  transporterNo: "Blue Dart",
  gapReport: 1,
  invoiceAvailable: true,
  shippingdetails: {
    referenceNumber: "BD1",
    company: "Blue Dart",
    loadId: 1,
    actualDate: "2026-11-02",
    amount: "3640.86",
  },
  invoiceNumber: "IM02/2627/000001",
  placedBy: null,
  docketNumber: "BD1",
  invoiceStatus: "partPaid",
  amountDue: "1000.00",
};

function api() {
  return fakeApi((url) => {
    if (url.pathname === "/api/users/me") return { status: 200, body: franchisee };
    if (["/api/menu", "/api/notifications"].includes(url.pathname)) return { status: 200, body: [] };
    if (url.pathname === "/api/users/cart") return { status: 200, body: { products: [] } };
    if (url.pathname === "/api/order")
      return {
        status: 200,
        body: {
          rows: [row],
          count: 1,
          pageNo: 1,
          pageSize: 10,
          applied: { orderFrom: null, orderTo: null, shipFrom: null, shipTo: null, status: [] },
        },
      };
    if (url.pathname === "/api/order/stats")
      return {
        status: 200,
        body: {
          totalorders: 1,
          totals: { totalItems: 2, totalQuantity: 5, totalMRP: "5795.00", netPayment: "3640.86" },
        },
      };
    return undefined;
  });
}

describe("/account/orderHistory", { timeout: 20_000 }, () => {
  it("lists orders with their source and the stats strip", async () => {
    tokenStore.set("t");
    api();
    renderApp("/account/orderHistory");
    expect(await screen.findByText("PO-261101-100001T", undefined, { timeout: 10_000 })).toBeTruthy();
    expect(within(screen.getByTestId("order-table")).getByText("B2F")).toBeTruthy();
    expect(screen.getByTestId("order-stats").textContent).toContain("₹3,640.86");
  });

  it("says the rule before sending: only one order date is refused and nothing is asked", async () => {
    tokenStore.set("t");
    const calls = api();
    renderApp("/account/orderHistory");
    await screen.findByText("PO-261101-100001T", undefined, { timeout: 10_000 });
    const before = calls.filter((c) => c.path.startsWith("/api/order")).length;
    await clearDay("Order to");
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(screen.getByTestId("filter-problem").textContent).toBe(messages.selectOrderDates),
    );
    expect(calls.filter((c) => c.path.startsWith("/api/order")).length).toBe(before);
  });

  it("searches by PO, product or invoice number and sorts on the server, both ways", async () => {
    tokenStore.set("t");
    const calls = api();
    renderApp("/account/orderHistory");
    await screen.findByText("PO-261101-100001T", undefined, { timeout: 10_000 });
    const asked = () =>
      calls.filter((c) => c.path.startsWith("/api/order?")).map((c) => new URL(c.path, "http://x"));
    const last = () => asked().at(-1)?.searchParams;
    expect(last()?.get("sort")).toBe("-date");

    const box = screen.getByRole("textbox", { name: "Search orders" });
    fireEvent.change(box, { target: { value: "  IM02/2627  " } });
    fireEvent.submit(box.closest("form") as HTMLFormElement);
    await waitFor(() => expect(last()?.get("q")).toBe("IM02/2627"));

    const table = screen.getByTestId("order-table");
    fireEvent.click(within(table).getByRole("button", { name: "Net payment" }));
    await waitFor(() => expect(last()?.get("sort")).toBe("netPayment"));
    expect(within(table).getByRole("columnheader", { name: "Net payment" }).getAttribute("aria-sort")).toBe(
      "ascending",
    );
    fireEvent.click(within(table).getByRole("button", { name: "Net payment" }));
    await waitFor(() => expect(last()?.get("sort")).toBe("-netPayment"));
    expect(last()?.get("q")).toBe("IM02/2627");
    expect(last()?.get("pageNo")).toBe("1");
  });

  it("shows the invoice number, docket and what is due in the row, and names the actions column", async () => {
    tokenStore.set("t");
    api();
    renderApp("/account/orderHistory");
    const cells = (await screen.findAllByTestId("order-row", undefined, { timeout: 10_000 }))[0];
    expect(cells?.textContent).toContain("IM02/2627/000001");
    expect(cells?.textContent).toContain("BD1");
    expect(cells?.textContent).toContain("Part-paid");
    expect(cells?.textContent).toContain("₹1,000.00 due");
    const headers = within(screen.getByTestId("order-table")).getAllByRole("columnheader");
    expect(headers.every((h) => (h.textContent ?? "").trim().length > 0)).toBe(true);
    expect(screen.getByRole("button", { name: "Actions for PO-261101-100001T" })).toBeTruthy();
  });
});
