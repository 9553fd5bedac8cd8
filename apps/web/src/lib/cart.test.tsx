// @vitest-environment happy-dom
import { CART_REFRESH_MS } from "@portal/domain";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CART_KEY, useCartAutoRefresh } from "./cart";

function Refresher() {
  useCartAutoRefresh();
  return null;
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("the cart's automatic refresh", () => {
  it("fetches the cart's count, items and allocation again every 10 minutes, and stops when unmounted", () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, "invalidateQueries").mockResolvedValue();
    const wrap = (children: ReactNode) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const view = render(wrap(<Refresher />));

    vi.advanceTimersByTime(CART_REFRESH_MS - 1);
    expect(invalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(invalidate).toHaveBeenCalledExactlyOnceWith({ queryKey: CART_KEY });
    vi.advanceTimersByTime(CART_REFRESH_MS);
    expect(invalidate).toHaveBeenCalledTimes(2);

    view.unmount();
    vi.advanceTimersByTime(CART_REFRESH_MS * 3);
    expect(invalidate).toHaveBeenCalledTimes(2);
  });
});
