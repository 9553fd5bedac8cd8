import {
  Alert,
  Button,
  Card,
  Checkbox,
  FileInput,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import type { CformQuery, CformRow } from "@portal/contracts";
import {
  CFORM_MAX_BYTES,
  CFORM_QUARTERS,
  CFORM_STATUS_LABELS,
  cformYears,
  financeMessages,
  formatDate,
  formatRupees,
  messages,
  sumPaise,
  toPaise,
} from "@portal/domain";
import { IconDownload, IconFileUpload, IconSearch } from "@tabler/icons-react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ListStatus } from "../../components/lists";
import { PageHeader } from "../../components/PageHeader";
import { type Column, ResponsiveTable } from "../../components/ResponsiveTable";
import { StatusBadge } from "../../components/StatusBadge";
import { ApiError, errorMessage } from "../../lib/api";
import { notify } from "../../lib/notify";
import { useFullScreen } from "../../lib/useFullScreen";
import { usePageTitle } from "../../lib/usePageTitle";
import { financeApi, financeKeys, financeQueries, saveFile } from "./api";

const day = (d: string) => formatDate(`${d}T12:00:00+05:30`);
/** What the browser may offer; the server judges the content. */
const ACCEPT = ".xls,.xlsx,.jpg,.jpeg";
const ALLOWED_NAME = /\.(xls|xlsx|jpe?g)$/i;

/** The first check of a chosen file, by name and size; the server checks its content. */
export function cformFileProblem(file: File | null): string | null {
  if (!file) return messages.cformFileRule;
  if (file.size === 0 || file.size > CFORM_MAX_BYTES || !ALLOWED_NAME.test(file.name))
    return messages.cformFileRule;
  return null;
}

/** C-form: the CST invoices of a year and quarter, and the save popup for the ones still To Be Submitted. */
export function CformPage() {
  usePageTitle("C-Form");
  const summary = useQuery(financeQueries.cformSummary());
  const years = cformYears();
  const [draft, setDraft] = useState<{ year: string | null; quarter: string | null; status: string | null }>({
    year: null,
    quarter: null,
    status: "Shipped",
  });
  const [query, setQuery] = useState<CformQuery | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  // Opens on the newest year that has C-form rows.
  useEffect(() => {
    if (query || !summary.isFetched) return;
    const year = summary.data?.years[0] ?? years[0] ?? new Date().getFullYear();
    setDraft((d) => ({ ...d, year: String(year) }));
    setQuery({ year, status: "Shipped" });
  }, [summary.isFetched, summary.data, query, years]);

  const list = useQuery({
    ...financeQueries.cforms(query),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];
  const open = rows.filter((r) => r.status === "Shipped");
  const chosen = rows.filter((r) => selected.includes(r.InvoiceNumber));

  function search() {
    setSelected([]);
    setQuery({
      year: Number(draft.year ?? years[0]),
      quarter: draft.quarter ? Number(draft.quarter) : undefined,
      status: (draft.status as CformQuery["status"]) ?? undefined,
    });
  }
  const toggle = (n: string) => setSelected((s) => (s.includes(n) ? s.filter((x) => x !== n) : [...s, n]));

  return (
    <Stack>
      <PageHeader
        title="C-Form"
        description="Inter-state (CST) invoices before GST need a C-form: record it and attach the scan or sheet."
      />
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Select
            label="Year"
            data={years.map(String)}
            value={draft.year}
            onChange={(v) => setDraft((d) => ({ ...d, year: v }))}
            allowDeselect={false}
          />
          <Select
            label="Quarter"
            placeholder="All"
            data={CFORM_QUARTERS.map((q) => ({ value: String(q), label: `Q${q}` }))}
            value={draft.quarter}
            onChange={(v) => setDraft((d) => ({ ...d, quarter: v }))}
            clearable
          />
          <Select
            label="Status"
            placeholder="All"
            data={Object.entries(CFORM_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
            value={draft.status}
            onChange={(v) => setDraft((d) => ({ ...d, status: v }))}
            clearable
          />
        </SimpleGrid>
        <Group mt="sm" justify="space-between">
          <Text size="sm" c="dimmed">
            {summary.data
              ? `${summary.data.toBeSubmitted} of ${summary.data.total} invoices to be submitted`
              : ""}
          </Text>
          <Button leftSection={<IconSearch size={16} />} onClick={search}>
            Search
          </Button>
        </Group>
        {list.error && (
          <Alert color="red" mt="sm">
            {errorMessage(list.error)}
          </Alert>
        )}
      </Card>
      <Group justify="space-between">
        <Text size="sm">
          {chosen.length > 0
            ? `${chosen.length} selected · CST ${formatRupees(sumPaise(chosen.map((r) => toPaise(r.CSTAmount))))}`
            : "Select the invoices a C-form covers."}
        </Text>
        <Button
          leftSection={<IconFileUpload size={16} />}
          disabled={chosen.length === 0}
          onClick={() => setSaving(true)}
        >
          Save C-form
        </Button>
      </Group>
      <Card withBorder p={0}>
        {open.length > 0 && (
          <Checkbox
            m="sm"
            label="Select all to be submitted"
            checked={open.every((r) => selected.includes(r.InvoiceNumber))}
            indeterminate={selected.length > 0 && !open.every((r) => selected.includes(r.InvoiceNumber))}
            onChange={(e) => setSelected(e.currentTarget.checked ? open.map((r) => r.InvoiceNumber) : [])}
          />
        )}
        <ResponsiveTable
          label="C-form invoices"
          columns={cformColumns({ selected, toggle })}
          rows={rows}
          rowKey={(r) => r.id}
          minWidth={900}
          testId="cform-table"
          rowTestId="cform-row"
        />
        <ListStatus
          loading={list.isLoading}
          empty={!list.error && rows.length === 0}
          emptyText={messages.noDetailsFound}
        />
      </Card>
      <SaveCformDialog
        opened={saving}
        invoices={chosen}
        onClose={() => setSaving(false)}
        onSaved={() => {
          setSelected([]);
          setSaving(false);
        }}
      />
    </Stack>
  );
}

/**
 * The C-form table's columns; on a phone each invoice is a card headed by its number (with its
 * checkbox while to be submitted), with its dates, CST, invoice total, status and C-form (the
 * warehouse and net payment are left out).
 */
function cformColumns(p: { selected: string[]; toggle: (invoice: string) => void }): Column<CformRow>[] {
  return [
    {
      key: "invoice",
      header: "Invoice",
      phone: "title",
      // an invoice still to be submitted is chosen by its own checkbox, beside its number
      cell: (r) =>
        r.status === "Shipped" ? (
          <Checkbox
            aria-label={`Select ${r.InvoiceNumber}`}
            label={
              <Text span fw={700} size="sm" style={{ whiteSpace: "nowrap" }}>
                {r.InvoiceNumber}
              </Text>
            }
            checked={p.selected.includes(r.InvoiceNumber)}
            onChange={() => p.toggle(r.InvoiceNumber)}
          />
        ) : (
          <Text span fw={700} size="sm" style={{ whiteSpace: "nowrap" }}>
            {r.InvoiceNumber}
          </Text>
        ),
    },
    { key: "orderDate", header: "Order date", cell: (r) => day(r.OrderDate) },
    { key: "shippingDate", header: "Shipping date", cell: (r) => day(r.ShippingDate) },
    { key: "warehouse", header: "Warehouse", phone: "hide", cell: (r) => r.WareHouseID },
    { key: "cst", header: "CST", numeric: true, cell: (r) => formatRupees(r.CSTAmount) },
    {
      key: "net",
      header: "Net payment",
      numeric: true,
      phone: "hide",
      cell: (r) => formatRupees(r.NetPayment),
    },
    { key: "total", header: "Invoice total", numeric: true, cell: (r) => formatRupees(r.TotalInvoiceAmount) },
    { key: "status", header: "Status", cell: (r) => <StatusBadge status={r.status} label={r.statusLabel} /> },
    { key: "cform", header: "C-form", cell: (r) => <CformCell row={r} /> },
  ];
}

function CformCell({ row }: { row: CformRow }) {
  if (!row.cFormNumber) return <Text c="dimmed">—</Text>;
  return (
    <Stack gap={0}>
      <Text size="sm">{row.cFormNumber}</Text>
      <Text size="xs" c="dimmed">
        {row.courierName} · {row.docketNumber}
      </Text>
      {row.fileName && (
        <Button
          variant="subtle"
          size="compact-xs"
          px={0}
          leftSection={<IconDownload size={12} />}
          onClick={() =>
            void saveFile(`/api/cform/file/${row.id}`, row.fileName ?? "cform").catch((e) =>
              notify.error(errorMessage(e)),
            )
          }
        >
          {row.fileName}
        </Button>
      )}
    </Stack>
  );
}

/** The save popup: the invoices it covers, C-form number, docket number, courier name and the file. */
function SaveCformDialog(props: {
  opened: boolean;
  invoices: CformRow[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const phone = useFullScreen();
  const client = useQueryClient();
  const [fields, setFields] = useState({ cFormNumber: "", docketNumber: "", courierName: "" });
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const reset = () => {
    setFields({ cFormNumber: "", docketNumber: "", courierName: "" });
    setFile(null);
    setProblem(null);
  };
  const save = useMutation({
    mutationFn: (f: File) =>
      financeApi.saveCform(f, { ...fields, invoices: props.invoices.map((r) => r.InvoiceNumber) }),
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await client.invalidateQueries({ queryKey: financeKeys.all });
      reset();
      props.onSaved();
    },
    onError: (error) =>
      setProblem(
        error instanceof ApiError && error.status >= 500 ? messages.cformSaveFailed : errorMessage(error),
      ),
  });
  function submit() {
    if (!fields.cFormNumber.trim()) return setProblem(financeMessages.cformNumberRequired);
    if (!fields.docketNumber.trim()) return setProblem(financeMessages.cformDocketRequired);
    if (!fields.courierName.trim()) return setProblem(financeMessages.cformCourierRequired);
    const fileProblem = cformFileProblem(file);
    if (fileProblem || !file) return setProblem(fileProblem);
    setProblem(null);
    save.mutate(file);
  }
  const field = (key: keyof typeof fields, label: string) => (
    <TextInput
      label={label}
      required
      maxLength={key === "courierName" ? 80 : 40}
      value={fields[key]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setFields((f) => ({ ...f, [key]: value }));
      }}
    />
  );
  return (
    <Modal
      opened={props.opened}
      onClose={() => {
        reset();
        props.onClose();
      }}
      title="Save C-form"
      size="lg"
      fullScreen={phone}
    >
      <Stack>
        <div>
          <Text size="sm" fw={600}>
            Invoices covered
          </Text>
          {props.invoices.map((r) => (
            <Group key={r.id} justify="space-between" wrap="nowrap">
              <Text size="sm">{r.InvoiceNumber}</Text>
              <Text size="sm">{formatRupees(r.CSTAmount)}</Text>
            </Group>
          ))}
        </div>
        {field("cFormNumber", "C-form number")}
        {field("docketNumber", "Docket number")}
        {field("courierName", "Courier name")}
        <FileInput
          label="C-form file"
          description="xls, xlsx or jpg, at most 1 MB"
          accept={ACCEPT}
          value={file}
          onChange={setFile}
          required
          clearable
        />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              reset();
              props.onClose();
            }}
          >
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
