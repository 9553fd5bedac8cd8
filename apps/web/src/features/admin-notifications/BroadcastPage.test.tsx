// @vitest-environment happy-dom
import "../../test/setup";
import { notifications } from "@mantine/notifications";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../../lib/token";
import { fakeApi, renderUi } from "../../test/render";
import { BroadcastPage } from "./BroadcastPage";

afterEach(() => {
  cleanup();
  notifications.clean();
  tokenStore.clear();
});

describe("the broadcast screen", { timeout: 30_000 }, () => {
  it("counts the recipients before sending and sends nothing to no one", async () => {
    tokenStore.set("t");
    const sent: unknown[] = [];
    fakeApi((url, init) => {
      if (url.pathname === "/api/admin/notifications/concepts")
        return { status: 200, body: [{ concept: "COCO", partners: 1 }] };
      if (url.pathname === "/api/admin/notifications/recipients")
        return { status: 200, body: { recipients: url.searchParams.get("concept") === "COCO" ? 1 : 12 } };
      if (url.pathname === "/api/admin/notifications/broadcast" && init.method === "POST") {
        sent.push(JSON.parse(String(init.body)));
        return { status: 200, body: { sent: 1 } };
      }
      return undefined;
    });
    renderUi(<BroadcastPage />);
    expect((await screen.findByTestId("broadcast-recipients")).textContent).toBe("Reaches 12 partner(s).");
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: "Diwali" } });
    fireEvent.change(screen.getByLabelText(/Message/), { target: { value: "Dispatch schedule" } });
    fireEvent.click(screen.getByLabelText("One concept"));
    expect(screen.getByRole("button", { name: "Send" }).hasAttribute("disabled")).toBe(true);
    fireEvent.click(screen.getByRole("textbox", { name: /Concept/ }));
    fireEvent.click(await screen.findByRole("option", { name: "COCO (1)" }));
    await waitFor(() =>
      expect(screen.getByTestId("broadcast-recipients").textContent).toBe("Reaches 1 partner(s)."),
    );
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    const ask = await screen.findByTestId("ask-dialog");
    expect(ask.textContent).toContain("Send “Diwali” to partners of concept COCO (1 partner(s))?");
    fireEvent.click(within(ask).getByTestId("ask-dialog-confirm"));
    await waitFor(() =>
      expect(sent).toEqual([
        { title: "Diwali", message: "Dispatch schedule", target: "/notifications", concept: "COCO" },
      ]),
    );
  });

  it("lists the notifications sent, searched on the server", async () => {
    tokenStore.set("t");
    const asked: string[] = [];
    fakeApi((url) => {
      if (url.pathname === "/api/admin/notifications") {
        asked.push(url.searchParams.get("q") ?? "");
        return {
          status: 200,
          body: {
            total: 1,
            rows: [
              {
                id: 7,
                userId: 3,
                partnerName: "Babyhug COCO Fort Mumbai",
                partnerEmail: "coco@demo.in",
                title: "Diwali",
                message: "Dispatch schedule",
                target: "/notifications",
                createdAt: "2026-11-18T05:30:00.000Z",
                readAt: null,
              },
            ],
          },
        };
      }
      if (url.pathname === "/api/admin/notifications/concepts") return { status: 200, body: [] };
      if (url.pathname === "/api/admin/notifications/recipients")
        return { status: 200, body: { recipients: 12 } };
      return undefined;
    });
    renderUi(<BroadcastPage />);
    const table = await screen.findByTestId("sent-notifications");
    expect(await within(table).findByText("Babyhug COCO Fort Mumbai")).toBeDefined();
    expect(within(table).getByText("Not yet")).toBeDefined();
    expect(within(table).getByText("18-11-2026 11:00")).toBeDefined();
    expect(asked).toEqual([""]);
  });
});
