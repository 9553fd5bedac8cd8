// @vitest-environment happy-dom
import "../../test/setup";
import { notifications } from "@mantine/notifications";
import type { CartItem } from "@portal/contracts";
import { itemsDeletedFromCart, messages } from "@portal/domain";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../../lib/token";
import { fakeApi, franchisee, renderApp } from "../../test/render";
import { testDetail } from "./testProducts";

const item = (id: number, qty: number): CartItem => ({
  id,
  productId: id,
  qty,
  parent: `${id}^Blue`,
  stockType: "OwnedStock",
  mrp: "999.00",
  whId: 2,
});

/** A fake API with a cart that remembers; returns what the cart calls sent. */
function api(initial: CartItem[] = []) {
  let cart = [...initial];
  const sent: { method: string; path: string; body: unknown }[] = [];
  fakeApi((url, init) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    if (url.pathname === "/api/users/me") return { status: 200, body: franchisee };
    if (["/api/menu", "/api/notifications"].includes(url.pathname)) return { status: 200, body: [] };
    if (url.pathname === "/api/mapping/getMapping")
      return { status: 200, body: [{ whID: 2, state: "Maharashtra", name: "Pune" }] };
    const detail = /^\/api\/products\/(\d+)$/.exec(url.pathname);
    if (detail) return { status: 200, body: testDetail(Number(detail[1])) };
    if (url.pathname.startsWith("/api/products/getLikesDislikes/")) return { status: 200, body: null };
    if (url.pathname === "/api/products/children") return { status: 200, body: [] };
    if (url.pathname === "/api/brand/12") return { status: 404, body: { message: "Brand not found" } };
    if (url.pathname === "/api/users/cart") return { status: 200, body: { products: cart } };
    if (url.pathname === "/api/users/cart/update") {
      sent.push({ method: "PUT", path: url.pathname, body });
      const changes = body.products as { id: number; qty: number }[];
      for (const c of changes) cart = [...cart.filter((i) => i.id !== c.id), item(c.id, c.qty)];
      return {
        status: 200,
        body: { message: "ok", products: cart, added: [], updated: [], unchanged: [] },
      };
    }
    if (url.pathname === "/api/users/cart/removeCartItems") {
      sent.push({ method: "POST", path: url.pathname, body });
      const ids = body.productIds as number[];
      cart = cart.filter((i) => !ids.includes(i.id));
      return {
        status: 200,
        body: { message: itemsDeletedFromCart(ids.length), products: cart, removed: ids, notInCart: [] },
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

/** Picks a quantity in the product page's quantity list. */
async function pickQuantity(qty: number) {
  const select = await screen.findByRole("combobox", { name: /Quantity of/ });
  fireEvent.change(select, { target: { value: String(qty) } });
}

describe("cart buttons on the product page", { timeout: 20_000 }, () => {
  it("asks for a quantity, adds, updates only a changed quantity and deletes after asking", async () => {
    tokenStore.set("t");
    const sent = api();
    renderApp("/products/productInfo/100001?whId=2");

    // Add without a quantity: the spec's message, nothing sent
    fireEvent.click(await screen.findByTestId("cart-add"));
    expect(await screen.findByText(messages.selectQuantity)).toBeTruthy();
    expect(sent).toHaveLength(0);

    await pickQuantity(3);
    fireEvent.click(screen.getByTestId("cart-add"));
    expect(await screen.findByText(messages.productAddedToCart)).toBeTruthy();
    expect(sent[0]).toEqual({
      method: "PUT",
      path: "/api/users/cart/update",
      body: { products: [{ id: 100001, qty: 3 }], mode: "add" },
    });
    await screen.findByTestId("cart-update");
    expect(screen.getByTestId("in-cart").textContent).toContain("In cart");

    // Update with the same quantity: not sent
    fireEvent.click(screen.getByTestId("cart-update"));
    expect(await screen.findByText(messages.alreadyInCartSameQuantity)).toBeTruthy();
    expect(sent).toHaveLength(1);

    // Update with another quantity: sent once
    await pickQuantity(5);
    fireEvent.click(screen.getByTestId("cart-update"));
    expect(await screen.findByText(messages.productUpdatedInCart)).toBeTruthy();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toEqual({ products: [{ id: 100001, qty: 5 }], mode: "update" });

    // Delete asks first
    fireEvent.click(screen.getByTestId("cart-delete"));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain(messages.confirmDeleteProduct);
    fireEvent.click(within(dialog).getByTestId("confirm-delete-product-confirm"));
    expect(await screen.findByText(itemsDeletedFromCart(1))).toBeTruthy();
    expect(sent[2]).toEqual({
      method: "POST",
      path: "/api/users/cart/removeCartItems",
      body: { productIds: [100001] },
    });
    await screen.findByTestId("cart-add");
    expect(screen.queryByTestId("in-cart")).toBeNull();
  });

  it("shows the server's refusal as its message", async () => {
    tokenStore.set("t");
    api([item(100001, 2)]);
    fakeApiOverride();
    renderApp("/products/productInfo/100001?whId=2");
    await screen.findByTestId("cart-update");
    await pickQuantity(4);
    fireEvent.click(screen.getByTestId("cart-update"));
    expect(await screen.findByText(messages.cartLimit)).toBeTruthy();
  });
});

/** Wraps the current fake so that cart updates are refused with the cart-limit message. */
function fakeApiOverride() {
  const inner = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (new URL(String(input), "http://localhost").pathname === "/api/users/cart/update")
      return new Response(JSON.stringify({ message: messages.cartLimit }), {
        status: 400,
        headers: { "Content-Type": "application/json" },
      });
    return inner(input, init);
  }) as typeof fetch;
}
