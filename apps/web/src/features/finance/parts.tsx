import { Badge } from "@mantine/core";

const SR_COLOURS: Record<string, string> = {
  Pending: "orange.9",
  InTransit: "blue",
  WHReceived: "cyan.9",
  InProcess: "grape",
  B2BApproved: "teal.9",
  AccountApproved: "green.9",
  Shipped: "orange.9",
  Issued: "green.9",
  submitted: "orange.9",
  approved: "green.9",
  rejected: "red.8",
};

export function StatusBadge({ status, label }: { status: string; label?: string }) {
  return (
    <Badge
      color={SR_COLOURS[status] ?? "gray"}
      variant="light"
      style={{ whiteSpace: "nowrap", minWidth: "max-content" }}
    >
      {label ?? status}
    </Badge>
  );
}
