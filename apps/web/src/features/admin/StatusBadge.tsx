import { Badge } from "@mantine/core";

const COLORS: Record<string, string> = {
  Pending: "yellow",
  submitted: "yellow",
  "WH Request": "yellow",
  "Ready To Dispatch": "yellow",
  Confirmed: "blue",
  "Hand Over": "blue",
  InTransit: "blue",
  WHReceived: "blue",
  InProcess: "blue",
  "Doc Uploaded": "blue",
  B2BApproved: "cyan",
  Shipped: "indigo",
  Delivered: "teal",
  approved: "teal",
  AccountApproved: "teal",
  Closed: "gray",
  Cancelled: "red",
  rejected: "red",
  active: "teal",
  inactive: "gray",
};

/** One colour per status, the same on every admin screen. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge
      color={COLORS[status] ?? "gray"}
      variant="light"
      radius="sm"
      style={{ textTransform: "none", minWidth: "max-content" }}
    >
      {status}
    </Badge>
  );
}
