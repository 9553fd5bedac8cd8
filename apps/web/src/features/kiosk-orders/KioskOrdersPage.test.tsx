// @vitest-environment happy-dom
import "../../test/setup";
import { notifications } from "@mantine/notifications";
import type { KioskOrder, Me } from "@portal/contracts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../../lib/token";
import { fakeApi, franchisee, renderApp } from "../../test/render";
import { kioskTotal } from "./NewKioskOrder";

afterEach(() => {
  notifications.clean();
  cleanup();
  tokenStore.clear();
});

const kioskUser: Me = {
  ...franchisee,
  id: 5,
  email: "kiosk@demo.in",
  accountType: "kiosk",
  isFranchisee: false,
};

const order: KioskOrder = {
  id: 12,
  poid: "PO-261101-100020T",
  phoneNo: "9840012345",
  customer: {
    mobileNo: "9840012345",
    firstName: "Priya",
    lastName: "Sharma",
    email: null,
    dob: "1991-06-14",
  },
  status: "Confirmed",
  createdAt: "2026-11-01T05:00:00.000Z",
  confirmedAt: "2026-11-01T07:00:00.000Z",
  cancelledAt: null,
  totalAmount: "1299.00",
  paymentMode: "Cash",
  products: [{ id: 101, qty: 1 }],
  lines: [
    {
      kind: "product",
      productId: 101,
      name: "Cotton romper",
      qty: 1,
      unitAmount: "799.00",
      amount: "799.00",
      voucherCodes: [],
    },
    {
      kind: "voucher",
      productId: null,
      name: "Gift voucher ₹500",
      qty: 1,
      unitAmount: "500.00",
      amount: "500.00",
      voucherCodes: ["GV500-12-01"],
    },
  ],
};

function api(options: { receiptReady: boolean; confirmFails?: boolean }) {
  return fakeApi((url) => {
    if (url.pathname === "/api/users/me") return { status: 200, body: kioskUser };
    if (["/api/menu", "/api/notifications"].includes(url.pathname)) return { status: 200, body: [] };
    if (url.pathname === "/api/users/cart") return { status: 200, body: { products: [] } };
    if (url.pathname === "/api/waybill/getWHReqCount") return { status: 200, body: { count: 0 } };
    if (url.pathname === "/api/kajukatli/getOrderList")
      return { status: 200, body: url.searchParams.get("status") === "Confirmed" ? [order] : [] };
    if (url.pathname === "/api/kajukatli/confirmOrder")
      return options.confirmFails ? { status: 500, body: { message: "boom" } } : { status: 200, body: order };
    if (url.pathname === "/api/kajukatli/getReceipt")
      return options.receiptReady
        ? {
            status: 200,
            body: {
              receiptNo: "KR000012",
              orderId: 12,
              poid: order.poid,
              storeName: "Babyhug Kiosk",
              customer: order.customer,
              // India's clock written as UTC: 10:30 IST is shown as 10:30
              createdAt: "2026-11-01T10:30:00.000Z",
              paidAt: "2026-11-01T10:30:00.000Z",
              paymentMode: "Cash",
              paymentReference: null,
              lines: order.lines,
              totalAmount: order.totalAmount,
            },
          }
        : { status: 422, body: { message: "The receipt is not ready yet.", code: 740 } };
    return undefined;
  });
}

describe("/account/kioskConfirmation", { timeout: 20_000 }, () => {
  it("shows the Confirmed tab's orders and a receipt with times shifted back 5 h 30 min", async () => {
    tokenStore.set("t");
    api({ receiptReady: true });
    renderApp("/account/kioskConfirmation?status=Confirmed");
    const row = await screen.findByTestId("kiosk-row-12", undefined, { timeout: 10_000 });
    fireEvent.click(within(row).getByRole("button", { name: "Receipt" }));
    const receipt = await screen.findByTestId("kiosk-receipt");
    expect(receipt.textContent).toContain("KR000012");
    expect(receipt.textContent).toContain("01-11-2026 10:30");
    expect(receipt.textContent).toContain("GV500-12-01");
  });

  it("says the receipt is not ready while it answers 422 with code 740", async () => {
    tokenStore.set("t");
    const calls = api({ receiptReady: false });
    renderApp("/account/kioskConfirmation?status=Confirmed");
    const row = await screen.findByTestId("kiosk-row-12", undefined, { timeout: 10_000 });
    fireEvent.click(within(row).getByRole("button", { name: "Receipt" }));
    expect((await screen.findByTestId("receipt-not-ready")).textContent).toContain("every 30 seconds");
    expect(calls.filter((c) => c.path.startsWith("/api/kajukatli/getReceipt"))).toHaveLength(1);
  });

  it("the acknowledgement link lands on the Confirmed tab even when confirming fails", async () => {
    tokenStore.set("t");
    const calls = api({ receiptReady: false, confirmFails: true });
    const { router } = renderApp("/confirm/kiosk/PO-261101-100020T/12");
    expect((await screen.findByTestId("kiosk-row-12", undefined, { timeout: 10_000 })).textContent).toContain(
      "PO-261101-100020T",
    );
    expect(calls.some((c) => c.path === "/api/kajukatli/confirmOrder?POID=PO-261101-100020T&id=12")).toBe(
      true,
    );
    await waitFor(() => expect(router.state.location.search).toBe("?status=Confirmed"));
    expect((await screen.findByText("Failed to confirm Order")).textContent).toBe("Failed to confirm Order");
  });

  it("adds up products at MRP and gift vouchers", () => {
    expect(kioskTotal([{ id: 1, name: "a", mrp: "799.00", qty: 2 }], { 500: 1, 100: 3 })).toBe("2398.00");
  });
});
