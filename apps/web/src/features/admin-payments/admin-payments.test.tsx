// @vitest-environment happy-dom
import "../../test/setup";
import { notifications } from "@mantine/notifications";
import type { AdminPayment, Me } from "@portal/contracts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../../lib/token";
import { fakeApi, franchisee, renderApp } from "../../test/render";

const staff: Me = { ...franchisee, id: 9, email: "admin@demo.in", role: "admin", accountType: "admin" };

const payment = (id: number, status: AdminPayment["status"]): AdminPayment => ({
  id,
  userId: 1,
  partnerName: "Babyhug FC Camp Pune",
  partnerEmail: "franchisee@demo.in",
  ledgerAccount: 1,
  paymentType: "Neft",
  referenceId: `UTR${id}`,
  totalAmountPayable: "1180.00",
  totalAmountPaid: "1180.00",
  amountReceived: status === "approved" ? "1000.00" : null,
  orders: ["PO-1", "PO-2"],
  status,
  reason: null,
  submittedAt: "2026-11-20T10:00:00.000Z",
  decidedAt: status === "submitted" ? null : "2026-11-21T10:00:00.000Z",
});

/** happy-dom's window, whose media queries follow its viewport. */
const happyDom = (window as unknown as { happyDOM: { setViewport: (viewport: { width: number }) => void } })
  .happyDOM;
const defaultWidth = window.innerWidth;

afterEach(() => {
  cleanup();
  notifications.clean();
  tokenStore.clear();
  happyDom.setViewport({ width: defaultWidth });
});

describe("The payments desk", { timeout: 30_000 }, () => {
  it("searches and sorts through the address, keeps Approve on the row and Reject in its menu, and approves after asking", async () => {
    tokenStore.set("t");
    let approved: unknown = null;
    const calls = fakeApi((url, init) => {
      if (url.pathname === "/api/users/me") return { status: 200, body: staff };
      if (url.pathname === "/api/users/userList") return { status: 200, body: { rows: [], total: 0 } };
      if (url.pathname === "/api/admin/audit") return { status: 200, body: { rows: [], total: 0 } };
      if (url.pathname === "/api/admin/payments")
        return { status: 200, body: { rows: [payment(1, "submitted"), payment(2, "approved")], total: 2 } };
      if (url.pathname === "/api/admin/payments/1/approve") {
        approved = JSON.parse(String(init.body));
        return { status: 200, body: { ...payment(1, "approved"), amountReceived: "1180.00" } };
      }
    });
    renderApp("/admin/payments?q=utr1&sort=-totalAmountPaid");
    const table = await screen.findByTestId("payments-table", {}, { timeout: 15_000 });
    await within(table).findByText("UTR1");
    const asked = calls.find((c) => c.path.startsWith("/api/admin/payments?"));
    expect(Object.fromEntries(new URLSearchParams(asked?.path.split("?")[1]))).toEqual({
      status: "submitted",
      q: "utr1",
      sort: "-totalAmountPaid",
      page: "1",
      pageSize: "25",
    });
    // the received amount sits under the paid one; a decided payment has no actions
    expect(within(table).getByText("UTR2").closest("tr")?.textContent).toContain("received ₹1,000.00");
    expect(within(table).queryByTestId("approve-2")).toBeNull();
    expect(within(table).getByTestId("approve-1").textContent).toBe("Approve");
    expect(within(table).getByRole("button", { name: "More actions for UTR1" }).tagName).toBe("BUTTON");

    fireEvent.click(within(table).getByTestId("approve-1"));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(approved).toEqual({}));
  });

  it.each([
    [1366, ["Reference", "Partner", "Status", "Paid", "Payable", "Orders", "Submitted"]],
    [768, ["Reference", "Partner", "Status", "Paid"]],
  ])(
    "fits a %i px screen as %j, the amount paid beside Approve, statuses by their labels",
    async (width, shown) => {
      happyDom.setViewport({ width });
      tokenStore.set("t");
      fakeApi((url) => {
        if (url.pathname === "/api/users/me") return { status: 200, body: staff };
        if (url.pathname === "/api/users/userList") return { status: 200, body: { rows: [], total: 0 } };
        if (url.pathname === "/api/admin/payments")
          return { status: 200, body: { rows: [payment(1, "submitted"), payment(2, "rejected")], total: 2 } };
      });
      renderApp("/admin/payments");
      const table = await screen.findByTestId("payments-table", {}, { timeout: 15_000 });
      const approve = await within(table).findByTestId("approve-1");
      await waitFor(() =>
        // the headers a clerk sees (an actions column's header is for screen readers only)
        expect(
          [...table.querySelectorAll("thead th")]
            .filter((th) => !th.querySelector(".mantine-VisuallyHidden-root"))
            .map((th) => th.textContent)
            .filter(Boolean),
        ).toEqual(shown),
      );
      const cells = [...(approve.closest("tr")?.querySelectorAll("td") ?? [])].map((td) => td.textContent);
      expect(cells.at(-2)).toBe(width === 768 ? "₹1,180.00" : "20-11-2026 15:30");
      expect(cells[0]).toBe(width === 768 ? "UTR1Neft · account 120-11-2026 15:30" : "UTR1Neft · account 1");
      expect(cells[2]).toBe("Submitted");
      expect(within(table).getByText("UTR2").closest("tr")?.querySelectorAll("td")[2]?.textContent).toBe(
        "Rejected",
      );
      expect((within(table).getByRole("textbox", { name: "Status" }) as HTMLInputElement).value).toBe(
        "Submitted",
      );
    },
  );
});
