import { Anchor, Button, Select, TextInput } from "@mantine/core";
import type { PartnerRow } from "@portal/contracts";
import { ACCOUNT_TYPES } from "@portal/domain";
import { IconPlus } from "@tabler/icons-react";
import { Link } from "react-router";
import { type AdminColumn, AdminTable, listTableProps } from "../../admin-kit/AdminTable";
import { StatusFilter } from "../../admin-kit/filters";
import { day } from "../../admin-kit/format";
import { useListParams } from "../../admin-kit/useListParams";
import { StatusBadge } from "../../components/StatusBadge";
import { usePageTitle } from "../../lib/usePageTitle";
import { exportAdminPartners, usePartners } from "./api";

const COLUMNS: AdminColumn<PartnerRow>[] = [
  {
    accessor: "email",
    title: "Partner",
    sortable: true,
    render: (p) => (
      <Anchor component={Link} to={`/admin/partners/${p.id}`} size="sm" fw={600}>
        {p.storeName ?? `${p.firstname} ${p.lastname}`}
      </Anchor>
    ),
    csv: (p) => p.email,
  },
  { accessor: "storeName", title: "Store", hidden: true },
  {
    accessor: "firstname",
    title: "Contact",
    sortable: true,
    render: (p) => `${p.firstname} ${p.lastname} · ${p.email}`,
  },
  { accessor: "accountType", title: "Type", sortable: true },
  { accessor: "concept", title: "Concept", sortable: true, render: (p) => p.concept ?? "–" },
  { accessor: "state", title: "State", sortable: true, render: (p) => p.state ?? "–" },
  { accessor: "createdAt", title: "Since", sortable: true, render: (p) => day(p.createdAt) },
  {
    accessor: "active",
    title: "Active",
    sortable: true,
    render: (p) => <StatusBadge status={p.active ? "active" : "inactive"} />,
  },
  {
    accessor: "flags",
    title: "Flags",
    hidden: true,
    csv: (p) =>
      Object.keys(p.flags)
        .filter((k) => p.flags[k as keyof typeof p.flags])
        .join(" "),
  },
];

/** Partners: search, filter, open one to edit; create a new one. */
export function PartnersPage() {
  usePageTitle("Admin Console: Partners");
  const list = useListParams(["search", "accountType", "concept", "active"] as const);
  const partners = usePartners(list.params);
  return (
    <AdminTable
      testId="partners-table"
      columns={COLUMNS}
      idAccessor="id"
      csvName="partners"
      {...listTableProps(partners, exportAdminPartners, list)}
      noRecordsText="No partners"
      toolbar={
        <>
          <TextInput
            label="Search"
            size="xs"
            w={200}
            placeholder="Name, store or email"
            defaultValue={list.filters.search}
            onKeyDown={(e) => e.key === "Enter" && list.setFilter("search", e.currentTarget.value)}
            onBlur={(e) => list.setFilter("search", e.currentTarget.value)}
          />
          <StatusFilter
            label="Account type"
            statuses={ACCOUNT_TYPES.filter((t) => t !== "admin")}
            value={list.filters.accountType}
            onChange={(v) => list.setFilter("accountType", v)}
          />
          <TextInput
            label="Concept"
            size="xs"
            w={120}
            defaultValue={list.filters.concept}
            onBlur={(e) => list.setFilter("concept", e.currentTarget.value)}
          />
          <Select
            label="Active"
            size="xs"
            w={110}
            clearable
            placeholder="All"
            data={[
              { value: "true", label: "Active" },
              { value: "false", label: "Inactive" },
            ]}
            value={list.filters.active || null}
            onChange={(v) => list.setFilter("active", v)}
            comboboxProps={{ zIndex: 300 }}
          />
          <Button component={Link} to="/admin/partners/new" size="xs" leftSection={<IconPlus size={15} />}>
            New partner
          </Button>
        </>
      }
    />
  );
}
