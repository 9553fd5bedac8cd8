import { Code, SimpleGrid, Text, TextInput } from "@mantine/core";
import type { AuditRow } from "@portal/contracts";
import { type AdminColumn, AdminTable, listTableProps } from "../../admin-kit/AdminTable";
import { dateTime } from "../../admin-kit/format";
import { useListParams } from "../../admin-kit/useListParams";
import { usePageTitle } from "../../lib/usePageTitle";
import { exportAudit, useAudit } from "./api";

const json = (v: unknown) => (v === null || v === undefined ? "–" : JSON.stringify(v, null, 2));

const COLUMNS: AdminColumn<AuditRow>[] = [
  { accessor: "at", title: "When", sortable: true, render: (r) => dateTime(r.at) },
  { accessor: "actorEmail", title: "Who", sortable: true, render: (r) => r.actorEmail ?? "system" },
  { accessor: "action", title: "Action", sortable: true },
  { accessor: "entity", title: "Entity", sortable: true },
  { accessor: "entityId", title: "Id", sortable: true },
  { accessor: "before", title: "Before", hidden: true, csv: (r) => JSON.stringify(r.before ?? null) },
  { accessor: "after", title: "After", hidden: true, csv: (r) => JSON.stringify(r.after ?? null) },
];

/** Every staff action: who, when, what, before and after (a row opens to show the change). */
export function AuditPage() {
  usePageTitle("Admin Console: Audit log");
  const list = useListParams(["entity", "entityId"] as const);
  const audit = useAudit(list.params);
  return (
    <AdminTable
      testId="audit-table"
      columns={COLUMNS}
      idAccessor="id"
      csvName="audit-log"
      {...listTableProps(audit, exportAudit, list)}
      noRecordsText="No staff actions recorded"
      rowExpansion={{
        content: ({ record }) => (
          <SimpleGrid cols={{ base: 1, sm: 2 }} p="sm">
            {(["before", "after"] as const).map((k) => (
              <div key={k}>
                <Text size="xs" fw={600} c="dimmed" tt="uppercase">
                  {k}
                </Text>
                <Code block fz="xs" style={{ maxHeight: 240, overflow: "auto" }}>
                  {json(record[k])}
                </Code>
              </div>
            ))}
          </SimpleGrid>
        ),
      }}
      toolbar={
        <>
          <TextInput
            label="Entity"
            size="xs"
            w={150}
            placeholder="order, load…"
            defaultValue={list.filters.entity}
            onBlur={(e) => list.setFilter("entity", e.currentTarget.value)}
          />
          <TextInput
            label="Entity id"
            size="xs"
            w={150}
            defaultValue={list.filters.entityId}
            onBlur={(e) => list.setFilter("entityId", e.currentTarget.value)}
          />
        </>
      }
    />
  );
}
