// @vitest-environment happy-dom
import "../../test/setup";
import { notifications } from "@mantine/notifications";
import type { CartAllocationView, TopUpSuggestionsResponse } from "@portal/contracts";
import { messages } from "@portal/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../../lib/token";
import { fakeApi, franchisee, renderApp } from "../../test/render";
import { testAllocation, testCart, testLine } from "./testCart";

/** Owned ₹25,000 (ships free), stockist ₹4,000: ₹2,000 short of its ₹6,000 minimum. */
const before = () =>
  testCart([
    testLine(100001, [testAllocation(2, "Pune", "owned", 10, "2500.00")]),
    testLine(100002, [testAllocation(101, "Shree Baby Distributors", "stockist", 8, "500.00")]),
  ]);
/** …after the top-up: two more stockist lines, ₹6,000.50 in all. */
const after = () =>
  testCart([
    ...before().products,
    testLine(100010, [testAllocation(101, "Shree Baby Distributors", "stockist", 3, "450.10")]),
    testLine(100011, [testAllocation(101, "Shree Baby Distributors", "stockist", 1, "650.20")]),
  ]);

const suggestion: TopUpSuggestionsResponse = {
  groups: [
    {
      group: "stockist",
      label: "Stockist",
      total: "4000.00",
      reason: "minimum",
      target: "6000.00",
      short: "2000.00",
      headline: "Add ₹2,000.00 to reach the minimum",
      status: "reaches",
      products: [
        {
          productId: 100010,
          name: "Cotton Frock 100010",
          size: "2-3 Y",
          color: "Pink",
          brand: "Babyoye",
          image: "/api/images/products/100010/a.svg",
          qty: 3,
          unitPrice: "450.10",
          total: "1350.30",
          wh: 101,
          whName: "Shree Baby Distributors",
          source: "assist",
        },
        {
          productId: 100011,
          name: "Linen Shirt 100011",
          size: null,
          color: null,
          brand: "Babyhug",
          image: "/api/images/products/100011/a.svg",
          qty: 1,
          unitPrice: "650.20",
          total: "650.20",
          wh: 101,
          whName: "Shree Baby Distributors",
          source: "bestseller",
        },
      ],
      adds: "2000.50",
      overshoot: "0.50",
      stillShort: "0.00",
      considered: 12,
    },
  ],
};

const onTheWire = ({ products, ...rest }: CartAllocationView) => ({ ...rest, data: { products } });

/** A fake server whose cart takes the suggested lines on the cart's add call. */
function server() {
  let cart = before();
  const sent = {
    adds: [] as unknown[],
    orders: [] as { orders: { wh: number; products: { id: number }[] }[] }[],
  };
  fakeApi((url, init) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
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
    switch (url.pathname) {
      case "/api/users/me":
        return { status: 200, body: franchisee };
      case "/api/menu":
      case "/api/notifications":
        return { status: 200, body: [] };
      case "/api/users/cart":
        return { status: 200, body: { products: items() } };
      case "/api/cart":
        return { status: 200, body: onTheWire(cart) };
      case "/api/cart/topUpSuggestions":
        return { status: 200, body: cart.products.length > 2 ? { groups: [] } : suggestion };
      case "/api/users/cart/update":
        sent.adds.push(body);
        cart = after();
        return {
          status: 200,
          body: {
            message: messages.productsAddedToCart,
            products: items(),
            added: [100010, 100011],
            updated: [],
            unchanged: [],
          },
        };
      case "/api/order":
        sent.orders.push(body);
        return { status: 500, body: { message: "stop here" } };
      default:
        return undefined;
    }
  });
  return sent;
}

afterEach(() => {
  notifications.clean();
  cleanup();
  tokenStore.clear();
});

describe("smart top-up", { timeout: 20_000 }, () => {
  it("offers the group's top-up in the order summary and adds it with the cart's add call", async () => {
    tokenStore.set("t");
    const sent = server();
    renderApp("/checkout");
    const panel = await screen.findByTestId("top-up-stockist");
    expect(within(panel).getByTestId("top-up-headline-stockist").textContent).toBe(
      "Add ₹2,000.00 to reach the minimum",
    );
    expect(panel.textContent).toContain("These 2 products (4 units) add ₹2,000.50, ₹0.50 more than needed.");
    const rows = within(panel)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(rows).toEqual([
      "Cotton Frock 1000102-3 Y · 3 × ₹450.10 · Shree Baby Distributors₹1,350.30",
      "Linen Shirt 1000111 × ₹650.20 · Shree Baby Distributors₹650.20",
    ]);
    // the summary does not say the amount twice
    const group = screen.getByTestId("summary-group-stockist");
    expect(group.textContent).not.toContain("more to reach the");

    fireEvent.click(within(panel).getByTestId("top-up-add-stockist"));
    await waitFor(() => expect(screen.queryByTestId("top-up-stockist")).toBeNull());
    expect(sent.adds).toEqual([
      {
        products: [
          { id: 100010, qty: 3 },
          { id: 100011, qty: 1 },
        ],
        mode: "add",
      },
    ]);
    const updated = screen.getByTestId("summary-group-stockist");
    await waitFor(() => expect(updated.textContent).toContain("₹6,000.50"));
    expect(updated.textContent).toContain("Meets the minimum");
    expect((await screen.findByTestId("notice-success")).textContent).toContain(messages.productsAddedToCart);
  });

  it("tops a group up from the place-order dialog, which then orders from it", async () => {
    tokenStore.set("t");
    const sent = server();
    renderApp("/checkout");
    fireEvent.click(await screen.findByTestId("place-order-button"));
    fireEvent.click(within(await screen.findByTestId("shipping-dialog")).getByTestId("shipping-continue"));
    const dialog = await screen.findByTestId("place-order-dialog");
    const stockist = within(dialog).getByTestId("group-checkbox-stockist") as HTMLInputElement;
    expect(stockist.disabled).toBe(true);
    const panel = await within(dialog).findByTestId("top-up-stockist");
    expect(within(panel).getByTestId("top-up-headline-stockist").textContent).toBe(
      "Add ₹2,000.00 to reach the minimum",
    );
    // the amount is said once, by the top-up
    expect(within(dialog).getByTestId("group-blocker-stockist").textContent).toBe(
      "Below the stockist minimum of ₹6,000.00.",
    );
    fireEvent.click(within(panel).getByTestId("top-up-add-stockist"));
    // the group now meets its minimum: it can be chosen, and is
    await waitFor(() => expect(stockist.disabled).toBe(false));
    expect(stockist.checked).toBe(true);
    expect(within(dialog).getByTestId("selected-total").textContent).toBe("₹31,000.50");
    fireEvent.click(within(dialog).getByTestId("confirm-order-button"));
    await waitFor(() => expect(sent.orders).toHaveLength(1));
    expect(sent.orders[0]?.orders.map((o) => [o.wh, o.products.map((p) => p.id)])).toEqual([
      [2, [100001]],
      [101, [100002, 100010, 100011]],
    ]);
  });
});
