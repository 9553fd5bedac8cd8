// @vitest-environment happy-dom
import "../../test/setup";
import { notifications } from "@mantine/notifications";
import type { LedgerStatement } from "@portal/contracts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../../lib/token";
import { pickDay, shownDay } from "../../test/dates";
import { fakeApi, franchisee, renderApp, stockist } from "../../test/render";
import { ledgerCsv } from "./api";

afterEach(() => {
  notifications.clean();
  cleanup();
  tokenStore.clear();
});

const entry = {
  id: 41,
  approvedDate: "2026-08-12",
  voucherType: "Sales",
  voucherNumber: "INV/02/2026-27/000017",
  debit: "25000.00",
  credit: "0.00",
  creditAcc: "Dr" as const,
  descTitle: "Sales Invoice",
  description: "Sales invoice INV/02/2026-27/000017 for load 9",
  accTypeName: "Little Steps Retail Private Limited",
  B2BReferenceNumber: "9",
  hasDetails: true,
  noteType: null,
  ledgerAccount: 1,
  isSR: false,
  isCourierExpenses: false,
  isOrderCancel: false,
  cndninvoicedetails: { referenceID: null },
  docketNumber: "BD12345678",
  kind: "sales" as const,
  loadId: 9,
  srId: null,
  balance: "15000.00",
  crdrBalance: "Dr" as const,
};
const payment = {
  ...entry,
  id: 42,
  approvedDate: "2026-09-05",
  voucherType: "Receipt",
  voucherNumber: "UTR202609051",
  debit: "0.00",
  credit: "20000.00",
  creditAcc: "Cr" as const,
  descTitle: "Payment Received",
  description: "Payment received by Neft, reference UTR202609051",
  B2BReferenceNumber: "UTR202609051",
  docketNumber: null,
  kind: "receipt" as const,
  loadId: null,
  balance: "5000.00",
  crdrBalance: "Cr" as const,
};

const statement = (fromDate: string, toDate: string): LedgerStatement => ({
  ledgerAccount: 1,
  accTypeName: "Little Steps Retail Private Limited",
  fromDate,
  toDate,
  ledger: [{ openingBalance: "10000.00", crdrOpeningBalance: "Cr" }, entry, payment],
  totalDebit: "25000.00",
  totalCredit: "20000.00",
  closingBalance: "5000.00",
  crdrClosingBalance: "Cr",
  voucherType: null,
  otherEntries: { count: 0, debit: "0.00", credit: "0.00" },
  ageing: {
    asOf: toDate,
    outstanding: "0.00",
    buckets: [
      { key: "days0to30", label: "0–30 days", amount: "0.00" },
      { key: "days31to60", label: "31–60 days", amount: "0.00" },
      { key: "days61to90", label: "61–90 days", amount: "0.00" },
      { key: "over90", label: "90+ days", amount: "0.00" },
    ],
  },
});

/** The statement of receipts only, with what the filter left out and what is open by age. */
const receipts = (fromDate: string, toDate: string): LedgerStatement => ({
  ...statement(fromDate, toDate),
  ledger: [{ openingBalance: "10000.00", crdrOpeningBalance: "Cr" }, payment],
  totalDebit: "0.00",
  voucherType: "Receipt",
  otherEntries: { count: 1, debit: "25000.00", credit: "0.00" },
  ageing: {
    asOf: toDate,
    outstanding: "154277.54",
    buckets: [
      { key: "days0to30", label: "0–30 days", amount: "88794.64" },
      { key: "days31to60", label: "31–60 days", amount: "65482.90" },
      { key: "days61to90", label: "61–90 days", amount: "0.00" },
      { key: "over90", label: "90+ days", amount: "0.00" },
    ],
  },
});

function api() {
  const bodies: unknown[] = [];
  const calls = fakeApi((url, init) => {
    if (url.pathname === "/api/users/me") return { status: 200, body: franchisee };
    if (["/api/menu", "/api/notifications"].includes(url.pathname)) return { status: 200, body: [] };
    if (url.pathname === "/api/users/cart") return { status: 200, body: { products: [] } };
    if (url.pathname === "/api/ledger/getAccTypes")
      return {
        status: 200,
        body: [
          { ledgerAccount: 1, accTypeName: "Little Steps Retail Private Limited", hasEntries: true },
          {
            ledgerAccount: 2,
            accTypeName: "Little Steps Franchise Services Private Limited",
            hasEntries: false,
          },
        ],
      };
    if (url.pathname === "/api/ledger/getLedger") {
      const body = JSON.parse(String(init.body ?? "{}"));
      bodies.push(body);
      if (body.toDate && body.toDate < "2017-04-01")
        return { status: 404, body: { message: "Last Year Ledger Not Available" } };
      const make = body.voucherType === "Receipt" ? receipts : statement;
      return { status: 200, body: make(body.fromDate || "2026-04-01", body.toDate || "2026-11-23") };
    }
    if (url.pathname === "/api/users/me/preferences") {
      if (init.method === "PUT") {
        const body = JSON.parse(String(init.body ?? "{}"));
        bodies.push({ preferences: body });
        return { status: 200, body };
      }
      return { status: 200, body: { monthlyStatement: false } };
    }
    return undefined;
  });
  return { calls, bodies };
}

describe("/account/ledger", { timeout: 20_000 }, () => {
  it("shows the opening balance, each entry with its running balance, and the closing balance", async () => {
    tokenStore.set("t");
    api();
    renderApp("/account/ledger");
    expect((await screen.findByTestId("opening-balance", undefined, { timeout: 10_000 })).textContent).toBe(
      "₹10,000.00 Cr",
    );
    expect(screen.getByTestId("closing-balance").textContent).toBe("₹5,000.00 Cr");
    const table = screen.getByTestId("ledger-table");
    expect(within(table).getByText("INV/02/2026-27/000017")).toBeTruthy();
    expect(within(table).getByText("₹15,000.00 Dr")).toBeTruthy();
    expect(within(table).getByText("Opening Balance")).toBeTruthy();
    expect(within(table).getByText("Closing Balance")).toBeTruthy();
    const details = within(table).getAllByRole("link", { name: "Details" });
    expect(details[0]?.getAttribute("href")).toBe("/account/transactionDetails/1/41");
    expect(screen.getByLabelText("From date").textContent).toBe(shownDay("2026-04-01"));
  });

  it("asks again for the dates chosen, and says when a year has no ledger", async () => {
    tokenStore.set("t");
    const { bodies } = api();
    renderApp("/account/ledger");
    await screen.findByTestId("opening-balance", undefined, { timeout: 10_000 });
    await pickDay("From date", "2026-08-01");
    await pickDay("To date", "2026-10-31");
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(bodies.at(-1)).toEqual({ ledgerAccount: 1, fromDate: "2026-08-01", toDate: "2026-10-31" }),
    );
    await pickDay("From date", "2016-04-01");
    await pickDay("To date", "2017-03-31");
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect((await screen.findByTestId("ledger-error")).textContent).toBe("Last Year Ledger Not Available");
  });

  it("sends partners without the ledger to login (as the spec says), asking nothing of the ledger", async () => {
    tokenStore.set("t");
    const calls = fakeApi((url) => {
      if (url.pathname === "/api/users/me") return { status: 200, body: stockist };
      if (["/api/menu", "/api/notifications"].includes(url.pathname)) return { status: 200, body: [] };
      if (url.pathname === "/api/users/cart") return { status: 200, body: { products: [] } };
      return undefined;
    });
    const { router } = renderApp("/account/ledger");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"), { timeout: 10_000 });
    await router.navigate("/account/transactionDetails/1/41");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(calls.filter((c) => c.path.startsWith("/api/ledger"))).toEqual([]);
  });
});

describe("/account/ledger: voucher filter, ageing, statement by mail", { timeout: 30_000 }, () => {
  it("asks the server for one voucher type and shows the ageing and what the filter left out", async () => {
    tokenStore.set("t");
    const { bodies } = api();
    renderApp("/account/ledger");
    await screen.findByTestId("opening-balance", undefined, { timeout: 10_000 });
    fireEvent.click(screen.getByRole("textbox", { name: "Voucher type" }));
    fireEvent.click(await screen.findByRole("option", { name: "Receipt" }));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ ledgerAccount: 1, voucherType: "Receipt" }));
    expect(await screen.findByText(/Other vouchers, not shown \(1 entry\)/)).toBeTruthy();
    expect(screen.getByTestId("ageing-days0to30").textContent).toBe("₹88,794.64");
    expect(screen.getByTestId("ageing-days31to60").textContent).toBe("₹65,482.90");
    expect(screen.getByTestId("ageing-over90").textContent).toBe("₹0.00");
    expect(screen.getByTestId("ageing-outstanding").textContent).toBe("₹1,54,277.54");
    const table = screen.getByTestId("ledger-table");
    expect(within(table).queryByText("INV/02/2026-27/000017")).toBeNull();
    expect(within(table).getAllByText("UTR202609051").length).toBeGreaterThan(0);
  });

  it("points to the setting that mails the statement each month", async () => {
    tokenStore.set("t");
    api();
    renderApp("/account/ledger");
    const link = await screen.findByTestId("statement-by-mail", undefined, { timeout: 10_000 });
    expect(link.textContent).toBe("Mail me my statement on the 1st of each month");
    expect(link.getAttribute("href")).toBe("/settings");
  });

  it("draws a long statement in pieces, every entry in the page in the end", {
    timeout: 60_000,
  }, async () => {
    tokenStore.set("t");
    const many = Array.from({ length: 150 }, (_, i) => ({
      ...payment,
      id: 1000 + i,
      voucherNumber: `UTR${1000 + i}`,
    }));
    fakeApi((url) => {
      if (url.pathname === "/api/users/me") return { status: 200, body: franchisee };
      if (["/api/menu", "/api/notifications"].includes(url.pathname)) return { status: 200, body: [] };
      if (url.pathname === "/api/users/cart") return { status: 200, body: { products: [] } };
      if (url.pathname === "/api/users/me/preferences")
        return { status: 200, body: { monthlyStatement: true } };
      if (url.pathname === "/api/ledger/getAccTypes") return { status: 200, body: [] };
      if (url.pathname === "/api/ledger/getLedger") {
        const s = statement("2026-04-01", "2026-11-23");
        return { status: 200, body: { ...s, ledger: [s.ledger[0], ...many] } };
      }
      return undefined;
    });
    renderApp("/account/ledger");
    await screen.findByTestId("ledger-table", undefined, { timeout: 10_000 });
    // The first piece at once, not all 300 rows in one go.
    expect(screen.getAllByTestId("ledger-row").length).toBeLessThan(151);
    await waitFor(() => expect(screen.getAllByTestId("ledger-row")).toHaveLength(151), { timeout: 25_000 });
    expect(screen.getAllByText("UTR1149").length).toBeGreaterThan(0);
  });
});

describe("ledger CSV", () => {
  it("has the opening balance, every entry and the closing balance", () => {
    const lines = ledgerCsv(statement("2026-08-01", "2026-10-31")).split("\r\n");
    expect(lines).toEqual([
      "Date,Voucher Type,Voucher No,Particulars,Description,Reference,Debit,Credit,Balance,Dr/Cr",
      "01-08-2026,,,Opening Balance,,,,,10000.00,Cr",
      "12-08-2026,Sales,INV/02/2026-27/000017,Sales Invoice,Sales invoice INV/02/2026-27/000017 for load 9,9,25000.00,0.00,15000.00,Dr",
      '05-09-2026,Receipt,UTR202609051,Payment Received,"Payment received by Neft, reference UTR202609051",UTR202609051,0.00,20000.00,5000.00,Cr',
      "31-10-2026,,,Closing Balance,,,25000.00,20000.00,5000.00,Cr",
    ]);
  });

  it("says in a line how many vouchers of other types the filter leaves out, and their amounts", () => {
    const lines = ledgerCsv(receipts("2026-08-01", "2026-10-31")).split("\r\n");
    expect(lines).toEqual([
      "Date,Voucher Type,Voucher No,Particulars,Description,Reference,Debit,Credit,Balance,Dr/Cr",
      "01-08-2026,,,Opening Balance,,,,,10000.00,Cr",
      '05-09-2026,Receipt,UTR202609051,Payment Received,"Payment received by Neft, reference UTR202609051",UTR202609051,0.00,20000.00,5000.00,Cr',
      "31-10-2026,,,1 voucher of another type not shown,Only Receipt vouchers are listed,,25000.00,0.00,,",
      "31-10-2026,,,Closing Balance,,,0.00,20000.00,5000.00,Cr",
    ]);
    const twelve = {
      ...receipts("2026-08-01", "2026-10-31"),
      otherEntries: { count: 12, debit: "1.00", credit: "0.00" },
    };
    expect(ledgerCsv(twelve)).toContain(
      ",12 vouchers of other types not shown,Only Receipt vouchers are listed,,1.00,0.00,,",
    );
  });
});
