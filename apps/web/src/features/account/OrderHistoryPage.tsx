import { Alert, Button, Card, Modal, MultiSelect, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import {
  checkOrderHistoryFilter,
  DEFAULT_ORDER_HISTORY_SORT,
  DEFAULT_PAGE_SIZE,
  defaultOrderRange,
  formatCount,
  formatRupees,
  messages,
  ORDER_SEARCH_MAX,
  ORDER_SOURCES,
  ORDER_STATUSES,
  type OrderHistorySort,
  type OrderStatus,
  orderHistorySortOf,
  PAGE_SIZES,
} from "@portal/domain";
import { IconFileTypeCsv, IconSearch } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
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
import { ResponsiveTable, type TableSortState } from "../../components/ResponsiveTable";
import { errorMessage } from "../../lib/api";
import { usePageTitle } from "../../lib/usePageTitle";
import { accountQueries, downloads, type HistoryFilter } from "./api";
import type { InvoicePayment } from "./InvoiceView";
import { GapReportView, OrderInvoiceModal, usePopupSize, useReorder } from "./OrderPopups";
import { orderColumns } from "./orderColumns";

interface Draft {
  orderFrom: string;
  orderTo: string;
  shipFrom: string;
  shipTo: string;
  status: OrderStatus[];
  warehouseId: string | null;
  source: string | null;
}

const first = defaultOrderRange();
const START: Draft = {
  orderFrom: first.orderFrom,
  orderTo: first.orderTo,
  shipFrom: "",
  shipTo: "",
  status: [],
  warehouseId: null,
  source: null,
};

/**
 * A filter named in the address (`?orderFrom&orderTo&shipFrom&shipTo&status&warehouseId&source`, as
 * the dashboard links to its documents), checked by the same rules as the filter bar; null when the
 * address names none.
 */
function filterFromAddress(
  params: URLSearchParams,
): { draft: Draft; filter: HistoryFilter; problem: string | null } | null {
  const keys = ["orderFrom", "orderTo", "shipFrom", "shipTo", "status", "warehouseId", "source"];
  if (!keys.some((k) => params.has(k))) return null;
  const statuses = (params.get("status") ?? "")
    .split(",")
    .filter((s): s is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(s));
  const warehouseId = /^\d{1,9}$/.test(params.get("warehouseId") ?? "") ? params.get("warehouseId") : null;
  const source = (ORDER_SOURCES as readonly string[]).includes(params.get("source") ?? "")
    ? params.get("source")
    : null;
  const draft: Draft = {
    orderFrom: params.get("orderFrom") ?? "",
    orderTo: params.get("orderTo") ?? "",
    shipFrom: params.get("shipFrom") ?? "",
    shipTo: params.get("shipTo") ?? "",
    status: statuses,
    warehouseId,
    source,
  };
  const checked = checkOrderHistoryFilter(draft);
  if (!checked.ok) return { draft: START, filter: {}, problem: checked.message };
  const { range } = checked;
  return {
    draft: { ...draft, status: range.status },
    filter: {
      orderFrom: range.orderFrom ?? "",
      orderTo: range.orderTo ?? "",
      shipFrom: range.shipFrom ?? "",
      shipTo: range.shipTo ?? "",
      status: range.status.join(","),
      warehouseId: warehouseId ? Number(warehouseId) : undefined,
      source: (source as HistoryFilter["source"]) ?? undefined,
    },
    problem: null,
  };
}

/** The order history: filter bar (rules checked before sending), stats strip, table with paging and row popups. */
export function OrderHistoryPage() {
  usePageTitle("Order History");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [fromAddress] = useState(() => filterFromAddress(params));
  const [draft, setDraft] = useState<Draft>(fromAddress?.draft ?? START);
  const [problem, setProblem] = useState<string | null>(fromAddress?.problem ?? null);
  const [filter, setFilter] = useState<HistoryFilter>(fromAddress?.filter ?? {});
  const paging = usePaging(DEFAULT_PAGE_SIZE);
  const { pageNo, setPageNo, pageSize } = paging;
  const [invoiceOf, setInvoiceOf] = useState<{ poid: string; payment?: InvoicePayment } | null>(null);
  const [gapOf, setGapOf] = useState<string | null>(null);
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<OrderHistorySort>(DEFAULT_ORDER_HISTORY_SORT);
  const reorder = useReorder();
  const popup = usePopupSize();
  const tableWidth = 1100;
  const sortState = orderHistorySortOf(sort);
  const onSort = (next: TableSortState) => {
    setSort((next.direction === "desc" ? `-${next.key}` : next.key) as OrderHistorySort);
    setPageNo(1);
  };
  const columns = orderColumns({
    open: (poid) => navigate(`/account/orderDetails/${poid}`),
    invoice: (o) =>
      setInvoiceOf({
        poid: o.poid,
        ...(o.invoiceStatus ? { payment: { status: o.invoiceStatus, due: o.amountDue ?? "0.00" } } : {}),
      }),
    gap: setGapOf,
    gapReorder: (poid) => navigate(`/account/gapReorder/${poid}`),
    again: (poid) => reorder.run(poid, "all"),
  });

  const query: HistoryFilter = { ...filter, sort };
  const history = useQuery({
    ...accountQueries.orders(query, pageNo, pageSize),
    placeholderData: keepPreviousData,
  });
  const stats = useQuery(accountQueries.orderStats(filter));

  function runSearch() {
    const checked = checkOrderHistoryFilter(draft);
    if (!checked.ok) {
      setProblem(checked.message);
      return;
    }
    setProblem(null);
    const { range } = checked;
    setDraft((d) => ({ ...d, status: range.status }));
    setFilter({
      orderFrom: range.orderFrom ?? "",
      orderTo: range.orderTo ?? "",
      shipFrom: range.shipFrom ?? "",
      shipTo: range.shipTo ?? "",
      status: range.status.join(","),
      warehouseId: draft.warehouseId ? Number(draft.warehouseId) : undefined,
      source: (draft.source as HistoryFilter["source"]) ?? undefined,
      q: search.trim() || undefined,
    });
    setPageNo(1);
  }

  const exportCsv = () => guarded(() => downloads.historyCsv(query));

  const rows = history.data?.rows ?? [];
  const total = history.data?.count ?? 0;

  return (
    <Stack>
      <PageHeader
        title="Order History"
        description="Your purchase orders, their invoices and gap reports."
        actions={
          <Button variant="default" leftSection={<IconFileTypeCsv size={16} />} onClick={exportCsv}>
            Export CSV
          </Button>
        }
      />
      <Card withBorder>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            runSearch();
          }}
        >
          <TextInput
            label="Search orders"
            placeholder="PO, product id, name or barcode, invoice no."
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            maxLength={ORDER_SEARCH_MAX}
            mb="sm"
            data-testid="order-search"
          />
        </form>
        <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm">
          <DateRangeFields
            fromLabel="Order from"
            toLabel="Order to"
            from={draft.orderFrom}
            to={draft.orderTo}
            onChange={({ from, to }) => setDraft((d) => ({ ...d, orderFrom: from, orderTo: to }))}
          />
          <DateRangeFields
            fromLabel="Ship from"
            toLabel="Ship to"
            from={draft.shipFrom}
            to={draft.shipTo}
            onChange={({ from, to }) => setDraft((d) => ({ ...d, shipFrom: from, shipTo: to }))}
          />
          <MultiSelect
            label="Status"
            placeholder="All"
            data={[...ORDER_STATUSES]}
            value={draft.status}
            onChange={(v) => setDraft((d) => ({ ...d, status: v as OrderStatus[] }))}
            clearable
          />
          <WarehouseSelect
            value={draft.warehouseId}
            onChange={(v) => setDraft((d) => ({ ...d, warehouseId: v }))}
          />
          <Select
            label="Source"
            placeholder="All"
            data={[...ORDER_SOURCES]}
            value={draft.source}
            onChange={(v) => setDraft((d) => ({ ...d, source: v }))}
            clearable
          />
        </SimpleGrid>
        <FilterActions
          onClear={() => {
            setDraft({ ...START, orderFrom: "", orderTo: "" });
            setSearch("");
          }}
          onSearch={runSearch}
        />
        {problem && (
          <Alert color="red" mt="sm" data-testid="filter-problem">
            {problem}
          </Alert>
        )}
        {history.error && (
          <Alert color="red" mt="sm">
            {errorMessage(history.error)}
          </Alert>
        )}
      </Card>

      <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="order-stats">
        <FigureCard label="Orders" value={formatCount(stats.data?.totalorders ?? 0)} />
        <FigureCard label="Items" value={formatCount(stats.data?.totals.totalItems ?? 0)} />
        <FigureCard label="Quantity" value={formatCount(stats.data?.totals.totalQuantity ?? 0)} />
        <FigureCard label="Net payment" value={formatRupees(stats.data?.totals.netPayment ?? "0.00")} />
      </SimpleGrid>

      <Card withBorder p={0}>
        <ResponsiveTable
          label="Orders"
          columns={columns}
          rows={rows}
          rowKey={(o) => o.poid}
          sort={sortState}
          onSort={onSort}
          minWidth={tableWidth}
          testId="order-table"
          rowTestId="order-row"
        />
        <ListStatus
          loading={history.isLoading}
          empty={rows.length === 0}
          emptyText={messages.noOrdersFound}
        />
      </Card>
      <PagingBar sizes={PAGE_SIZES} paging={paging} count={total} />

      <OrderInvoiceModal
        poid={invoiceOf?.poid ?? null}
        payment={invoiceOf?.payment}
        onClose={() => setInvoiceOf(null)}
      />
      <Modal
        opened={gapOf !== null}
        onClose={() => setGapOf(null)}
        title={`Gap report ${gapOf ?? ""}`}
        {...popup}
      >
        {gapOf && <GapReportView poid={gapOf} />}
      </Modal>
      {reorder.modal}
    </Stack>
  );
}
