// @vitest-environment happy-dom
import "../../test/setup";
import { notifications } from "@mantine/notifications";
import type { AdminLedgerResponse, LedgerAgeing } from "@portal/contracts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Navigate, Route, Routes } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../../lib/token";
import { fakeApi, renderUi } from "../../test/render";
import { LedgerDeskPage } from "./LedgerDeskPage";

afterEach(() => {
  cleanup();
  notifications.clean();
  tokenStore.clear();
});

const statement: AdminLedgerResponse = {
  userId: 5,
  ledgerAccount: 1,
  openingBalance: "0.00",
  closingBalance: "1500.00",
  entries: [
    {
      id: 1,
      entryDate: "2026-10-01",
      voucherType: "Sales",
      voucherNumber: "INV-1",
      debit: "1500.00",
      credit: "0.00",
      description: "Invoice INV-1",
      reference: null,
      noteType: null,
      sacCode: null,
      ledgerAccount: 1,
    },
  ],
};
const ageing: LedgerAgeing = {
  userId: 5,
  ledgerAccount: 1,
  asOf: "2026-11-20",
  outstanding: "1500.00",
  buckets: [
    { key: "days0to30", label: "0–30 days", amount: "0.00" },
    { key: "days31to60", label: "31–60 days", amount: "1500.00" },
    { key: "days61to90", label: "61–90 days", amount: "0.00" },
    { key: "days91to180", label: "91–180 days", amount: "0.00" },
    { key: "over180", label: "180+ days", amount: "0.00" },
  ],
};

describe("the partner ledger desk", { timeout: 30_000 }, () => {
  it("shows the ageing and the statement, and posts a correction note with its reason after asking", async () => {
    tokenStore.set("t");
    const posted: { body: unknown; key: string | null }[] = [];
    fakeApi((url, init) => {
      if (url.pathname === "/api/users/userList")
        return {
          status: 200,
          body: {
            rows: [
              {
                id: 5,
                email: "franchisee@demo.in",
                firstname: "Priya",
                lastname: "Deshmukh",
                storeName: "Babyhug FC Camp Pune",
                role: "user",
                accountType: "franchise",
                concept: "BABYHUG",
                state: "Maharashtra",
                gstin: null,
                active: true,
                createdAt: "2019-01-01T00:00:00.000Z",
                flags: {
                  enableLedger: true,
                  canViewStorePerformance: true,
                  enableARS: false,
                  hasFoodLicense: false,
                  canOrder: true,
                  canCartUpload: false,
                  offer: false,
                  isFranchisee: true,
                },
              },
            ],
            total: 1,
          },
        };
      if (url.pathname === "/api/admin/ledger/5") return { status: 200, body: statement };
      if (url.pathname === "/api/admin/ledger/5/ageing") return { status: 200, body: ageing };
      if (url.pathname === "/api/admin/ledger/5/notes" && init.method === "POST") {
        posted.push({
          body: JSON.parse(String(init.body)),
          key: new Headers(init.headers).get("idempotency-key"),
        });
        return {
          status: 200,
          body: {
            ...statement.entries[0],
            id: 2,
            voucherType: "Credit Note",
            voucherNumber: "CN-7",
            debit: "0.00",
            credit: "250.00",
            description: "Correction: Rebate",
          },
        };
      }
      return undefined;
    });
    renderUi(
      <Routes>
        <Route path="/" element={<Navigate to="/admin/ledger/5" />} />
        <Route path="/admin/ledger/:userId?" element={<LedgerDeskPage />} />
      </Routes>,
    );
    const tiles = await screen.findByTestId("ledger-ageing");
    await within(tiles).findByText("31–60 days");
    expect(tiles.textContent).toBe(
      "0–30 days₹0.0031–60 days₹1,500.0061–90 days₹0.0091–180 days₹0.00180+ days₹0.00Outstanding on 20-11-2026₹1,500.00",
    );
    expect((await screen.findByTestId("ledger-closing")).textContent).toBe("Closing balance ₹1,500.00 Dr");
    await within(screen.getByTestId("ledger-table")).findByText("INV-1");

    fireEvent.change(screen.getByLabelText("Amount (₹)"), { target: { value: "250" } });
    fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: "Rebate" } });
    fireEvent.click(screen.getByRole("button", { name: "Post note" }));
    const ask = await screen.findByTestId("ask-dialog");
    expect(posted).toHaveLength(0);
    fireEvent.click(within(ask).getByTestId("ask-dialog-confirm"));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body).toEqual({
      ledgerAccount: 1,
      kind: "creditCorrection",
      amount: "250.00",
      description: "Rebate",
    });
    expect(posted[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      await screen.findByText(
        "Credit Note CN-7 posted for Babyhug FC Camp Pune (franchisee@demo.in): ₹250.00.",
      ),
    ).toBeDefined();
  });
});
