import { Anchor, Group, Select, Stack, Text } from "@mantine/core";
import type { AdminInvoiceRow } from "@portal/contracts";
import { IconDownload } from "@tabler/icons-react";
import { useMemo } from "react";
import { Link, useNavigate } from "react-router";
import { type AdminColumn, AdminTable, listTableProps } from "../../admin-kit/AdminTable";
import { DayFilter, PartnerFilter } from "../../admin-kit/filters";
import { day, money } from "../../admin-kit/format";
import { usePhoneColumns } from "../../admin-kit/phone-columns";
import { RowActions } from "../../admin-kit/RowActions";
import { useListParams } from "../../admin-kit/useListParams";
import { errorMessage } from "../../lib/api";
import { notify } from "../../lib/notify";
import { usePageTitle } from "../../lib/usePageTitle";
import { downloadInvoicePdf, exportAdminInvoices, useAdminInvoices, useInvoiceChoices } from "./api";

const FILTERS = ["kind", "userId", "warehouseId", "from", "to"] as const;
const KINDS = [
  { value: "TAX INVOICE", label: "Tax invoice" },
  { value: "PERFORMA INVOICE", label: "Proforma" },
];
const kindLabel = (kind: AdminInvoiceRow["kind"]) => (kind === "TAX INVOICE" ? "Tax invoice" : "Proforma");
export const invoicePath = (id: number) => `/admin/invoices/${id}`;

async function savePdf(invoice: { id: number; number: string }) {
  try {
    notify.success(`Saved ${await downloadInvoicePdf(invoice.id, invoice.number)}`);
  } catch (error) {
    notify.error(errorMessage(error));
  }
}

/** What an invoice bills: the proforma's order, or the tax invoice's load. */
function Source({ invoice }: { invoice: AdminInvoiceRow }) {
  if (invoice.poid)
    return (
      <Anchor component={Link} to={`/admin/orders/${encodeURIComponent(invoice.poid)}`} size="sm">
        {invoice.poid}
      </Anchor>
    );
  return <>{invoice.loadId ? `Load ${invoice.loadId}` : "–"}</>;
}

const COLUMNS: AdminColumn<AdminInvoiceRow>[] = [
  {
    accessor: "number",
    title: "Invoice",
    sortable: true,
    render: (i) => (
      <Anchor component={Link} to={invoicePath(i.id)} size="sm" fw={600}>
        {i.number}
      </Anchor>
    ),
  },
  { accessor: "kind", title: "Kind", sortable: true, render: (i) => kindLabel(i.kind) },
  {
    accessor: "issuedOn",
    title: "Date",
    sortable: true,
    render: (i) => day(i.issuedOn),
    csv: (i) => day(i.issuedOn),
  },
  {
    accessor: "partnerName",
    title: "Partner",
    sortable: true,
    noWrap: false,
    width: 200,
    render: (i) => (
      <>
        <Text size="sm">{i.partnerName}</Text>
        <Text size="xs" c="dimmed">
          {i.partnerEmail}
        </Text>
      </>
    ),
  },
  { accessor: "warehouseName", title: "Warehouse", sortable: true },
  { accessor: "poid", title: "Order / load", sortable: true, render: (i) => <Source invoice={i} /> },
  { accessor: "taxRegime", title: "Tax" },
  { accessor: "total", title: "Total", sortable: true, textAlign: "right", render: (i) => money(i.total) },
  {
    accessor: "actions",
    title: "",
    noCsv: true,
    render: (i) => (
      <RowActions
        label={i.number}
        primary={{
          label: "PDF",
          icon: <IconDownload size={14} />,
          onClick: () => void savePdf(i),
          testId: `pdf-${i.id}`,
        }}
      />
    ),
  },
];

/** The invoices desk: proforma and tax invoices searched, filtered, sorted over all rows, exported; each opens as printed. */
export function InvoicesPage() {
  usePageTitle("Admin Console: Invoices");
  const list = useListParams(FILTERS);
  const invoices = useAdminInvoices(list.params);
  const choices = useInvoiceChoices();
  const navigate = useNavigate();
  const warehouses = useMemo(
    () => (choices.data?.warehouses ?? []).map((w) => ({ value: String(w.id), label: w.name })),
    [choices.data],
  );
  const shown = usePhoneColumns(COLUMNS, {
    accessor: "invoice",
    title: "Invoice",
    noWrap: false,
    render: (i) => (
      <Stack gap={2}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Anchor component={Link} to={invoicePath(i.id)} size="sm" fw={600}>
            {i.number}
          </Anchor>
          <Text size="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
            {money(i.total)}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {kindLabel(i.kind)} · {day(i.issuedOn)} · {i.warehouseName}
        </Text>
        <Text size="xs">{i.partnerName}</Text>
      </Stack>
    ),
  });

  return (
    <AdminTable
      testId="invoices-table"
      columns={shown}
      idAccessor="id"
      csvName="invoices"
      {...listTableProps(invoices, exportAdminInvoices, list)}
      search={{ value: list.q, onChange: list.setQ, placeholder: "Invoice no., PO, partner, email" }}
      onOpen={(i) => navigate(invoicePath(i.id))}
      noRecordsText="No invoices"
      toolbar={
        <>
          <Select
            label="Kind"
            size="xs"
            w={140}
            placeholder="All kinds"
            clearable
            data={KINDS}
            value={list.filters.kind || null}
            onChange={(v) => list.setFilter("kind", v)}
            comboboxProps={{ zIndex: 300 }}
            data-testid="filter-kind"
          />
          <PartnerFilter value={list.filters.userId} onChange={(v) => list.setFilter("userId", v)} />
          <Select
            label="Warehouse"
            size="xs"
            w={170}
            placeholder="All warehouses"
            clearable
            data={warehouses}
            value={list.filters.warehouseId || null}
            onChange={(v) => list.setFilter("warehouseId", v)}
            comboboxProps={{ zIndex: 300 }}
            data-testid="filter-warehouse"
          />
          <DayFilter label="From" value={list.filters.from} onChange={(v) => list.setFilter("from", v)} />
          <DayFilter label="To" value={list.filters.to} onChange={(v) => list.setFilter("to", v)} />
        </>
      }
    />
  );
}
