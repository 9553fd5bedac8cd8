// @vitest-environment happy-dom
import "../test/setup";
import { MantineProvider } from "@mantine/core";
import {
  ARTWORK_STATUSES,
  KIOSK_ORDER_STATUSES,
  LOAD_STATUSES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  SR_ALL_STATUSES,
  WAYBILL_STATUSES,
} from "@portal/domain";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { theme } from "../app/theme";
import { STATUS_TONE, StatusBadge, type StatusTone, statusColor, TONE_STYLE } from "./StatusBadge";

/** WCAG 2.1's relative luminance of an sRGB colour (#rrggbb). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.1's contrast ratio of two colours, from 1 to 21. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

afterEach(cleanup);

describe("StatusBadge", () => {
  it("gives every status of every lifecycle a tone", () => {
    const all = [
      ...ORDER_STATUSES,
      ...LOAD_STATUSES,
      ...SR_ALL_STATUSES,
      ...WAYBILL_STATUSES,
      ...PAYMENT_STATUSES,
      ...KIOSK_ORDER_STATUSES,
      ...ARTWORK_STATUSES,
    ];
    expect(all.filter((s) => !(s in STATUS_TONE))).toEqual([]);
  });

  it("colours a status by what it means, the same on every screen", () => {
    expect(["Pending", "submitted", "WH Request", "Ready To Dispatch"].map(statusColor)).toEqual([
      "yellow",
      "yellow",
      "yellow",
      "yellow",
    ]);
    expect(["Confirmed", "Shipped", "InTransit", "Doc Uploaded", "In Design"].map(statusColor)).toEqual([
      "blue",
      "blue",
      "blue",
      "blue",
      "blue",
    ]);
    expect(["Delivered", "AccountApproved", "approved", "Closed", "Issued"].map(statusColor)).toEqual([
      "green",
      "green",
      "green",
      "green",
      "green",
    ]);
    expect(["Rejected", "rejected", "refused"].map(statusColor)).toEqual(["red", "red", "red"]);
    expect(["Cancelled", "inactive", "Something new"].map(statusColor)).toEqual(["gray", "gray", "gray"]);
  });

  it("shows the status as written, or its label", () => {
    render(
      <MantineProvider theme={theme}>
        <StatusBadge status="InTransit" />
        <StatusBadge status="Shipped" label="To Be Submitted" />
      </MantineProvider>,
    );
    expect(screen.getByText("InTransit")).toBeDefined();
    expect(screen.getByText("To Be Submitted")).toBeDefined();
    expect(screen.queryByText("Shipped")).toBeNull();
  });

  it("draws every tone's text at WCAG AA contrast (4.5:1 or more) on its background", () => {
    // the contrast check itself: Mantine's light "Approved" badge measured 1.98:1, black on white is 21:1
    expect(contrast("#40c057", "#e4eee7")).toBeCloseTo(1.98, 1);
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    const ratios = Object.fromEntries(
      (Object.keys(TONE_STYLE) as StatusTone[]).map((tone) => [
        tone,
        Math.round(contrast(TONE_STYLE[tone].text, TONE_STYLE[tone].background) * 100) / 100,
      ]),
    );
    expect(ratios).toEqual({ waiting: 6.71, moving: 6.68, done: 5.73, refused: 6.21, ended: 6.9 });
    for (const ratio of Object.values(ratios)) expect(ratio).toBeGreaterThanOrEqual(4.5);
  });

  it("draws a badge in its tone's colours, whatever its lifecycle", () => {
    render(
      <MantineProvider theme={theme}>
        <StatusBadge status="AccountApproved" label="Approved" />
        <StatusBadge status="Pending" />
        <StatusBadge status="Something new" />
      </MantineProvider>,
    );
    const drawn = (text: string) => {
      const badge = screen.getByText(text).closest<HTMLElement>(".mantine-Badge-root");
      return {
        tone: badge?.dataset.tone,
        text: badge?.style.getPropertyValue("--badge-color"),
        background: badge?.style.getPropertyValue("--badge-bg"),
      };
    };
    expect(drawn("Approved")).toEqual({ tone: "done", text: "#1f6b2a", background: "#d3f9d8" });
    expect(drawn("Pending")).toEqual({ tone: "waiting", text: "#7a4a00", background: "#fff3bf" });
    expect(drawn("Something new")).toEqual({ tone: "ended", text: "#495057", background: "#e9ecef" });
  });
});
