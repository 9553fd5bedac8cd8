// @vitest-environment happy-dom
import "../../test/setup";
import { notifications } from "@mantine/notifications";
import type { AdminFeedbackThread } from "@portal/contracts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../../lib/token";
import { fakeApi, renderUi } from "../../test/render";
import { FeedbackInboxPage } from "./FeedbackInboxPage";

afterEach(() => {
  cleanup();
  notifications.clean();
  tokenStore.clear();
});

const thread: AdminFeedbackThread = {
  id: 7,
  feature: "Footfall",
  createdAt: "2026-11-20T06:30:00.000Z",
  updatedAt: "2026-11-20T06:30:00.000Z",
  userId: 1,
  storeName: "Babyhug FC Camp Pune",
  email: "franchisee@demo.in",
  waiting: true,
  comments: [
    { id: 9, message: "Road dug up outside.", createdAt: "2026-11-20T06:30:00.000Z", fromHeadOffice: false },
  ],
};

describe("the feedback inbox", { timeout: 30_000 }, () => {
  it("lists the partners' threads, opens one and replies after asking", async () => {
    tokenStore.set("t");
    const replies: unknown[] = [];
    const calls = fakeApi((url, init) => {
      if (url.pathname === "/api/admin/feedback") return { status: 200, body: { rows: [thread], total: 1 } };
      if (url.pathname === "/api/admin/feedback/7/replies" && init.method === "POST") {
        replies.push(JSON.parse(String(init.body)));
        return { status: 200, body: { ...thread, waiting: false } };
      }
      return undefined;
    });
    renderUi(<FeedbackInboxPage />);
    const table = await screen.findByTestId("feedback-table");
    fireEvent.click(await within(table).findByText("Road dug up outside."));
    const opened = await screen.findByTestId("feedback-thread");
    fireEvent.change(within(opened).getByLabelText("Reply to Babyhug FC Camp Pune on Footfall"), {
      target: { value: "Noted, thank you." },
    });
    fireEvent.click(within(opened).getByRole("button", { name: "Reply", hidden: true }));
    const ask = await screen.findByTestId("ask-dialog");
    expect(within(ask).getByTestId("reply-preview").textContent).toBe("Noted, thank you.");
    expect(replies).toEqual([]);
    fireEvent.click(within(ask).getByTestId("ask-dialog-confirm"));
    await waitFor(() => expect(replies).toEqual([{ message: "Noted, thank you." }]));
    expect(
      await screen.findByText(
        "Reply sent to Babyhug FC Camp Pune; it shows on their store-performance page.",
      ),
    ).toBeDefined();
    expect(calls.some((c) => c.path.startsWith("/api/admin/feedback?"))).toBe(true);
  });
});
