import { Badge, Select } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { STATIC_WAREHOUSES } from "@portal/domain";

/** Dialogs go full screen below 576 px. */
export const usePhone = () => useMediaQuery("(max-width: 575px)") ?? false;

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

export function WarehouseFilter({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (v: string | null) => void;
}) {
  return (
    <Select
      label="Warehouse"
      placeholder="All"
      data={STATIC_WAREHOUSES.map((w) => ({ value: String(w.id), label: w.name }))}
      value={value}
      onChange={onChange}
      clearable
    />
  );
}
