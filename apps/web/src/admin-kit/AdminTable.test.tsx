// @vitest-environment happy-dom
import "../test/setup";
import { MantineProvider } from "@mantine/core";
import { Notifications, notifications } from "@mantine/notifications";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { type ReactNode, useState } from "react";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { theme } from "../app/theme";
import { CurrentUserProvider } from "../lib/auth";
import { tokenStore } from "../lib/token";
import { franchisee } from "../test/render";
import { type AdminColumn, AdminTable, headerOf, listTableProps, toCsv } from "./AdminTable";
import { adminList, type CsvExport } from "./query";
import { useListParams } from "./useListParams";

interface Row {
  poid: string;
  partnerName: string;
  status: string;
}

const ROWS: Row[] = [
  { poid: "PO-3", partnerName: "Alpha Kids", status: "Pending" },
  { poid: "PO-1", partnerName: "Zeta Mart", status: "Pending" },
  { poid: "PO-2", partnerName: "Mid Store", status: "Shipped" },
];

const COLUMNS: AdminColumn<Row>[] = [
  { accessor: "poid", title: "PO", sortable: true },
  // the route sorts by "partner"
  { accessor: "partnerName", title: "Partner", sortable: true, sortKey: "partner" },
  { accessor: "status", title: "Status" },
];

const staff = { ...franchisee, id: 9, role: "admin", accountType: "admin" as const };

function Location() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

function withProviders(ui: ReactNode, path: string) {
  return render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <MemoryRouter initialEntries={[path]}>
        <CurrentUserProvider user={staff}>
          {ui}
          <Location />
        </CurrentUserProvider>
      </MemoryRouter>
    </MantineProvider>,
  );
}

/** A list page as the desks write one: the address's state, the table, a bulk action. */
function ListPage({
  exportRows = async () => "orders.csv",
  onOpen,
  onConfirm,
}: {
  exportRows?: CsvExport<Record<string, string | number>>;
  onOpen?: (row: Row) => void;
  onConfirm?: (rows: Row[]) => void;
}) {
  const list = useListParams(["status"] as const);
  const [selected, setSelected] = useState<Row[]>([]);
  return (
    <>
      <output data-testid="params">{JSON.stringify(list.params)}</output>
      <AdminTable
        testId="orders-table"
        columns={COLUMNS}
        idAccessor="poid"
        csvName="orders"
        {...listTableProps({ data: { rows: ROWS, total: 1122 }, isFetching: false }, exportRows, list)}
        onOpen={onOpen}
        selectedRecords={selected}
        onSelectedRecordsChange={setSelected}
        isRecordSelectable={(r) => r.status === "Pending"}
        bulkActions={[{ label: "Confirm selected", shortcut: "c", run: (rows) => onConfirm?.(rows) }]}
      />
      <input aria-label="Elsewhere" />
    </>
  );
}

const location = () => screen.getByTestId("location").textContent;
const rowEls = () => screen.getByTestId("orders-table").querySelectorAll<HTMLElement>("tbody tr");

afterEach(() => {
  cleanup();
  notifications.clean();
  tokenStore.clear();
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe("AdminTable", { timeout: 20_000 }, () => {
  it("exports CSV with titles, quoting and a BOM", async () => {
    const csv = await toCsv(
      [{ id: 1, name: 'Kids, "Mart"', tags: ["a", "b"] }],
      [
        { accessor: "id", title: "Id" },
        { accessor: "name", title: "Name" },
        { accessor: "tags", title: "Tags" },
        { accessor: "actions", title: "", noCsv: true },
      ],
    );
    expect(csv).toBe('\uFEFFId,Name,Tags\r\n1,"Kids, ""Mart""",a b');
  });

  it("gives a column without a title a header in words, unseen", () => {
    const actions = headerOf<{ id: number }>({ accessor: "actions", title: "", noCsv: true });
    render(<MantineProvider>{actions.title}</MantineProvider>);
    expect(screen.getByText("Actions")).toBeDefined();
    expect(headerOf<{ id: number }>({ accessor: "coverImage", title: "" }).title).not.toBe("");
    const named = { accessor: "id", title: "Id" };
    expect(headerOf<{ id: number }>(named)).toBe(named);
  });

  it("keeps filters, search, sort and page in the address and sends them to the list route", () => {
    withProviders(<ListPage />, "/admin/orders?status=Pending&q=PO-1&sort=-poid&page=3&pageSize=50");
    expect(JSON.parse(screen.getByTestId("params").textContent ?? "")).toEqual({
      status: "Pending",
      q: "PO-1",
      sort: "-poid",
      page: 3,
      pageSize: 50,
    });
    expect((screen.getByTestId("list-search") as HTMLInputElement).value).toBe("PO-1");
  });

  it("sorts on the server: a column click sets sort in the address and leaves the rows as answered", () => {
    withProviders(<ListPage />, "/admin/orders?page=2");
    fireEvent.click(screen.getByText("Partner"));
    expect(location()).toBe("/admin/orders?sort=partner");
    // the rows stay in the server's order (no sorting of the shown page)
    expect([...rowEls()].map((r) => r.textContent?.slice(0, 4))).toEqual(["PO-3", "PO-1", "PO-2"]);
    fireEvent.click(screen.getByText("Partner"));
    expect(location()).toBe("/admin/orders?sort=-partner");
    fireEvent.click(screen.getByText("PO"));
    expect(location()).toBe("/admin/orders?sort=poid");
  });

  it("searches once typing pauses, at once on Enter, and goes back to page 1", async () => {
    withProviders(<ListPage />, "/admin/orders?status=Pending&page=4");
    const box = screen.getByTestId("list-search");
    fireEvent.change(box, { target: { value: "Zeta" } });
    expect(location()).toBe("/admin/orders?status=Pending&page=4");
    await waitFor(() => expect(location()).toBe("/admin/orders?status=Pending&q=Zeta"));
    fireEvent.change(box, { target: { value: "PO-1 " } });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(location()).toBe("/admin/orders?status=Pending&q=PO-1");
  });

  it("focuses the search on / from the page, but not while typing in a field", () => {
    withProviders(<ListPage />, "/admin/orders");
    const box = screen.getByTestId("list-search");
    const elsewhere = screen.getByLabelText("Elsewhere");
    elsewhere.focus();
    fireEvent.keyDown(elsewhere, { key: "/" });
    expect(document.activeElement).toBe(elsewhere);
    elsewhere.blur();
    fireEvent.keyDown(document.body, { key: "/" });
    expect(document.activeElement).toBe(box);
  });

  it("moves between rows with the arrow keys, opens one with Enter and selects with Space", () => {
    const onOpen = vi.fn();
    withProviders(<ListPage onOpen={onOpen} />, "/admin/orders");
    const rows = rowEls();
    // one stop for the whole table: the current row
    expect([...rows].map((r) => r.tabIndex)).toEqual([0, -1, -1]);
    fireEvent.keyDown(screen.getByTestId("list-search"), { key: "ArrowDown" });
    expect(document.activeElement).toBe(rows[0]);
    fireEvent.keyDown(rows[0] as HTMLElement, { key: "ArrowDown" });
    expect(document.activeElement).toBe(rowEls()[1]);
    expect([...rowEls()].map((r) => r.tabIndex)).toEqual([-1, 0, -1]);
    fireEvent.keyDown(rowEls()[1] as HTMLElement, { key: "ArrowDown" });
    fireEvent.keyDown(rowEls()[2] as HTMLElement, { key: "ArrowDown" });
    expect(document.activeElement).toBe(rowEls()[2]);
    fireEvent.keyDown(rowEls()[2] as HTMLElement, { key: "ArrowUp" });
    fireEvent.keyDown(rowEls()[1] as HTMLElement, { key: "Enter" });
    expect(onOpen).toHaveBeenCalledWith(ROWS[1]);
    fireEvent.keyDown(rowEls()[1] as HTMLElement, { key: " " });
    expect(rowEls()[1]?.getAttribute("data-selected")).toBe("true");
  });

  it("shows a bulk action's key in its button and runs it from the keyboard only with rows selected", () => {
    const onConfirm = vi.fn();
    withProviders(<ListPage onConfirm={onConfirm} />, "/admin/orders");
    const button = screen.getByRole("button", { name: /Confirm selected/ });
    expect(button.textContent).toBe("Confirm selected (0)C");
    expect(button.getAttribute("aria-keyshortcuts")).toBe("c");
    fireEvent.keyDown(document.body, { key: "c" });
    expect(onConfirm).not.toHaveBeenCalled();

    const boxes = within(screen.getByTestId("orders-table")).getAllByRole("checkbox");
    fireEvent.click(boxes[1] as HTMLElement);
    fireEvent.click(boxes[2] as HTMLElement);
    expect(button.textContent).toBe("Confirm selected (2)C");
    // typing a "c" in a field is typing
    fireEvent.keyDown(screen.getByLabelText("Elsewhere"), { key: "c" });
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.keyDown(document.body, { key: "c" });
    expect(onConfirm).toHaveBeenCalledWith([ROWS[0], ROWS[1]]);
  });

  it("exports every row the query matches as the server's CSV, not the shown page", async () => {
    const exportRows = vi.fn(async () => "orders-2026-11-27.csv");
    withProviders(
      <ListPage exportRows={exportRows} />,
      "/admin/orders?status=Pending&q=Kids&sort=-poid&page=2",
    );
    fireEvent.click(screen.getByTestId("export-csv"));
    expect((await screen.findByTestId("notice-success")).textContent).toContain(
      "1122 rows exported to orders-2026-11-27.csv",
    );
    expect(exportRows).toHaveBeenCalledWith(
      { status: "Pending", q: "Kids", sort: "-poid", page: 2, pageSize: 25 },
      "orders.csv",
    );
  });
});

describe("adminList's CSV export", () => {
  let clicked: string[] = [];
  beforeEach(() => {
    clicked = [];
    URL.createObjectURL = vi.fn(() => "blob:csv");
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
  });

  it("asks for format=csv of the same query without paging, with the signed-in token, and saves the file", async () => {
    tokenStore.set("staff-token");
    const calls: { url: string; auth: string | null; accept: string | null }[] = [];
    globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      calls.push({ url: String(input), auth: headers.get("Authorization"), accept: headers.get("Accept") });
      return new Response("\uFEFFPO\r\nPO-1\r\nPO-2", {
        status: 200,
        headers: { "Content-Type": "text/csv", "Content-Disposition": 'attachment; filename="orders.csv"' },
      });
    }) as typeof fetch;
    const list = adminList(() => ["admin", "orders"], "/api/admin/orders", {} as never);
    const name = await list.exportRows(
      { status: "Pending", q: "PO-1", sort: "-placedAt", userId: "", page: 3, pageSize: 50 },
      "fallback.csv",
    );
    expect(name).toBe("orders.csv");
    expect(calls).toEqual([
      {
        url: "/api/admin/orders?status=Pending&q=PO-1&sort=-placedAt&format=csv",
        auth: "Bearer staff-token",
        accept: "*/*",
      },
    ]);
    expect(clicked).toEqual(["orders.csv"]);
  });
});
