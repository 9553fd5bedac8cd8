import { Badge, Group, Select, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { EINVOICE_STATES, type EinvoiceRow } from "@portal/contracts";
import { IconCloudUpload, IconFileDownload, IconRefresh, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { type AdminColumn, AdminTable } from "../../admin-kit/AdminTable";
import { AskDialog } from "../../admin-kit/AskDialog";
import { act } from "../../admin-kit/act";
import { day, money } from "../../admin-kit/format";
import { usePhoneColumns } from "../../admin-kit/phone-columns";
import { RowActions } from "../../admin-kit/RowActions";
import { useListParams } from "../../admin-kit/useListParams";
import { errorMessage } from "../../lib/api";
import { notify } from "../../lib/notify";
import { usePageTitle } from "../../lib/usePageTitle";
import { downloadEinvoiceJson, useCancelEinvoice, useEinvoices, useRegisterEinvoices } from "./api";

const FILTERS = ["state"] as const;
const TYPE_LABEL: Record<EinvoiceRow["type"], string> = {
  INV: "Tax invoice",
  CRN: "Credit note",
  DBN: "Debit note",
};
const STATE_COLOR: Record<EinvoiceRow["state"], string> = {
  "not needed": "gray",
  pending: "yellow",
  registered: "green",
  failed: "red",
  cancelled: "dark",
};
const registrable = (r: EinvoiceRow) => r.state === "pending" || r.state === "failed";
/** NIC's cancellation reasons. */
const CANCEL_REASONS = [
  { value: "1", label: "Duplicate" },
  { value: "2", label: "Data entry mistake" },
  { value: "3", label: "Order cancelled" },
  { value: "4", label: "Others" },
];
/** The IRP cancels an IRN within 24 hours of its acknowledgement. */
const CANCEL_WINDOW_MS = 24 * 60 * 60 * 1000;
const cancellable = (r: EinvoiceRow) =>
  r.state === "registered" &&
  r.ackAt !== null &&
  Date.now() - new Date(r.ackAt).getTime() <= CANCEL_WINDOW_MS;

/** Asks why a registered document's IRN is cancelled (NIC's reason and a remark), then cancels it. */
function CancelDialog({ row, onClose }: { row: EinvoiceRow | null; onClose: () => void }) {
  const cancel = useCancelEinvoice();
  const [reason, setReason] = useState<string | null>(null);
  const [remark, setRemark] = useState("");
  const close = () => {
    setReason(null);
    setRemark("");
    onClose();
  };
  const confirm = async () => {
    if (!row || !reason) return;
    const done = await act(
      cancel.mutateAsync({
        type: row.type,
        number: row.number,
        reason: reason as "1" | "2" | "3" | "4",
        remark: remark.trim(),
      }),
      () => `Cancelled the IRN of ${row.number}`,
    );
    if (done) close();
  };
  return (
    <AskDialog
      opened={row !== null}
      title={`Cancel the IRN of ${row?.number ?? ""}`}
      message={`The IRP cancels an IRN within 24 hours of its acknowledgement; the same ${TYPE_LABEL[row?.type ?? "INV"].toLowerCase()} number cannot be registered again.`}
      confirmLabel="Cancel IRN"
      color="red"
      loading={cancel.isPending}
      disabled={!reason || remark.trim() === ""}
      onConfirm={() => void confirm()}
      onClose={close}
    >
      <Select
        label="Reason"
        data={CANCEL_REASONS}
        value={reason}
        onChange={setReason}
        comboboxProps={{ zIndex: 500 }}
        data-testid="cancel-reason"
      />
      <TextInput
        label="Remark"
        maxLength={100}
        value={remark}
        onChange={(e) => setRemark(e.currentTarget.value)}
        data-testid="cancel-remark"
      />
    </AskDialog>
  );
}

function StateBadge({ row }: { row: EinvoiceRow }) {
  const badge = (
    <Badge color={STATE_COLOR[row.state]} variant="light" data-testid={`state-${row.number}`}>
      {row.state}
    </Badge>
  );
  const why = row.state === "failed" ? row.errorMessage : row.state === "not needed" ? row.reason : null;
  return why ? (
    <Tooltip label={why} multiline w={320} withArrow>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}

async function saveJson(row: EinvoiceRow) {
  try {
    notify.success(`Saved ${await downloadEinvoiceJson(row)}`);
  } catch (error) {
    notify.error(errorMessage(error));
  }
}

/** The IRN and acknowledgement of a registered document, or the IRP's error of a failed one. */
function Registration({ row }: { row: EinvoiceRow }) {
  if (row.irn)
    return (
      <Stack gap={0}>
        <Text size="xs" ff="monospace" style={{ wordBreak: "break-all" }}>
          {row.irn}
        </Text>
        <Text size="xs" c="dimmed">
          Ack {row.ackNo} ·{" "}
          {row.ackAt ? new Date(row.ackAt).toLocaleString("en-IN", { timeZone: "Asia/Kolkata" }) : ""}
        </Text>
      </Stack>
    );
  if (row.state === "failed")
    return (
      <Text size="xs" c="red" lineClamp={2}>
        {row.errorCode}: {row.errorMessage}
      </Text>
    );
  return (
    <Text size="xs" c="dimmed">
      {row.reason ?? "–"}
    </Text>
  );
}

/**
 * The e-invoices desk: every tax invoice, credit note and debit note (the ledger's own notes too)
 * with its IRP state; register, retry, cancel within 24 hours, download JSON.
 */
export function EinvoicesPage() {
  usePageTitle("Admin Console: E-invoices");
  const list = useListParams(FILTERS);
  const einvoices = useEinvoices({
    state: list.filters.state,
    q: list.q,
    page: list.page,
    pageSize: list.pageSize,
  });
  const register = useRegisterEinvoices();
  const [selected, setSelected] = useState<EinvoiceRow[]>([]);
  const [cancelling, setCancelling] = useState<EinvoiceRow | null>(null);

  const registerRows = async (rows: EinvoiceRow[]) => {
    const result = await act(register.mutateAsync(rows), (r) => {
      const done = r.rows.filter((x) => x.state === "registered").length;
      const failed = r.rows.filter((x) => x.state === "failed");
      return failed.length
        ? `Registered ${done} of ${rows.length}. Failed: ${failed.map((f) => `${f.number} (${f.errorMessage})`).join("; ")}`
        : `Registered ${done} of ${rows.length} with the IRP`;
    });
    if (result) setSelected([]);
  };

  const actionsOf = (r: EinvoiceRow) => (
    <RowActions
      label={r.number}
      primary={
        registrable(r)
          ? {
              label: r.state === "failed" ? "Retry" : "Register",
              icon: r.state === "failed" ? <IconRefresh size={14} /> : <IconCloudUpload size={14} />,
              onClick: () => void registerRows([r]),
              testId: `register-${r.number}`,
            }
          : undefined
      }
      actions={[
        {
          label: "Download JSON",
          icon: <IconFileDownload size={14} />,
          onClick: () => void saveJson(r),
          hidden: r.state === "not needed",
          testId: `json-${r.number}`,
        },
        {
          label: "Cancel IRN",
          icon: <IconX size={14} />,
          onClick: () => setCancelling(r),
          hidden: !cancellable(r),
          testId: `cancel-${r.number}`,
        },
      ]}
    />
  );

  const columns: AdminColumn<EinvoiceRow>[] = [
    {
      accessor: "number",
      title: "Document",
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {r.number}
          </Text>
          <Text size="xs" c="dimmed">
            {TYPE_LABEL[r.type]}
          </Text>
        </Stack>
      ),
    },
    { accessor: "day", title: "Date", render: (r) => day(r.day), csv: (r) => day(r.day) },
    {
      accessor: "partnerName",
      title: "Partner",
      noWrap: false,
      width: 200,
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm">{r.partnerName}</Text>
          <Text size="xs" c="dimmed">
            {r.buyerGstin ?? "No GSTIN"}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: "total",
      title: "Total",
      textAlign: "right",
      render: (r) => (r.total ? money(r.total) : "–"),
    },
    { accessor: "state", title: "State", width: 130, render: (r) => <StateBadge row={r} /> },
    {
      accessor: "irn",
      title: "IRN / error",
      noWrap: false,
      width: 280,
      render: (r) => <Registration row={r} />,
    },
    {
      accessor: "actions",
      title: "",
      noCsv: true,
      render: (r) => actionsOf(r),
    },
  ];
  const shown = usePhoneColumns(columns, {
    accessor: "document",
    title: "Document",
    noWrap: false,
    render: (r) => (
      <Stack gap={2}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm" fw={600}>
            {r.number}
          </Text>
          <StateBadge row={r} />
        </Group>
        <Text size="xs" c="dimmed">
          {TYPE_LABEL[r.type]} · {day(r.day)} · {r.total ? money(r.total) : "–"}
        </Text>
        <Text size="xs">
          {r.partnerName} · {r.buyerGstin ?? "No GSTIN"}
        </Text>
        <Registration row={r} />
        {actionsOf(r)}
      </Stack>
    ),
  });
  const counts = einvoices.data?.counts;

  return (
    <Stack gap="sm">
      <CancelDialog row={cancelling} onClose={() => setCancelling(null)} />
      {counts && (
        <Group gap="xs" data-testid="einvoice-counts">
          {EINVOICE_STATES.map((s) => (
            <Badge key={s} color={STATE_COLOR[s]} variant="light">
              {s}: {counts[s]}
            </Badge>
          ))}
          <Text size="xs" c="dimmed">
            IRP: {einvoices.data?.irp}
          </Text>
        </Group>
      )}
      <AdminTable
        testId="einvoices-table"
        columns={shown}
        idAccessor="number"
        csvName="einvoices"
        records={einvoices.data?.rows}
        fetching={einvoices.isFetching}
        search={{ value: list.q, onChange: list.setQ, placeholder: "Number, partner, GSTIN, IRN" }}
        paging={{
          total: einvoices.data?.total ?? 0,
          page: list.page,
          pageSize: list.pageSize,
          pageSizes: list.pageSizes,
          setPage: list.setPage,
          setPageSize: list.setPageSize,
        }}
        bulkActions={[
          {
            label: "Register selected",
            shortcut: "r",
            icon: <IconCloudUpload size={15} />,
            run: (rows) => void registerRows(rows),
            testId: "bulk-register",
          },
        ]}
        selectedRecords={selected}
        onSelectedRecordsChange={setSelected}
        isRecordSelectable={registrable}
        noRecordsText="No documents"
        toolbar={
          <Select
            label="State"
            size="xs"
            w={150}
            placeholder="All states"
            clearable
            data={EINVOICE_STATES.map((s) => ({ value: s, label: s }))}
            value={list.filters.state || null}
            onChange={(v) => list.setFilter("state", v)}
            comboboxProps={{ zIndex: 300 }}
            data-testid="filter-state"
          />
        }
      />
    </Stack>
  );
}
