import { Alert, Anchor, Button, Card, Group, Modal, SimpleGrid, Stack, Table } from "@mantine/core";
import type { DashboardResponse, ReorderResponse } from "@portal/contracts";
import { addMonths, dashboardRange, formatCount, formatDate, indiaDay, monthDays } from "@portal/domain";
import { IconShoppingCartPlus } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { DateRangeFields } from "../../components/DateFields";
import { BarChart } from "../../components/LazyBarChart";
import { PageHeader } from "../../components/PageHeader";
import { ErrorState, PageLoader } from "../../components/states";
import { errorMessage } from "../../lib/api";
import { useCurrentUser } from "../../lib/auth";
import { CART_KEY } from "../../lib/cart";
import { notify } from "../../lib/notify";
import { mayOpen } from "../../lib/team-access";
import { usePageTitle } from "../../lib/usePageTitle";
import { dashboardQueryOptions, reorderGaps } from "./api";
import { type DashColumn, decimal, Figure, historyLink, monthLabel, Panel, rupees, waitLabel } from "./parts";

type Answer = DashboardResponse;
type Month = Answer["months"][number];
type Gap = Answer["fillRate"]["topGaps"][number];
type Lead = Answer["leadTimes"][number];
type Bucket = Answer["money"]["buckets"][number];
type Due = Answer["money"]["nextDues"][number];
type Compared = NonNullable<Answer["comparison"]>["items"][number];

const CHART_HEIGHT = 260;
const SHIPPED = "Shipped,Delivered";
const CLOSED = "Delivered,Cancelled";

const earliest = (...days: string[]) => [...days].sort()[0] as string;
const latest = (...days: string[]) => [...days].sort().at(-1) as string;

/** A month's days inside the period. */
function monthRange(month: string, period: { from: string; to: string }) {
  const days = monthDays(month);
  return { from: latest(days.from, period.from), to: earliest(days.to, period.to) };
}

/**
 * The days of the period the order history can show in one look (it shows at most 3 months, never
 * the future): the whole period when it fits, else its last three calendar months.
 */
function historyWindow(period: { from: string; to: string }) {
  const to = earliest(period.to, indiaDay(new Date()));
  const from = latest(period.from, `${addMonths(to, -2).slice(0, 7)}-01`);
  return { from, to, whole: from === period.from };
}

/** The partner dashboard (issue 30): how the store buys, from its own documents. */
export function DashboardPage() {
  usePageTitle("Dashboard");
  const [params, setParams] = useSearchParams();
  const asked = { from: params.get("from") ?? "", to: params.get("to") ?? "" };
  const [draft, setDraft] = useState(asked);
  const [problem, setProblem] = useState<string | null>(null);
  const answer = useQuery(dashboardQueryOptions(asked));

  function show() {
    const checked = dashboardRange(indiaDay(new Date()), {
      from: draft.from || undefined,
      to: draft.to || undefined,
    });
    if (!checked.ok) {
      setProblem(checked.message);
      return;
    }
    setProblem(null);
    setParams(
      Object.fromEntries(Object.entries({ from: draft.from, to: draft.to }).filter(([, v]) => v !== "")),
    );
  }

  return (
    <Stack>
      <PageHeader
        title="Dashboard"
        description={
          answer.data
            ? `How your store buys, from its own orders, invoices and ledger: ${formatDate(answer.data.from)} to ${formatDate(answer.data.to)}.`
            : "How your store buys, from its own orders, invoices and ledger."
        }
      />
      <Card withBorder>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            show();
          }}
        >
          <Group align="flex-end" gap="sm" wrap="wrap">
            <SimpleGrid cols={2} spacing="sm" style={{ flex: "1 1 280px", maxWidth: 420 }}>
              <DateRangeFields
                fromLabel="From"
                toLabel="To"
                from={draft.from || answer.data?.from || ""}
                to={draft.to || answer.data?.to || ""}
                onChange={(range) => setDraft(range)}
              />
            </SimpleGrid>
            <Button type="submit">Show</Button>
          </Group>
        </form>
        {problem && (
          <Alert color="red" mt="sm" role="alert">
            {problem}
          </Alert>
        )}
      </Card>
      {answer.isPending ? (
        <PageLoader inline />
      ) : answer.isError ? (
        <ErrorState description={errorMessage(answer.error)} onRetry={() => answer.refetch()} />
      ) : (
        <DashboardFigures data={answer.data} />
      )}
    </Stack>
  );
}

function DashboardFigures({ data }: { data: Answer }) {
  const period = { from: data.from, to: data.to };
  const window = historyWindow(period);
  const placed = { orderFrom: window.from, orderTo: window.to };
  const shippedIn = { shipFrom: window.from, shipTo: window.to, status: SHIPPED };
  const recent = window.whole ? "" : ` (${monthLabel(window.from.slice(0, 7))} on)`;
  const { spend, margin, fillRate, money } = data;

  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        <Figure
          testId="figure-spend"
          label="Spend (invoiced)"
          value={rupees(spend.total)}
          note={`${formatCount(spend.invoices)} tax invoices`}
          to={historyLink(shippedIn)}
          linkLabel={`Orders shipped${recent}`}
        />
        <Figure
          testId="figure-year"
          label="Financial year to date"
          value={rupees(spend.yearToDate)}
          note={`Since ${data.yearFrom}`}
          to={historyLink(shippedIn)}
          linkLabel={`Orders shipped${recent}`}
        />
        <Figure
          testId="figure-margin"
          label="Margin at MRP"
          value={rupees(margin.margin)}
          note={margin.marginPercent === null ? "No goods received" : `${margin.marginPercent}% of MRP value`}
          to={historyLink(shippedIn)}
          linkLabel={`Goods received${recent}`}
        />
        <Figure
          testId="figure-fill"
          label="Fill rate (shipped)"
          value={fillRate.shippedPercent === null ? "—" : `${fillRate.shippedPercent}%`}
          note={`${formatCount(fillRate.shipped)} of ${formatCount(fillRate.ordered)} units ordered`}
          to={historyLink(placed)}
          linkLabel={`Orders placed${recent}`}
        />
        <Figure
          testId="figure-gaps"
          label="Value lost to gaps"
          value={rupees(fillRate.gapValue)}
          note={`${formatCount(fillRate.gapUnits)} units not delivered`}
          to={historyLink({ ...placed, status: CLOSED })}
          linkLabel={`Delivered and cancelled orders${recent}`}
        />
        <Figure
          testId="figure-outstanding"
          label="Outstanding"
          value={rupees(money.outstanding)}
          note={
            money.awaitingApproval > 0 ? `${rupees(money.awaitingApproval)} awaiting approval` : undefined
          }
          to={money.ledgerEnabled ? "/account/ledger" : "/account/loadHistory"}
          linkLabel={money.ledgerEnabled ? "Ledger" : "Invoices"}
        />
      </SimpleGrid>
      <SpendByMonth data={data} period={period} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <SpendByCategory data={data} />
        <SpendByWarehouse data={data} />
      </SimpleGrid>
      <FillRate data={data} period={period} />
      <TopGaps data={data} />
      <LeadTimes data={data} />
      <Money data={data} />
      {data.comparison && <Comparison data={data} />}
    </Stack>
  );
}

function SpendByMonth({ data, period }: { data: Answer; period: { from: string; to: string } }) {
  const columns: DashColumn<Month>[] = [
    {
      key: "month",
      header: "Month",
      phone: "title",
      cell: (m) => {
        const r = monthRange(m.month, period);
        return (
          <Anchor component={Link} to={historyLink({ shipFrom: r.from, shipTo: r.to, status: SHIPPED })}>
            {monthLabel(m.month)}
          </Anchor>
        );
      },
      csv: (m) => m.month,
    },
    {
      key: "invoices",
      header: "Tax invoices",
      numeric: true,
      cell: (m) => formatCount(m.invoices),
      csv: (m) => m.invoices,
    },
    {
      key: "spend",
      header: "Spend",
      numeric: true,
      cell: (m) => rupees(m.spend),
      csv: (m) => decimal(m.spend),
    },
    {
      key: "mrp",
      header: "MRP value",
      numeric: true,
      cell: (m) => rupees(m.mrpValue),
      csv: (m) => decimal(m.mrpValue),
    },
    {
      key: "margin",
      header: "Margin at MRP",
      numeric: true,
      cell: (m) => rupees(m.margin),
      csv: (m) => decimal(m.margin),
    },
  ];
  const chartData = data.months.map((m) => ({
    month: monthLabel(m.month),
    Spend: m.spend / 100,
    "Margin at MRP": m.margin / 100,
  }));
  return (
    <Panel
      title="Spend by month"
      description="Tax invoices issued each month (goods, GST and shipping charges), and the margin at MRP of the goods they billed."
      testId="panel-spend-month"
      csvName={`spend-by-month-${data.from}-${data.to}.csv`}
      columns={columns}
      rows={data.months}
      rowKey={(m) => m.month}
      chart={
        <BarChart
          aria-label={`Spend by month: ${data.months.map((m) => `${monthLabel(m.month)} ${rupees(m.spend)}`).join(", ")}`}
          h={CHART_HEIGHT}
          data={chartData}
          dataKey="month"
          series={[
            { name: "Spend", color: "brand.6" },
            { name: "Margin at MRP", color: "teal.7" },
          ]}
          valueFormatter={(v) => formatRupeesShort(v)}
          yAxisProps={{ width: 70, tickFormatter: (v: number) => formatRupeesShort(v) }}
          withLegend
        />
      }
    />
  );
}

/** Rupees for an axis: ₹12.3L, ₹45k, ₹900. */
function formatRupeesShort(v: number): string {
  if (Math.abs(v) >= 100_000) return `₹${(v / 100_000).toFixed(1)}L`;
  if (Math.abs(v) >= 1000) return `₹${Math.round(v / 1000)}k`;
  return `₹${Math.round(v)}`;
}

function SpendByCategory({ data }: { data: Answer }) {
  type Row = Answer["spend"]["byCategory"][number];
  const columns: DashColumn<Row>[] = [
    { key: "name", header: "Category", phone: "title", cell: (c) => c.name, csv: (c) => c.name },
    {
      key: "spend",
      header: "Spend",
      numeric: true,
      cell: (c) => rupees(c.spend),
      csv: (c) => decimal(c.spend),
    },
  ];
  const rows = data.spend.byCategory;
  return (
    <Panel
      title="Spend by category"
      testId="panel-spend-category"
      csvName={`spend-by-category-${data.from}-${data.to}.csv`}
      columns={columns}
      rows={rows}
      rowKey={(c) => String(c.categoryId)}
      chart={
        <BarChart
          aria-label={`Spend by category: ${rows.map((c) => `${c.name} ${rupees(c.spend)}`).join(", ")}`}
          h={Math.max(160, rows.length * 30 + 40)}
          data={rows.map((c) => ({ category: c.name, Spend: c.spend / 100 }))}
          dataKey="category"
          orientation="vertical"
          yAxisProps={{ width: 120, tick: { fontSize: 11 } }}
          xAxisProps={{ tickFormatter: (v: number) => formatRupeesShort(v) }}
          series={[{ name: "Spend", color: "brand.6" }]}
          valueFormatter={(v) => formatRupeesShort(v)}
          gridAxis="x"
        />
      }
    />
  );
}

function SpendByWarehouse({ data }: { data: Answer }) {
  type Row = Answer["spend"]["byWarehouse"][number];
  const window = historyWindow({ from: data.from, to: data.to });
  const shippedWindow = { shipFrom: window.from, shipTo: window.to, status: SHIPPED };
  const columns: DashColumn<Row>[] = [
    {
      key: "name",
      header: "Warehouse",
      phone: "title",
      cell: (w) => (
        <Anchor
          component={Link}
          to={historyLink({
            ...shippedWindow,
            warehouseId: w.warehouseId,
          })}
        >
          {w.name}
        </Anchor>
      ),
      csv: (w) => w.name,
    },
    {
      key: "spend",
      header: "Spend",
      numeric: true,
      cell: (w) => rupees(w.spend),
      csv: (w) => decimal(w.spend),
    },
  ];
  const rows = data.spend.byWarehouse;
  return (
    <Panel
      title="Spend by warehouse"
      testId="panel-spend-warehouse"
      csvName={`spend-by-warehouse-${data.from}-${data.to}.csv`}
      columns={columns}
      rows={rows}
      rowKey={(w) => w.warehouseId}
      chart={
        <BarChart
          aria-label={`Spend by warehouse: ${rows.map((w) => `${w.name} ${rupees(w.spend)}`).join(", ")}`}
          h={Math.max(160, rows.length * 36 + 40)}
          data={rows.map((w) => ({ warehouse: w.name, Spend: w.spend / 100 }))}
          dataKey="warehouse"
          orientation="vertical"
          yAxisProps={{ width: 90, tick: { fontSize: 11 } }}
          xAxisProps={{ tickFormatter: (v: number) => formatRupeesShort(v) }}
          series={[{ name: "Spend", color: "brand.6" }]}
          valueFormatter={(v) => formatRupeesShort(v)}
          gridAxis="x"
        />
      }
    />
  );
}

function FillRate({ data, period }: { data: Answer; period: { from: string; to: string } }) {
  const columns: DashColumn<Month>[] = [
    {
      key: "month",
      header: "Month",
      phone: "title",
      cell: (m) => {
        const r = monthRange(m.month, period);
        return (
          <Anchor component={Link} to={historyLink({ orderFrom: r.from, orderTo: r.to })}>
            {monthLabel(m.month)}
          </Anchor>
        );
      },
      csv: (m) => m.month,
    },
    {
      key: "ordered",
      header: "Ordered",
      numeric: true,
      cell: (m) => formatCount(m.ordered),
      csv: (m) => m.ordered,
    },
    {
      key: "confirmed",
      header: "Confirmed",
      numeric: true,
      cell: (m) => formatCount(m.confirmed),
      csv: (m) => m.confirmed,
    },
    {
      key: "shipped",
      header: "Shipped",
      numeric: true,
      cell: (m) => formatCount(m.shipped),
      csv: (m) => m.shipped,
    },
  ];
  const { fillRate } = data;
  return (
    <Panel
      title="Fill rate"
      description={`Units of the orders placed each month: ${formatCount(fillRate.ordered)} ordered, ${formatCount(fillRate.confirmed)} confirmed (${fillRate.confirmedPercent ?? "—"}%), ${formatCount(fillRate.shipped)} shipped (${fillRate.shippedPercent ?? "—"}%).`}
      testId="panel-fill-rate"
      csvName={`fill-rate-${data.from}-${data.to}.csv`}
      columns={columns}
      rows={data.months}
      rowKey={(m) => m.month}
      chart={
        <BarChart
          aria-label={`Units ordered, confirmed and shipped by month: ${data.months.map((m) => `${monthLabel(m.month)} ${m.ordered}, ${m.confirmed}, ${m.shipped}`).join("; ")}`}
          h={CHART_HEIGHT}
          data={data.months.map((m) => ({
            month: monthLabel(m.month),
            Ordered: m.ordered,
            Confirmed: m.confirmed,
            Shipped: m.shipped,
          }))}
          dataKey="month"
          series={[
            { name: "Ordered", color: "gray.6" },
            { name: "Confirmed", color: "blue.7" },
            { name: "Shipped", color: "teal.7" },
          ]}
          yAxisProps={{ width: 48 }}
          withLegend
        />
      }
    />
  );
}

function TopGaps({ data }: { data: Answer }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<(ReorderResponse["lines"][number] & { poid: string })[] | null>(null);
  const gaps = data.fillRate.topGaps;
  const orders = [...new Set(gaps.map((g) => g.latestPoid))];

  async function reorder() {
    setBusy(true);
    const lines: (ReorderResponse["lines"][number] & { poid: string })[] = [];
    try {
      for (const poid of orders) {
        try {
          lines.push(...(await reorderGaps(poid)).lines.map((l) => ({ ...l, poid })));
        } catch (error) {
          notify.error(`${poid}: ${errorMessage(error)}`);
        }
      }
      setResult(lines);
      const added = lines.filter((l) => l.added > 0).length;
      if (added > 0) notify.success(`${added} Item added/updated successfully in cart`);
      await queryClient.invalidateQueries({ queryKey: CART_KEY });
    } finally {
      setBusy(false);
    }
  }

  const columns: DashColumn<Gap>[] = [
    { key: "name", header: "Product", phone: "title", cell: (g) => g.name, csv: (g) => g.name },
    { key: "id", header: "Product id", phone: "hide", cell: (g) => g.productId, csv: (g) => g.productId },
    {
      key: "units",
      header: "Units short",
      numeric: true,
      cell: (g) => formatCount(g.gapUnits),
      csv: (g) => g.gapUnits,
    },
    {
      key: "value",
      header: "Value lost",
      numeric: true,
      cell: (g) => rupees(g.gapValue),
      csv: (g) => decimal(g.gapValue),
    },
    {
      key: "order",
      header: "Latest order",
      cell: (g) => (
        <Anchor component={Link} to={`/account/orderDetails/${g.latestPoid}`}>
          {g.latestPoid}
        </Anchor>
      ),
      csv: (g) => g.latestPoid,
    },
  ];
  return (
    <>
      <Panel
        title="Top gap products"
        description={`Units ordered but not delivered on delivered and cancelled orders: ${formatCount(data.fillRate.gapUnits)} units, ${rupees(data.fillRate.gapValue)} at cost.`}
        testId="panel-gaps"
        csvName={`gap-products-${data.from}-${data.to}.csv`}
        columns={columns}
        rows={gaps}
        rowKey={(g) => g.productId}
        actions={
          gaps.length > 0 && mayOpen(user, "/checkout") && user.canOrder ? (
            <Button
              size="xs"
              leftSection={<IconShoppingCartPlus size={14} />}
              loading={busy}
              onClick={reorder}
              title={`The gaps of ${orders.length} ${orders.length === 1 ? "order" : "orders"} go to the cart, as the gap reorder takes them`}
            >
              Reorder the gaps
            </Button>
          ) : undefined
        }
      />
      <Modal opened={result !== null} onClose={() => setResult(null)} title="Gaps added to cart" size="lg">
        {result && (
          <Stack>
            <Table.ScrollContainer minWidth={0}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Product</Table.Th>
                    <Table.Th ta="right">Added</Table.Th>
                    <Table.Th>Note</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.map((l) => (
                    <Table.Tr key={`${l.poid}-${l.productId}`}>
                      <Table.Td>{l.name}</Table.Td>
                      <Table.Td ta="right">
                        {l.added} of {l.requested}
                      </Table.Td>
                      <Table.Td>{l.message ?? ""}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setResult(null)}>
                Close
              </Button>
              <Button onClick={() => navigate("/checkout")}>Go to cart</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}

function LeadTimes({ data }: { data: Answer }) {
  const stage = (label: string, pick: (l: Lead) => Lead["orderToConfirmation"]) =>
    [
      {
        key: `${label}-median`,
        header: `${label}: median`,
        numeric: true,
        cell: (l: Lead) => waitLabel(pick(l).medianHours),
        csv: (l: Lead) => pick(l).medianHours ?? "",
      },
      {
        key: `${label}-p90`,
        header: `${label}: 90th percentile`,
        numeric: true,
        cell: (l: Lead) => waitLabel(pick(l).p90Hours),
        csv: (l: Lead) => pick(l).p90Hours ?? "",
      },
    ] satisfies DashColumn<Lead>[];
  const columns: DashColumn<Lead>[] = [
    { key: "name", header: "Warehouse", phone: "title", cell: (l) => l.name, csv: (l) => l.name },
    ...stage("Order to confirmation", (l) => l.orderToConfirmation),
    ...stage("Confirmation to shipment", (l) => l.confirmationToShipment),
    ...stage("Shipment to delivery", (l) => l.shipmentToDelivery),
  ];
  const days = (h: number | null) => (h === null ? 0 : Math.round((h / 24) * 10) / 10);
  return (
    <Panel
      title="Lead times"
      description="How long the orders placed in the period waited at each step, per warehouse (median; the table and CSV also give the 90th percentile, the CSV in hours)."
      testId="panel-lead-times"
      csvName={`lead-times-${data.from}-${data.to}.csv`}
      columns={columns}
      rows={data.leadTimes}
      rowKey={(l) => l.warehouseId}
      chart={
        <BarChart
          aria-label={`Median days per step and warehouse: ${data.leadTimes.map((l) => `${l.name}: ${waitLabel(l.orderToConfirmation.medianHours)}, ${waitLabel(l.confirmationToShipment.medianHours)}, ${waitLabel(l.shipmentToDelivery.medianHours)}`).join("; ")}`}
          h={CHART_HEIGHT}
          data={data.leadTimes.map((l) => ({
            warehouse: l.name,
            "To confirmation": days(l.orderToConfirmation.medianHours),
            "To shipment": days(l.confirmationToShipment.medianHours),
            "To delivery": days(l.shipmentToDelivery.medianHours),
          }))}
          dataKey="warehouse"
          type="stacked"
          series={[
            { name: "To confirmation", color: "blue.7" },
            { name: "To shipment", color: "orange.7" },
            { name: "To delivery", color: "teal.7" },
          ]}
          valueFormatter={(v) => `${v} days`}
          yAxisProps={{ width: 36, tickFormatter: (v: number) => `${v}d` }}
          withLegend
        />
      }
    />
  );
}

function Money({ data }: { data: Answer }) {
  const user = useCurrentUser();
  const { money } = data;
  const bucketColumns: DashColumn<Bucket>[] = [
    { key: "label", header: "Age", phone: "title", cell: (b) => b.label, csv: (b) => b.label },
    {
      key: "amount",
      header: "Outstanding",
      numeric: true,
      cell: (b) => rupees(b.amount),
      csv: (b) => decimal(b.amount),
    },
  ];
  const dueColumns: DashColumn<Due>[] = [
    {
      key: "number",
      header: "Document",
      phone: "title",
      cell: (d) =>
        d.loadId !== null ? (
          <Anchor component={Link} to={`/account/invoice/${d.loadId}`}>
            {d.number}
          </Anchor>
        ) : (
          d.number
        ),
      csv: (d) => d.number,
    },
    { key: "day", header: "Dated", cell: (d) => d.day, csv: (d) => d.day },
    {
      key: "open",
      header: "Open",
      numeric: true,
      cell: (d) => rupees(d.openAmount),
      csv: (d) => decimal(d.openAmount),
    },
  ];
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Panel
        title="Outstanding by age"
        description={`${rupees(money.outstanding)} owed as the ledger has it; unused credit ${rupees(money.creditUnused)}; payments awaiting approval ${rupees(money.awaitingApproval)}.`}
        testId="panel-ageing"
        csvName={`outstanding-by-age-${data.to}.csv`}
        columns={bucketColumns}
        rows={money.buckets}
        rowKey={(b) => b.key}
        actions={
          money.ledgerEnabled ? (
            <Anchor component={Link} to="/account/ledger" size="sm">
              Ledger
            </Anchor>
          ) : undefined
        }
        chart={
          <BarChart
            aria-label={`Outstanding by age: ${money.buckets.map((b) => `${b.label} ${rupees(b.amount)}`).join(", ")}`}
            h={200}
            data={money.buckets.map((b) => ({ age: b.label, Outstanding: b.amount / 100 }))}
            dataKey="age"
            series={[{ name: "Outstanding", color: "red.8" }]}
            valueFormatter={(v) => formatRupeesShort(v)}
            yAxisProps={{ width: 60, tickFormatter: (v: number) => formatRupeesShort(v) }}
          />
        }
      />
      <Panel
        title="Next dues"
        description="The open documents to pay next, oldest first."
        testId="panel-dues"
        csvName={`next-dues-${data.to}.csv`}
        columns={dueColumns}
        rows={money.nextDues}
        rowKey={(d) => `${d.ledgerAccount}-${d.number}`}
        actions={
          money.nextDues.length > 0 && mayOpen(user, "/account/confirmPayment") ? (
            <Anchor component={Link} to="/account/confirmPayment" size="sm">
              Pay
            </Anchor>
          ) : undefined
        }
      />
    </SimpleGrid>
  );
}

function Comparison({ data }: { data: Answer }) {
  const comparison = data.comparison;
  if (!comparison) return null;
  const value = (unit: string, v: number | null) => {
    if (v === null) return "—";
    if (unit === "INR") return rupees(Math.round(v * 100));
    if (unit === "percent") return `${v}%`;
    if (unit === "count") return formatCount(Math.round(v));
    if (unit === "days") return `${v.toFixed(1)} days`;
    return v.toFixed(2);
  };
  const columns: DashColumn<Compared>[] = [
    { key: "name", header: "Measure", phone: "title", cell: (i) => i.name, csv: (i) => i.name },
    {
      key: "store",
      header: "Your store",
      numeric: true,
      cell: (i) => value(i.unit, i.store),
      csv: (i) => i.store ?? "",
    },
    {
      key: "national",
      header: "National average",
      numeric: true,
      cell: (i) => value(i.unit, i.national),
      csv: (i) => i.national ?? "",
    },
  ];
  return (
    <Panel
      title="Against the national average"
      description={
        <>
          {comparison.storeName}, financial year to {comparison.asOf}, against the stores of its concept.{" "}
          <Anchor component={Link} to="/storeperformance" size="sm">
            Store performance
          </Anchor>
        </>
      }
      testId="panel-comparison"
      csvName={`store-vs-national-${comparison.asOf}.csv`}
      columns={columns}
      rows={comparison.items}
      rowKey={(i) => i.name}
    />
  );
}
