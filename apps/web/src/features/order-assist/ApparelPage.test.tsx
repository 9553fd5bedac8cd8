// @vitest-environment happy-dom
import "../../test/setup";
import { notifications } from "@mantine/notifications";
import type { AssistSuggestions, CartItem, SuggestionGroup } from "@portal/contracts";
import { messages } from "@portal/domain";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../../lib/token";
import { fakeApi, franchisee, renderApp } from "../../test/render";

const size = (id: number, label: string, suggested: number) => ({
  id,
  name: `Tee ${id}`,
  size: label,
  color: "Red",
  mrp: "499.00",
  unitCost: "206.32",
  sale: 2,
  dailySale: 0.07,
  stock: 0,
  pending: 0,
  inTransit: 0,
  suggested,
  cartQty: suggested,
});

const group = (groupId: number, sizes: ReturnType<typeof size>[]): SuggestionGroup => ({
  key: `${groupId}^Red`,
  groupId,
  name: `Polo T-Shirt ${groupId}`,
  color: "Red",
  children: sizes,
});

const suggestions: AssistSuggestions = {
  asOf: "2026-10-31",
  from: "2026-10-25",
  saleDays: 7,
  category: { id: 6, name: "Boys Clothing" },
  apparel: true,
  grouped: true,
  subcategories: [
    {
      id: 601,
      name: "T-Shirts",
      groups: [
        group(1, [size(11, "2-3 Y", 0), size(12, "3-4 Y", 10)]),
        group(2, [size(21, "2-3 Y", 5)]),
        group(3, [size(31, "4-5 Y", 5)]),
        group(4, [size(41, "5-6 Y", 4)]),
        group(5, [size(51, "5-6 Y", 0)]),
      ],
    },
  ],
};

function api() {
  let cart: CartItem[] = [];
  const sent: unknown[] = [];
  fakeApi((url, init) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    if (url.pathname === "/api/users/me") return { status: 200, body: franchisee };
    if (["/api/menu", "/api/notifications"].includes(url.pathname)) return { status: 200, body: [] };
    if (url.pathname === "/api/orderAssist/catTotal")
      return {
        status: 200,
        body: {
          asOf: "2026-10-31",
          from: "2026-10-02",
          saleDays: 30,
          qty: 19,
          amount: "9481.00",
          categories: [
            { categoryId: 1, name: "Diapering", apparel: false, qty: 0, amount: "0.00" },
            { categoryId: 6, name: "Boys Clothing", apparel: true, qty: 19, amount: "9481.00" },
          ],
        },
      };
    if (url.pathname === "/api/products/getSuggestedProducts/6") return { status: 200, body: suggestions };
    if (url.pathname === "/api/orderAssist/apparelSubcatLevelSales/601")
      return {
        status: 200,
        body: {
          asOf: "2026-10-31",
          from: "2026-10-25",
          saleDays: 7,
          categoryId: 6,
          subcategory: { id: 601, name: "T-Shirts" },
          rows: [
            {
              typeId: 1,
              typeName: "Half Sleeve",
              slabId: 1,
              slabLabel: "Up to ₹499",
              sale: 2,
              stock: 6,
              pending: 0,
              inTransit: 0,
              suggested: 4,
            },
          ],
        },
      };
    if (url.pathname === "/api/bestseller/all")
      return { status: 404, body: { message: messages.bestsellersNotFound } };
    if (url.pathname === "/api/users/cart") return { status: 200, body: { products: cart } };
    if (url.pathname === "/api/orderAssist/addToCart") {
      sent.push(body);
      cart = (body.products as { id: number; qty: number }[]).map((p) => ({
        id: p.id,
        productId: p.id,
        qty: p.qty,
        parent: "1^Red",
        stockType: "OwnedStock",
        mrp: "499.00",
        whId: 2,
      }));
      return {
        status: 200,
        body: {
          message: messages.productsAddedToCart,
          products: cart,
          added: [],
          updated: [],
          unchanged: [],
        },
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

describe("order assist, apparels", { timeout: 30_000 }, () => {
  it("shows type and price slab figures, a reorder carousel of 3 a page with sizes, and adds the selected sizes", async () => {
    tokenStore.set("t");
    const sent = api();
    renderApp("/orderAssist/apparels?category=6");
    expect(await screen.findByText("Half Sleeve · Up to ₹499", {}, { timeout: 15_000 })).toBeTruthy();
    expect(await screen.findByText(messages.bestsellersNotFound)).toBeTruthy();

    // 4 groups with something to reorder: 2 pages of 3
    expect(screen.getByText("1 / 2")).toBeTruthy();
    expect(screen.getByText("Polo T-Shirt 1")).toBeTruthy();
    expect(screen.queryByText("Polo T-Shirt 4")).toBeNull();
    // a size with nothing suggested cannot be chosen
    expect((screen.getByRole("checkbox", { name: "2-3 Y: suggested 0" }) as HTMLInputElement).disabled).toBe(
      true,
    );

    fireEvent.click(screen.getByRole("checkbox", { name: "3-4 Y: suggested 10" }));
    fireEvent.click(screen.getByRole("button", { name: "Next reorder products" }));
    expect(await screen.findByText("Polo T-Shirt 4")).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox", { name: "5-6 Y: suggested 4" }));
    fireEvent.click(screen.getByRole("button", { name: "Add selected to cart" }));
    expect(await screen.findByText(messages.productsAddedToCart)).toBeTruthy();
    expect(sent).toEqual([
      {
        products: [
          { id: 12, qty: 10 },
          { id: 41, qty: 4 },
        ],
      },
    ]);
  });

  it("a non-apparel category in the address: the spec's error and the query string cleared", async () => {
    tokenStore.set("t");
    api();
    const { router } = renderApp("/orderAssist/apparels?category=1");
    expect(await screen.findByText(messages.noCategoryChosen, {}, { timeout: 15_000 })).toBeTruthy();
    expect(router.state.location.search).toBe("");
  });
});
