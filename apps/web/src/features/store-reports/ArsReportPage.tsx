import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  Pagination,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import type { ArsOrderExpectedResponse, ArsReportRow, ArsRun } from "@portal/contracts";
import {
  checkArsRange,
  DEFAULT_PAGE_SIZE,
  formatCount,
  formatDate,
  formatDateTime,
  formatRupees,
  indiaDay,
  messages,
  PAGE_SIZES,
} from "@portal/domain";
import { IconFileTypeCsv, IconSearch, IconShoppingCartPlus } from "@tabler/icons-react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { DateRangeFields } from "../../components/DateFields";
import { PageHeader } from "../../components/PageHeader";
import { type Column, ResponsiveTable } from "../../components/ResponsiveTable";
import { errorMessage, isApiError } from "../../lib/api";
import { CART_KEY } from "../../lib/cart";
import { notify } from "../../lib/notify";
import { usePageTitle } from "../../lib/usePageTitle";
import { type ArsRange, saveArsCsv, storeReportsApi, storeReportsQueries } from "./api";

const today = () => indiaDay(new Date());
const startRange = (): ArsRange => ({ from: `${today().slice(0, 8)}01`, to: today() });

/** A 400 carries the rule the server applied; anything else is the spec's fetch failure. */
const failure = (error: unknown, fallback: string) => (isApiError(error, 400) ? error.message : fallback);

const qty = (key: keyof ArsReportRow, header: string): Column<ArsReportRow> => ({
  key,
  header,
  numeric: true,
  cell: (r) => formatCount(Number(r[key])),
});

const COLUMNS: Column<ArsReportRow>[] = [
  {
    key: "productName",
    header: "Product",
    phone: "title",
    cell: (r) => (
      <Stack gap={0} miw={180}>
        <Text size="sm" lineClamp={2}>
          {r.productName}
        </Text>
        <Text size="xs" c="dimmed">
          {r.productId} · {r.brand}
        </Text>
      </Stack>
    ),
  },
  {
    key: "cat",
    header: "Category",
    phone: "hide",
    cell: (r) => (
      <Stack gap={0}>
        <Text size="sm">{r.cat}</Text>
        <Text size="xs" c="dimmed">
          {r.subCat}
        </Text>
      </Stack>
    ),
  },
  { key: "mrp", header: "MRP", numeric: true, phone: "hide", cell: (r) => formatRupees(r.mrp) },
  { key: "actualPrice", header: "Price", numeric: true, cell: (r) => formatRupees(r.actualPrice) },
  qty("targetStock", "Target"),
  qty("stockInHand", "In hand"),
  qty("pendingQty", "Pending"),
  qty("confirmedQty", "Confirmed"),
  qty("inTransitStock", "In transit"),
  {
    key: "expectedQty",
    header: "Expected",
    numeric: true,
    cell: (r) => (
      <Text
        span
        size="sm"
        fw={r.expectedQty > 0 ? 700 : 400}
        c={r.expectedQty > 0 ? "orange.9" : undefined}
        data-testid="ars-expected"
      >
        {formatCount(r.expectedQty)}
      </Text>
    ),
  },
  qty("actualQty", "Actual"),
  { key: "arsScheduledDate", header: "Scheduled", cell: (r) => formatDate(r.arsScheduledDate) },
];

type Placed = ArsRun["placed"][number];
type Refused = ArsRun["refused"][number];

const PLACED_COLUMNS: Column<Placed>[] = [
  { key: "productName", header: "Product", phone: "title", cell: (l) => l.productName },
  { key: "qty", header: "Units", numeric: true, cell: (l) => formatCount(l.qty) },
  { key: "warehouseName", header: "Warehouse", cell: (l) => l.warehouseName },
  {
    key: "poid",
    header: "Order",
    cell: (l) => (
      <Text component={Link} to={`/account/orderDetails/${l.poid}`} size="sm" c="blue.8" td="underline">
        {l.poid}
      </Text>
    ),
  },
];

const REFUSED_COLUMNS: Column<Refused>[] = [
  { key: "productName", header: "Product", phone: "title", cell: (l) => l.productName },
  { key: "qty", header: "Units", numeric: true, cell: (l) => formatCount(l.qty) },
  { key: "warehouseName", header: "Warehouse", cell: (l) => l.warehouseName ?? "—" },
  {
    key: "reason",
    header: "Why not placed",
    cell: (l) => (
      <Text span size="sm" c="red.9">
        {l.reason}
      </Text>
    ),
  },
];

/** One ARS run: its figures, the lines placed and those refused with the reason. */
function RunCard({ run }: { run: ArsRun }) {
  const [showPlaced, setShowPlaced] = useState(false);
  return (
    <Card withBorder padding="sm" data-testid="ars-run">
      <Group justify="space-between" gap="xs" align="flex-start">
        <div>
          <Title order={3} fz="md">
            Run of {formatDate(run.runDay)}
          </Title>
          <Text size="xs" c="dimmed">
            {run.startedBy === "schedule" ? "Weekly replenishment" : "Placed by head office"} ·{" "}
            {formatDateTime(run.createdAt)}
          </Text>
        </div>
        <Group gap={6}>
          <Badge color="teal" variant="outline" tt="none">
            {formatCount(run.placedLines)} placed
          </Badge>
          {run.refused.length > 0 && (
            <Badge color="red" variant="outline" tt="none">
              {formatCount(run.refused.length)} refused
            </Badge>
          )}
        </Group>
      </Group>
      <Text size="sm" mt="xs" data-testid="ars-run-summary">
        {run.plannedLines === 0
          ? "Nothing was expected: every product was at its target."
          : `${formatCount(run.placedLines)} of ${formatCount(run.plannedLines)} lines placed: ${formatCount(run.placedUnits)} of ${formatCount(run.plannedUnits)} units in ${formatCount(run.poids.length)} ${run.poids.length === 1 ? "order" : "orders"}.`}
      </Text>
      {run.refused.length > 0 && (
        <Stack gap={4} mt="sm" data-testid="ars-refused">
          <Text size="sm" fw={600}>
            Not placed
          </Text>
          <ResponsiveTable
            label={`Lines not placed in the run of ${formatDate(run.runDay)}`}
            columns={REFUSED_COLUMNS}
            rows={run.refused}
            rowKey={(l) => l.productId}
            minWidth={560}
          />
        </Stack>
      )}
      {run.placed.length > 0 && (
        <Stack gap={4} mt="sm">
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setShowPlaced((v) => !v)}
            aria-expanded={showPlaced}
            style={{ alignSelf: "flex-start" }}
          >
            {showPlaced ? "Hide the placed lines" : `Show the ${formatCount(run.placed.length)} placed lines`}
          </Button>
          {showPlaced && (
            <ResponsiveTable
              label={`Lines placed in the run of ${formatDate(run.runDay)}`}
              columns={PLACED_COLUMNS}
              rows={run.placed}
              rowKey={(l) => `${l.poid}-${l.productId}`}
              testId="ars-placed"
              minWidth={560}
            />
          )}
        </Stack>
      )}
    </Card>
  );
}

/** The partner's ARS runs, newest first (the space is kept while they load). */
function ArsRuns() {
  const runs = useQuery(storeReportsQueries.arsRuns());
  return (
    <Card withBorder data-testid="ars-runs">
      <Title order={2} fz="lg">
        Replenishment runs
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Every Monday your ARS list's expected quantities are ordered for you (source B2F). Each run shows what
        was placed and what could not be, and why.
      </Text>
      {runs.isPending ? (
        <Skeleton h={120} radius="md" />
      ) : runs.isError ? (
        <Alert color="red">{errorMessage(runs.error)}</Alert>
      ) : runs.data.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No replenishment run yet.
        </Text>
      ) : (
        <Stack gap="sm">
          {runs.data.rows.map((run) => (
            <RunCard key={run.id} run={run} />
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** What "Order the expected quantities" did: the summary and each line refused with the reason. */
function OrderResult({ result, onClose }: { result: ArsOrderExpectedResponse; onClose: () => void }) {
  const refused = result.lines.filter((l) => l.outcome === "refused");
  return (
    <Alert
      color={result.added > 0 ? "teal" : "orange"}
      title={result.message}
      withCloseButton
      closeButtonLabel="Close the result"
      onClose={onClose}
      data-testid="ars-order-result"
    >
      {result.added > 0 && (
        <Text size="sm">
          <Text component={Link} to="/checkout" size="sm" td="underline" c="inherit">
            Open the cart
          </Text>{" "}
          to review and place the order.
        </Text>
      )}
      {refused.length > 0 && (
        <List size="sm" mt={6} spacing={2}>
          {refused.map((l) => (
            <List.Item key={l.productId}>
              {l.productName} ({formatCount(l.expected)}): {l.message}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

/** The ARS report (franchisees): the store's replenishment list against its stock and its orders in a range of one month at most. */
export function ArsReportPage() {
  usePageTitle("ARS Report");
  const [draft, setDraft] = useState<ArsRange>(startRange);
  const [range, setRange] = useState<ArsRange>(startRange);
  const [problem, setProblem] = useState<string | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [exporting, setExporting] = useState(false);
  const [result, setResult] = useState<ArsOrderExpectedResponse | null>(null);
  const queryClient = useQueryClient();

  const report = useQuery({
    ...storeReportsQueries.ars(range, pageNo, pageSize),
    placeholderData: keepPreviousData,
  });
  const order = useMutation({
    mutationFn: () => storeReportsApi.orderExpected(range),
    onSuccess: async (answer) => {
      setResult(answer);
      await queryClient.invalidateQueries({ queryKey: CART_KEY });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });

  function search() {
    const message = checkArsRange(draft.from, draft.to, messages.selectOrderDates);
    setProblem(message);
    if (message) return;
    setRange({ ...draft });
    setPageNo(1);
    setResult(null);
  }

  async function exportCsv() {
    setExporting(true);
    try {
      await saveArsCsv(range);
    } catch (error) {
      notify.error(failure(error, messages.arsReportFailed));
    } finally {
      setExporting(false);
    }
  }

  const rows = report.data?.rows ?? [];
  const count = report.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / pageSize));
  return (
    <Stack>
      <PageHeader
        title="ARS Report"
        description="Your automatic replenishment list: target stock, what is on order and what to order next."
        actions={
          <Group gap="xs">
            <Button
              leftSection={<IconShoppingCartPlus size={16} />}
              onClick={() => order.mutate()}
              loading={order.isPending}
              disabled={rows.length === 0}
            >
              Order the expected quantities
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileTypeCsv size={16} />}
              onClick={exportCsv}
              loading={exporting}
              disabled={rows.length === 0}
            >
              Export CSV
            </Button>
          </Group>
        }
      />
      <Card withBorder>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <SimpleGrid cols={2} spacing="sm" style={{ flex: "1 1 260px", maxWidth: 420 }}>
            <DateRangeFields
              fromLabel="Order from"
              toLabel="Order to"
              from={draft.from}
              to={draft.to}
              onChange={({ from, to }) => setDraft((d) => ({ ...d, from, to }))}
            />
          </SimpleGrid>
          <Button leftSection={<IconSearch size={16} />} onClick={search}>
            Search
          </Button>
        </Group>
        <Text size="xs" c="dimmed" mt="xs">
          Orders placed in the range count as pending, confirmed or in transit; the range may span one month
          at most. "Order the expected quantities" puts every expected product of the list into your cart.
        </Text>
        {problem && (
          <Alert color="red" mt="sm" data-testid="ars-problem">
            {problem}
          </Alert>
        )}
        {report.error && (
          <Alert color="red" mt="sm" data-testid="ars-error">
            {failure(report.error, messages.arsReportDataFailed)}
          </Alert>
        )}
      </Card>
      {result && <OrderResult result={result} onClose={() => setResult(null)} />}
      <Card withBorder p={0} data-testid="ars-table" mih={report.isPending ? 240 : undefined}>
        {report.isPending ? (
          <Skeleton h={240} />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed" p="md">
            No products on your ARS list
          </Text>
        ) : (
          <ResponsiveTable
            label="ARS report"
            columns={COLUMNS}
            rows={rows}
            rowKey={(r) => r.productId}
            rowTestId="ars-row"
            minWidth={1080}
          />
        )}
        <Group justify="space-between" p="sm" gap="sm">
          <Text size="sm" c="dimmed">
            {count === 0
              ? "0 products"
              : `${formatCount((pageNo - 1) * pageSize + 1)}–${formatCount(Math.min(count, pageNo * pageSize))} of ${formatCount(count)}`}
          </Text>
          <Group gap="sm">
            <Select
              aria-label="Rows per page"
              data={PAGE_SIZES.map((s) => String(s))}
              value={String(pageSize)}
              onChange={(v) => {
                setPageSize(Number(v ?? DEFAULT_PAGE_SIZE));
                setPageNo(1);
              }}
              w={80}
              allowDeselect={false}
            />
            <Pagination
              total={pages}
              value={pageNo}
              onChange={setPageNo}
              size="sm"
              siblings={0}
              getControlProps={(control) => ({
                "aria-label":
                  control === "previous"
                    ? "Previous page"
                    : control === "next"
                      ? "Next page"
                      : control === "first"
                        ? "First page"
                        : "Last page",
              })}
              getItemProps={(page) => ({ "aria-label": `Page ${page}` })}
            />
          </Group>
        </Group>
      </Card>
      <ArsRuns />
    </Stack>
  );
}
