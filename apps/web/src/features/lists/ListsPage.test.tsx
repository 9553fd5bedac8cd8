// @vitest-environment happy-dom
import "../../test/setup";
import { notifications } from "@mantine/notifications";
import type { ListAddToCartResponse, SavedList } from "@portal/contracts";
import { messages } from "@portal/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../../lib/token";
import { fakeApi, franchisee, renderApp, renderUi } from "../../test/render";
import { SaveAsListButton } from "./SaveAsListButton";

afterEach(() => {
  notifications.clean();
  cleanup();
  tokenStore.clear();
});

const LIST: SavedList = {
  id: 7,
  name: "Fortnightly diapers",
  lineCount: 2,
  createdAt: "2026-11-18T05:30:00.000Z",
  updatedAt: "2026-11-18T05:30:00.000Z",
  updatedBy: "Priya Deshmukh",
  lines: [
    {
      productId: 100101,
      quantity: 6,
      name: "Pants Diapers M 54",
      size: "M",
      image: null,
      mrp: "1299.00",
      netCost: "1013.22",
      buyable: true,
      refusal: null,
    },
    {
      productId: 100102,
      quantity: 2,
      name: "Travel Wipes",
      size: null,
      image: null,
      mrp: "199.00",
      netCost: "160.00",
      buyable: false,
      refusal: messages.productNotServiceable,
    },
  ],
};

function listApi() {
  const sent: { path: string; body: unknown }[] = [];
  fakeApi((url, init) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    if (init.method && init.method !== "GET") sent.push({ path: url.pathname, body });
    if (url.pathname === "/api/users/me") return { status: 200, body: franchisee };
    if (["/api/menu", "/api/notifications"].includes(url.pathname)) return { status: 200, body: [] };
    if (url.pathname === "/api/users/cart") return { status: 200, body: { products: [] } };
    if (url.pathname === "/api/lists/7") return { status: 200, body: LIST };
    if (url.pathname === "/api/lists/7/lines")
      return {
        status: 200,
        body: {
          ...LIST,
          message: "1 product saved to the list",
          lines: LIST.lines.map((l, i) => (i === 0 ? { ...l, quantity: body.lines[0].quantity } : l)),
        },
      };
    if (url.pathname === "/api/lists/7/addToCart") {
      const answer: ListAddToCartResponse = {
        message: "1 of 2 products added to the cart; 1 could not be added",
        outcomes: [
          { productId: 100101, quantity: 6, outcome: "added", reason: null },
          { productId: 100102, quantity: 2, outcome: "refused", reason: messages.productNotServiceable },
        ],
        products: [],
      };
      return { status: 200, body: answer };
    }
    if (url.pathname === "/api/lists")
      return { status: 201, body: { ...LIST, id: 8, name: body.name, message: `List "${body.name}" saved` } };
    return undefined;
  });
  return sent;
}

describe("a saved list", () => {
  it("shows each line with its net cost and why a line cannot be bought, changes a quantity and adds the list to the cart", async () => {
    const sent = listApi();
    tokenStore.set("t");
    renderApp("/lists?list=7");
    expect(await screen.findByRole("heading", { name: "Fortnightly diapers" })).toBeTruthy();
    const table = screen.getByTestId("list-lines");
    const rows = within(table).getAllByTestId("list-line");
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain("Pants Diapers M 54");
    expect(rows[0]?.textContent).toContain("₹1,013.22");
    expect(within(rows[1] as HTMLElement).getByTestId("list-line-refusal").textContent).toBe(
      messages.productNotServiceable,
    );
    // a line that cannot be bought cannot be chosen
    expect((within(rows[1] as HTMLElement).getByRole("checkbox") as HTMLInputElement).disabled).toBe(true);

    fireEvent.change(screen.getByLabelText("Quantity of Pants Diapers M 54"), { target: { value: "100" } });
    await waitFor(() =>
      expect(sent).toContainEqual({
        path: "/api/lists/7/lines",
        body: { lines: [{ productId: 100101, quantity: 100 }] },
      }),
    );

    fireEvent.click(screen.getByTestId("list-add-all"));
    expect((await screen.findByTestId("list-cart-result")).textContent).toContain(
      "1 of 2 products added to the cart; 1 could not be added",
    );
    expect(sent).toContainEqual({ path: "/api/lists/7/addToCart", body: {} });
  });
});

describe("Save as list", () => {
  it("asks a name, refuses a blank one, and saves the lines at quantities the cart offers", async () => {
    const sent = listApi();
    tokenStore.set("t");
    renderUi(
      <SaveAsListButton
        lines={[
          { productId: 100101, quantity: 57 },
          { productId: 100102, quantity: 3 },
        ]}
      />,
    );
    fireEvent.click(screen.getByTestId("save-as-list"));
    fireEvent.click(await screen.findByTestId("save-list-submit"));
    expect(await screen.findByText("name is required")).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByTestId("save-list-name"), { target: { value: "Winter" } });
    fireEvent.click(screen.getByTestId("save-list-submit"));
    expect((await screen.findByTestId("save-list-done")).textContent).toContain(
      "Saved 2 products as “Winter”",
    );
    expect(sent).toEqual([
      {
        path: "/api/lists",
        body: {
          name: "Winter",
          lines: [
            { productId: 100101, quantity: 100 },
            { productId: 100102, quantity: 3 },
          ],
        },
      },
    ]);
  });
});
