// @vitest-environment happy-dom
import "../../test/setup";
import { notifications } from "@mantine/notifications";
import type { ArsReportRow, Feedback, StorePerformanceResponse } from "@portal/contracts";
import { messages, PERFORMANCE_CONFIGS, storeReportMessages } from "@portal/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../../lib/token";
import { clearDay, pickDay } from "../../test/dates";
import { fakeApi, franchisee, renderApp, stockist } from "../../test/render";
import { formatMetric } from "./StorePerformancePage";

afterEach(() => {
  notifications.clean();
  cleanup();
  tokenStore.clear();
});

const arsRow: ArsReportRow = {
  productId: 100043,
  parentId: 100042,
  productName: "Kookie Kids Off Road RC Monster Truck 1:24 Scale - Yellow",
  cat: "Toys & Gaming",
  subCat: "Remote Control Toys",
  brand: "Kookie Kids",
  mrp: "849.00",
  actualPrice: "534.87",
  targetStock: 6,
  pendingQty: 2,
  confirmedQty: 0,
  inTransitStock: 0,
  stockInHand: 5,
  expectedQty: 0,
  actualQty: 2,
  arsScheduledDate: "2026-11-02",
};

const report: StorePerformanceResponse = {
  storeId: franchisee.fcf?.id ?? 0,
  storeName: "Babyhug FC Camp Pune",
  concept: "BABYHUG",
  asOf: "2026-10-31",
  mtd: { from: "2026-10-01", to: "2026-10-31", days: 31 },
  ytd: { from: "2026-04-01", to: "2026-10-31", days: 120 },
  items: PERFORMANCE_CONFIGS.map((c) => ({
    configId: c.configId,
    name: c.name,
    unit: c.unit,
    idealBenchmarkMTD: c.benchmark,
    idealBenchmarkYTD: c.benchmark,
    nationalAvgMTD: c.benchmark,
    nationalAvgYTD: c.benchmark,
    storeAchievementMTD: c.configId === 15 ? 95.5 : c.benchmark,
    storeAchievementYTD: c.configId === 15 ? 79 : c.benchmark,
    resultMTD: c.configId === 15 ? "Excellent" : "Good",
    resultYTD: c.configId === 15 ? "Need Improvement" : "Good",
  })),
};

function api(me = franchisee, options: { arsFails?: boolean; threads?: Feedback[] } = {}) {
  let threads: Feedback[] = options.threads ?? [];
  const calls = fakeApi((url, init) => {
    if (url.pathname === "/api/users/me") return { status: 200, body: me };
    if (["/api/menu", "/api/notifications"].includes(url.pathname)) return { status: 200, body: [] };
    if (url.pathname === "/api/users/cart") return { status: 200, body: { products: [] } };
    if (url.pathname === "/api/order/arsReport")
      return options.arsFails
        ? { status: 500, body: { message: "Internal Server Error" } }
        : { status: 200, body: { rows: [arsRow], count: 1, pageNo: 1, pageSize: 10 } };
    if (url.pathname === "/api/storeperformance/getconfig") return { status: 200, body: [] };
    if (url.pathname === `/api/storeperformance/${franchisee.fcf?.id}`) return { status: 200, body: report };
    if (url.pathname === "/api/storeperformance/feedback") {
      if (init.method === "POST") {
        const body = JSON.parse(String(init.body));
        threads = [
          {
            id: 7,
            feature: body.feature,
            createdAt: "2026-11-20T06:30:00.000Z",
            updatedAt: "2026-11-20T06:30:00.000Z",
            comments: [
              { id: 9, message: body.message, createdAt: "2026-11-20T06:30:00.000Z", fromHeadOffice: false },
            ],
          },
        ];
      }
      return { status: 200, body: threads };
    }
    return undefined;
  });
  return calls;
}

describe("/account/arsReport", { timeout: 30_000 }, () => {
  it("lists the ARS rows with their quantities and scheduled date", async () => {
    tokenStore.set("t");
    const calls = api();
    renderApp("/account/arsReport");
    const table = await screen.findByTestId("ars-table", undefined, { timeout: 10_000 });
    await within(table).findByText(arsRow.productName);
    expect(table.textContent).toContain("₹534.87");
    expect(table.textContent).toContain("02-11-2026");
    expect(calls.some((c) => c.path.startsWith("/api/order/arsReport?from="))).toBe(true);
  });

  it("says the date rules before sending anything", async () => {
    tokenStore.set("t");
    const calls = api();
    renderApp("/account/arsReport");
    await screen.findByText(arsRow.productName, undefined, { timeout: 10_000 });
    const before = calls.filter((c) => c.path.startsWith("/api/order/arsReport")).length;
    await clearDay("Order to");
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(screen.getByTestId("ars-problem").textContent).toBe(messages.selectOrderDates),
    );
    await pickDay("Order from", "2026-09-01");
    await pickDay("Order to", "2026-10-15");
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(screen.getByTestId("ars-problem").textContent).toBe(storeReportMessages.arsRangeTooLong),
    );
    expect(calls.filter((c) => c.path.startsWith("/api/order/arsReport")).length).toBe(before);
  });

  it("shows the spec's message when the report cannot be fetched", async () => {
    tokenStore.set("t");
    api(franchisee, { arsFails: true });
    renderApp("/account/arsReport");
    expect((await screen.findByTestId("ars-error", undefined, { timeout: 10_000 })).textContent).toBe(
      "Error while fetching ars report data.",
    );
  });
});

describe("/storeperformance", { timeout: 45_000 }, () => {
  it("shows a card per metric with its rating, and both charts", async () => {
    tokenStore.set("t");
    api();
    renderApp("/storeperformance");
    const audit = await screen.findByTestId("metric-15", undefined, { timeout: 10_000 });
    expect(audit.textContent).toContain("Store audit score");
    expect(audit.textContent).toContain("95.5 / 100");
    expect(audit.textContent).toContain("Excellent");
    expect(screen.getByTestId("metric-cards").children).toHaveLength(16);
    expect(screen.getByTestId("chart-MTD")).toBeTruthy();
    expect(screen.getByTestId("chart-YTD")).toBeTruthy();
    expect(screen.getByText("Babyhug FC Camp Pune · BABYHUG · as of 31-10-2026")).toBeTruthy();
    fireEvent.click(screen.getByRole("radio", { name: "Year to date" }));
    await waitFor(() => expect(screen.getByTestId("metric-15").textContent).toContain("Need Improvement"));
  });

  it("sends feedback and lists it in the history", async () => {
    tokenStore.set("t");
    const calls = api();
    renderApp("/storeperformance");
    const box = await screen.findByTestId("feedback-box", undefined, { timeout: 10_000 });
    await within(box).findByText("No feedback yet.");
    fireEvent.click(within(box).getByRole("button", { name: "Send feedback" }));
    expect((await within(box).findByTestId("feedback-problem")).textContent).toBe(
      storeReportMessages.feedbackMessageRequired,
    );
    fireEvent.change(within(box).getByLabelText("Your feedback"), { target: { value: "Audit was fair." } });
    fireEvent.click(within(box).getByRole("button", { name: "Send feedback" }));
    const thread = await within(box).findByTestId("feedback-thread");
    expect(thread.textContent).toContain("Audit was fair.");
    expect(thread.textContent).toContain("General");
    expect(
      calls.filter((c) => c.method === "POST" && c.path === "/api/storeperformance/feedback"),
    ).toHaveLength(1);
  });

  it("shows the head office's reply on the thread, marked as the head office's", async () => {
    tokenStore.set("t");
    api(franchisee, {
      threads: [
        {
          id: 7,
          feature: "Footfall",
          createdAt: "2026-11-20T06:30:00.000Z",
          updatedAt: "2026-11-21T06:30:00.000Z",
          comments: [
            { id: 9, message: "Road dug up.", createdAt: "2026-11-20T06:30:00.000Z", fromHeadOffice: false },
            {
              id: 10,
              message: "Noted, thank you.",
              createdAt: "2026-11-21T06:30:00.000Z",
              fromHeadOffice: true,
            },
          ],
        },
      ],
    });
    renderApp("/storeperformance");
    const thread = await screen.findByTestId("feedback-thread", undefined, { timeout: 10_000 });
    const replies = within(thread).getAllByTestId("feedback-reply");
    expect(replies).toHaveLength(1);
    expect(replies[0]?.textContent).toBe("Noted, thank you.Head office · 21-11-2026 12:00");
  });

  it("sends partners without canViewStorePerformance away", async () => {
    tokenStore.set("t");
    api(stockist);
    const { router } = renderApp("/storeperformance");
    await waitFor(() => expect(router.state.location.pathname).not.toBe("/storeperformance"), {
      timeout: 10_000,
    });
    expect(screen.queryByTestId("feedback-box")).toBeNull();
  });
});

describe("formatMetric", () => {
  it.each([
    ["INR", 81259, "₹81,259.00"],
    ["count", 3410, "3,410"],
    ["percent", 31.88, "31.88%"],
    ["ratio", 2.145, "2.15"],
    ["days", 15.39, "15.4 days"],
    ["score", 95.5, "95.5 / 100"],
    ["INR", null, "—"],
  ] as const)("%s %s → %s", (unit, value, expected) => {
    expect(formatMetric(unit, value)).toBe(expected);
  });
});
