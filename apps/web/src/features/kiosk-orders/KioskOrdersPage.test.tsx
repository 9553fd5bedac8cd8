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
  paymentReference: null,
  delivery: "At the warehouse",
  actions: ["receipt", "invoice", "email", "track"],
  refund: null,
};

const pending: KioskOrder = {
  ...order,
  id: 13,
  poid: "PO-261101-100021T",
  status: "Pending",
  confirmedAt: null,
  delivery: "Delivered",
  actions: ["confirm", "resendLink", "track"],
};

/** The list's row of an order (each row a labelled card on a phone). */
async function rowOf(id: number) {
  await screen.findAllByTestId("kiosk-row", undefined, { timeout: 10_000 });
  const row = screen.getAllByTestId("kiosk-row").find((r) => r.textContent?.includes(`Order ${id}`));
  if (!row) throw new Error(`no row of order ${id}`);
  return row;
}

function api(options: { receiptReady: boolean; confirmFails?: boolean; confirmed?: boolean }) {
  return fakeApi((url) => {
    if (url.pathname === "/api/users/me") return { status: 200, body: kioskUser };
    if (["/api/menu", "/api/notifications"].includes(url.pathname)) return { status: 200, body: [] };
    if (url.pathname === "/api/users/cart") return { status: 200, body: { products: [] } };
    if (url.pathname === "/api/waybill/getWHReqCount") return { status: 200, body: { count: 0 } };
    if (url.pathname === "/api/kajukatli/getOrderList") {
      const status = url.searchParams.get("status");
      if (status === "Confirmed")
        return {
          status: 200,
          body: options.confirmed
            ? [order, { ...pending, status: "Confirmed", actions: order.actions }]
            : [order],
        };
      if (status === "Pending") return { status: 200, body: options.confirmed ? [] : [pending] };
      return { status: 200, body: [] };
    }
    if (url.pathname === "/api/kajukatli/confirmOrder") {
      if (options.confirmFails) return { status: 500, body: { message: "boom" } };
      options.confirmed = true;
      return { status: 200, body: { ...pending, status: "Confirmed", actions: order.actions } };
    }
    if (url.pathname === "/api/kajukatli/getInvoice")
      return {
        status: 200,
        body: {
          invoiceNo: "KI000012",
          orderId: 12,
          poid: order.poid,
          issuedOn: "2026-11-01",
          seller: { name: "Babyhug Kiosk", address: "Chennai", state: "Tamil Nadu", gstin: null },
          customer: { name: "Priya Sharma", mobileNo: "9840012345" },
          regime: "CGST/SGST",
          lines: [],
          totals: {
            taxable: "713.39",
            cgst: "42.81",
            sgst: "42.80",
            igst: "0.00",
            tax: "85.61",
            vouchers: "500.00",
            roundOff: "0.00",
            total: "1299.00",
          },
          paymentMode: "Cash",
        },
      };
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
    const row = await rowOf(12);
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
    const row = await rowOf(12);
    fireEvent.click(within(row).getByRole("button", { name: "Receipt" }));
    expect((await screen.findByTestId("receipt-not-ready")).textContent).toContain("every 30 seconds");
    expect(calls.filter((c) => c.path.startsWith("/api/kajukatli/getReceipt"))).toHaveLength(1);
  });

  it("the acknowledgement link lands on the Confirmed tab even when confirming fails", async () => {
    tokenStore.set("t");
    const calls = api({ receiptReady: false, confirmFails: true });
    const { router } = renderApp("/confirm/kiosk/PO-261101-100020T/12");
    expect((await rowOf(12)).textContent).toContain("PO-261101-100020T");
    expect(calls.some((c) => c.path === "/api/kajukatli/confirmOrder?POID=PO-261101-100020T&id=12")).toBe(
      true,
    );
    await waitFor(() => expect(router.state.location.search).toBe("?status=Confirmed"));
    expect((await screen.findByText("Failed to confirm Order")).textContent).toBe("Failed to confirm Order");
  });

  it("confirms a Pending order from the list, offering only what its lifecycle allows", async () => {
    tokenStore.set("t");
    const calls = api({ receiptReady: true });
    renderApp("/account/kioskConfirmation?status=Pending");
    const row = await rowOf(13);
    expect(within(row).queryByRole("button", { name: "Receipt" })).toBeNull();
    fireEvent.click(within(row).getByRole("button", { name: "More actions for kiosk order 13" }));
    expect(await screen.findByRole("menuitem", { name: "Resend confirmation link" })).toBeTruthy();
    // delivered: no cancel offered
    expect(screen.queryByRole("menuitem", { name: "Cancel order" })).toBeNull();
    fireEvent.click(within(row).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Kiosk order 13 confirmed: its receipt is ready.")).toBeTruthy();
    expect(calls.some((c) => c.path === "/api/kajukatli/confirmOrder?POID=PO-261101-100021T&id=13")).toBe(
      true,
    );
  });

  it("shows the GST invoice's totals, not its lines again", async () => {
    tokenStore.set("t");
    api({ receiptReady: true });
    renderApp("/account/kioskConfirmation?status=Confirmed");
    const row = await rowOf(12);
    fireEvent.click(within(row).getByRole("button", { name: "More actions for kiosk order 12" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "GST invoice" }));
    const invoice = await screen.findByTestId("kiosk-invoice-total");
    expect(invoice.textContent).toBe("Invoice total₹1,299.00");
    const popup = screen.getByTestId("kiosk-invoice");
    expect(popup.textContent).toContain("CGST₹42.81");
    expect(popup.textContent).toContain("SGST₹42.80");
    expect(popup.querySelector("table")).toBeNull();
  });

  it("adds up products at MRP and gift vouchers", () => {
    expect(kioskTotal([{ id: 1, name: "a", mrp: "799.00", qty: 2 }], { 500: 1, 100: 3 })).toBe("2398.00");
  });
});
