import { Select } from "@mantine/core";
import type { SentNotification } from "@portal/contracts";
import { type AdminColumn, AdminTable, listTableProps } from "../../admin-kit/AdminTable";
import { dateTime } from "../../admin-kit/format";
import { useListParams } from "../../admin-kit/useListParams";
import { exportSentNotifications, useSentNotifications } from "./api";

const COLUMNS: AdminColumn<SentNotification>[] = [
  { accessor: "createdAt", title: "Sent", sortable: true, render: (n) => dateTime(n.createdAt) },
  { accessor: "partnerName", title: "Partner", sortable: true, csv: (n) => n.partnerName },
  { accessor: "partnerEmail", title: "Email", visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.md})` },
  { accessor: "title", title: "Title", sortable: true },
  { accessor: "message", title: "Message", noWrap: false, width: 320 },
  {
    accessor: "readAt",
    title: "Read",
    sortable: true,
    render: (n) => (n.readAt ? dateTime(n.readAt) : "Not yet"),
  },
];

/** Every notification partners were sent (broadcasts and the desks' own): search, read or not, sort, CSV of every row. */
export function SentNotifications() {
  const list = useListParams(["read"] as const);
  const sent = useSentNotifications(list.params);
  return (
    <AdminTable
      testId="sent-notifications"
      columns={COLUMNS}
      idAccessor="id"
      csvName="notifications"
      {...listTableProps(sent, exportSentNotifications, list)}
      search={{ value: list.q, onChange: list.setQ, placeholder: "Title, message, partner" }}
      noRecordsText="No notifications sent"
      toolbar={
        <Select
          label="Read"
          size="xs"
          w={150}
          placeholder="Read or not"
          clearable
          data={[
            { value: "false", label: "Not yet read" },
            { value: "true", label: "Read" },
          ]}
          value={list.filters.read || null}
          onChange={(v) => list.setFilter("read", v)}
          comboboxProps={{ zIndex: 300 }}
        />
      }
    />
  );
}
