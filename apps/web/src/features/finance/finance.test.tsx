// @vitest-environment happy-dom
import "../../test/setup";
import { notifications } from "@mantine/notifications";
import type { CformRow, PaymentConfirmation, SrRow } from "@portal/contracts";
import { messages } from "@portal/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../../lib/token";
import { fakeApi, franchisee, renderApp } from "../../test/render";
import { cformFileProblem } from "./CformPage";
import { paymentProblem } from "./ConfirmPaymentPage";

afterEach(() => {
  notifications.clean();
  cleanup();
  tokenStore.clear();
});

const sr: SrRow = {
  ReferenceID: "SRK1ABC7",
  InvoiceStatus: "Pending",
  InvoiceDate: "2026-10-12",
  WareHouseID: 2,
  WareHouseName: "Pune",
  ShippingCompany: null,
  AWB: null,
  TotalQuantity: 3,
  Amount: "1770.00",
  isSRInvoice: false,
};
const cform: CformRow = {
  id: 9,
  InvoiceNumber: "INV/03/2017-18/000004",
  OrderDate: "2017-05-08",
  ShippingDate: "2017-05-13",
  CSTAmount: "212.40",
  NetPayment: "4460.40",
  TotalInvoiceAmount: "4460.40",
  WareHouseID: 3,
  status: "Shipped",
  statusLabel: "To Be Submitted",
  cFormNumber: null,
  docketNumber: null,
  courierName: null,
  fileName: null,
};
const confirmation: PaymentConfirmation = {
  id: 4,
  ledgerAccount: 1,
  paymentType: "Cheque",
  referenceId: "CHQ0042",
  totalAmountPayable: "1000.00",
  totalAmountPaid: "1000.00",
  amountReceived: null,
  orders: ["PO-1"],
  status: "rejected",
  statusLabel: "Rejected",
  reason: "Cheque bounced",
  submittedAt: "2026-11-02T06:00:00.000Z",
  decidedAt: "2026-11-03T06:00:00.000Z",
};

const srBodies: { pageNo?: number; pageSize?: number; Status?: string }[] = [];

function api(
  extra: (url: URL, init: RequestInit) => { status: number; body: unknown } | undefined = () => undefined,
) {
  return fakeApi((url, init) => {
    const answer = extra(url, init);
    if (answer) return answer;
    if (url.pathname === "/api/users/me") return { status: 200, body: franchisee };
    if (["/api/menu", "/api/notifications"].includes(url.pathname)) return { status: 200, body: [] };
    if (url.pathname === "/api/users/cart") return { status: 200, body: { products: [] } };
    if (url.pathname === "/api/cform/summary")
      return { status: 200, body: { total: 1, toBeSubmitted: 1, years: [2017] } };
    if (url.pathname === "/api/srdetails/getSRDetails") {
      const body = JSON.parse(String(init.body ?? "{}"));
      srBodies.push(body);
      return {
        status: 200,
        body: {
          rows: body.pageNo > 1 ? [] : [sr],
          total: 23,
          pageNo: body.pageNo ?? 1,
          pageSize: body.pageSize ?? 20,
          totals: { quantity: 41, amount: "123456.78" },
        },
      };
    }
    if (url.pathname === "/api/cform/getCFormDetails")
      return { status: 200, body: { rows: [cform], total: 1 } };
    if (url.pathname === "/api/payment/pending")
      return {
        status: 200,
        body: {
          accountId: 1,
          totalPayable: "1500.50",
          orders: [
            {
              poid: "PO-A",
              createdDate: "2026-11-01",
              status: "Shipped",
              warehouseId: 2,
              amountPayable: "1000.25",
            },
            {
              poid: "PO-B",
              createdDate: "2026-11-02",
              status: "Delivered",
              warehouseId: 2,
              amountPayable: "500.25",
            },
          ],
          balance: "1500.50",
          awaitingApproval: "0.00",
          openDocuments: [
            {
              entryId: 11,
              kind: "invoice",
              number: "IM02/2627/000016",
              day: "2026-11-05",
              invoiceId: 7,
              loadId: 3,
              orders: ["PO-A"],
              amount: "1250.25",
              openAmount: "1000.25",
            },
            {
              entryId: 12,
              kind: "debitNote",
              number: "DN120/2026-11/5",
              day: "2026-11-06",
              invoiceId: null,
              loadId: null,
              orders: [],
              amount: "500.25",
              openAmount: "500.25",
            },
          ],
        },
      };
    if (url.pathname === "/api/payment/confirmations") return { status: 200, body: { rows: [confirmation] } };
    return undefined;
  });
}

describe("confirm-payment rules", () => {
  it("checks in the spec's order with the spec's messages", () => {
    const ok = { orders: ["PO-A"], payable: "1000.25", paid: "1000.25", mode: "Neft", reference: "UTR1" };
    expect(paymentProblem(ok)).toBeNull();
    expect(paymentProblem({ ...ok, orders: [] })).toBe("Please select appropriate orders for payment.");
    expect(paymentProblem({ ...ok, paid: "1000.24" })).toBe(
      "Please check the amount paid based on amount payable.",
    );
    expect(paymentProblem({ ...ok, paid: "abc" })).toBe(
      "Please check the amount paid based on amount payable.",
    );
    expect(paymentProblem({ ...ok, mode: null })).toBe("Please select the payment mode.");
    expect(paymentProblem({ ...ok, reference: " " })).toBe("Please provide reference no.");
  });

  it("refuses C-form files by type and size before sending", () => {
    const file = (name: string, size: number) => new File([new Uint8Array(size)], name);
    expect(cformFileProblem(file("cform.xlsx", 100))).toBeNull();
    expect(cformFileProblem(file("scan.JPG", 1_048_576))).toBeNull();
    expect(cformFileProblem(file("scan.jpg", 1_048_577))).toBe(messages.cformFileRule);
    expect(cformFileProblem(file("cform.pdf", 100))).toBe(messages.cformFileRule);
    expect(cformFileProblem(file("empty.xls", 0))).toBe(messages.cformFileRule);
    expect(cformFileProblem(null)).toBe(messages.cformFileRule);
  });
});

describe("/account/confirmPayment", { timeout: 60_000 }, () => {
  it("totals the checked orders, refuses with the spec's messages and shows the reference on success", async () => {
    tokenStore.set("t");
    let sent: unknown = null;
    api((url, init) => {
      if (url.pathname === "/api/payment/processConfirmPayment") {
        sent = JSON.parse(String(init.body));
        return {
          status: 200,
          body: {
            message: "Your payment is confirmed with reference no. UTR55.",
            referenceId: "UTR55",
            id: 5,
          },
        };
      }
      return undefined;
    });
    renderApp("/account/confirmPayment");
    const table = await screen.findByTestId("pending-orders", undefined, { timeout: 10_000 });
    await within(table).findByText("IM02/2627/000016");
    expect(within(table).getByText("PO-A")).toBeTruthy();
    expect(screen.getByTestId("amount-owed").textContent).toBe("₹1,500.50");
    expect(within(screen.getByTestId("payment-history")).getByText("Cheque bounced")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Confirm payment" }));
    expect(await screen.findByText("Please select appropriate orders for payment.")).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all orders" }));
    expect(screen.getByTestId("total-payable").textContent).toContain("1,500.50");
    fireEvent.change(screen.getByLabelText("Amount paid (₹)"), { target: { value: "1500" } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm payment" }));
    expect(await screen.findByText("Please check the amount paid based on amount payable.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Amount paid (₹)"), { target: { value: "1500.50" } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm payment" }));
    expect(await screen.findByText("Please select the payment mode.")).toBeTruthy();
    fireEvent.click(screen.getByRole("textbox", { name: "Payment mode" }));
    fireEvent.click(await screen.findByRole("option", { name: "Neft" }));
    fireEvent.click(screen.getByRole("button", { name: "Confirm payment" }));
    expect(await screen.findByText("Please provide reference no.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Reference no."), { target: { value: "UTR55" } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm payment" }));
    expect(await screen.findByText("Your payment is confirmed with reference no. UTR55.")).toBeTruthy();
    expect(sent).toEqual({
      paymentData: {
        paymentType: "Neft",
        referenceId: "UTR55",
        totalAmountPayable: "1500.50",
        totalAmountPaid: "1500.50",
        orders: ["PO-A"],
        documents: [11, 12],
        ledgerAccount: 1,
      },
    });
  });
});

describe("/account/srDetails", { timeout: 60_000 }, () => {
  it("marks a Pending SR in transit after asking for the company and AWB", async () => {
    tokenStore.set("t");
    let body: unknown = null;
    api((url, init) => {
      if (url.pathname === "/api/srdetails/setInTransit") {
        body = JSON.parse(String(init.body));
        return {
          status: 200,
          body: {
            message: "Sales return SRK1ABC7 is marked In Transit.",
            row: { ...sr, InvoiceStatus: "InTransit" },
          },
        };
      }
      return undefined;
    });
    renderApp("/account/srDetails");
    await screen.findByText("SRK1ABC7", undefined, { timeout: 10_000 });
    const row = screen.getAllByTestId("sr-row").find((r) => r.textContent?.includes("SRK1ABC7"));
    if (!row) throw new Error("no row of SRK1ABC7");
    expect(within(row).getByText("12-10-2026")).toBeTruthy();
    fireEvent.click(within(row).getByRole("button", { name: "In transit" }));
    fireEvent.click(await screen.findByRole("button", { name: "Save" }));
    expect(await screen.findByText("Please select the shipping company.")).toBeTruthy();
    fireEvent.click(screen.getByRole("textbox", { name: "Shipping company" }));
    fireEvent.click(await screen.findByRole("option", { name: "DTDC" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Please provide the AWB number.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/AWB number/), { target: { value: "D12345" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(body).toEqual({ ShippingCompany: "DTDC", AWB: "D12345", ReferenceID: "SRK1ABC7" }),
    );
    expect(await screen.findByText("Sales return SRK1ABC7 is marked In Transit.")).toBeTruthy();
  });
});

describe("/account/srDetails paging and totals", { timeout: 60_000 }, () => {
  it("shows the totals of every matching SR and asks the server for the next page", async () => {
    tokenStore.set("t");
    srBodies.length = 0;
    api();
    renderApp("/account/srDetails");
    const totals = await screen.findByTestId("sr-totals", undefined, { timeout: 10_000 });
    expect(totals.textContent).toContain("23");
    expect(totals.textContent).toContain("41");
    expect(totals.textContent).toContain("₹1,23,456.78");
    expect(screen.getByText("1–20 of 23")).toBeTruthy();
    expect(srBodies.at(-1)).toMatchObject({ pageNo: 1, pageSize: 20 });
    fireEvent.click(screen.getByRole("button", { name: /^(Page )?2$/ }));
    await waitFor(() => expect(srBodies.at(-1)).toMatchObject({ pageNo: 2, pageSize: 20 }));
    expect(await screen.findByText("21–23 of 23")).toBeTruthy();
  });
});

describe("/account/cform", { timeout: 60_000 }, () => {
  it("opens on the newest year with rows and lists the invoices to be submitted", async () => {
    tokenStore.set("t");
    const calls = api();
    renderApp("/account/cform");
    expect(await screen.findByText("INV/03/2017-18/000004", undefined, { timeout: 10_000 })).toBeTruthy();
    expect(within(screen.getByTestId("cform-table")).getByText("To Be Submitted")).toBeTruthy();
    // a phone card of labelled lines: the number heads it, the warehouse and net payment are left out
    const row = screen.getByTestId("cform-row");
    expect(
      [...row.querySelectorAll("td")]
        .filter((td) => !td.className.includes("hideOnPhone"))
        .map((td) => `${td.getAttribute("data-label")}: ${td.textContent}`),
    ).toEqual([
      "Invoice: INV/03/2017-18/000004",
      "Order date: 08-05-2017",
      "Shipping date: 13-05-2017",
      "CST: ₹212.40",
      "Invoice total: ₹4,460.40",
      "Status: To Be Submitted",
      "C-form: —",
    ]);
    expect(screen.getByRole("checkbox", { name: "Select all to be submitted" })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === "/api/cform/getCFormDetails")).toBe(true));
    fireEvent.click(screen.getByRole("checkbox", { name: "Select INV/03/2017-18/000004" }));
    fireEvent.click(screen.getByRole("button", { name: "Save C-form" }));
    fireEvent.click(await screen.findByRole("button", { name: "Save" }));
    expect(await screen.findByText("Please provide the C-form number.")).toBeTruthy();
  });
});
