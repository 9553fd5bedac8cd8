// @vitest-environment happy-dom
import "../../test/setup";
import { notifications } from "@mantine/notifications";
import type { AssistCategoryTotals, AssistSuggestions, CartItem } from "@portal/contracts";
import { messages } from "@portal/domain";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../../lib/token";
import { fakeApi, franchisee, renderApp } from "../../test/render";

const totals: AssistCategoryTotals = {
  asOf: "2026-10-31",
  from: "2026-10-02",
  saleDays: 30,
  qty: 54,
  amount: "16146.00",
  categories: [
    { categoryId: 1, name: "Diapering", apparel: false, qty: 36, amount: "10764.00" },
    { categoryId: 6, name: "Boys Clothing", apparel: true, qty: 18, amount: "5382.00" },
  ],
};

const suggested = (id: number, suggested: number) => ({
  id,
  name: `Diapers ${id}`,
  size: "Medium",
  color: null,
  mrp: "299.00",
  unitCost: "206.32",
  sale: 18,
  dailySale: 0.6,
  stock: 8,
  pending: 0,
  inTransit: 0,
  suggested,
  cartQty: suggested,
});

const suggestions: AssistSuggestions = {
  asOf: "2026-10-31",
  from: "2026-10-02",
  saleDays: 30,
  category: { id: 1, name: "Diapering" },
  apparel: false,
  grouped: false,
  subcategories: [
    {
      id: 101,
      name: "Diapers",
      groups: [
        {
          key: "100077^",
          groupId: 100076,
          name: "Diapers 100077",
          color: null,
          children: [suggested(100077, 19)],
        },
        {
          key: "100080^",
          groupId: 100076,
          name: "Diapers 100080",
          color: null,
          children: [suggested(100080, 0)],
        },
      ],
    },
  ],
};

const line = (id: number): CartItem => ({
  id,
  productId: id,
  qty: 1,
  parent: `${id}^`,
  stockType: "OwnedStock",
  mrp: "299.00",
  whId: 2,
});

function api(cartSize = 0, held: CartItem[] = []) {
  let cart: CartItem[] = [...Array.from({ length: cartSize }, (_, i) => line(1 + i)), ...held];
  const sent: unknown[] = [];
  fakeApi((url, init) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    if (url.pathname === "/api/users/me") return { status: 200, body: franchisee };
    if (["/api/menu", "/api/notifications"].includes(url.pathname)) return { status: 200, body: [] };
    if (url.pathname === "/api/orderAssist/catTotal") return { status: 200, body: totals };
    if (url.pathname === "/api/orderAssist/sales/1")
      return {
        status: 200,
        body: {
          ...totals,
          category: { id: 1, name: "Diapering" },
          rows: [{ id: 101, name: "Diapers", qty: 36, amount: "10764.00" }],
        },
      };
    if (url.pathname === "/api/orderAssist/stock/1")
      return { status: 200, body: { category: { id: 1, name: "Diapering" }, rows: [] } };
    if (url.pathname === "/api/bestseller/all")
      return { status: 404, body: { message: messages.bestsellersNotFound } };
    if (url.pathname === "/api/products/getSuggestedProducts/1") return { status: 200, body: suggestions };
    if (url.pathname === "/api/users/cart") return { status: 200, body: { products: cart } };
    if (url.pathname === "/api/orderAssist/addToCart") {
      sent.push(body);
      const products = body.products as { id: number; qty: number }[];
      cart = [
        ...cart.filter((l) => !products.some((p) => p.id === l.id)),
        ...products.map((p) => ({ ...line(p.id), qty: p.qty })),
      ];
      return {
        status: 200,
        body: { message: messages.productAddedToCart, products: cart, added: [], updated: [], unchanged: [] },
      };
    }
    return undefined;
  });
  return sent;
}

afterEach(() => {
  notifications.clean();
  cleanup();
  tokenStore.clear();
});

describe("order assist, non-apparels", { timeout: 30_000 }, () => {
  it("without a category: the spec's error; an apparel category in the address is refused and cleared", async () => {
    tokenStore.set("t");
    api();
    const { router } = renderApp("/orderAssist/nonApparels?category=6");
    expect(await screen.findByText(messages.noCategoryChosen, {}, { timeout: 15_000 })).toBeTruthy();
    expect(router.state.location.search).toBe("");
    expect(screen.getByTestId("sales-up-to").textContent).toContain("Sales up to 31-10-2026");
  });

  it("shows suggestions; bulk add needs a selection, then sends the suggested quantities", async () => {
    tokenStore.set("t");
    const sent = api();
    renderApp("/orderAssist/nonApparels?category=1");
    await screen.findByTestId("suggestion-100077", {}, { timeout: 15_000 });
    expect(await screen.findByText(messages.bestsellersNotFound)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Add selected to cart" }));
    expect(await screen.findByText(messages.selectAtLeastOneProduct)).toBeTruthy();
    expect(sent).toHaveLength(0);

    // nothing suggested: it cannot be selected
    expect(
      (screen.getByRole("checkbox", { name: /Select Diapers 100080/ }) as HTMLInputElement).disabled,
    ).toBe(true);
    fireEvent.click(screen.getByRole("checkbox", { name: /Select Diapers 100077/ }));
    fireEvent.click(screen.getByRole("button", { name: "Add selected to cart" }));
    expect(await screen.findByText(messages.productAddedToCart)).toBeTruthy();
    expect(sent).toEqual([{ products: [{ id: 100077, qty: 19 }] }]);
  });

  it("adding one more line to a cart of 300: the order-assist cart-limit message, nothing sent", async () => {
    tokenStore.set("t");
    const sent = api(300);
    renderApp("/orderAssist/nonApparels?category=1");
    await screen.findByTestId("suggestion-100077", {}, { timeout: 15_000 });
    await screen.findByRole("button", { name: /Cart, 300 products/ });
    fireEvent.click(screen.getByRole("button", { name: "Add Diapers 100077 · Medium to cart" }));
    expect(await screen.findByText(messages.cartLimitOrderAssist)).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it("shows the unit cost, the line's value and the selection's total", async () => {
    tokenStore.set("t");
    api();
    renderApp("/orderAssist/nonApparels?category=1");
    const row = await screen.findByTestId("suggestion-100077", {}, { timeout: 15_000 });
    expect(row.textContent).toContain("your cost ₹206.32");
    // 19 × ₹206.32
    expect(within(row).getByTestId("line-value").textContent).toBe("₹3,920.08");
    fireEvent.click(screen.getByRole("checkbox", { name: /Select Diapers 100077/ }));
    expect(screen.getByTestId("selection-total").textContent).toContain("1 selected · 19 units · ₹3,920.08");
  });

  it("a product already in the cart: asks, and adds both when the partner chooses so (5 + 19 = 24)", async () => {
    tokenStore.set("t");
    const sent = api(0, [{ ...line(100077), qty: 5 }]);
    renderApp("/orderAssist/nonApparels?category=1");
    const row = await screen.findByTestId("suggestion-100077", {}, { timeout: 15_000 });
    expect(await within(row).findByText("In cart: 5")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add Diapers 100077 · Medium to cart" }));
    const dialog = await screen.findByTestId("cart-conflict");
    expect(dialog.textContent).toContain("5 in the cart, 19 chosen here");
    expect(sent).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Add both (24)" }));
    expect(await screen.findByText(messages.productAddedToCart)).toBeTruthy();
    expect(sent).toEqual([{ products: [{ id: 100077, qty: 24 }] }]);
  });

  it("a product already in the cart: keeping the cart's quantity sends nothing", async () => {
    tokenStore.set("t");
    const sent = api(0, [{ ...line(100077), qty: 5 }]);
    renderApp("/orderAssist/nonApparels?category=1");
    await screen.findByTestId("suggestion-100077", {}, { timeout: 15_000 });
    fireEvent.click(screen.getByRole("button", { name: "Add Diapers 100077 · Medium to cart" }));
    const dialog = await screen.findByTestId("cart-conflict");
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep 5 in the cart" }));
    expect(await screen.findByText("Nothing changed: your cart keeps its quantities.")).toBeTruthy();
    expect(sent).toHaveLength(0);
  });
});
