// @vitest-environment happy-dom
import "../../test/setup";
import { notifications } from "@mantine/notifications";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../../lib/token";
import { fakeApi, franchisee, renderApp } from "../../test/render";

/**
 * Issue 28's last partner tables (transaction details, the ledger's SR details) read on a phone:
 * each cell is labelled for its card and the totals sit under the lines; the invoices card shows
 * the payments awaiting approval beside the dues.
 */
afterEach(() => {
  notifications.clean();
  cleanup();
  tokenStore.clear();
});

const entry = {
  id: 77,
  approvedDate: "2026-10-20",
  voucherType: "Credit Note",
  voucherNumber: "CN/02/2627/000004",
  debit: "0.00",
  credit: "3540.00",
  creditAcc: "Cr" as const,
  descTitle: "Product removal",
  description: "Undelivered units of PO-261002-100228T",
  accTypeName: "Little Steps Retail Private Limited",
  B2BReferenceNumber: null,
  hasDetails: true,
  noteType: "CN",
  ledgerAccount: 1,
  isSR: false,
  isCourierExpenses: false,
  isOrderCancel: false,
  cndninvoicedetails: { referenceID: null },
  docketNumber: null,
  kind: "correction" as const,
  loadId: 92,
  srId: null,
};

const transaction = {
  entry,
  note: {
    id: 77,
    ledgerAccount: 1,
    noteType: "CN",
    voucherType: "Credit Note",
    voucherNumber: "CN/02/2627/000004",
    approvedDate: "2026-10-20",
    amount: "3540.00",
    taxable: "3000.00",
    cgst: "270.00",
    sgst: "270.00",
    igst: "0.00",
    sacCode: null,
    description: "Undelivered units",
    referenceID: null,
    docketNumber: null,
  },
  shipment: null,
  orders: null,
  salesReturn: null,
  ageing: null,
  payment: null,
  removal: [
    {
      productId: 100241,
      productName: "Babyhug Dry Comfort Taped Diapers Pack of 120",
      shippedQuantity: 3,
      deliveredQuantity: 2,
      removedQuantity: 1,
      actualPrice: "1799.00",
      amount: "1799.00",
    },
    {
      productId: 100059,
      productName: "Babyhug Suction Bowl",
      shippedQuantity: 4,
      deliveredQuantity: 1,
      removedQuantity: 3,
      actualPrice: "580.33",
      amount: "1741.00",
    },
  ],
};

const note = (poItemID: string, quantity: number, net: string, gst: string, dn120: string) => ({
  noteType: "DN120" as const,
  approvedDate: "2026-10-01",
  poItemID,
  productID: 100241,
  quantity,
  shippingDate: "2026-05-20",
  ageDays: 134,
  srorderdetails: {
    type: "Damaged",
    reasonCategories: [],
    whInDate: null,
    srOutDate: null,
    DNAmount120: dn120,
    DNAmount180: "0.00",
    netAmount: net,
    GSTAmount: gst,
  },
});

const srDetails = {
  id: 5,
  ReferenceID: "SR-2610-0005",
  InvoiceStatus: "Approved",
  InvoiceDate: "2026-09-28",
  WareHouseID: 2,
  ledgerAccount: 1,
  amount: "2124.00",
  approvedDate: "2026-10-01",
  shippingCompany: null,
  awb: null,
  lines: [],
  creditNote: null,
  creditNotes: [
    note("PO-1-1", 1, "1500.00", "270.00", "30.00"),
    note("PO-1-2", 2, "300.00", "54.00", "6.50"),
  ],
};

const dues = {
  rows: [],
  dues: {
    outstanding: "127813.71",
    invoicesDue: "127813.71",
    otherDue: "0.00",
    advance: "0.00",
    awaitingApproval: "72062.99",
    owedAfterPending: "55750.72",
  },
  rule: "Payments and credit notes settle your oldest invoice first (on each ledger account).",
};

function api() {
  return fakeApi((url) => {
    if (url.pathname === "/api/users/me") return { status: 200, body: franchisee };
    if (["/api/menu", "/api/notifications"].includes(url.pathname)) return { status: 200, body: [] };
    if (url.pathname === "/api/users/cart") return { status: 200, body: { products: [] } };
    if (url.pathname === "/api/ledger/transactionDetails/1/77") return { status: 200, body: transaction };
    if (url.pathname === "/api/ledger/srdetails/SR-2610-0005") return { status: 200, body: srDetails };
    if (url.pathname === "/api/account/invoices") return { status: 200, body: dues };
    return undefined;
  });
}

/** Each cell of a row as its phone card shows it: "label: text". */
const card = (row: Element) =>
  [...row.querySelectorAll("td")].map((td) => `${td.getAttribute("data-label")}: ${td.textContent}`);

describe("partner tables on a phone", { timeout: 30_000 }, () => {
  it("transaction details list the removed units as labelled cards with their total", async () => {
    tokenStore.set("t");
    api();
    renderApp("/account/transactionDetails/1/77");
    const table = await screen.findByTestId("transaction-removal", undefined, { timeout: 10_000 });
    const [first, second] = within(table).getAllByRole("row").slice(1);
    expect(card(first as Element)).toEqual([
      "Product: 100241 Babyhug Dry Comfort Taped Diapers Pack of 120",
      "Removed: 1 of 3",
      "Amount: ₹1,799.00",
    ]);
    expect(card(second as Element)).toEqual([
      "Product: 100059 Babyhug Suction Bowl",
      "Removed: 3 of 4",
      "Amount: ₹1,741.00",
    ]);
    const total = table.querySelector("tfoot tr");
    expect(card(total as Element)).toEqual(["Product: Total", "Removed: 4", "Amount: ₹3,540.00"]);
  });

  it("the ledger's SR details show each credit note line as a card and the totals", async () => {
    tokenStore.set("t");
    api();
    renderApp("/account/ledger/srdetails/SR-2610-0005/2026-10-01/DN120");
    const table = await screen.findByTestId("sr-credit-notes", undefined, { timeout: 10_000 });
    const rows = within(table).getAllByRole("row");
    // the header, two lines, the totals
    expect(rows).toHaveLength(4);
    expect(card(rows[1] as Element)).toEqual([
      "PO item: PO-1-1Damaged",
      "Qty: 1",
      "Shipped: 20-05-2026",
      "Age (days): 134",
      "Net amount: ₹1,500.00",
      "GST: ₹270.00",
      "DN120: ₹30.00",
      "DN180: ₹0.00",
    ]);
    expect(card(rows[3] as Element)).toEqual([
      "PO item: Total",
      "Qty: 3",
      "Shipped: ",
      "Age (days): ",
      "Net amount: ₹1,800.00",
      "GST: ₹324.00",
      "DN120: ₹36.50",
      "DN180: ₹0.00",
    ]);
    // on a phone the shipping day and the other note's DN amount are left out
    const hidden = [...(rows[1] as Element).querySelectorAll("td")]
      .filter((td) => td.className.includes("hideOnPhone"))
      .map((td) => td.getAttribute("data-label"));
    expect(hidden).toEqual(["Shipped", "DN180"]);
  });

  it("the invoices card shows the payments awaiting approval and what is owed after them", async () => {
    tokenStore.set("t");
    api();
    renderApp("/account/loadHistory");
    const box = await screen.findByTestId("invoices-card", undefined, { timeout: 10_000 });
    await waitFor(() => expect(box.textContent).toContain("₹72,062.99"));
    expect(box.textContent).toContain("Outstanding₹1,27,813.71");
    expect(box.textContent).toContain("Payments awaiting approval₹72,062.99");
    expect(box.textContent).toContain("You owe after they are approved₹55,750.72");
  });
});
