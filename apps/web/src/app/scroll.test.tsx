// @vitest-environment happy-dom
import "../test/setup";
import { MantineProvider } from "@mantine/core";
import { act, cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, Link, MemoryRouter, Outlet, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { RouteErrorBoundary } from "./RouteError";
import { ScrollRestorer } from "./scroll";
import { theme } from "./theme";

const nextFrame = () => act(() => new Promise<void>((done) => requestAnimationFrame(() => done())));

function scrollPageTo(y: number) {
  window.scrollTo(0, y);
  window.dispatchEvent(new Event("scroll"));
}

function Broken(): never {
  throw new Error("broken screen");
}

function renderRoutes(initial: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <ScrollRestorer />
            <Outlet />
          </>
        ),
        children: [
          { path: "/list", element: <Link to="/detail">Open detail</Link> },
          { path: "/detail", element: <p>Detail</p> },
        ],
      },
    ],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  cleanup();
  window.scrollTo(0, 0);
});

describe("scroll positions without the data router", () => {
  it("opens a new address at the top and returns to where the list was left on Back", async () => {
    const router = renderRoutes("/list");
    scrollPageTo(640);
    await nextFrame();
    await act(() => router.navigate("/detail"));
    expect(screen.getByText("Detail")).toBeTruthy();
    expect(window.scrollY).toBe(0);
    await act(() => router.navigate(-1));
    expect(screen.getByText("Open detail")).toBeTruthy();
    expect(window.scrollY).toBe(640);
  });
});

describe("a screen that fails to render", () => {
  it("shows the error screen, and the next address clears it", () => {
    const original = console.error;
    console.error = () => {};
    try {
      // the same tree both times: only the address (the boundary's key) changes
      const app = (at: "a" | "b") => (
        <MantineProvider theme={theme} env="test">
          <MemoryRouter>
            <RouteErrorBoundary locationKey={at}>
              {at === "a" ? <Broken /> : <p>Next screen</p>}
            </RouteErrorBoundary>
          </MemoryRouter>
        </MantineProvider>
      );
      const { rerender } = render(app("a"));
      expect(screen.getByText("Something went wrong")).toBeTruthy();
      expect(screen.getByRole("button", { name: "Reload" })).toBeTruthy();
      rerender(app("b"));
      expect(screen.getByText("Next screen")).toBeTruthy();
    } finally {
      console.error = original;
    }
  });
});
