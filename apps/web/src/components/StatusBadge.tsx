import { Badge } from "@mantine/core";
import type { ReorderResponse } from "@portal/contracts";
import type {
  ArtworkStatus,
  CFORM_STATUS_LABELS,
  KioskOrderStatus,
  LoadStatus,
  OrderStatus,
  PaymentStatus,
  SalesReturnStatus,
  WaybillStatus,
} from "@portal/domain";

/** What a status tells the reader, whatever its lifecycle: each meaning has one colour on every screen. */
export type StatusTone = "waiting" | "moving" | "done" | "refused" | "ended";

export const TONE_COLOR: Readonly<Record<StatusTone, string>> = {
  waiting: "yellow",
  moving: "blue",
  done: "green",
  refused: "red",
  ended: "gray",
};

type KnownStatus =
  | OrderStatus
  | LoadStatus
  | SalesReturnStatus
  | WaybillStatus
  | PaymentStatus
  | KioskOrderStatus
  | ArtworkStatus
  | keyof typeof CFORM_STATUS_LABELS
  | ReorderResponse["lines"][number]["outcome"]
  | "active"
  | "inactive";

/** Every status of every lifecycle the web shows (the type makes a new status need a tone here). */
export const STATUS_TONE: Readonly<Record<KnownStatus, StatusTone>> = {
  // Waiting for someone to act.
  Pending: "waiting",
  submitted: "waiting",
  "WH Request": "waiting",
  "Ready To Dispatch": "waiting",
  reduced: "waiting",
  // Under way.
  Confirmed: "moving",
  "Hand Over": "moving",
  Shipped: "moving",
  InTransit: "moving",
  WHReceived: "moving",
  InProcess: "moving",
  B2BApproved: "moving",
  "Doc Uploaded": "moving",
  "In Design": "moving",
  Printing: "moving",
  Dispatched: "moving",
  // Done.
  Delivered: "done",
  AccountApproved: "done",
  approved: "done",
  Issued: "done",
  Closed: "done",
  added: "done",
  active: "done",
  // Turned down.
  Rejected: "refused",
  rejected: "refused",
  refused: "refused",
  // Stopped.
  Cancelled: "ended",
  inactive: "ended",
};

/** The colour of a status; a status the web does not know is gray. */
export function statusColor(status: string): string {
  const tone = (STATUS_TONE as Readonly<Record<string, StatusTone>>)[status];
  return tone ? TONE_COLOR[tone] : TONE_COLOR.ended;
}

/** A status as a badge: the status (or its label) as written, in the colour of what it means. */
export function StatusBadge({
  status,
  label,
  size,
}: {
  status: string;
  label?: string;
  size?: "xs" | "sm" | "md";
}) {
  return (
    <Badge
      color={statusColor(status)}
      variant="light"
      radius="sm"
      size={size}
      tt="none"
      style={{ whiteSpace: "nowrap", minWidth: "max-content", flexShrink: 0 }}
      styles={{ label: { overflow: "visible" } }}
    >
      {label ?? status}
    </Badge>
  );
}
