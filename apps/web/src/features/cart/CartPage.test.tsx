// @vitest-environment happy-dom
import "../../test/setup";
import { notifications } from "@mantine/notifications";
import type { CartAllocationView, PurchaseOrder } from "@portal/contracts";
import { messages } from "@portal/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../../lib/token";
import { fakeApi, franchisee, renderApp } from "../../test/render";
import { testAllocation, testCart, testLine, threeGroupCart } from "./testCart";

function purchaseOrder(poid: string, wh: number, total: string): PurchaseOrder {
  const address = {
    name: "Store",
    address1: "12 MG Road",
    address2: null,
    city: "Pune",
    state: "Maharashtra",
    pincode: "411001",
  };
  return {
    poid,
    warehouseId: wh,
    warehouseName: wh === 2 ? "Pune" : "Mumbai",
    warehouseState: "Maharashtra",
    warehouseGroup: wh === 2 ? "owned" : "dropship",
    source: "B2B",
    stockType: wh === 2 ? "OwnedStock" : "DropShipment",
    status: "Pending",
    placementId: "p1",
    createdAt: "2026-01-10T10:00:00.000Z",
    paymentDate: null,
    maxShipDate: "2026-01-14T10:00:00.000Z",
    totalItems: 1,
    totalQuantity: 10,
    totalMrp: "9990.00",
    totalBase: total,
    totalCgst: "0.00",
    totalSgst: "0.00",
    totalIgst: "0.00",
    couponDiscount: "0.00",
    netPayment: total,
    gstType: "CGST/SGST",
    shippingCharge: wh === 2,
    shippingChargeAmount: wh === 2 ? "250.00" : "0.00",
    docketNo: null,
    transporterNo: null,
    gapReport: 0,
    shippingAddress: { ...address, phone: "9800000001" },
    billingAddress: { ...address, gstNo: null },
    lines: [],
  };
}

/** POST /api/order's answer: Pune's order placed, Mumbai's refused for stock. */
const placedPuneRefusedMumbai = () => ({
  status: 200,
  body: {
    result: [
      { status: 200, wh: 2, poid: "PO2601100001T", order: purchaseOrder("PO2601100001T", 2, "7000.00") },
      { status: 400, wh: 5, message: "Cotton Romper 100003 has only 0 left in Mumbai" },
    ],
  },
});

interface Sent {
  refresh: Record<string, unknown>[];
  orders: { key: string | null; body: Record<string, unknown> }[];
}

/** POST /api/cart answers the lines under data.products. */
const onTheWire = ({ products, ...rest }: CartAllocationView) => ({ ...rest, data: { products } });

/** A fake API around one cart; `order` answers POST /api/order (null: the network fails). */
function api(
  cart: CartAllocationView,
  options: {
    reduced?: CartAllocationView;
    order?: (n: number) => { status: number; body: unknown } | null;
    /** Held until resolved: the order stays in flight. */
    gate?: Promise<void>;
  } = {},
) {
  const sent: Sent = { refresh: [], orders: [] };
  const items = () =>
    cart.products.map((l) => ({
      id: l.id,
      productId: l.id,
      qty: l.qty,
      parent: l.parent,
      stockType: l.stockType,
      mrp: l.mrp,
      whId: l.whId,
    }));
  fakeApi((url, init) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    if (url.pathname === "/api/users/me") return { status: 200, body: franchisee };
    if (["/api/menu", "/api/notifications"].includes(url.pathname)) return { status: 200, body: [] };
    if (url.pathname === "/api/users/cart") return { status: 200, body: { products: items() } };
    if (url.pathname === "/api/cart") {
      sent.refresh.push(body);
      if (body.reduceToStock && options.reduced) {
        cart = { ...options.reduced, stockReduced: false, message: null };
        return { status: 200, body: onTheWire(options.reduced) };
      }
      return { status: 200, body: onTheWire(cart) };
    }
    return undefined;
  });
  const inner = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname !== "/api/order") return inner(input, init);
    const key = new Headers(init.headers).get("idempotency-key");
    sent.orders.push({ key, body: JSON.parse(String(init.body)) });
    await options.gate;
    const answer = options.order?.(sent.orders.length) ?? null;
    if (!answer) throw new TypeError("Failed to fetch");
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "Content-Type": "application/json" },
    });
  }) as typeof fetch;
  return sent;
}

afterEach(() => {
  notifications.clean();
  cleanup();
  tokenStore.clear();
});

describe("/checkout", { timeout: 20_000 }, () => {
  it("shows the lines with their allocation, the group totals and filters", async () => {
    tokenStore.set("t");
    api(threeGroupCart());
    renderApp("/checkout");
    const lines = await screen.findAllByTestId("cart-line");
    expect(lines).toHaveLength(3);
    expect(document.title).toBe("Cart | Partner Portal");
    expect(within(lines[0] as HTMLElement).getByTestId("allocation").textContent).toContain("Pune");
    expect(screen.getByTestId("cart-total").textContent).toBe("₹12,000.00");
    expect(screen.getByTestId("summary-group-stockist").textContent).toContain("Add ₹2,000.00 more");

    fireEvent.change(screen.getByTestId("filter-text"), { target: { value: "100003" } });
    expect(screen.getAllByTestId("cart-line")).toHaveLength(1);
  });

  it("alerts when the refresh lowered quantities to stock, leaves out lines with none, and goes on", async () => {
    tokenStore.set("t");
    const cart = testCart([
      testLine(100001, [testAllocation(2, "Pune", "owned", 6, "700.00")], { qty: 10 }),
      testLine(100002, [], { qty: 4 }),
    ]);
    const reduced = testCart(
      [testLine(100001, [testAllocation(2, "Pune", "owned", 6, "700.00")]), testLine(100002, [], { qty: 4 })],
      { stockReduced: true, message: messages.stockReduced },
    );
    const sent = api(cart, { reduced });
    renderApp("/checkout");
    fireEvent.click(await screen.findByTestId("place-order-button"));
    const alert = await screen.findByTestId("stock-reduced");
    expect(alert.textContent).toContain(messages.stockReduced);
    expect(screen.getAllByTestId("stock-reduced-line").map((l) => l.textContent)).toEqual([
      "Cotton Romper 100001 (ID 100001): 10 → 6",
      "Cotton Romper 100002 (ID 100002): no stock, left out of this order",
    ]);
    expect(sent.refresh.at(-1)).toMatchObject({ reduceToStock: true, appType: 1 });
    // the flow goes on to the shipping dialog, and the order holds only what stock covers
    fireEvent.click(within(await screen.findByTestId("shipping-dialog")).getByTestId("shipping-continue"));
    const dialog = await screen.findByTestId("place-order-dialog");
    expect(within(dialog).getByTestId("stay-in-cart").textContent).toContain("1 product has no stock");
  });

  it("places the order through the dialogs, retrying with the same Idempotency-Key", async () => {
    tokenStore.set("t");
    const sent = api(threeGroupCart(), {
      order: (n) => (n === 1 ? null : placedPuneRefusedMumbai()),
    });
    renderApp("/checkout");
    fireEvent.click(await screen.findByTestId("place-order-button"));

    const shipping = await screen.findByTestId("shipping-dialog");
    fireEvent.click(within(shipping).getByTestId("shipping-continue"));

    const dialog = await screen.findByTestId("place-order-dialog");
    fireEvent.click(within(dialog).getByTestId("confirm-order-button"));
    // the network fails: the outcome is unknown, the user is told to check before ordering again
    expect((await within(dialog).findByTestId("order-error")).textContent).toContain(messages.orderNotPlaced);

    fireEvent.click(within(dialog).getByTestId("confirm-order-button"));
    const summary = await screen.findByTestId("summary-dialog");
    expect(sent.orders).toHaveLength(2);
    expect(sent.orders[0]?.key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(sent.orders[1]?.key).toBe(sent.orders[0]?.key);
    expect(sent.orders[0]?.body.orders).toEqual([
      {
        wh: 2,
        products: [{ id: 100001, qty: 10, isReturnable: true, actualPrice: "700.00", totalPrice: "7000.00" }],
        totalStockistOrWarehousePrice: "7000.00",
      },
      {
        wh: 5,
        products: [{ id: 100003, qty: 2, isReturnable: true, actualPrice: "500.00", totalPrice: "1000.00" }],
        totalStockistOrWarehousePrice: "1000.00",
      },
    ]);
    expect(sent.orders[0]?.body.shippingAddress).toMatchObject({ city: "Pune", pincode: "411001" });
    expect(within(summary).getByTestId("summary-order").textContent).toContain("PO2601100001T");
    expect(within(summary).getByTestId("summary-refused").textContent).toContain(
      "Mumbai: Cotton Romper 100003",
    );
  });

  it("runs the same flow from the cart dialog, which closes with its flag on a 400 result", async () => {
    tokenStore.set("t");
    const sent = api(threeGroupCart(), {
      order: placedPuneRefusedMumbai,
    });
    renderApp("/settings");
    fireEvent.click(await screen.findByTestId("cart-button"));
    const modal = await screen.findByTestId("cart-modal");
    fireEvent.click(await within(modal).findByTestId("place-order-button"));
    fireEvent.click(within(await screen.findByTestId("shipping-dialog")).getByTestId("shipping-continue"));
    fireEvent.click(
      within(await screen.findByTestId("place-order-dialog")).getByTestId("confirm-order-button"),
    );
    const summary = await screen.findByTestId("summary-dialog");
    expect(sent.orders).toHaveLength(1);
    expect(within(summary).getByTestId("summary-refused").textContent).toContain("Mumbai");
    await waitFor(() => expect(screen.queryByTestId("cart-modal")).toBeNull());
  });

  it("shows the error notice with each warehouse's reason when nothing was placed", async () => {
    tokenStore.set("t");
    api(threeGroupCart(), {
      order: () => ({
        status: 400,
        body: {
          message: messages.orderFailedRetry,
          result: [{ status: 400, wh: 2, message: "Cotton Romper 100001 has only 3 left in Pune" }],
        },
      }),
    });
    renderApp("/checkout");
    fireEvent.click(await screen.findByTestId("place-order-button"));
    fireEvent.click(within(await screen.findByTestId("shipping-dialog")).getByTestId("shipping-continue"));
    const dialog = await screen.findByTestId("place-order-dialog");
    fireEvent.click(within(dialog).getByTestId("confirm-order-button"));
    const error = await within(dialog).findByTestId("order-error");
    expect(error.textContent).toContain(messages.orderFailedRetry);
    expect(error.textContent).toContain("Pune: Cotton Romper 100001 has only 3 left in Pune");
    await waitFor(() =>
      expect((within(dialog).getByTestId("confirm-order-button") as HTMLButtonElement).disabled).toBe(false),
    );
    expect(screen.queryByTestId("summary-dialog")).toBeNull();
  });

  it("shows the processing banner and holds the button while the order is in flight", async () => {
    tokenStore.set("t");
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    api(threeGroupCart(), {
      gate,
      order: () => ({
        status: 200,
        body: {
          result: [
            {
              status: 200,
              wh: 2,
              poid: "PO2601100001T",
              order: purchaseOrder("PO2601100001T", 2, "7000.00"),
            },
          ],
        },
      }),
    });
    renderApp("/checkout");
    fireEvent.click(await screen.findByTestId("place-order-button"));
    fireEvent.click(within(await screen.findByTestId("shipping-dialog")).getByTestId("shipping-continue"));
    const dialog = await screen.findByTestId("place-order-dialog");
    fireEvent.click(within(dialog).getByTestId("confirm-order-button"));
    expect((await within(dialog).findByTestId("processing-banner")).textContent).toBe(
      messages.processingOrder,
    );
    expect((within(dialog).getByTestId("confirm-order-button") as HTMLButtonElement).disabled).toBe(true);
    release();
    expect((await screen.findByTestId("summary-dialog")).textContent).toContain("Your order is placed");
    expect(screen.queryByTestId("processing-banner")).toBeNull();
  });

  it("disables Place order with the reason when the account may not order", async () => {
    tokenStore.set("t");
    api(threeGroupCart());
    fakeApiMe({ ...franchisee, canOrder: false, canCartUpload: false });
    renderApp("/checkout");
    const button = (await screen.findByTestId("place-order-button")) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByTestId("place-order-blocked").textContent).toContain("not enabled");
    expect(screen.queryByTestId("upload-input")).toBeNull();
  });
});

function fakeApiMe(me: typeof franchisee) {
  const inner = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (new URL(String(input), "http://localhost").pathname === "/api/users/me")
      return new Response(JSON.stringify(me), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      });
    return inner(input, init);
  }) as typeof fetch;
}
