import { Button, Group, Paper, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { DataTable, type DataTableColumn, type DataTableSortStatus } from "mantine-datatable";
import Papa from "papaparse";
import { type ReactNode, useMemo, useState } from "react";
import "mantine-datatable/styles.css";
import { errorMessage } from "../lib/api";
import { notify } from "../lib/notify";
import type { ListParams } from "./query";

/** A column, plus what goes in the CSV (the raw accessor value unless `csv` says otherwise). */
export type AdminColumn<T> = DataTableColumn<T> & { csv?: (record: T) => unknown; noCsv?: boolean };

interface Paging {
  total: number;
  page: number;
  pageSize: number;
  pageSizes: number[];
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
}

const valueAt = (record: unknown, path: string): unknown =>
  path
    .split(".")
    .reduce<unknown>(
      (v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined),
      record,
    );

const sortKey = (v: unknown): number | string => {
  if (typeof v === "number") return v;
  if (typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  return String(v ?? "").toLowerCase();
};

/** Rows to CSV text (papaparse: quoting, BOM for spreadsheets). */
export function toCsv<T>(records: readonly T[], columns: readonly AdminColumn<T>[]): string {
  const cols = columns.filter((c) => !c.noCsv);
  const fields = cols.map((c) => (typeof c.title === "string" ? c.title : c.accessor));
  const data = records.map((r) =>
    cols.map((c) => {
      const v = c.csv ? c.csv(r) : valueAt(r, String(c.accessor));
      return Array.isArray(v) ? v.join(" ") : v && typeof v === "object" ? JSON.stringify(v) : (v ?? "");
    }),
  );
  return `\uFEFF${Papa.unparse({ fields: fields.map(String), data })}`;
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Every admin table: mantine-datatable with server paging, sorting of the shown rows, optional row
 * selection, and CSV export of every row the filters match (`exportAll`) or of the shown rows.
 */
export function AdminTable<T>({
  records,
  columns,
  idAccessor,
  fetching,
  paging,
  csvName,
  exportAll,
  toolbar,
  selectedRecords,
  onSelectedRecordsChange,
  isRecordSelectable,
  rowExpansion,
  testId,
  noRecordsText = "Nothing here",
}: {
  records: T[] | undefined;
  columns: AdminColumn<T>[];
  idAccessor: keyof T & string;
  fetching: boolean;
  paging?: Paging;
  csvName: string;
  exportAll?: () => Promise<T[]>;
  toolbar?: ReactNode;
  selectedRecords?: T[];
  onSelectedRecordsChange?: (records: T[]) => void;
  isRecordSelectable?: (record: T) => boolean;
  rowExpansion?: { content: (props: { record: T }) => ReactNode };
  testId: string;
  noRecordsText?: string;
}) {
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<T>>({
    columnAccessor: "",
    direction: "asc",
  });
  const [exporting, setExporting] = useState(false);
  const sorted = useMemo(() => {
    const rows = records ?? [];
    if (!sortStatus.columnAccessor) return rows;
    const key = String(sortStatus.columnAccessor);
    const dir = sortStatus.direction === "asc" ? 1 : -1;
    return [...rows].sort((a, b) => {
      const x = sortKey(valueAt(a, key));
      const y = sortKey(valueAt(b, key));
      return x < y ? -dir : x > y ? dir : 0;
    });
  }, [records, sortStatus]);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = exportAll ? await exportAll() : sorted;
      download(`${csvName}.csv`, toCsv(rows, columns));
      notify.success(`${rows.length} rows exported to ${csvName}.csv`);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  const pagination = paging
    ? {
        totalRecords: paging.total,
        recordsPerPage: paging.pageSize,
        page: paging.page,
        onPageChange: paging.setPage,
        recordsPerPageOptions: paging.pageSizes,
        onRecordsPerPageChange: paging.setPageSize,
        paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
          `${from}–${to} of ${totalRecords}`,
        recordsPerPageLabel: "Rows",
      }
    : {};
  const selection = onSelectedRecordsChange
    ? { selectedRecords: selectedRecords ?? [], onSelectedRecordsChange, isRecordSelectable }
    : {};

  return (
    <Paper withBorder radius="md" data-testid={testId}>
      <Group justify="space-between" gap="sm" p="sm" wrap="wrap" align="flex-end">
        <Group gap="sm" wrap="wrap" align="flex-end" style={{ flex: 1 }}>
          {toolbar}
        </Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={15} />}
          onClick={exportCsv}
          loading={exporting}
          disabled={!records?.length}
        >
          Export CSV
        </Button>
      </Group>
      <DataTable<T>
        // the union of paging and selection props is checked by mantine-datatable at runtime
        {...(pagination as object)}
        {...(selection as object)}
        records={sorted}
        // one line per cell: the table scrolls sideways on a narrow screen instead of wrapping ids
        columns={columns.map((c) => ({ noWrap: true, ...c }) as DataTableColumn<T>)}
        idAccessor={idAccessor}
        fetching={fetching}
        minHeight={records?.length ? undefined : 180}
        noRecordsText={noRecordsText}
        sortStatus={sortStatus}
        onSortStatusChange={setSortStatus}
        rowExpansion={rowExpansion}
        striped
        highlightOnHover
        verticalSpacing="xs"
        fz="sm"
        borderRadius="md"
        withTableBorder={false}
        textSelectionDisabled={false}
      />
      {paging && paging.total === 0 && !fetching && (
        <Text size="xs" c="dimmed" px="sm" pb="xs">
          No rows match these filters.
        </Text>
      )}
    </Paper>
  );
}

/** The props every server-paged list hands its table: rows, paging, and the export of all matches. */
export function listTableProps<T, P extends ListParams>(
  query: { data?: { rows: T[]; total: number }; isFetching: boolean },
  exportRows: (params: P) => Promise<{ rows: T[] }>,
  list: Omit<Paging, "total"> & { params: P },
) {
  return {
    records: query.data?.rows,
    fetching: query.isFetching,
    exportAll: async () => (await exportRows(list.params)).rows,
    paging: { ...list, total: query.data?.total ?? 0 },
  };
}
