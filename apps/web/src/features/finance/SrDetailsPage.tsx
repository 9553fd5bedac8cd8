import {
  Alert,
  Button,
  Card,
  Divider,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { SR_PAGE_SIZES, type SrDetailsBody, type SrInvoice, type SrRow } from "@portal/contracts";
import {
  accountMessages,
  financeMessages,
  formatCount,
  formatDate,
  formatRupees,
  messages,
  SR_ALL_STATUSES,
  SR_SHIPPING_COMPANIES,
  type SrShippingCompany,
  sumPaise,
  toPaise,
} from "@portal/domain";
import { IconDownload, IconFileInvoice, IconSearch, IconTruckDelivery } from "@tabler/icons-react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Papa from "papaparse";
import { useState } from "react";
import { CreditNoteLines } from "../../components/CreditNoteLines";
import { DateRangeFields } from "../../components/DateFields";
import { ListStatus, PagingBar, usePaging, WarehouseSelect } from "../../components/lists";
import { PageHeader } from "../../components/PageHeader";
import { type Column, ResponsiveTable } from "../../components/ResponsiveTable";
import { StatusBadge } from "../../components/StatusBadge";
import { errorMessage } from "../../lib/api";
import { notify } from "../../lib/notify";
import { useFullScreen } from "../../lib/useFullScreen";
import { usePageTitle } from "../../lib/usePageTitle";
import { financeApi, financeKeys, financeQueries, saveBlob } from "./api";

interface Draft {
  from: string;
  to: string;
  status: string | null;
  warehouse: string | null;
}
const EMPTY: Draft = { from: "", to: "", status: null, warehouse: null };

type SrInvoiceLine = SrInvoice["lines"][number];

/** The SR invoice's lines with their totals; on a phone each a card headed by its product (HSN left out). */
function srInvoiceLineColumns(lines: readonly SrInvoiceLine[]): Column<SrInvoiceLine>[] {
  return [
    {
      key: "product",
      header: "Product",
      phone: "title",
      cell: (l) => (
        <div>
          <Text size="sm">{l.productName}</Text>
          <Text size="xs" c="dimmed">
            {l.productID} · {l.poid}
          </Text>
        </div>
      ),
      footer: "Total",
    },
    { key: "hsn", header: "HSN", phone: "hide", cell: (l) => l.hsncode },
    {
      key: "qty",
      header: "Qty",
      numeric: true,
      cell: (l) => l.quantity,
      footer: String(lines.reduce((q, l) => q + l.quantity, 0)),
    },
    { key: "mrp", header: "MRP", numeric: true, cell: (l) => formatRupees(l.mrp) },
    {
      key: "refundable",
      header: "Refundable",
      numeric: true,
      cell: (l) => formatRupees(l.amountRefundable),
      footer: formatRupees(sumPaise(lines.map((l) => toPaise(l.amountRefundable)))),
    },
  ];
}

/** SR details: the partner's sales returns by date range, status and warehouse; in-transit and invoice popups. */
export function SrDetailsPage() {
  usePageTitle("SR Details");
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [filter, setFilter] = useState<Omit<SrDetailsBody, "pageNo" | "pageSize">>({});
  const paging = usePaging(20);
  const [problem, setProblem] = useState<string | null>(null);
  const [transit, setTransit] = useState<SrRow | null>(null);
  const [invoiceOf, setInvoiceOf] = useState<SrRow | null>(null);
  const list = useQuery({
    ...financeQueries.srList({ ...filter, pageNo: paging.pageNo, pageSize: paging.pageSize }),
    placeholderData: keepPreviousData,
  });

  function search() {
    if (draft.from && draft.to && draft.to < draft.from) {
      setProblem(accountMessages.toBeforeFrom);
      return;
    }
    setProblem(null);
    paging.setPageNo(1);
    setFilter({
      FromDate: draft.from || undefined,
      ToDate: draft.to || undefined,
      Status: (draft.status as SrDetailsBody["Status"]) ?? undefined,
      WareHouseID: draft.warehouse ? Number(draft.warehouse) : undefined,
    });
  }

  async function download(row: SrRow) {
    try {
      const detail = await financeApi.srLines(row.ReferenceID);
      const csv = Papa.unparse(
        detail.lines.map((l) => ({
          ReferenceID: detail.ReferenceID,
          PurchaseOrder: l.poid,
          ProductID: l.productID,
          ProductName: l.productName,
          Quantity: l.quantity,
          MRP: l.mrp,
          AmountRefundable: l.amountRefundable,
          ShippingDetail: l.shippingdetail,
          HSNCode: l.hsncode,
        })),
      );
      saveBlob(new Blob([csv], { type: "text/csv" }), `${detail.ReferenceID}.csv`);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  }

  const rows = list.data?.rows ?? [];
  return (
    <Stack>
      <PageHeader
        title="SR Details"
        description="Your sales returns: send the Pending ones back and see their invoices."
      />
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <DateRangeFields
            from={draft.from}
            to={draft.to}
            onChange={({ from, to }) => setDraft((d) => ({ ...d, from, to }))}
          />
          <Select
            label="Status"
            placeholder="All"
            data={[...SR_ALL_STATUSES]}
            value={draft.status}
            onChange={(v) => setDraft((d) => ({ ...d, status: v }))}
            clearable
          />
          <WarehouseSelect
            value={draft.warehouse}
            onChange={(v) => setDraft((d) => ({ ...d, warehouse: v }))}
          />
        </SimpleGrid>
        <Group mt="sm" justify="flex-end">
          <Button
            variant="subtle"
            onClick={() => {
              setDraft(EMPTY);
              setProblem(null);
            }}
          >
            Clear
          </Button>
          <Button leftSection={<IconSearch size={16} />} onClick={search}>
            Search
          </Button>
        </Group>
        {(problem || list.error) && (
          <Alert color="red" mt="sm" role="alert">
            {problem ?? errorMessage(list.error)}
          </Alert>
        )}
      </Card>
      {list.data && (
        <Card withBorder p="sm" data-testid="sr-totals">
          <Group gap="xl" wrap="wrap" style={{ rowGap: 8 }}>
            {[
              ["Sales returns", formatCount(list.data.total)],
              ["Units returned", formatCount(list.data.totals.quantity)],
              ["Amount", formatRupees(list.data.totals.amount)],
            ].map(([label, value]) => (
              <div key={label}>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text fw={700} style={{ whiteSpace: "nowrap" }}>
                  {value}
                </Text>
              </div>
            ))}
          </Group>
        </Card>
      )}
      <Card withBorder p={0}>
        <ResponsiveTable
          label="Sales returns"
          columns={srColumns({ onTransit: setTransit, onInvoice: setInvoiceOf, onDownload: download })}
          rows={rows}
          rowKey={(r) => r.ReferenceID}
          testId="sr-table"
          rowTestId="sr-row"
        />
        <ListStatus
          loading={list.isLoading}
          empty={!list.error && rows.length === 0}
          emptyText={messages.noDetailsFound}
        />
        {list.data && list.data.total > 0 && (
          <Group p="sm" justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" c="dimmed">
              {formatCount((paging.pageNo - 1) * paging.pageSize + 1)}–
              {formatCount(Math.min(paging.pageNo * paging.pageSize, list.data.total))} of{" "}
              {formatCount(list.data.total)}
            </Text>
            <PagingBar sizes={SR_PAGE_SIZES} paging={paging} count={list.data.total} />
          </Group>
        )}
      </Card>
      <InTransitDialog row={transit} onClose={() => setTransit(null)} />
      <SrInvoiceDialog row={invoiceOf} onClose={() => setInvoiceOf(null)} />
    </Stack>
  );
}

interface SrActions {
  onTransit: (r: SrRow) => void;
  onInvoice: (r: SrRow) => void;
  onDownload: (r: SrRow) => Promise<void>;
}

/** The SR list's columns: reference, date, status, quantity, amount and the actions stay on a phone. */
function srColumns(a: SrActions): Column<SrRow>[] {
  return [
    { key: "ref", header: "Reference ID", phone: "title", cell: (r) => r.ReferenceID },
    {
      key: "date",
      header: "Invoice date",
      cell: (r) => (
        <span style={{ whiteSpace: "nowrap" }}>{formatDate(`${r.InvoiceDate}T12:00:00+05:30`)}</span>
      ),
    },
    { key: "warehouse", header: "Warehouse", phone: "hide", cell: (r) => r.WareHouseName },
    { key: "status", header: "Status", cell: (r) => <StatusBadge status={r.InvoiceStatus} /> },
    { key: "qty", header: "Qty", numeric: true, cell: (r) => formatCount(r.TotalQuantity) },
    { key: "amount", header: "Amount", numeric: true, cell: (r) => formatRupees(r.Amount) },
    {
      key: "shipping",
      header: "Shipping",
      phone: "hide",
      cell: (r) => (r.ShippingCompany ? `${r.ShippingCompany} · ${r.AWB ?? ""}` : "—"),
    },
    {
      key: "actions",
      header: "Actions",
      headerHidden: true,
      phone: "bare",
      cell: (r) => (
        <Group gap={4} wrap="wrap" justify="flex-end">
          {r.InvoiceStatus === "Pending" && (
            <Button
              size="compact-sm"
              leftSection={<IconTruckDelivery size={14} />}
              onClick={() => a.onTransit(r)}
            >
              In transit
            </Button>
          )}
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconFileInvoice size={14} />}
            onClick={() => a.onInvoice(r)}
          >
            {r.isSRInvoice ? "SR invoice" : "Details"}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            aria-label={`Download ${r.ReferenceID}`}
            onClick={() => void a.onDownload(r)}
          >
            <IconDownload size={16} />
          </Button>
        </Group>
      ),
    },
  ];
}

/** The in-transit popup: one of the six shipping companies and the AWB, both required. */
function InTransitDialog({ row, onClose }: { row: SrRow | null; onClose: () => void }) {
  const phone = useFullScreen();
  const client = useQueryClient();
  const [company, setCompany] = useState<string | null>(null);
  const [awb, setAwb] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: financeApi.setInTransit,
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await client.invalidateQueries({ queryKey: financeKeys.srAll() });
      close();
    },
    onError: (error) => setProblem(errorMessage(error)),
  });
  function close() {
    setCompany(null);
    setAwb("");
    setProblem(null);
    onClose();
  }
  function submit() {
    if (!row) return;
    if (!company) return setProblem(financeMessages.selectShippingCompany);
    if (!awb.trim()) return setProblem(financeMessages.provideAwb);
    setProblem(null);
    save.mutate({
      ShippingCompany: company as SrShippingCompany,
      AWB: awb.trim(),
      ReferenceID: row.ReferenceID,
    });
  }
  return (
    <Modal
      opened={row !== null}
      onClose={close}
      title={`Mark ${row?.ReferenceID ?? ""} in transit`}
      fullScreen={phone}
    >
      <Stack>
        <Select
          label="Shipping company"
          placeholder="Select"
          data={[...SR_SHIPPING_COMPANIES]}
          value={company}
          onChange={setCompany}
          required
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label="AWB number"
          value={awb}
          onChange={(e) => setAwb(e.currentTarget.value)}
          required
          maxLength={40}
        />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
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

/** The invoice popup: an SR invoice (AccountApproved, invoiced after 2017-06-30) or the return's details. */
function SrInvoiceDialog({ row, onClose }: { row: SrRow | null; onClose: () => void }) {
  const phone = useFullScreen();
  const invoice = useQuery({
    ...financeQueries.srInvoice(row),
    enabled: row !== null,
  });
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      title={invoice.data?.title ?? "Sales return"}
      size="xl"
      fullScreen={phone}
    >
      {invoice.error && <Alert color="red">{errorMessage(invoice.error)}</Alert>}
      {invoice.data && <InvoiceBody inv={invoice.data} />}
    </Modal>
  );
}

function InvoiceBody({ inv }: { inv: SrInvoice }) {
  return (
    <Stack gap="sm" data-testid="sr-invoice">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase">
            From
          </Text>
          <Text fw={600}>{inv.partner.name}</Text>
          <Text size="sm">{inv.partner.address}</Text>
          <Text size="sm">{inv.partner.state}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase">
            To warehouse
          </Text>
          <Text fw={600}>{inv.warehouse.name}</Text>
          <Text size="sm">{inv.warehouse.address}</Text>
          {inv.warehouse.gstNo && <Text size="sm">GST {inv.warehouse.gstNo}</Text>}
        </div>
      </SimpleGrid>
      <Group gap="lg">
        <Text size="sm">
          Reference <b>{inv.ReferenceID}</b>
        </Text>
        <Text size="sm">Invoice date {formatDate(`${inv.InvoiceDate}T12:00:00+05:30`)}</Text>
        <StatusBadge status={inv.InvoiceStatus} />
        {inv.sacCode && <Text size="sm">SAC {inv.sacCode}</Text>}
      </Group>
      <ResponsiveTable
        label="Returned lines"
        columns={srInvoiceLineColumns(inv.lines)}
        rows={inv.lines}
        rowKey={(l) => `${l.poid}-${l.productID}`}
        minWidth={560}
        testId="sr-invoice-lines"
      />
      {inv.rejectionReason && (
        <Text size="sm" c="red" data-testid="sr-rejection-reason">
          Rejected: {inv.rejectionReason}
        </Text>
      )}
      {inv.creditNote && <CreditNoteLines note={inv.creditNote} />}
      <Divider />
      <Stack gap={2} align="flex-end">
        <Text size="sm">Taxable {formatRupees(inv.totals.base)}</Text>
        {inv.totals.cgst !== "0.00" && <Text size="sm">CGST {formatRupees(inv.totals.cgst)}</Text>}
        {inv.totals.sgst !== "0.00" && <Text size="sm">SGST {formatRupees(inv.totals.sgst)}</Text>}
        {inv.totals.igst !== "0.00" && <Text size="sm">IGST {formatRupees(inv.totals.igst)}</Text>}
        <Text fw={700}>Total {formatRupees(inv.totals.total)}</Text>
      </Stack>
    </Stack>
  );
}
