import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  MultiSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import type { LoadFilter } from "@portal/contracts";
import {
  formatCount,
  formatDateTime,
  formatRupees,
  INVOICE_PAYMENT_LABELS,
  INVOICE_PAYMENT_STATUSES,
  LOAD_PAGE_SIZES,
  LOAD_STATUSES,
  messages,
  normaliseLoadRange,
} from "@portal/domain";
import { IconDownload, IconFileTypeCsv } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { DateRangeFields } from "../../components/DateFields";
import {
  FigureCard,
  FilterActions,
  guarded,
  ListStatus,
  PagingBar,
  usePaging,
  WarehouseSelect,
} from "../../components/lists";
import { PageHeader } from "../../components/PageHeader";
import { ResponsiveTable } from "../../components/ResponsiveTable";
import { StatusBadge } from "../../components/StatusBadge";
import { errorMessage } from "../../lib/api";
import { usePageTitle } from "../../lib/usePageTitle";
import { accountQueries, downloads, type LoadTotalsFilter } from "./api";
import { InvoicesCard } from "./InvoicesCard";
import { InvoiceView } from "./InvoiceView";
import { loadColumns, loadLineColumns } from "./loadColumns";
import { usePopupSize } from "./OrderPopups";
import { Code, PaymentCell } from "./PaymentBadge";

interface Draft {
  wareHouseId: string | null;
  loadStatus: string[];
  paymentStatus: string[];
  productId: string;
  loadFrom: string;
  loadTo: string;
  shipFrom: string;
  shipTo: string;
}
const EMPTY: Draft = {
  wareHouseId: null,
  loadStatus: [],
  paymentStatus: [],
  productId: "",
  loadFrom: "",
  loadTo: "",
  shipFrom: "",
  shipTo: "",
};

/** The load list: filters, totals, table with paging, CSV export; rows open details, invoice and data file. */
export function LoadHistoryPage() {
  usePageTitle("Load History");
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [filter, setFilter] = useState<LoadTotalsFilter>({});
  const paging = usePaging(10);
  const loadTableWidth = 1180;
  const { pageNo, setPageNo, pageSize } = paging;
  const full: LoadFilter = { ...filter, pageNo, selectedPageSize: pageSize };
  const list = useQuery({
    ...accountQueries.loads(full),
    placeholderData: keepPreviousData,
  });
  const totals = useQuery(accountQueries.loadTotals(filter));

  function search() {
    // A to-date earlier than its from-date is cleared.
    const [loadFrom, loadTo] = normaliseLoadRange(draft.loadFrom || null, draft.loadTo || null);
    const [shipFrom, shipTo] = normaliseLoadRange(draft.shipFrom || null, draft.shipTo || null);
    setDraft((d) => ({ ...d, loadTo: loadTo ?? "", shipTo: shipTo ?? "" }));
    setFilter({
      wareHouseId: draft.wareHouseId ? Number(draft.wareHouseId) : undefined,
      loadStatus: draft.loadStatus.join(",") || undefined,
      paymentStatus: draft.paymentStatus.join(",") || undefined,
      productId: /^\d+$/.test(draft.productId) ? Number(draft.productId) : undefined,
      loadFrom: loadFrom ?? undefined,
      loadTo: loadTo ?? undefined,
      shipFrom: shipFrom ?? undefined,
      shipTo: shipTo ?? undefined,
    });
    setPageNo(1);
  }
  const rows = list.data?.rows ?? [];
  return (
    <Stack>
      <PageHeader
        title="Load History"
        description="Your consignments, their invoices and data files."
        actions={
          <Button
            variant="default"
            leftSection={<IconFileTypeCsv size={16} />}
            onClick={() => guarded(() => downloads.loadsCsv(full))}
          >
            Export CSV
          </Button>
        }
      />
      <Card withBorder>
        <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm">
          <WarehouseSelect
            value={draft.wareHouseId}
            onChange={(v) => setDraft((d) => ({ ...d, wareHouseId: v }))}
          />
          <MultiSelect
            label="Load status"
            placeholder="All"
            data={[...LOAD_STATUSES]}
            value={draft.loadStatus}
            onChange={(v) => setDraft((d) => ({ ...d, loadStatus: v }))}
            clearable
          />
          <MultiSelect
            label="Payment"
            placeholder="All"
            data={INVOICE_PAYMENT_STATUSES.map((v) => ({ value: v, label: INVOICE_PAYMENT_LABELS[v] }))}
            value={draft.paymentStatus}
            onChange={(v) => setDraft((d) => ({ ...d, paymentStatus: v }))}
            clearable
          />
          <TextInput
            label="Product id"
            value={draft.productId}
            onChange={(e) => setDraft((d) => ({ ...d, productId: e.currentTarget.value.replace(/\D/g, "") }))}
          />
          <DateRangeFields
            fromLabel="Created from"
            toLabel="Created to"
            from={draft.loadFrom}
            to={draft.loadTo}
            onChange={({ from, to }) => setDraft((d) => ({ ...d, loadFrom: from, loadTo: to }))}
          />
          <DateRangeFields
            fromLabel="Ship from"
            toLabel="Ship to"
            from={draft.shipFrom}
            to={draft.shipTo}
            onChange={({ from, to }) => setDraft((d) => ({ ...d, shipFrom: from, shipTo: to }))}
          />
        </SimpleGrid>
        <FilterActions onClear={() => setDraft(EMPTY)} onSearch={search} />
        {list.error && (
          <Alert color="red" mt="sm">
            {errorMessage(list.error)}
          </Alert>
        )}
      </Card>
      <InvoicesCard />
      <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="load-totals">
        <FigureCard label="Loads" value={formatCount(totals.data?.TotalLoad ?? 0)} />
        <FigureCard label="Load value (CTC)" value={formatRupees(totals.data?.TotalNetPayment ?? "0.00")} />
        <FigureCard label="Products" value={formatCount(totals.data?.TotalProducts ?? 0)} />
        <FigureCard label="Quantity" value={formatCount(totals.data?.TotalQuantity ?? 0)} />
      </SimpleGrid>
      <Card withBorder p={0}>
        <ResponsiveTable
          label="Loads"
          columns={loadColumns({
            open: (id) => navigate(`/account/loadDetails/${id}`),
            invoice: (id) => navigate(`/account/invoice/${id}`),
          })}
          rows={rows}
          rowKey={(l) => l.LoadID}
          minWidth={loadTableWidth}
          testId="load-table"
          rowTestId="load-row"
        />
        <ListStatus loading={list.isLoading} empty={rows.length === 0} emptyText={messages.noDetailsFound} />
      </Card>
      <PagingBar sizes={LOAD_PAGE_SIZES} paging={paging} count={list.data?.count ?? 0} />
    </Stack>
  );
}

/** Load details as a large modal over the load list. */
export function LoadDetailsPage() {
  usePageTitle("Load Details");
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const load = useQuery({
    ...accountQueries.load(id),
    retry: false,
  });
  const close = () => navigate("/account/loadHistory");
  const linesWidth = 760;
  const popup = usePopupSize();
  return (
    <Modal opened onClose={close} title={`Load ${id}`} {...popup}>
      {load.isLoading && <Loader size="sm" />}
      {load.error && <Alert color="red">{errorMessage(load.error)}</Alert>}
      {load.data && (
        <Stack>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="xs" data-testid="load-figures">
            <FigureCard strong={false} label="Status" value={<StatusBadge status={load.data.LoadStatus} />} />
            <FigureCard
              strong={false}
              label="Products / qty"
              value={`${formatCount(load.data.TotalProducts)} / ${formatCount(load.data.TotalProductQty)}`}
            />
            <FigureCard label="Load value (CTC)" value={formatRupees(load.data.LoadValue)} />
            <FigureCard
              strong={false}
              label="Invoice no."
              value={<Code>{load.data.InvoiceNumber ?? "—"}</Code>}
            />
            <FigureCard
              strong={false}
              label="Payment"
              value={<PaymentCell status={load.data.PaymentStatus} due={load.data.AmountDue} />}
            />
            <FigureCard
              strong={false}
              label="Docket"
              value={[load.data.AWBNo, load.data.Transporter].filter(Boolean).join(" · ") || "—"}
            />
            <FigureCard
              strong={false}
              label="E-way bill"
              value={
                load.data.EwayBillNo ? (
                  <span data-testid="load-ewaybill">
                    <Code>{load.data.EwayBillNo}</Code>
                    {load.data.EwayBillValidUntil &&
                      ` · valid until ${formatDateTime(load.data.EwayBillValidUntil)}`}
                  </span>
                ) : (
                  "—"
                )
              }
            />
          </SimpleGrid>
          <ResponsiveTable
            label={`Lines of load ${id}`}
            columns={loadLineColumns(load.data.lines, load.data.LoadValue)}
            rows={load.data.lines}
            rowKey={(l) => `${l.poid}-${l.productId}`}
            minWidth={linesWidth}
            testId="load-lines"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => guarded(() => downloads.dataFile(id))}>
              Data file
            </Button>
            <Button disabled={!load.data.InvoiceNumber} onClick={() => navigate(`/account/invoice/${id}`)}>
              Invoice
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** The load invoice as a large modal ("Invoice details are not available!!" when none). */
export function LoadInvoicePage() {
  usePageTitle("Load Invoice");
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const invoice = useQuery({
    ...accountQueries.loadInvoice(id),
    retry: false,
  });
  const load = useQuery({ ...accountQueries.load(id), retry: false });
  const status = load.data?.PaymentStatus;
  const payment = status ? { status, due: load.data?.AmountDue ?? "0.00" } : undefined;
  return (
    <Modal
      opened
      onClose={() => navigate("/account/loadHistory")}
      title={`Invoice of load ${id}`}
      {...usePopupSize()}
    >
      {invoice.isLoading && <Loader size="sm" />}
      {invoice.error && <Alert color="red">{errorMessage(invoice.error)}</Alert>}
      {invoice.data && (
        <InvoiceView invoice={invoice.data} payment={payment} download={() => downloads.loadInvoicePdf(id)} />
      )}
    </Modal>
  );
}

/** The discount file: the partner's current margins by brand and category, as CSV. */
export function DiscountPage() {
  usePageTitle("Discount File");
  return (
    <Stack>
      <PageHeader title="Discount File" description="Your current margins by brand and category." />
      <Card withBorder>
        <Group justify="space-between">
          <Text>Download the discount file (CSV) with the margin of every brand and subcategory.</Text>
          <Button leftSection={<IconDownload size={16} />} onClick={() => guarded(downloads.discount)}>
            Download
          </Button>
        </Group>
      </Card>
    </Stack>
  );
}
