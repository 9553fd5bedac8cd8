// @vitest-environment happy-dom
import "../../test/setup";
import { notifications } from "@mantine/notifications";
import type { AdminArtwork } from "@portal/contracts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../../lib/token";
import { fakeApi, renderUi } from "../../test/render";
import { ArtworksAdminPage } from "./ArtworksAdminPage";

afterEach(() => {
  cleanup();
  notifications.clean();
  tokenStore.clear();
});

const artwork: AdminArtwork = {
  id: 41,
  type: "Banner",
  subType: "Flex",
  unit: "Feet",
  cat: "Sale & Offers",
  size: "Large",
  bHeight: "4.00",
  bWidth: "10.50",
  address: "Shop 12, Palm Court, Baner Road, Pune 411045",
  quantity: 1,
  status: "Pending",
  createdAt: "2026-11-20T06:30:00.000Z",
  updatedAt: "2026-11-20T06:30:00.000Z",
  userId: 1,
  storeName: "Babyhug FC Camp Pune",
  email: "franchisee@demo.in",
  next: ["In Design", "Cancelled"],
};

describe("the artworks desk", { timeout: 30_000 }, () => {
  it("keeps the next step on the row and Cancel in its menu, and moves it after asking", async () => {
    tokenStore.set("t");
    const moved: unknown[] = [];
    fakeApi((url, init) => {
      if (url.pathname === "/api/admin/artworks") return { status: 200, body: { rows: [artwork], total: 1 } };
      if (url.pathname === "/api/admin/artworks/41/status" && init.method === "POST") {
        moved.push(JSON.parse(String(init.body)));
        return { status: 200, body: { ...artwork, status: "In Design", next: ["Printing", "Cancelled"] } };
      }
      return undefined;
    });
    renderUi(<ArtworksAdminPage />);
    const table = await screen.findByTestId("artworks-table");
    await within(table).findByText("Babyhug FC Camp Pune");
    expect(within(table).queryByRole("button", { name: "Cancel" })).toBeNull();
    expect(within(table).getByRole("button", { name: "More actions for artwork order #41" })).toBeDefined();
    fireEvent.click(within(table).getByRole("button", { name: "In Design" }));
    const ask = await screen.findByTestId("ask-dialog");
    fireEvent.click(within(ask).getByTestId("ask-dialog-confirm"));
    await waitFor(() => expect(moved).toEqual([{ status: "In Design" }]));
    expect(await screen.findByText("Artwork order #41 is now In Design.")).toBeDefined();
  });
});
