// @vitest-environment happy-dom
import "../test/setup";
import { MantineProvider } from "@mantine/core";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { theme } from "../app/theme";
import { CurrentUserProvider } from "../lib/auth";
import { franchisee } from "../test/render";
import { ADMIN_SECTIONS, AdminLayout } from "./AdminLayout";
import { AdminTable } from "./AdminTable";
import { PHONE_QUERY } from "./phone-columns";
import { RowActions } from "./RowActions";
import { SavedFilters, savedFiltersKey } from "./SavedFilters";

const clerk = { ...franchisee, id: 9, role: "admin", accountType: "admin" as const };
const otherClerk = { ...clerk, id: 10 };

function Location() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

function withProviders(ui: ReactNode, path: string, user = clerk) {
  return render(
    <MantineProvider theme={theme} env="test">
      <MemoryRouter initialEntries={[path]}>
        <CurrentUserProvider user={user}>
          {ui}
          <Location />
        </CurrentUserProvider>
      </MemoryRouter>
    </MantineProvider>,
  );
}

const location = () => screen.getByTestId("location").textContent;

/** The screen is a phone's (Mantine's media queries other than the kit's phone query are left alone). */
function setPhone(phone: boolean) {
  const real = window.matchMedia.bind(window);
  vi.spyOn(window, "matchMedia").mockImplementation((query: string) =>
    query === PHONE_QUERY
      ? ({
          matches: phone,
          media: query,
          onchange: null,
          addListener: () => {},
          removeListener: () => {},
          addEventListener: () => {},
          removeEventListener: () => {},
          dispatchEvent: () => false,
        } as MediaQueryList)
      : real(query),
  );
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe("Saved filters", { timeout: 20_000 }, () => {
  it("saves the current view per clerk and list, applies it as a new address, and deletes it", async () => {
    const view = withProviders(<SavedFilters />, "/admin/orders?status=Pending&q=Kids&sort=-placedAt&page=4");
    fireEvent.click(screen.getByTestId("saved-filters"));
    expect((await screen.findByTestId("saved-filters-menu")).textContent).toContain("No saved filters yet");
    fireEvent.click(screen.getByText("Save current filters…"));
    const name = await screen.findByTestId("saved-filter-name");
    expect((screen.getByTestId("saved-filter-save") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(name, { target: { value: " Pune pending " } });
    fireEvent.click(screen.getByTestId("saved-filter-save"));

    // stored for this clerk and this list, without the page
    expect(JSON.parse(window.localStorage.getItem(savedFiltersKey(9, "/admin/orders")) ?? "")).toEqual([
      { name: "Pune pending", query: "q=Kids&sort=-placedAt&status=Pending" },
    ]);
    view.unmount();

    // another clerk on the same browser does not see it; the same clerk does, on another visit
    withProviders(<SavedFilters />, "/admin/orders", otherClerk);
    fireEvent.click(screen.getByTestId("saved-filters"));
    expect((await screen.findByTestId("saved-filters-menu")).textContent).toContain("No saved filters yet");
    cleanup();

    withProviders(<SavedFilters />, "/admin/orders");
    fireEvent.click(screen.getByTestId("saved-filters"));
    fireEvent.click(await screen.findByText("Pune pending"));
    expect(location()).toBe("/admin/orders?q=Kids&sort=-placedAt&status=Pending");

    fireEvent.click(screen.getByTestId("saved-filters"));
    fireEvent.click(await screen.findByLabelText("Delete saved filter Pune pending"));
    expect(JSON.parse(window.localStorage.getItem(savedFiltersKey(9, "/admin/orders")) ?? "")).toEqual([]);
  });
});

describe("Saved filters outside the signed-in app", () => {
  it("offers none (there is no clerk to keep them for)", () => {
    render(
      <MantineProvider theme={theme} env="test">
        <MemoryRouter initialEntries={["/admin/orders"]}>
          <SavedFilters />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.queryByTestId("saved-filters")).toBeNull();
  });
});

describe("AdminLayout", { timeout: 20_000 }, () => {
  const layout = (path: string) =>
    withProviders(
      <Routes>
        <Route path="/admin" element={<AdminLayout />}>
          <Route
            path="orders"
            element={
              <AdminTable
                testId="orders-table"
                columns={[{ accessor: "poid", title: "PO" }]}
                idAccessor="poid"
                csvName="orders"
                fetching={false}
                records={[{ poid: "PO-1" }, { poid: "PO-2" }]}
              />
            }
          />
          <Route path="payments" element={null} />
        </Route>
      </Routes>,
      path,
    );

  it("shows every section from a tablet up, wrapping rather than scrolling, and marks the current one", () => {
    setPhone(false);
    layout("/admin/orders");
    const nav = screen.getByRole("navigation", { name: "Admin Console" });
    expect([...nav.querySelectorAll("a")].map((a) => a.textContent)).toEqual(
      ADMIN_SECTIONS.map((s) => s.label),
    );
    expect(nav.closest(".mantine-ScrollArea-root")).toBeNull();
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe("Orders");
  });

  it("puts the sections in a menu named after the current one on a phone", async () => {
    setPhone(true);
    layout("/admin/orders");
    const nav = screen.getByRole("navigation", { name: "Admin Console" });
    expect(nav.querySelectorAll("a")).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Orders" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Payments" }));
    await waitFor(() => expect(location()).toBe("/admin/payments"));
  });

  it("starts with a skip link that takes the keyboard to the list's first row", () => {
    setPhone(false);
    layout("/admin/orders");
    const skip = screen.getByTestId("skip-to-list");
    // the console's first stop: nothing focusable comes before it
    const focusable = document.querySelectorAll("a[href], button, input, [tabindex='0']");
    expect(focusable[0]).toBe(skip);
    fireEvent.click(skip);
    expect(document.activeElement?.textContent).toBe("PO-1");
  });
});

describe("RowActions", { timeout: 20_000 }, () => {
  it("keeps the primary action as a button and the others in the row's menu", async () => {
    const approve = vi.fn();
    const reject = vi.fn();
    withProviders(
      <RowActions
        label="payment 7"
        primary={{ label: "Approve", onClick: approve }}
        actions={[
          { label: "Reject", onClick: reject, color: "red" },
          { label: "Reopen", onClick: () => {}, hidden: true },
        ]}
      />,
      "/admin/payments",
    );
    fireEvent.click(screen.getByRole("button", { name: "Approve" }));
    expect(approve).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "More actions for payment 7" }));
    const items = await screen.findAllByRole("menuitem");
    expect(items.map((i) => i.textContent)).toEqual(["Reject"]);
    fireEvent.click(items[0] as HTMLElement);
    expect(reject).toHaveBeenCalledTimes(1);
  });

  it("shows no menu when a row has only its primary action", () => {
    withProviders(<RowActions label="order PO-1" primary={{ label: "Open", onClick: () => {} }} />, "/admin");
    expect(screen.queryByRole("button", { name: "More actions for order PO-1" })).toBeNull();
  });
});
