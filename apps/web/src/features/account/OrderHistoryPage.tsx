import {
  Alert,
  Button,
  Card,
  Menu,
  Modal,
  MultiSelect,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Table,
} from "@mantine/core";
import {
  checkOrderHistoryFilter,
  DEFAULT_PAGE_SIZE,
  defaultOrderRange,
  formatCount,
  formatDate,
  formatRupees,
  messages,
  ORDER_SOURCES,
  ORDER_STATUSES,
  type OrderStatus,
  PAGE_SIZES,
} from "@portal/domain";
import { IconDots, IconFileTypeCsv } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
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
import { accountQueries, downloads, type HistoryFilter } from "./api";
import { GapReportView, OrderInvoiceModal, useReorder } from "./OrderPopups";

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

/** The order history: filter bar (rules checked before sending), stats strip, table with paging and row popups. */
export function OrderHistoryPage() {
  usePageTitle("Order History");
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(START);
  const [problem, setProblem] = useState<string | null>(null);
  const [filter, setFilter] = useState<HistoryFilter>({});
  const paging = usePaging(DEFAULT_PAGE_SIZE);
  const { pageNo, setPageNo, pageSize } = paging;
  const [invoiceOf, setInvoiceOf] = useState<string | null>(null);
  const [gapOf, setGapOf] = useState<string | null>(null);
  const reorder = useReorder();

  const history = useQuery({
    ...accountQueries.orders(filter, pageNo, pageSize),
    placeholderData: keepPreviousData,
  });
  const stats = useQuery(accountQueries.orderStats(filter));

  function search() {
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
    });
    setPageNo(1);
  }

  const exportCsv = () => guarded(() => downloads.historyCsv(filter));

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
        <FilterActions onClear={() => setDraft({ ...START, orderFrom: "", orderTo: "" })} onSearch={search} />
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
        <ScrollArea>
          <Table striped highlightOnHover miw={900} data-testid="order-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Order ID</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Source</Table.Th>
                <Table.Th>Warehouse</Table.Th>
                <Table.Th ta="right">Items</Table.Th>
                <Table.Th ta="right">Qty</Table.Th>
                <Table.Th ta="right">MRP</Table.Th>
                <Table.Th ta="right">Net payment</Table.Th>
                <Table.Th>Shipped</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((o) => (
                <Table.Tr key={o.poid}>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      onClick={() => navigate(`/account/orderDetails/${o.poid}`)}
                    >
                      {o.poid}
                    </Button>
                  </Table.Td>
                  <Table.Td>{formatDate(o.createdDate)}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={o.status} />
                  </Table.Td>
                  <Table.Td>{o.source}</Table.Td>
                  <Table.Td>{o.warehouseName}</Table.Td>
                  <Table.Td ta="right">{o.totalItems}</Table.Td>
                  <Table.Td ta="right">{o.totalQuantity}</Table.Td>
                  <Table.Td ta="right">{formatRupees(o.totalMRP)}</Table.Td>
                  <Table.Td ta="right">{formatRupees(o.netPayment)}</Table.Td>
                  <Table.Td>{o.shipDate ? formatDate(o.shipDate) : "—"}</Table.Td>
                  <Table.Td>
                    <Menu position="bottom-end">
                      <Menu.Target>
                        <Button variant="subtle" size="compact-sm" aria-label={`Actions for ${o.poid}`}>
                          <IconDots size={16} />
                        </Button>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item onClick={() => navigate(`/account/orderDetails/${o.poid}`)}>
                          Order details
                        </Menu.Item>
                        <Menu.Item disabled={!o.invoiceAvailable} onClick={() => setInvoiceOf(o.poid)}>
                          Invoice
                        </Menu.Item>
                        <Menu.Item onClick={() => setGapOf(o.poid)}>Gap report</Menu.Item>
                        <Menu.Item
                          disabled={o.gapReport <= 0}
                          onClick={() => navigate(`/account/gapReorder/${o.poid}`)}
                        >
                          Gap reorder
                        </Menu.Item>
                        <Menu.Item onClick={() => reorder.run(o.poid, "all")}>Order again</Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        <ListStatus
          loading={history.isLoading}
          empty={rows.length === 0}
          emptyText={messages.noOrdersFound}
        />
      </Card>
      <PagingBar sizes={PAGE_SIZES} paging={paging} count={total} />

      <OrderInvoiceModal poid={invoiceOf} onClose={() => setInvoiceOf(null)} />
      <Modal
        opened={gapOf !== null}
        onClose={() => setGapOf(null)}
        title={`Gap report ${gapOf ?? ""}`}
        size="xl"
      >
        {gapOf && <GapReportView poid={gapOf} />}
      </Modal>
      {reorder.modal}
    </Stack>
  );
}
