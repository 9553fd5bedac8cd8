// @vitest-environment happy-dom
import "../../test/setup";
import type { Me } from "@portal/contracts";
import { messages } from "@portal/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../../lib/token";
import { fakeApi, franchisee, renderApp, stockist } from "../../test/render";
import { testDetail, testListingPage } from "./testProducts";

const TOTAL = 12;

interface Sent {
  listing: Record<string, unknown>[];
  likes: Record<string, unknown>[];
  cart: Record<string, unknown>[];
}

function api(user: Me = franchisee) {
  const sent: Sent = { listing: [], likes: [], cart: [] };
  fakeApi((url, init) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    if (url.pathname === "/api/users/me") return { status: 200, body: user };
    if (["/api/menu", "/api/notifications"].includes(url.pathname)) return { status: 200, body: [] };
    if (url.pathname === "/api/mapping/getMapping")
      return { status: 200, body: [{ whID: 2, state: "Maharashtra", name: "Pune" }] };
    if (url.pathname === "/api/listing/b2b") {
      sent.listing.push(body);
      if (body.page > Math.ceil(TOTAL / body.size))
        return { status: 400, body: { message: "page is beyond the last page" } };
      return { status: 200, body: testListingPage(body.page, body.size, TOTAL) };
    }
    if (url.pathname === "/api/products/404")
      return { status: 404, body: { message: messages.productNotFound } };
    const detail = /^\/api\/products\/(\d+)$/.exec(url.pathname);
    if (detail) return { status: 200, body: testDetail(Number(detail[1])) };
    if (url.pathname.startsWith("/api/products/getLikesDislikes/")) return { status: 200, body: null };
    if (url.pathname === "/api/products/likesDislikes") {
      sent.likes.push(body);
      return {
        status: 200,
        body: {
          id: 1,
          productId: body.productId,
          productName: `Cotton Romper ${body.productId}`,
          categoryId: 6,
          subCategoryId: 601,
          likeDislike: body.likeDislike,
          reason: body.reason,
        },
      };
    }
    if (url.pathname === "/api/products/children") {
      const groupID = body.products[0].groupID;
      const child = (id: number, size: string, from: number, to: number, mrp: string) => ({
        ...{ id, groupID, size, color: "Blue", ageFromMonths: from, ageToMonths: to, mrp },
      });
      return {
        status: 200,
        body: [child(100001, "6-12M", 6, 12, "999.00"), child(100501, "12-18M", 12, 18, "1099.00")],
      };
    }
    if (url.pathname === "/api/users/cart") return { status: 200, body: { products: [] } };
    if (url.pathname === "/api/users/cart/update") {
      sent.cart.push(body);
      const products = (body.products as { id: number; qty: number }[]).map((c) => ({
        ...{ id: c.id, productId: c.id, qty: c.qty, parent: `${c.id}^Blue` },
        ...{ stockType: "OwnedStock", mrp: "999.00", whId: 2 },
      }));
      return { status: 200, body: { message: "ok", products, added: [], updated: [], unchanged: [] } };
    }
    return undefined;
  });
  return sent;
}

afterEach(() => {
  cleanup();
  tokenStore.clear();
});

// Whole-app renders with a grid of cards take a few seconds in happy-dom.
describe("product listing", { timeout: 40_000 }, () => {
  it("asks for what the address says and shows the total and the products", async () => {
    tokenStore.set("t");
    const sent = api();
    renderApp("/products/listing?categories=6&sort=-price&size=20&whType=owned");
    const total = await screen.findByTestId("listing-total");
    // One card per style, its sizes inside: the total says it counts styles, and in how many sizes.
    expect(total.textContent).toContain("12 styles in 24 sizes");
    expect(sent.listing[0]).toEqual({
      filters: [{ key: "categories", values: [6] }],
      sort: { name: "price", order: "desc" },
      size: 20,
      whType: "owned",
      page: 1,
    });
    const cards = await screen.findAllByTestId("product-card");
    expect(cards[0]?.getAttribute("data-product-id")).toMatch(/^1000\d\d$/);
    expect(cards[0]?.textContent).toContain("₹699.30"); // net cost
    expect(cards[0]?.textContent).toContain("₹999.00"); // MRP
    expect(cards[0]?.textContent).toContain("30% margin");
    expect(document.title).toBe("Product Listing | Partner Portal");
  });

  it("puts a ticked filter in the address, and Back takes it off again", async () => {
    tokenStore.set("t");
    const sent = api();
    const { router } = renderApp("/products/listing?categories=6&sort=-price");
    const brands = await screen.findByTestId("filter-brands");
    expect(within(brands).getByText("5")).toBeTruthy(); // the facet's count
    fireEvent.click(within(brands).getByLabelText("Carter's"));
    await waitFor(() => expect(router.state.location.search).toBe("?categories=6&brands=13&sort=-price"));
    await waitFor(() =>
      expect(sent.listing.at(-1)?.filters).toEqual([
        { key: "categories", values: [6] },
        { key: "brands", values: [13] },
      ]),
    );

    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe("?categories=6&sort=-price"));
    const again = await screen.findByTestId("filter-brands");
    await waitFor(() =>
      expect((within(again).getByLabelText("Carter's") as HTMLInputElement).checked).toBe(false),
    );
  });

  it("shows the offer filter and link only to offer users", async () => {
    tokenStore.set("t");
    api(franchisee);
    renderApp("/products/listing");
    expect(await screen.findByTestId("filter-offer")).toBeTruthy();
    expect(screen.getByTestId("offer-link").getAttribute("href")).toBe(
      "/products/listing?categories=6,21,22&offer=true",
    );
    cleanup();

    api(stockist);
    renderApp("/products/listing");
    await screen.findByTestId("filter-brands");
    expect(screen.queryByTestId("filter-offer")).toBeNull();
    expect(screen.queryByTestId("offer-link")).toBeNull();
  });

  it("refuses a page jump above the last page, and jumps to one within", async () => {
    tokenStore.set("t");
    const sent = api();
    const { router } = renderApp("/products/listing");
    const input = await screen.findByTestId("page-jump-input");
    fireEvent.change(input, { target: { value: "3" } });
    fireEvent.click(screen.getByTestId("page-jump-button"));
    expect((await screen.findByTestId("page-jump-error")).textContent).toBe(
      "Page 3 is beyond the last page. There are only 2 pages.",
    );
    expect(router.state.location.search).toBe("");

    fireEvent.change(input, { target: { value: "2" } });
    fireEvent.click(screen.getByTestId("page-jump-button"));
    await waitFor(() => expect(router.state.location.search).toBe("?page=2"));
    await waitFor(() => expect(sent.listing.at(-1)?.page).toBe(2));
    expect((await screen.findByTestId("load-previous")).textContent).toBe("Show page 1");
  });

  it("opens a quick view with the price breakdown and saves a like with its reason", async () => {
    tokenStore.set("t");
    const sent = api();
    renderApp("/products/listing");
    const cards = await screen.findAllByTestId("product-card");
    const card = cards.find((c) => c.getAttribute("data-product-id") === "100002") as HTMLElement;
    fireEvent.click(within(card).getByTestId("quick-view-button"));
    const quick = await screen.findByTestId("quick-view");
    const breakdown = await within(quick).findByTestId("price-breakdown");
    expect(breakdown.textContent).toContain("CGST");
    expect(breakdown.textContent).toContain("₹699.30");

    fireEvent.click(await within(quick).findByTestId("like-button"));
    expect((within(quick).getByTestId("like-button") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(quick).getByTestId("like-reason"), { target: { value: "Sells fast" } });
    fireEvent.click(within(quick).getByTestId("like-save"));
    await waitFor(() =>
      expect(sent.likes).toEqual([{ productId: 100002, likeDislike: 1, reason: "Sells fast" }]),
    );
    expect((await within(quick).findByTestId("like-saved")).textContent).toContain("Sells fast");
  });
});

describe("a style's sizes", { timeout: 40_000 }, () => {
  it("lets the card pick a size: its price shows and Add adds that size", async () => {
    tokenStore.set("t");
    const sent = api();
    renderApp("/products/listing");
    const cards = await screen.findAllByTestId("product-card");
    const card = cards.find((c) => c.getAttribute("data-product-id") === "100001") as HTMLElement;
    expect(within(card).getByTestId("card-size-count").textContent).toContain("2 sizes");
    expect(within(card).getByTestId("net-cost").textContent).toBe("₹699.30");
    fireEvent.change(within(card).getByTestId("card-size-select"), { target: { value: "100501" } });
    expect(within(card).getByTestId("net-cost").textContent).toBe("₹769.30");
    fireEvent.change(within(card).getByTestId("quantity-select"), { target: { value: "3" } });
    fireEvent.click(within(card).getByTestId("cart-add"));
    await waitFor(() => expect(sent.cart).toEqual([{ products: [{ id: 100501, qty: 3 }], mode: "add" }]));
  });

  it("adds each size from its own row in the quick view", async () => {
    tokenStore.set("t");
    const sent = api();
    renderApp("/products/listing");
    const cards = await screen.findAllByTestId("product-card");
    const card = cards.find((c) => c.getAttribute("data-product-id") === "100002") as HTMLElement;
    fireEvent.click(within(card).getByTestId("quick-view-button"));
    const quick = await screen.findByTestId("quick-view");
    const rows = within(quick).getAllByTestId("size-row");
    expect(rows.map((r) => r.getAttribute("data-product-id"))).toEqual(["100002", "100502"]);
    expect(rows[0]?.textContent).toMatch(/^6-12M/);
    expect(rows[1]?.textContent).toMatch(/^12-18MNet cost ₹769.30 · 12–18 months · 7 in stock/);
    const second = rows[1] as HTMLElement;
    fireEvent.change(within(second).getByTestId("quantity-select"), { target: { value: "2" } });
    fireEvent.click(within(second).getByTestId("cart-add"));
    await waitFor(() => expect(sent.cart).toEqual([{ products: [{ id: 100502, qty: 2 }], mode: "add" }]));
  });

  it("lists the sizes of the product's colour on its page, each with its own Add", async () => {
    tokenStore.set("t");
    const sent = api();
    renderApp("/products/productInfo/100001?whId=2");
    const rows = await screen.findAllByTestId("size-row");
    expect(rows.map((r) => r.getAttribute("data-product-id"))).toEqual(["100001", "100501"]);
    expect(rows[0]?.getAttribute("data-current")).toBe("true");
    expect(rows[1]?.textContent).toContain("MRP ₹1,099.00 · 12–18 months");
    const second = rows[1] as HTMLElement;
    fireEvent.change(within(second).getByTestId("quantity-select"), { target: { value: "5" } });
    fireEvent.click(within(second).getByTestId("cart-add"));
    await waitFor(() => expect(sent.cart).toEqual([{ products: [{ id: 100501, qty: 5 }], mode: "add" }]));
  });
});

describe("product detail", { timeout: 20_000 }, () => {
  it("says the spec's message for a product that cannot be shown", async () => {
    tokenStore.set("t");
    api();
    renderApp("/products/productInfo/404");
    const notFound = await screen.findByTestId("product-not-found");
    expect(notFound.textContent).toContain(messages.productNotFound);
    expect(document.title).toBe("Product Details | Partner Portal");
  });

  it("shows the price, delivery and the cart's Add button", async () => {
    tokenStore.set("t");
    api();
    renderApp("/products/productInfo/100001?whId=2");
    expect((await screen.findByTestId("detail-net-cost")).textContent).toBe("₹699.30");
    expect(screen.getByTestId("delivery-days").textContent).toBe("Delivery in 4 days");
    const add = screen.getByTestId("cart-add");
    expect(add.textContent).toContain("Add to cart");
    expect((add as HTMLButtonElement).disabled).toBe(false);
  });
});
