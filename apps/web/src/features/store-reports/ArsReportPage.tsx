import { Alert, Button, Card, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import type { ArsReportRow } from "@portal/contracts";
import {
  checkArsRange,
  DEFAULT_PAGE_SIZE,
  formatDate,
  formatRupees,
  indiaDay,
  messages,
  PAGE_SIZES,
} from "@portal/domain";
import { IconFileTypeCsv, IconSearch } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { DataTable, type DataTableColumn } from "mantine-datatable";
import "mantine-datatable/styles.css";
import { useState } from "react";
import { DateRangeFields } from "../../components/DateFields";
import { PageHeader } from "../../components/PageHeader";
import { isApiError } from "../../lib/api";
import { notify } from "../../lib/notify";
import { usePageTitle } from "../../lib/usePageTitle";
import { type ArsRange, saveArsCsv, storeReportsQueries } from "./api";

const today = () => indiaDay(new Date());
const startRange = (): ArsRange => ({ from: `${today().slice(0, 8)}01`, to: today() });

/** A 400 carries the rule the server applied; anything else is the spec's fetch failure. */
const failure = (error: unknown, fallback: string) => (isApiError(error, 400) ? error.message : fallback);

const qty = (key: keyof ArsReportRow, title: string): DataTableColumn<ArsReportRow> => ({
  accessor: key,
  title,
  textAlign: "right",
});

const COLUMNS: DataTableColumn<ArsReportRow>[] = [
  {
    accessor: "productName",
    title: "Product",
    noWrap: false,
    width: 250,
    render: (r) => (
      <Stack gap={0}>
        <Text size="sm" lineClamp={2}>
          {r.productName}
        </Text>
        <Text size="xs" c="dimmed">
          {r.productId} · parent {r.parentId} · {r.brand}
        </Text>
      </Stack>
    ),
  },
  {
    accessor: "cat",
    title: "Category",
    noWrap: false,
    width: 160,
    render: (r) => (
      <Stack gap={0}>
        <Text size="sm">{r.cat}</Text>
        <Text size="xs" c="dimmed">
          {r.subCat}
        </Text>
      </Stack>
    ),
  },
  { accessor: "mrp", title: "MRP", textAlign: "right", render: (r) => formatRupees(r.mrp) },
  {
    accessor: "actualPrice",
    title: "Price",
    textAlign: "right",
    render: (r) => formatRupees(r.actualPrice),
  },
  qty("targetStock", "Target"),
  qty("stockInHand", "In hand"),
  qty("pendingQty", "Pending"),
  qty("confirmedQty", "Confirmed"),
  qty("inTransitStock", "In transit"),
  {
    accessor: "expectedQty",
    title: "Expected",
    textAlign: "right",
    render: (r) => (
      <Text size="sm" fw={r.expectedQty > 0 ? 700 : 400} c={r.expectedQty > 0 ? "orange.8" : undefined}>
        {r.expectedQty}
      </Text>
    ),
  },
  qty("actualQty", "Actual"),
  { accessor: "arsScheduledDate", title: "Scheduled", render: (r) => formatDate(r.arsScheduledDate) },
];

/** The ARS report (franchisees): the store's replenishment list against its stock and its orders in a range of one month at most. */
export function ArsReportPage() {
  usePageTitle("ARS Report");
  const [draft, setDraft] = useState<ArsRange>(startRange);
  const [range, setRange] = useState<ArsRange>(startRange);
  const [problem, setProblem] = useState<string | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [exporting, setExporting] = useState(false);

  const report = useQuery({
    ...storeReportsQueries.ars(range, pageNo, pageSize),
    placeholderData: keepPreviousData,
  });

  function search() {
    const message = checkArsRange(draft.from, draft.to, messages.selectOrderDates);
    setProblem(message);
    if (message) return;
    setRange({ ...draft });
    setPageNo(1);
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
  return (
    <Stack>
      <PageHeader
        title="ARS Report"
        description="Your automatic replenishment list: target stock, what is on order and what to order next."
        actions={
          <Button
            variant="default"
            leftSection={<IconFileTypeCsv size={16} />}
            onClick={exportCsv}
            loading={exporting}
            disabled={rows.length === 0}
          >
            Export CSV
          </Button>
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
          at most.
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
      <Card withBorder p={0} data-testid="ars-table">
        <DataTable<ArsReportRow>
          records={rows}
          columns={COLUMNS.map((c) => ({ noWrap: true, ...c }) as DataTableColumn<ArsReportRow>)}
          idAccessor="productId"
          fetching={report.isFetching}
          minHeight={rows.length ? undefined : 180}
          noRecordsText="No products on your ARS list"
          totalRecords={report.data?.count ?? 0}
          recordsPerPage={pageSize}
          page={pageNo}
          onPageChange={setPageNo}
          recordsPerPageOptions={[...PAGE_SIZES]}
          onRecordsPerPageChange={(size) => {
            setPageSize(size);
            setPageNo(1);
          }}
          paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`}
          striped
          highlightOnHover
          verticalSpacing="xs"
          fz="sm"
          borderRadius="md"
          withTableBorder={false}
          textSelectionDisabled={false}
        />
      </Card>
    </Stack>
  );
}
