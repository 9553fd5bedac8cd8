// @vitest-environment happy-dom
import "../../test/setup";
import { notifications } from "@mantine/notifications";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../../lib/token";
import { fakeApi, franchisee, renderApp } from "../../test/render";
import { deliveredWithGap, gapReorder, gapReport, loadDetail, loadList, loadTotals } from "./test-facts";

afterEach(() => {
  notifications.clean();
  cleanup();
  tokenStore.clear();
});

const POID = "PO-260905-100206T";

function api() {
  return fakeApi((url, init) => {
    if (url.pathname === "/api/users/me") return { status: 200, body: franchisee };
    if (["/api/menu", "/api/notifications"].includes(url.pathname)) return { status: 200, body: [] };
    if (url.pathname === "/api/users/cart") return { status: 200, body: { products: [] } };
    if (url.pathname === `/api/order/${POID}`) return { status: 200, body: deliveredWithGap };
    if (url.pathname === "/api/order/getGapReport") return { status: 200, body: gapReport };
    if (url.pathname === `/api/order/${POID}/reorder` && init.method === "POST")
      return { status: 200, body: gapReorder };
    if (url.pathname === "/api/cpo/getLoad") return { status: 200, body: loadList };
    if (url.pathname === "/api/cpo/getLoadTotal") return { status: 200, body: loadTotals };
    if (url.pathname === "/api/cpo/getLoadById") return { status: 200, body: loadDetail };
    return undefined;
  });
}

describe("account screens", { timeout: 20_000 }, () => {
  it("order details show the order's figures and every line with ordered and confirmed quantities", async () => {
    tokenStore.set("t");
    api();
    renderApp(`/account/orderDetails/${POID}`);
    const lines = await screen.findByTestId("order-lines", undefined, { timeout: 10_000 });
    expect(screen.getByText(`Order ${POID}`)).toBeTruthy();
    const diapers = within(lines).getByText("Babyhug Dry Comfort Taped Diapers Pack of 120").closest("tr");
    expect(diapers?.textContent).toContain("3");
    expect(diapers?.textContent).toContain("2");
    // the header, a row a line, and the totals row
    expect(within(lines).getAllByRole("row")).toHaveLength(1 + deliveredWithGap.lines.length + 1);
    expect(screen.getByRole("button", { name: "Gap reorder" })).toBeTruthy();
  });

  it("gap reorder lists the gap and puts it in the cart, line by line", async () => {
    tokenStore.set("t");
    const calls = api();
    renderApp(`/account/gapReorder/${POID}`);
    const report = await screen.findByTestId("gap-report", undefined, { timeout: 10_000 });
    const diapers = within(report)
      .getByText(/Babyhug Dry Comfort Taped Diapers Pack of 120/)
      .closest("tr");
    expect([...(diapers?.querySelectorAll("td") ?? [])].map((td) => td.textContent)).toEqual([
      "100241 Babyhug Dry Comfort Taped Diapers Pack of 120",
      "₹1,799.00",
      "3",
      "2",
      "2",
      "1",
    ]);
    expect(screen.getByText(/Total gap: 1$/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add gap to cart" }));
    const dialog = await screen.findByRole("dialog", { name: "Added to cart" });
    const added = within(dialog)
      .getByText("Babyhug Dry Comfort Taped Diapers Pack of 120", { exact: false })
      .closest("tr");
    expect(added?.textContent).toContain("1");
    expect(await screen.findByText("1 Item added/updated successfully in cart")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Go to cart" })).toBeTruthy();
    expect(calls.some((c) => c.method === "POST" && c.path === `/api/order/${POID}/reorder?mode=gap`)).toBe(
      true,
    );
  });

  it("load history shows the totals and the loads; load details list the orders' lines", async () => {
    tokenStore.set("t");
    api();
    renderApp("/account/loadHistory");
    const table = await screen.findByTestId("load-table", undefined, { timeout: 10_000 });
    await waitFor(() => expect(within(table).getByText("DT41116643")).toBeTruthy());
    expect(screen.getByTestId("load-totals").textContent).toContain("45");
    cleanup();
    renderApp("/account/loadDetails/92");
    const lines = await screen.findByTestId("load-lines", undefined, { timeout: 10_000 });
    expect(within(lines).getAllByText("PO-261002-100228T").length).toBe(2);
    expect(lines.textContent).toContain("Babyhug EVA Clogs Solid - Lavender");
  });
});
