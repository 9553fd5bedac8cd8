import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import type { Me } from "@portal/contracts";
import { QueryClientProvider } from "@tanstack/react-query";
import { configure, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, MemoryRouter, RouterProvider } from "react-router";
import { createQueryClient } from "../app/providers";
import { preloadPages, routes } from "../app/router";
import { theme } from "../app/theme";

// pages are lazy chunks in the browser; here they are all loaded before any test renders
await preloadPages();
// two cores shared by several test runs: give a page time to settle
configure({ asyncUtilTimeout: 8000 });

/** Renders the whole route table at `path`, as the browser would. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} env="test">
        <Notifications />
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** Renders one component with the app's providers (query client, theme, notices, a router). */
export function renderUi(ui: ReactNode) {
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} env="test">
        <Notifications />
        <MemoryRouter>{ui}</MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

export const franchisee: Me = {
  id: 1,
  email: "franchisee@demo.in",
  role: "user",
  accountType: "franchise",
  firstname: "Priya",
  lastname: "Deshmukh",
  storeName: "Babyhug FC Camp Pune",
  phone: "9800000001",
  offer: true,
  canViewStorePerformance: true,
  canOrder: true,
  canCartUpload: true,
  isFranchisee: true,
  enableLedger: true,
  hasFoodLicense: true,
  enableARS: true,
  pincode: "411001",
  state: "Maharashtra",
  shippingAddress1: "12 MG Road",
  shippingAddress2: null,
  shippingCity: "Pune",
  shippingState: "Maharashtra",
  shippingPincode: "411001",
  fcf: { id: 7, concept: "BABYHUG", createdDate: "2019-01-01" },
  // the store's owner signed in (issue 30)
  team: {
    role: "owner",
    memberId: null,
    name: "Priya Deshmukh",
    email: "franchisee@demo.in",
    approvalLimit: null,
  },
};

export const stockist: Me = {
  ...franchisee,
  id: 2,
  email: "stockist@demo.in",
  accountType: "stockist",
  firstname: "Ramesh",
  lastname: "Gowda",
  storeName: "Little Steps Kids Mart",
  isFranchisee: false,
  enableLedger: false,
  hasFoodLicense: false,
  canViewStorePerformance: false,
  offer: false,
  fcf: null,
};

type Handler = (url: URL, init: RequestInit) => { status: number; body: unknown } | undefined;

/** Replaces fetch with a tiny fake API; answers 404 to anything the handler leaves out. */
export function fakeApi(handler: Handler) {
  const calls: { method: string; path: string; auth: string | null }[] = [];
  const fetchMock = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const headers = new Headers(init.headers);
    calls.push({
      method: init.method ?? "GET",
      path: `${url.pathname}${url.search}`,
      auth: headers.get("Authorization"),
    });
    const answer = handler(url, init) ?? { status: 404, body: { message: "Not found" } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "Content-Type": "application/json" },
    });
  };
  globalThis.fetch = fetchMock as typeof fetch;
  return calls;
}
