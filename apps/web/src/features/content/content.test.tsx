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
                { ...file(5, "storeMusic", "Weekend (Tamil)"), url: "/api/files/c.wav?x", posterUrl: null },
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
    // The store screen plays the commercial over and over.
    expect(clip.hasAttribute("loop")).toBe(true);
  });

  it("store music: the playlist plays on to the next track, wraps to the first, and repeats one", async () => {
    tokenStore.set("t");
    const track = (id: number, title: string, url: string) => ({
      ...file(id, "storeMusic", title),
      url,
      posterUrl: null,
    });
    api((p) =>
      p === "/api/tvc"
        ? {
            status: 200,
            body: {
              language: "Hindi",
              commercials: [],
              storeMusic: [
                track(4, "Morning (Hindi)", "/api/files/m.wav?x"),
                track(5, "Weekend (Hindi)", "/api/files/w.wav?x"),
              ],
            },
          }
        : undefined,
    );
    renderApp("/account/tvc");
    const player = (await screen.findByLabelText("Store music player", undefined, {
      timeout: 10_000,
    })) as HTMLAudioElement;
    expect(player.tagName).toBe("AUDIO");
    expect(screen.getByTestId("now-playing").textContent).toBe("Morning (Hindi)");
    expect(player.getAttribute("src")).toBe("/api/files/m.wav?x");
    // Repeat all: no loop on the element; the end of a track plays the next, the last the first.
    expect(player.hasAttribute("loop")).toBe(false);
    fireEvent.ended(player);
    await waitFor(() => expect(screen.getByTestId("now-playing").textContent).toBe("Weekend (Hindi)"));
    expect(player.getAttribute("src")).toBe("/api/files/w.wav?x");
    fireEvent.ended(player);
    await waitFor(() => expect(screen.getByTestId("now-playing").textContent).toBe("Morning (Hindi)"));
    // Repeat one: the element loops the track playing, and its end changes nothing.
    fireEvent.click(screen.getByText("Repeat one"));
    await waitFor(() => expect(player.hasAttribute("loop")).toBe(true));
    fireEvent.ended(player);
    expect(screen.getByTestId("now-playing").textContent).toBe("Morning (Hindi)");
    // A track picked from the list plays.
    fireEvent.click(screen.getByRole("button", { name: "Play Weekend (Hindi)" }));
    await waitFor(() => expect(screen.getByTestId("now-playing").textContent).toBe("Weekend (Hindi)"));
    expect(screen.getByRole("button", { name: "Play Weekend (Hindi)" }).getAttribute("aria-current")).toBe(
      "true",
    );
  });

  it("lookbooks: covers with their words, and a lookbook's page of products", async () => {
    tokenStore.set("t");
    const winter = {
      ...file(17, "lookbook", "Winter 2026 Lookbook"),
      cover: { url: "/api/images/products/100053/a.svg", alt: "Winter 2026 Lookbook: Woollen Socks" },
      productCount: 10,
      listingPath: "/products/listing?subcategories=606,1201,1202",
    };
    const festive = {
      ...file(18, "lookbook", "Festive 2026 Lookbook"),
      cover: null,
      productCount: 0,
      listingPath: null,
    };
    api((p) => {
      if (p === "/api/lookbooks") return { status: 200, body: [winter, festive] };
      if (p === "/api/lookbooks/17")
        return {
          status: 200,
          body: {
            ...winter,
            products: [
              {
                id: 100053,
                name: "Woollen Socks",
                brand: "Kookie Kids",
                subcategory: "Socks & Tights",
                mrpPaise: 14900,
                image: { url: "/api/images/products/100053/a.svg", alt: "Woollen Socks" },
              },
            ],
          },
        };
      return undefined;
    });
    renderApp("/lookbooks");
    const cover = await screen.findByAltText("Winter 2026 Lookbook: Woollen Socks", undefined, {
      timeout: 10_000,
    });
    expect(cover.getAttribute("src")).toBe("/api/images/products/100053/a.svg");
    // The frame is sized before the picture loads, and the picture waits until it is near.
    expect(cover.getAttribute("width")).toBe("480");
    expect(cover.getAttribute("height")).toBe("360");
    expect(cover.getAttribute("loading")).toBe("lazy");
    expect(screen.getAllByTestId("lookbook-card")).toHaveLength(2);
    expect(screen.getByText(/10 products/)).toBeTruthy();

    fireEvent.click(screen.getByRole("link", { name: "See the looks: Winter 2026 Lookbook" }));
    expect(await screen.findByText("Woollen Socks")).toBeTruthy();
    expect(screen.getByText("MRP ₹149.00")).toBeTruthy();
    expect(screen.getByRole("link", { name: /Woollen Socks/ }).getAttribute("href")).toBe(
      "/products/productInfo/100053",
    );
    expect(screen.getByRole("link", { name: "See all 10 products" }).getAttribute("href")).toBe(
      "/products/listing?subcategories=606,1201,1202",
    );
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
    // The date filters are the app's day fields (dd-mm-yyyy), never the browser's mm/dd/yyyy.
    expect(document.querySelector('input[type="date"]')).toBeNull();
    expect(screen.getByLabelText("From").textContent).toMatch(/^\d{2}-\d{2}-\d{4}$/);
  });

  it("training topics: a picture of a product of the topic, and a link to its listing", async () => {
    tokenStore.set("t");
    api((p) =>
      p === "/api/training/categories"
        ? {
            status: 200,
            body: [
              {
                id: 1,
                category: "Boys Clothing",
                subcategory: "Winter Wear",
                image: "/api/images/products/100006/a.svg",
                imageAlt: "Winter Wear: Babyhug Fleece Hooded Sweatshirt",
                productsLink: "/products/listing?subcategories=606",
              },
            ],
          }
        : p === "/api/training/getEventList"
          ? { status: 200, body: { fromDate: "2026-11-23", toDate: "2027-11-23", events: [] } }
          : undefined,
    );
    renderApp("/training?tab=categories");
    const picture = await screen.findByAltText("Winter Wear: Babyhug Fleece Hooded Sweatshirt", undefined, {
      timeout: 10_000,
    });
    expect(picture.getAttribute("src")).toBe("/api/images/products/100006/a.svg");
    expect(picture.getAttribute("loading")).toBe("lazy");
    expect(screen.getByRole("link", { name: "See the products: Winter Wear" }).getAttribute("href")).toBe(
      "/products/listing?subcategories=606",
    );
  });
});
