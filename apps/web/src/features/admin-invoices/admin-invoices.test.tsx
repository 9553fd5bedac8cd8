// @vitest-environment happy-dom
import "../../test/setup";
import { MantineProvider } from "@mantine/core";
import { Notifications, notifications } from "@mantine/notifications";
import type { AdminInvoiceRow, Invoice } from "@portal/contracts";
import { messages } from "@portal/domain";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../app/providers";
import { theme } from "../../app/theme";
import { CurrentUserProvider } from "../../lib/auth";
import { tokenStore } from "../../lib/token";
import { fakeApi, franchisee } from "../../test/render";
import { InvoicePage } from "./InvoicePage";
import { InvoicesPage } from "./InvoicesPage";

const clerk = { ...franchisee, id: 9, email: "admin@demo.in", role: "admin", accountType: "admin" as const };

const row = (id: number, number: string, kind: AdminInvoiceRow["kind"]): AdminInvoiceRow => ({
  id,
  kind,
  number,
  userId: 1,
  warehouseId: 2,
  poid: kind === "TAX INVOICE" ? null : `PO-${id}`,
  loadId: kind === "TAX INVOICE" ? 40 + id : null,
  issuedOn: "2026-11-20",
  financialYear: "2026-27",
  taxRegime: "CGST/SGST",
  total: "1180.00",
  partnerName: "Babyhug FC Camp Pune",
  partnerEmail: "franchisee@demo.in",
  warehouseName: "Pune",
});

const invoice: Invoice = {
  ...row(7, "CM02/2627/000007", "TAX INVOICE"),
  company: { name: "Demo Retail Pvt Ltd", gstNo: "27AAACD1234F1Z5", cin: "U52100MH2010PTC000001" },
  warehouse: { id: 2, name: "Pune", gstNo: "27AAACD1234F1Z5", address: "Plot 4, Pune", state: "Maharashtra" },
  partner: { name: "Babyhug FC Camp Pune", shipState: "Maharashtra", billingGstNo: null },
  shipOutDate: "2026-11-20",
  lines: [
    {
      poid: "PO-A1",
      productId: 11,
      name: "Onesie",
      hsnCode: "6111",
      quantity: 2,
      actualPrice: "500.00",
      taxable: "1000.00",
      vatAmount: "0.00",
      vatRate: "0.00",
      gstType: "CGST/SGST",
      cgstRate: "9.00",
      sgstRate: "9.00",
      igstRate: "0.00",
      cgst: "90.00",
      sgst: "90.00",
      igst: "0.00",
      total: "1180.00",
    },
  ],
  shippingCharge: null,
  totals: { taxable: "1000.00", vat: "0.00", cgst: "90.00", sgst: "90.00", igst: "0.00", total: "1180.00" },
};

function Location() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MantineProvider theme={theme} env="test">
        <Notifications />
        <MemoryRouter initialEntries={[path]}>
          <CurrentUserProvider user={clerk}>
            <Routes>
              <Route path="/admin/invoices" element={<InvoicesPage />} />
              <Route path="/admin/invoices/:id" element={<InvoicePage />} />
            </Routes>
            <Location />
          </CurrentUserProvider>
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  notifications.clean();
  tokenStore.clear();
  vi.restoreAllMocks();
});

describe("The invoices desk", { timeout: 30_000 }, () => {
  it("lists invoices with the address's search, filters and sort, warehouses from the server, and opens one", async () => {
    tokenStore.set("t");
    const calls = fakeApi((url) => {
      if (url.pathname === "/api/users/userList") return { status: 200, body: { rows: [], total: 0 } };
      if (url.pathname === "/api/admin/invoices/choices")
        return { status: 200, body: { warehouses: [{ id: 2, name: "Pune" }] } };
      if (url.pathname === "/api/admin/invoices")
        return {
          status: 200,
          body: {
            rows: [row(7, "CM02/2627/000007", "TAX INVOICE"), row(8, "PI-PO-8", "PERFORMA INVOICE")],
            total: 2,
          },
        };
    });
    renderAt("/admin/invoices?q=CM02&kind=TAX+INVOICE&warehouseId=2&sort=-total");
    const table = await screen.findByTestId("invoices-table");
    await within(table).findByText("CM02/2627/000007");
    // the page asks the server with the address's query
    const asked = calls.find((c) => c.path.startsWith("/api/admin/invoices?"));
    const query = new URLSearchParams(asked?.path.split("?")[1]);
    expect(Object.fromEntries(query)).toEqual({
      q: "CM02",
      kind: "TAX INVOICE",
      warehouseId: "2",
      sort: "-total",
      page: "1",
      pageSize: "25",
    });
    expect(calls.some((c) => c.path === "/api/admin/invoices/choices")).toBe(true);
    expect(within(table).getByText("Load 47").textContent).toBe("Load 47");
    expect(within(table).getByText("PO-8").getAttribute("href")).toBe("/admin/orders/PO-8");
    expect(within(table).getByText("PI-PO-8").getAttribute("href")).toBe("/admin/invoices/8");

    // a click on a sortable column sorts over every row on the server, through the address
    fireEvent.click(within(table).getByText("Date"));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toContain("sort=issuedOn"));
  });

  it("shows one invoice as printed, with its source's history, and downloads its PDF", async () => {
    tokenStore.set("t");
    const calls = fakeApi((url) => {
      if (url.pathname === "/api/admin/invoices/7") return { status: 200, body: invoice };
      if (url.pathname === "/api/admin/audit") return { status: 200, body: { rows: [], total: 0 } };
      if (url.pathname === "/api/admin/invoices/7/pdf") return { status: 200, body: "%PDF-" };
    });
    const created = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:pdf");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    renderAt("/admin/invoices/7");
    const page = await screen.findByTestId("admin-invoice");
    expect(within(page).getByRole("heading", { level: 2 }).textContent).toBe("CM02/2627/000007");
    expect(screen.getByTestId("invoice-total").textContent).toBe("Amount payable: ₹1,180.00");
    const line = within(screen.getByTestId("invoice-lines")).getByText("11 Onesie").closest("tr");
    expect(line?.textContent).toBe("PO-A111 Onesie61112₹500.00₹1,000.00₹180.00₹1,180.00");
    await screen.findByTestId("history-panel");
    expect(calls.some((c) => c.path.startsWith("/api/admin/audit?") && c.path.includes("entity=load"))).toBe(
      true,
    );
    expect(calls.some((c) => c.path.includes("entityId=47"))).toBe(true);

    // D downloads the PDF (the partner's document), with the signed-in token
    fireEvent.keyDown(document.body, { key: "d" });
    await waitFor(() => expect(created).toHaveBeenCalled());
    const pdf = calls.find((c) => c.path === "/api/admin/invoices/7/pdf");
    expect(pdf?.auth).toBe("Bearer t");
    expect(screen.getByTestId("invoice-print").textContent).toBe("PrintP");
  });

  it("says why an invoice cannot be shown", async () => {
    tokenStore.set("t");
    fakeApi((url) => {
      if (url.pathname === "/api/admin/invoices/99")
        return { status: 404, body: { message: messages.invoiceUnavailable } };
    });
    renderAt("/admin/invoices/99");
    expect((await screen.findByText(messages.invoiceUnavailable)).textContent).toBe(
      "Invoice details is not available!!",
    );
  });
});
