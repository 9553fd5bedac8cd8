// @vitest-environment happy-dom
import "../../test/setup";
import { notifications } from "@mantine/notifications";
import type { Artwork } from "@portal/contracts";
import { messages } from "@portal/domain";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../../lib/token";
import { fakeApi, franchisee, renderApp } from "../../test/render";

afterEach(() => {
  notifications.clean();
  cleanup();
  tokenStore.clear();
});

const artwork = (id: number): Artwork => ({
  id,
  type: "Banner",
  subType: "Flex",
  unit: "Feet",
  cat: "Outdoor",
  size: "Large",
  bHeight: "3.00",
  bWidth: "8.00",
  address: "Shop 12, Baner Road, Pune",
  quantity: 2,
  status: "Pending",
  createdAt: "2026-11-01T05:00:00.000Z",
  updatedAt: "2026-11-01T05:00:00.000Z",
});

function api(create?: { status: number; body: unknown }) {
  return fakeApi((url, init) => {
    if (url.pathname === "/api/users/me") return { status: 200, body: franchisee };
    if (["/api/menu", "/api/notifications"].includes(url.pathname)) return { status: 200, body: [] };
    if (url.pathname === "/api/users/cart") return { status: 200, body: { products: [] } };
    if (url.pathname === "/api/artwork/artworkList") {
      const { pageNo, pageSize } = JSON.parse(String(init.body));
      const rows = Array.from({ length: Math.min(pageSize, 45 - (pageNo - 1) * pageSize) }, (_, i) =>
        artwork(45 - (pageNo - 1) * pageSize - i),
      );
      return { status: 200, body: { rows, count: 45 } };
    }
    if (url.pathname === "/api/artwork/createArtwork") return create;
    return undefined;
  });
}

describe("artworks", { timeout: 20_000 }, () => {
  it("the order form without a category goes back to the category grid", async () => {
    tokenStore.set("t");
    api();
    renderApp("/artworks/artworksSubcat");
    expect(
      await screen.findByRole("heading", { name: "Artworks & Creatives" }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getAllByTestId("artwork-category")).toHaveLength(6);
  });

  it("says 'Please Fill the required fields' and sends nothing when the form is incomplete", async () => {
    tokenStore.set("t");
    const calls = api();
    renderApp("/artworks/artworksSubcat?cat=Outdoor");
    fireEvent.click(await screen.findByRole("button", { name: "Place artwork order" }, { timeout: 10_000 }));
    expect(await screen.findByText(messages.artworkRequiredFields)).toBeTruthy();
    expect(calls.some((c) => c.path === "/api/artwork/createArtwork")).toBe(false);
  });

  it("shows each field's problem in people's words and sends nothing", async () => {
    tokenStore.set("t");
    const calls = api({ status: 200, body: { message: "Artwork order placed.", artwork: artwork(46) } });
    renderApp("/artworks/artworksSubcat?cat=Outdoor");
    const form = await screen.findByRole("form", { name: "Artwork order" }, { timeout: 10_000 });
    fireEvent.change(screen.getByLabelText(/^Width/), { target: { value: "-2" } });
    fireEvent.change(screen.getByLabelText(/^Quantity/), { target: { value: "1000" } });
    fireEvent.click(screen.getByRole("button", { name: "Place artwork order" }));
    expect(await screen.findByText("Width must be more than 0")).toBeTruthy();
    expect(screen.getByText("Quantity must be a whole number from 1 to 999")).toBeTruthy();
    expect(screen.getByText("Height is required")).toBeTruthy();
    expect(screen.getByText("Please choose the type")).toBeTruthy();
    expect(form.textContent).not.toContain("bWidth");
    expect(calls.some((c) => c.path === "/api/artwork/createArtwork")).toBe(false);
  });

  it("lists 20 orders a page and pages through the rest", async () => {
    tokenStore.set("t");
    const calls = api();
    renderApp("/artworks/artworksPlaceOrder");
    expect(await screen.findByText("45 artwork orders", undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getAllByTestId("artwork-row")).toHaveLength(20);
    const quantity = screen.getAllByTestId("artwork-row")[0]?.querySelector('td[data-label="Quantity"]');
    expect(quantity?.textContent).toBe("2");
    fireEvent.click(screen.getByRole("button", { name: /^(Page )?3$/ }));
    await waitFor(() => expect(screen.getAllByTestId("artwork-row")).toHaveLength(5));
    expect(calls.filter((c) => c.path === "/api/artwork/artworkList")).toHaveLength(2);
  });
});
