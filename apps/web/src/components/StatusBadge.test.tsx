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
import { STATUS_TONE, StatusBadge, statusColor } from "./StatusBadge";

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
});
