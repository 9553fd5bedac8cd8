import { Badge } from "@mantine/core";
import type { ReorderResponse, TeamMember } from "@portal/contracts";
import type {
  ArtworkStatus,
  CFORM_STATUS_LABELS,
  KioskOrderStatus,
  LoadStatus,
  OrderRequestStatus,
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

/**
 * A tone's badge as drawn: dark text on a solid tint of its colour. Mantine's light badges put shade 6
 * on a 10 % tint ("Approved" #40c057 on #e4eee7, 1.98:1), short of WCAG AA's 4.5:1 for small text;
 * these pairs hold at least 5.7:1 (StatusBadge.test.tsx computes every one), on any page background.
 */
export const TONE_STYLE: Readonly<Record<StatusTone, { text: string; background: string }>> = {
  waiting: { text: "#7a4a00", background: "#fff3bf" },
  moving: { text: "#1c4f8c", background: "#d0ebff" },
  done: { text: "#1f6b2a", background: "#d3f9d8" },
  refused: { text: "#a51d1d", background: "#ffe3e3" },
  ended: { text: "#495057", background: "#e9ecef" },
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
  | "inactive"
  | TeamMember["state"]
  | OrderRequestStatus;

/** Every status of every lifecycle the web shows (the type makes a new status need a tone here). */
export const STATUS_TONE: Readonly<Record<KnownStatus, StatusTone>> = {
  // Waiting for someone to act.
  Pending: "waiting",
  submitted: "waiting",
  "WH Request": "waiting",
  "Ready To Dispatch": "waiting",
  reduced: "waiting",
  invited: "waiting",
  pending: "waiting",
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
  declined: "refused",
  failed: "refused",
  // Stopped.
  Cancelled: "ended",
  inactive: "ended",
  deactivated: "ended",
  expired: "ended",
};

/** The tone of a status; a status the web does not know has ended's (gray). */
export function statusTone(status: string): StatusTone {
  return (STATUS_TONE as Readonly<Record<string, StatusTone>>)[status] ?? "ended";
}

/** The colour of a status; a status the web does not know is gray. */
export function statusColor(status: string): string {
  return TONE_COLOR[statusTone(status)];
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
  const { text, background } = TONE_STYLE[statusTone(status)];
  return (
    <Badge
      color={statusColor(status)}
      variant="light"
      radius="sm"
      size={size}
      tt="none"
      data-tone={statusTone(status)}
      vars={() => ({ root: { "--badge-color": text, "--badge-bg": background } })}
      style={{ whiteSpace: "nowrap", minWidth: "max-content", flexShrink: 0 }}
      styles={{ label: { overflow: "visible" } }}
    >
      {label ?? status}
    </Badge>
  );
}
