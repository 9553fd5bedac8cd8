// @vitest-environment happy-dom
import "../test/setup";
import { MantineProvider } from "@mantine/core";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { theme } from "../app/theme";
import { type Column, ResponsiveTable, sortRows, type TableSortState } from "./ResponsiveTable";

afterEach(cleanup);

interface Row {
  po: string;
  amount: number;
}

const ROWS: Row[] = [
  { po: "PO-2", amount: 300 },
  { po: "PO-1", amount: 1200 },
];

const COLUMNS: Column<Row>[] = [
  { key: "po", header: "Order ID", cell: (r) => r.po, phone: "title", sortable: true },
  { key: "amount", header: "Amount", cell: (r) => r.amount, numeric: true, sortable: true, footer: 1500 },
  { key: "actions", header: "Actions", headerHidden: true, cell: () => "…", phone: "bare" },
];

function Sorted() {
  const [sort, setSort] = useState<TableSortState | undefined>();
  const rows = sortRows(ROWS, sort, (r, key) => (key === "po" ? r.po : r.amount));
  return (
    <MantineProvider theme={theme}>
      <ResponsiveTable
        label="Orders"
        columns={COLUMNS}
        rows={rows}
        rowKey={(r) => r.po}
        sort={sort}
        onSort={setSort}
      />
    </MantineProvider>
  );
}

describe("ResponsiveTable", () => {
  it("labels every cell with its header for the phone card, and names the region for the keyboard", () => {
    render(<Sorted />);
    const region = screen.getByRole("region", { name: "Orders" });
    expect(region.getAttribute("tabindex")).toBe("0");
    const cells = within(region).getAllByRole("cell");
    expect(cells.map((c) => c.getAttribute("data-label")).slice(0, 3)).toEqual([
      "Order ID",
      "Amount",
      "Actions",
    ]);
    // the actions column has a header a screen reader can read
    expect(screen.getByRole("columnheader", { name: "Actions" })).toBeTruthy();
    // totals row under the figures
    expect(cells.at(-2)?.textContent).toBe("1500");
  });

  it("sorts by a header, ascending then descending, and says so to assistive technology", () => {
    render(<Sorted />);
    const amount = screen.getByRole("button", { name: "Amount" });
    fireEvent.click(amount);
    const firstCells = () =>
      screen
        .getAllByRole("row")
        .slice(1, 3)
        .map((r) => within(r).getAllByRole("cell")[0]?.textContent);
    expect(firstCells()).toEqual(["PO-2", "PO-1"]);
    expect(screen.getByRole("columnheader", { name: "Amount" }).getAttribute("aria-sort")).toBe("ascending");
    fireEvent.click(screen.getByRole("button", { name: "Amount" }));
    expect(firstCells()).toEqual(["PO-1", "PO-2"]);
    expect(screen.getByRole("columnheader", { name: "Amount" }).getAttribute("aria-sort")).toBe("descending");
  });
});
