import { Anchor, Button, Select } from "@mantine/core";
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
import { exportAdminPartners, usePartnerConcepts, usePartners } from "./api";

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
  { accessor: "gstin", title: "GSTIN", sortable: true, render: (p) => p.gstin ?? "–" },
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

/** Partners: search (name, email, store, GSTIN), filter, sort, open one to edit; create a new one. */
export function PartnersPage() {
  usePageTitle("Admin Console: Partners");
  const list = useListParams(["accountType", "concept", "active"] as const);
  const partners = usePartners(list.params);
  const concepts = usePartnerConcepts();
  return (
    <AdminTable
      testId="partners-table"
      columns={COLUMNS}
      idAccessor="id"
      csvName="partners"
      {...listTableProps(partners, exportAdminPartners, list)}
      search={{ value: list.q, onChange: list.setQ, placeholder: "Name, email, store or GSTIN" }}
      noRecordsText="No partners"
      toolbar={
        <>
          <StatusFilter
            label="Account type"
            statuses={ACCOUNT_TYPES.filter((t) => t !== "admin")}
            value={list.filters.accountType}
            onChange={(v) => list.setFilter("accountType", v)}
          />
          <Select
            label="Concept"
            size="xs"
            w={130}
            clearable
            searchable
            placeholder="All"
            data={(concepts.data ?? []).map((c) => c.concept)}
            value={list.filters.concept || null}
            onChange={(v) => list.setFilter("concept", v)}
            comboboxProps={{ zIndex: 300 }}
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
