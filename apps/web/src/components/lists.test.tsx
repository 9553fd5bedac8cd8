// @vitest-environment happy-dom
import "../test/setup";
import { MantineProvider } from "@mantine/core";
import { act, cleanup, render, renderHook, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { theme } from "../app/theme";
import { PagingBar, TableCard, usePaging } from "./lists";

afterEach(cleanup);

describe("PagingBar", () => {
  it("names the pager's arrows and page buttons for a screen reader, and moves pages by them", () => {
    const { result } = renderHook(() => usePaging(10));
    const view = () => (
      <MantineProvider theme={theme}>
        <PagingBar sizes={[10, 25]} paging={result.current} count={95} />
      </MantineProvider>
    );
    const { rerender } = render(view());
    expect(screen.getByRole("navigation", { name: "Pages" })).toBeDefined();
    expect(screen.getByRole("button", { name: "Previous page" })).toBeDefined();
    expect(screen.getByRole("button", { name: "Next page" })).toBeDefined();
    // 95 rows of 10: pages 1 to 5, a gap, then the last (seven places: it fits a phone)
    expect(
      screen
        .getAllByRole("button")
        .map((b) => b.getAttribute("aria-label"))
        .filter((name) => name?.startsWith("Page ")),
    ).toEqual(["Page 1", "Page 2", "Page 3", "Page 4", "Page 5", "Page 10"]);
    act(() => screen.getByRole("button", { name: "Page 3" }).click());
    rerender(view());
    expect(result.current.pageNo).toBe(3);
    act(() => screen.getByRole("button", { name: "Next page" }).click());
    rerender(view());
    expect(result.current.pageNo).toBe(4);
    expect(screen.getByRole("button", { name: "Page 4" }).getAttribute("aria-current")).toBe("page");
  });
});

describe("TableCard", () => {
  it("lets the keyboard reach a table that scrolls sideways", () => {
    render(
      <MantineProvider theme={theme}>
        <TableCard testId="orders" miw={900} label="Orders">
          <tbody>
            <tr>
              <td>PO-1</td>
            </tr>
          </tbody>
        </TableCard>
      </MantineProvider>,
    );
    const region = screen.getByRole("region", { name: "Orders" });
    expect(region.getAttribute("tabindex")).toBe("0");
    expect(region.querySelector("[data-testid='orders']")).not.toBeNull();
  });
});
