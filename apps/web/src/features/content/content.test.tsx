// @vitest-environment happy-dom
import "../../test/setup";
import { notifications } from "@mantine/notifications";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { tokenStore } from "../../lib/token";
import { fakeApi, franchisee, renderApp } from "../../test/render";

afterEach(() => {
  notifications.clean();
  cleanup();
  tokenStore.clear();
});

const file = (id: number, kind: string, title: string) => ({
  id,
  kind,
  title,
  description: null,
  path: `demo/x/${id}.pdf`,
  contentType: kind === "tvc" || kind === "storeMusic" ? "audio/wav" : "application/pdf",
  sizeBytes: 20_480,
  region: null,
  language: kind === "tvc" || kind === "storeMusic" ? "Tamil" : null,
  updatedAt: "2026-11-01T05:00:00.000Z",
});

function api(extra: (path: string) => { status: number; body: unknown } | undefined) {
  return fakeApi((url) => {
    if (url.pathname === "/api/users/me") return { status: 200, body: franchisee };
    if (["/api/menu", "/api/notifications"].includes(url.pathname)) return { status: 200, body: [] };
    if (url.pathname === "/api/users/cart") return { status: 200, body: { products: [] } };
    return extra(url.pathname);
  });
}

describe("content screens", { timeout: 20_000 }, () => {
  it("policies: one card per document with its size", async () => {
    tokenStore.set("t");
    api((p) =>
      p === "/api/policies"
        ? {
            status: 200,
            body: [file(1, "policy", "Returns & Exchange Policy"), file(2, "policy", "Credit Policy")],
          }
        : undefined,
    );
    renderApp("/account/policies");
    expect(await screen.findByText("Returns & Exchange Policy", undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getAllByTestId("document-card")).toHaveLength(2);
    expect(screen.getByRole("button", { name: "Open Credit Policy" })).toBeTruthy();
    expect(screen.getAllByText(/20 KB/)).toHaveLength(2);
  });

  it("lookbooks: a failed list says the spec's message", async () => {
    tokenStore.set("t");
    api((p) => (p === "/api/lookbooks" ? { status: 500, body: { message: "down" } } : undefined));
    renderApp("/lookbooks");
    expect(
      await screen.findByText("Error While Fetching Lookbooks Details", undefined, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it("TV commercials: the language the server chose, and players in the page", async () => {
    tokenStore.set("t");
    api((p) =>
      p === "/api/tvc"
        ? {
            status: 200,
            body: {
              language: "Tamil",
              commercials: [
                {
                  ...file(3, "tvc", "Winter TVC (Tamil)"),
                  contentType: "video/mp4",
                  url: "/api/files/a.mp4?x",
                  posterUrl: "/api/files/a.png?x",
                },
              ],
              storeMusic: [
                { ...file(4, "storeMusic", "Morning (Tamil)"), url: "/api/files/b.wav?x", posterUrl: null },
              ],
            },
          }
        : undefined,
    );
    renderApp("/account/tvc");
    expect(await screen.findByText("Tamil clips", undefined, { timeout: 10_000 })).toBeTruthy();
    const clip = screen.getByLabelText("Play Winter TVC (Tamil)");
    expect(clip.tagName).toBe("VIDEO");
    expect(clip.getAttribute("src")).toBe("/api/files/a.mp4?x");
    expect(clip.getAttribute("poster")).toBe("/api/files/a.png?x");
    expect(screen.getByLabelText("Play Morning (Tamil)").tagName).toBe("AUDIO");
  });

  it("training: the events of the range the server answered", async () => {
    tokenStore.set("t");
    api((p) =>
      p === "/api/training/getEventList"
        ? {
            status: 200,
            body: {
              fromDate: "2026-11-23",
              toDate: "2027-11-23",
              events: [
                {
                  id: 1,
                  title: "Visual Merchandising Basics",
                  category: "VM",
                  trainer: "Rahul Mehta",
                  mode: "Classroom",
                  location: "Mumbai office",
                  date: "2026-11-26",
                  startTime: "15:00",
                  seats: 30,
                },
              ],
            },
          }
        : undefined,
    );
    renderApp("/training");
    expect(
      await screen.findByText("Visual Merchandising Basics", undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByTestId("event-range").textContent).toBe("Events from 23-11-2026 to 23-11-2027");
    expect(screen.getByText(/26-11-2026 at 15:00/)).toBeTruthy();
    // A to-date earlier than the from-date is cleared on search.
    const from = (screen.getByLabelText("From") as HTMLInputElement).value;
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2000-01-01" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect((screen.getByLabelText("To") as HTMLInputElement).value).toBe(""));
    expect((screen.getByLabelText("From") as HTMLInputElement).value).toBe(from);
  });
});
