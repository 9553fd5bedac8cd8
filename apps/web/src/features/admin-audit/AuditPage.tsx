import { Code, Select, SimpleGrid, Text, TextInput } from "@mantine/core";
import type { AuditRow } from "@portal/contracts";
import { type AdminColumn, AdminTable, listTableProps } from "../../admin-kit/AdminTable";
import { DayFilter } from "../../admin-kit/filters";
import { dateTime } from "../../admin-kit/format";
import { useListParams } from "../../admin-kit/useListParams";
import { usePageTitle } from "../../lib/usePageTitle";
import { exportAudit, useAudit, useAuditFilterChoices } from "./api";

const json = (v: unknown) => (v === null || v === undefined ? "–" : JSON.stringify(v, null, 2));

const COLUMNS: AdminColumn<AuditRow>[] = [
  { accessor: "at", title: "When", sortable: true, render: (r) => dateTime(r.at) },
  {
    accessor: "actorEmail",
    title: "Who",
    sortable: true,
    render: (r) => r.actorName ?? r.actorEmail ?? "system",
  },
  { accessor: "action", title: "Action", sortable: true },
  { accessor: "entity", title: "Entity", sortable: true },
  { accessor: "entityId", title: "Id", sortable: true },
  { accessor: "before", title: "Before", hidden: true, csv: (r) => JSON.stringify(r.before ?? null) },
  { accessor: "after", title: "After", hidden: true, csv: (r) => JSON.stringify(r.after ?? null) },
];

/** Every staff action: who, when, what, before and after (a row opens to show the change); search, filters, sort. */
export function AuditPage() {
  usePageTitle("Admin Console: Audit log");
  const list = useListParams(["entity", "entityId", "actorId", "from", "to"] as const);
  const audit = useAudit(list.params);
  const choices = useAuditFilterChoices();
  return (
    <AdminTable
      testId="audit-table"
      columns={COLUMNS}
      idAccessor="id"
      csvName="audit-log"
      {...listTableProps(audit, exportAudit, list)}
      search={{ value: list.q, onChange: list.setQ, placeholder: "Entity id, action, who" }}
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
          <Select
            label="Entity"
            size="xs"
            w={150}
            placeholder="All entities"
            clearable
            data={choices.data?.entities ?? []}
            value={list.filters.entity || null}
            onChange={(v) => list.setFilter("entity", v)}
            comboboxProps={{ zIndex: 300 }}
            data-testid="filter-entity"
          />
          <TextInput
            label="Entity id"
            size="xs"
            w={150}
            defaultValue={list.filters.entityId}
            onBlur={(e) => list.setFilter("entityId", e.currentTarget.value)}
          />
          <Select
            label="Who"
            size="xs"
            w={190}
            placeholder="Anyone"
            clearable
            searchable
            data={(choices.data?.actors ?? []).map((a) => ({ value: String(a.id), label: a.email }))}
            value={list.filters.actorId || null}
            onChange={(v) => list.setFilter("actorId", v)}
            comboboxProps={{ zIndex: 300 }}
          />
          <DayFilter label="From" value={list.filters.from} onChange={(v) => list.setFilter("from", v)} />
          <DayFilter label="To" value={list.filters.to} onChange={(v) => list.setFilter("to", v)} />
        </>
      }
    />
  );
}
