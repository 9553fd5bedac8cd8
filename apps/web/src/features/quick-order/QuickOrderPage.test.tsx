// @vitest-environment happy-dom
import "../../test/setup";
import { notifications } from "@mantine/notifications";
import type { QuickOrderProduct, QuickOrderResolvedRow } from "@portal/contracts";
import { messages, productEan } from "@portal/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../../lib/token";
import { fakeApi, franchisee, renderApp } from "../../test/render";

const product = (id: number, size: string, stock = 12): QuickOrderProduct => ({
  id,
  name: `Cotton Romper - Red`,
  size,
  color: "Red",
  styleCode: "S100070",
  ean: productEan(id),
  image: `/api/images/products/${id}/a.svg`,
  mrp: "499.00",
  netCost: "374.25",
  totalStock: stock,
  stock: [{ warehouseId: 2, name: "Pune", stock }],
});

/** The fake server: 100071 and 100073 buyable, 100072 sold out (Product not found) with 100071 and 100073 offered. */
function padApi() {
  const sent: { resolve: { row: number; code: string; quantity: number }[][]; add: unknown[] } = {
    resolve: [],
    add: [],
  };
  fakeApi((url, init) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    if (url.pathname === "/api/users/me") return { status: 200, body: franchisee };
    if (["/api/menu", "/api/notifications"].includes(url.pathname)) return { status: 200, body: [] };
    if (url.pathname === "/api/users/cart") return { status: 200, body: { products: [] } };
    if (url.pathname === "/api/quickOrder/resolve") {
      sent.resolve.push(body.rows);
      const rows: QuickOrderResolvedRow[] = body.rows.map(
        (r: { row: number; code: string; quantity: number }) => {
          const id = Number(r.code);
          const refused = id === 100072;
          return {
            ...r,
            product: refused ? null : product(id, id === 100071 ? "0-3M" : "6-9M"),
            buyable: !refused,
            refusal: refused ? { rule: "visibility", message: messages.productNotFound } : null,
            alternatives: refused ? [product(100071, "0-3M"), product(100073, "6-9M")] : [],
          };
        },
      );
      return { status: 200, body: { rows } };
    }
    if (url.pathname === "/api/quickOrder/addToCart") {
      sent.add.push(body.rows);
      return {
        status: 200,
        body: {
          message: `${body.rows.length} rows are in the cart`,
          rows: body.rows.map((r: { row: number; productId: number; quantity: number }) => ({
            ...r,
            outcome: "added",
            message: null,
          })),
          cartLines: body.rows.length,
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

/** Pastes text into a code field as a browser does. */
function paste(input: HTMLElement, text: string) {
  fireEvent.paste(input, { clipboardData: { getData: () => text } });
}

describe("/quickOrder", { timeout: 20_000 }, () => {
  it("fills rows from a pasted spreadsheet, shows refusals with alternatives, swaps and adds all to the cart", async () => {
    tokenStore.set("t");
    const sent = padApi();
    renderApp("/quickOrder");
    const [first] = await screen.findAllByTestId("pad-code");
    paste(first as HTMLElement, "Product\tQty\n100071\t5\n100072\t2\nhello\t1\n");

    // Two rows read (the header ignored), the unreadable line named, and one empty row to type into.
    await waitFor(() => expect(screen.getAllByTestId("pad-row")).toHaveLength(3));
    expect(screen.getByTestId("pad-problems").textContent).toContain(
      'Line 4 “hello\t1”: "hello" is not a product id, EAN or style code',
    );
    await waitFor(() =>
      expect(screen.getByTestId("pad-summary").textContent).toContain("2 rows · 1 ready · 1 refused"),
    );
    expect(sent.resolve.at(-1)).toEqual([
      { row: 1, code: "100071", quantity: 5 },
      { row: 2, code: "100072", quantity: 2 },
    ]);
    const [ready, refused] = screen.getAllByTestId("pad-row") as [HTMLElement, HTMLElement];
    expect(within(ready).getByText("Cotton Romper - Red")).toBeTruthy();
    expect(within(ready).getByText("Stock: Pune 12")).toBeTruthy();
    expect(within(refused).getByTestId("pad-refusal").textContent).toContain(messages.productNotFound);

    // The closest other size replaces the refused row.
    const alternatives = within(refused).getAllByTestId("pad-alternative");
    expect(alternatives).toHaveLength(2);
    fireEvent.click(alternatives[1] as HTMLElement);
    await waitFor(() =>
      expect(screen.getByTestId("pad-summary").textContent).toContain("2 rows · 2 ready · 0 refused"),
    );

    fireEvent.click(screen.getByTestId("pad-add-all"));
    await waitFor(() => expect(sent.add).toHaveLength(1));
    expect(sent.add[0]).toEqual([
      { row: 1, productId: 100071, quantity: 5 },
      { row: 2, productId: 100073, quantity: 2 },
    ]);
    await waitFor(() => expect(screen.getAllByText("In the cart")).toHaveLength(2));
  });

  it("moves to the next row on Enter, adding one when the last row is left", async () => {
    tokenStore.set("t");
    padApi();
    renderApp("/quickOrder");
    const [first] = await screen.findAllByTestId("pad-code");
    fireEvent.change(first as HTMLElement, { target: { value: "100071" } });
    const rows = await screen.findAllByTestId("pad-row");
    expect(rows).toHaveLength(2);
    const quantity = within(rows[0] as HTMLElement).getByTestId("pad-quantity");
    fireEvent.change(quantity, { target: { value: "7" } });
    fireEvent.keyDown(quantity, { key: "Enter" });
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(screen.getAllByTestId("pad-row")[1] as HTMLElement).getByTestId("pad-code"),
      ),
    );
    await waitFor(() =>
      expect(screen.getByTestId("pad-summary").textContent).toContain("1 row · 1 ready · 0 refused"),
    );
  });
});
