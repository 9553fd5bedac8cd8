// @vitest-environment happy-dom
import "../../test/setup";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { tokenStore } from "../../lib/token";
import { fakeApi, franchisee, renderApp } from "../../test/render";
import { SUGGEST_DEBOUNCE_MS } from "./SearchBox";
import { loadSearchBox } from "./SearchField";

// the navbar draws the suggesting box at once when its code is in (in the app: on first focus)
beforeAll(() => loadSearchBox());

const SUGGESTIONS = {
  products: [
    {
      id: 100001,
      name: "Diaper Pants XL",
      image: "/api/images/products/100001/a.svg",
      brand: "Pampers",
      netCost: "899.00",
    },
  ],
  categories: [{ id: 3, name: "Diapering", kind: "category" }],
  brands: [{ id: 40, name: "Diapex" }],
};

function api() {
  const searched: string[] = [];
  const calls = fakeApi((url, init) => {
    if (url.pathname === "/api/users/me") return { status: 200, body: franchisee };
    if (["/api/menu", "/api/banner", "/api/category/b2b", "/api/notifications"].includes(url.pathname))
      return { status: 200, body: [] };
    if (url.pathname === "/api/products/suggestions/b2b") {
      searched.push(JSON.parse(String(init.body)).search);
      return { status: 200, body: SUGGESTIONS };
    }
    return undefined;
  });
  return { calls, searched };
}

/** The dropdown may stay in the page while closed, hidden. */
const suggestionsShown = () => {
  const dropdown = screen.queryByTestId("search-suggestions");
  return dropdown !== null && dropdown.style.display !== "none";
};

const key = (el: HTMLElement, code: string) => fireEvent.keyDown(el, { key: code, code });

async function openSuggestions(text: string) {
  const input = await screen.findByTestId("search-input");
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  const dropdown = await screen.findByTestId("search-suggestions");
  await within(dropdown).findAllByTestId("suggestion-item");
  return { input, dropdown };
}

const selected = (dropdown: HTMLElement) =>
  within(dropdown)
    .queryAllByRole("option")
    .find((o) => o.hasAttribute("data-combobox-selected"))?.textContent ?? null;

/**
 * Typing runs on fake timers: the pause the box waits for passes without sleeping. `realTime` lets
 * what the pause started (the request, the query's notifications) run out before real timers return.
 */
function fakeClock() {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
  const realTime = async () => {
    for (let i = 0; i < 10; i++) await pass(10);
    vi.useRealTimers();
  };
  return { pass, realTime };
}

afterEach(() => {
  vi.useRealTimers();
  cleanup();
  tokenStore.clear();
});

describe("navbar search", () => {
  it("asks for suggestions only from 3 characters, with non-alphanumerics as spaces", async () => {
    tokenStore.set("t");
    const { searched } = api();
    renderApp("/home");
    const input = await screen.findByTestId("search-input");
    const { pass, realTime } = fakeClock();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: "d-i" } });
    await pass(SUGGEST_DEBOUNCE_MS * 2);
    expect(searched).toEqual([]);
    expect(suggestionsShown()).toBe(false);

    fireEvent.change(input, { target: { value: "dia-per" } });
    await pass(SUGGEST_DEBOUNCE_MS);
    await realTime();
    await waitFor(() => expect(searched).toEqual(["dia per"]));
    const dropdown = await screen.findByTestId("search-suggestions");
    const items = await within(dropdown).findAllByTestId("suggestion-item");
    expect(items.map((i) => i.getAttribute("data-kind"))).toEqual(["product", "category", "brand"]);
    expect(within(dropdown).getByText("₹899.00")).toBeTruthy();
  });

  it("waits for a pause in typing: a burst of keys asks once", async () => {
    tokenStore.set("t");
    const { searched } = api();
    renderApp("/home");
    const input = await screen.findByTestId("search-input");
    const { pass, realTime } = fakeClock();
    fireEvent.focus(input);
    for (const text of ["dia", "diap", "diape", "diaper"]) {
      fireEvent.change(input, { target: { value: text } });
      await pass(SUGGEST_DEBOUNCE_MS / 5);
    }
    expect(searched).toEqual([]);
    await pass(SUGGEST_DEBOUNCE_MS * 2);
    await realTime();
    await screen.findAllByTestId("suggestion-item");
    expect(searched).toEqual(["diaper"]);
  });

  it("moves with the arrow keys and opens the highlighted suggestion with Enter", async () => {
    tokenStore.set("t");
    api();
    const { router } = renderApp("/home");
    const { input, dropdown } = await openSuggestions("diaper");

    key(input, "ArrowDown");
    expect(selected(dropdown)).toContain("Diaper Pants XL");
    key(input, "ArrowDown");
    expect(selected(dropdown)).toContain("Diapering");
    key(input, "ArrowDown");
    expect(selected(dropdown)).toContain("Diapex");
    key(input, "ArrowUp");
    expect(selected(dropdown)).toContain("Diapering");

    key(input, "Enter");
    await waitFor(() => expect(router.state.location.pathname).toBe("/products/listing"));
    expect(router.state.location.search).toBe("?categories=3");
    await waitFor(() => expect(suggestionsShown()).toBe(false));
  });

  it("opens a product suggestion on its page", async () => {
    tokenStore.set("t");
    api();
    const { router } = renderApp("/home");
    const { input } = await openSuggestions("diaper");
    key(input, "ArrowDown");
    key(input, "Enter");
    await waitFor(() => expect(router.state.location.pathname).toBe("/products/productInfo/100001"));
  });

  it("searches the typed text with Enter when no suggestion is highlighted", async () => {
    tokenStore.set("t");
    api();
    const { router } = renderApp("/home");
    const { input } = await openSuggestions("diaper pants!");
    key(input, "Enter");
    await waitFor(() => expect(router.state.location.pathname).toBe("/products/search/diaper%20pants"));
    await waitFor(() => expect(suggestionsShown()).toBe(false));
    // the box keeps showing what is searched
    expect((screen.getByTestId("search-input") as HTMLInputElement).value).toBe("diaper pants");
  });

  it("closes the suggestions with Escape", async () => {
    tokenStore.set("t");
    api();
    renderApp("/home");
    const { input } = await openSuggestions("diaper");
    key(input, "Escape");
    await waitFor(() => expect(suggestionsShown()).toBe(false));
  });
});
