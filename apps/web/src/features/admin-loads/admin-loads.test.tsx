// @vitest-environment happy-dom
import "../../test/setup";
import { notifications } from "@mantine/notifications";
import type { AdminLoad, AdminLoadDetail, Me } from "@portal/contracts";
import { formatDate, indiaDay } from "@portal/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../../lib/token";
import { fakeApi, franchisee, renderApp } from "../../test/render";

const staff: Me = { ...franchisee, id: 9, email: "admin@demo.in", role: "admin", accountType: "admin" };

const load = (id: number, status: AdminLoad["status"], poids: string[]): AdminLoad => ({
  id,
  userId: 1,
  partnerName: "Babyhug FC Camp Pune",
  warehouseId: 2,
  warehouseName: "Bhiwandi",
  status,
  createdAt: "2026-11-20T10:00:00.000Z",
  estimatedShippingDate: "2026-11-23",
  actualShippingDate: null,
  handedOverAt: status === "Hand Over" ? "2026-11-21T10:00:00.000Z" : null,
  deliveredAt: null,
  docketNo: status === "Hand Over" ? `BD${id}` : null,
  transporter: status === "Hand Over" ? "Blue Dart" : null,
  totalItems: poids.length,
  totalQuantity: 3 * poids.length,
  total: "1180.00",
  poids,
  invoiceId: null,
  invoiceNumber: null,
});

const detail = (l: AdminLoad): AdminLoadDetail => ({
  ...l,
  orders: l.poids.map((poid, i) => ({
    poid,
    status: "Confirmed",
    totalQuantity: 3,
    netPayment: "590.00",
    lines: [
      {
        productId: 100 + i,
        productName: `Romper ${i}`,
        orderedQuantity: 3,
        quantity: 3,
        deliveredQuantity: null,
      },
    ],
  })),
  nextSteps: l.status === "Hand Over" ? ["Shipped", "Cancelled"] : ["Hand Over", "Cancelled"],
  canRemoveOrders: true,
  waybillRequestId: null,
});

const first = load(5, "Hand Over", ["PO-A", "PO-B"]);
const second = load(6, "Ready To Dispatch", ["PO-C"]);

afterEach(() => {
  cleanup();
  notifications.clean();
  tokenStore.clear();
});

function serve(posted: { path: string; body: unknown }[]) {
  return fakeApi((url, init) => {
    if (url.pathname === "/api/users/me") return { status: 200, body: staff };
    if (url.pathname === "/api/users/userList") return { status: 200, body: { rows: [], total: 0 } };
    if (url.pathname === "/api/admin/audit") return { status: 200, body: { rows: [], total: 0 } };
    if (url.pathname === "/api/admin/loads/candidates") return { status: 200, body: [] };
    if (url.pathname === "/api/admin/loads/choices")
      return {
        status: 200,
        body: { warehouses: [{ id: 2, name: "Bhiwandi" }], transporters: ["Blue Dart", "Gati"] },
      };
    if (url.pathname === "/api/admin/loads")
      return { status: 200, body: { rows: [first, second], total: 2 } };
    if (url.pathname === "/api/admin/loads/5" && (init.method ?? "GET") === "GET")
      return { status: 200, body: detail(first) };
    if (init.method === "POST") {
      posted.push({ path: url.pathname, body: JSON.parse(String(init.body ?? "{}")) });
      if (url.pathname === "/api/admin/loads/5/orders/PO-B/remove")
        return { status: 200, body: detail({ ...first, poids: ["PO-A"] }) };
      if (url.pathname === "/api/admin/loads/6/cancel")
        return { status: 200, body: detail({ ...second, status: "Cancelled", poids: [] }) };
    }
  });
}

describe("The loads board", { timeout: 30_000 }, () => {
  it("searches, sorts and filters through the address, with the next step on the row and the rest in its menu", async () => {
    tokenStore.set("t");
    const calls = serve([]);
    renderApp("/admin/loads?q=bd5&sort=-total&transporter=Blue%20Dart");
    const table = await screen.findByTestId("loads-table", {}, { timeout: 15_000 });
    await within(table).findByText("BD5");
    const asked = calls.find((c) => c.path.startsWith("/api/admin/loads?"));
    expect(Object.fromEntries(new URLSearchParams(asked?.path.split("?")[1]))).toEqual({
      q: "bd5",
      sort: "-total",
      transporter: "Blue Dart",
      page: "1",
      pageSize: "25",
    });
    expect(within(table).getByTestId("ship-5").textContent).toBe("Ship");
    expect(within(table).getByTestId("hand-over-6").textContent).toBe("Hand over");
    expect(within(table).getByRole("button", { name: "More actions for load 5" }).tagName).toBe("BUTTON");
  });

  it("starts the hand-over empty for every load, and shows the ship date as dd-mm-yyyy", async () => {
    tokenStore.set("t");
    serve([]);
    renderApp("/admin/loads");
    const table = await screen.findByTestId("loads-table", {}, { timeout: 15_000 });
    fireEvent.click(await within(table).findByTestId("hand-over-6"));
    let dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Docket/ }), {
      target: { value: "SX-FIRST-111" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    fireEvent.click(within(table).getByTestId("hand-over-6"));
    dialog = await screen.findByRole("dialog");
    expect((within(dialog).getByRole("textbox", { name: /Docket/ }) as HTMLInputElement).value).toBe("");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    fireEvent.click(within(table).getByTestId("ship-5"));
    dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByTestId("ship-date").textContent).toContain(formatDate(indiaDay(new Date())));
  });

  it("opens a load's detail from the address, takes an order off it and cancels another, asking first", async () => {
    tokenStore.set("t");
    const posted: { path: string; body: unknown }[] = [];
    serve(posted);
    renderApp("/admin/loads?load=5");
    const drawer = await screen.findByTestId("load-detail", {}, { timeout: 15_000 });
    expect(within(drawer).getByText("Romper 1").textContent).toBe("Romper 1");
    expect(within(drawer).getByText("Blue Dart").textContent).toBe("Blue Dart");
    fireEvent.click(within(drawer).getByTestId("remove-PO-B"));
    const ask = await screen.findByTestId("ask-dialog");
    expect(ask.textContent).toContain("Take order PO-B off load 5?");
    fireEvent.change(within(ask).getByRole("textbox", { name: /Reason/ }), { target: { value: "Held" } });
    fireEvent.click(within(ask).getByTestId("ask-dialog-confirm"));
    await waitFor(() =>
      expect(posted).toEqual([{ path: "/api/admin/loads/5/orders/PO-B/remove", body: { reason: "Held" } }]),
    );

    const table = screen.getByTestId("loads-table");
    fireEvent.click(within(table).getByRole("button", { name: "More actions for load 6" }));
    fireEvent.click(await screen.findByTestId("cancel-6"));
    const cancel = await screen.findByTestId("ask-dialog");
    const confirm = within(cancel).getByTestId("ask-dialog-confirm") as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(cancel).getByTestId("cancel-reason"), { target: { value: "Truck broke down" } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(posted.at(-1)).toEqual({
        path: "/api/admin/loads/6/cancel",
        body: { reason: "Truck broke down" },
      }),
    );
  });
});
