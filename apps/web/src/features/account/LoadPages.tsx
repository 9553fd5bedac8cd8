import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  MultiSelect,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import type { LoadFilter } from "@portal/contracts";
import {
  formatCount,
  formatDate,
  formatRupees,
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
import { StatusBadge } from "../../components/StatusBadge";
import { errorMessage } from "../../lib/api";
import { usePageTitle } from "../../lib/usePageTitle";
import { accountQueries, downloads, type LoadTotalsFilter } from "./api";
import { InvoiceView } from "./InvoiceView";

interface Draft {
  wareHouseId: string | null;
  loadStatus: string[];
  productId: string;
  loadFrom: string;
  loadTo: string;
  shipFrom: string;
  shipTo: string;
}
const EMPTY: Draft = {
  wareHouseId: null,
  loadStatus: [],
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
      <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="load-totals">
        <FigureCard label="Loads" value={formatCount(totals.data?.TotalLoad ?? 0)} />
        <FigureCard label="Load value (CTC)" value={formatRupees(totals.data?.TotalNetPayment ?? "0.00")} />
        <FigureCard label="Products" value={formatCount(totals.data?.TotalProducts ?? 0)} />
        <FigureCard label="Quantity" value={formatCount(totals.data?.TotalQuantity ?? 0)} />
      </SimpleGrid>
      <Card withBorder p={0}>
        <ScrollArea>
          <Table striped highlightOnHover miw={960} data-testid="load-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Load ID</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Est. shipping</Table.Th>
                <Table.Th>Shipped</Table.Th>
                <Table.Th ta="right">Products</Table.Th>
                <Table.Th ta="right">Qty</Table.Th>
                <Table.Th ta="right">Load Value (CTC)</Table.Th>
                <Table.Th>AWB no.</Table.Th>
                <Table.Th>Transporter</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((l) => (
                <Table.Tr key={l.LoadID}>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      onClick={() => navigate(`/account/loadDetails/${l.LoadID}`)}
                    >
                      {l.LoadID}
                    </Button>
                  </Table.Td>
                  <Table.Td>{formatDate(l.CreatedDate)}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={l.LoadStatus} />
                  </Table.Td>
                  <Table.Td>{l.EstimatedShippingDate ?? "—"}</Table.Td>
                  <Table.Td>{l.ActualShippingDate ?? "—"}</Table.Td>
                  <Table.Td ta="right">{l.TotalProducts}</Table.Td>
                  <Table.Td ta="right">{l.TotalProductQty}</Table.Td>
                  <Table.Td ta="right">{formatRupees(l.LoadValue)}</Table.Td>
                  <Table.Td>{l.AWBNo ?? "—"}</Table.Td>
                  <Table.Td>{l.Transporter ?? "—"}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="light"
                        onClick={() => navigate(`/account/invoice/${l.LoadID}`)}
                      >
                        Invoice
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="light"
                        leftSection={<IconDownload size={12} />}
                        onClick={() => guarded(() => downloads.dataFile(l.LoadID))}
                      >
                        Data file
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
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
  return (
    <Modal opened onClose={close} title={`Load ${id}`} size="90%">
      {load.isLoading && <Loader size="sm" />}
      {load.error && <Alert color="red">{errorMessage(load.error)}</Alert>}
      {load.data && (
        <Stack>
          <Text size="sm">
            {load.data.LoadStatus} · {load.data.TotalProducts} products · {load.data.TotalProductQty} units ·{" "}
            {formatRupees(load.data.LoadValue)} · AWB {load.data.AWBNo ?? "—"} ·{" "}
            {load.data.Transporter ?? "—"}
          </Text>
          <ScrollArea>
            <Table striped miw={720} data-testid="load-lines">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Order</Table.Th>
                  <Table.Th>Product</Table.Th>
                  <Table.Th ta="right">MRP</Table.Th>
                  <Table.Th ta="right">Actual price</Table.Th>
                  <Table.Th ta="right">Ordered</Table.Th>
                  <Table.Th ta="right">Shipped</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {load.data.lines.map((l) => (
                  <Table.Tr key={`${l.poid}-${l.productId}`}>
                    <Table.Td>{l.poid}</Table.Td>
                    <Table.Td>
                      {l.productId} {l.name}
                    </Table.Td>
                    <Table.Td ta="right">{formatRupees(l.mrp)}</Table.Td>
                    <Table.Td ta="right">{formatRupees(l.actualPrice)}</Table.Td>
                    <Table.Td ta="right">{l.orderedQuantity}</Table.Td>
                    <Table.Td ta="right">{l.quantity}</Table.Td>
                    <Table.Td ta="right">{formatRupees(l.totalPrice)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => guarded(() => downloads.dataFile(id))}>
              Data file
            </Button>
            <Button onClick={() => navigate(`/account/invoice/${id}`)}>Invoice</Button>
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
  return (
    <Modal opened onClose={() => navigate("/account/loadHistory")} title={`Invoice of load ${id}`} size="90%">
      {invoice.isLoading && <Loader size="sm" />}
      {invoice.error && <Alert color="red">{errorMessage(invoice.error)}</Alert>}
      {invoice.data && <InvoiceView invoice={invoice.data} download={() => downloads.loadInvoicePdf(id)} />}
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
