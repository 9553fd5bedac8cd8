// @vitest-environment happy-dom
import "../test/setup";
import { MantineProvider } from "@mantine/core";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { theme } from "../app/theme";
import { BarChart } from "./LazyBarChart";

afterEach(cleanup);

// a chart draws once it is on screen (or near): here, at once
class OnScreen {
  constructor(private readonly seen: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.seen([{ isIntersecting: true, target } as IntersectionObserverEntry], this as never);
  }
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
}
vi.stubGlobal("IntersectionObserver", OnScreen);

describe("BarChart (loaded on first use)", () => {
  it("is a named image to a screen reader, with no aria-label left on the chart's own div", async () => {
    const { container } = render(
      <MantineProvider theme={theme}>
        <BarChart
          aria-label="Sales by month: October 12,500, November 14,000"
          h={180}
          data={[
            { month: "Oct", sales: 12_500 },
            { month: "Nov", sales: 14_000 },
          ]}
          dataKey="month"
          series={[{ name: "sales", color: "brand.6" }]}
        />
      </MantineProvider>,
    );
    const figure = screen.getByRole("img", { name: "Sales by month: October 12,500, November 14,000" });
    expect(figure).toBeDefined();
    // the space kept for the chart while its code loads, then the chart, inside it and unnamed
    await waitFor(() => expect(figure.querySelector(".mantine-BarChart-root")).not.toBeNull(), {
      timeout: 8000,
    });
    expect(figure.querySelector(".mantine-Skeleton-root")).toBeNull();
    expect(container.querySelectorAll("[aria-label]")).toHaveLength(1);
  });
});
