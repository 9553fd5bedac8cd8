import { Button, Group, Kbd, Paper, Skeleton, Text, VisuallyHidden } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import type { DataTableColumn, DataTableSortStatus, DataTable as DataTableType } from "mantine-datatable";
import {
  type KeyboardEvent,
  lazy,
  type ReactNode,
  Suspense,
  useDeferredValue,
  useMemo,
  useRef,
  useState,
} from "react";
import "mantine-datatable/styles.css";
import { errorMessage } from "../lib/api";
import { saveBlob } from "../lib/download";
import { notify } from "../lib/notify";
import classes from "./adminKit.module.css";
import { usePageShortcut } from "./keyboard";
import { ListSearch } from "./ListSearch";
import type { CsvExport, ListParams } from "./query";
import { SavedFilters } from "./SavedFilters";
import { parseSort, sortParam } from "./useListParams";

/**
 * The data table (mantine-datatable, 11 KB compressed) is its own chunk, fetched as soon as a desk's
 * page loads, beside the page's data: the page's heading, filters and toolbar draw without it, and the
 * desks stay within the 250 KB first load (bench:web). Until it is in, the space the empty table takes
 * is kept, so nothing below moves when it arrives.
 */
let loadedTable: typeof DataTableType | undefined;
// destructured at once, so the build keeps the table and what it uses
const table = import("mantine-datatable").then(({ DataTable }) => {
  loadedTable = DataTable;
  return { default: DataTable };
});
const LazyTable = lazy(() => table) as unknown as typeof DataTableType;

/**
 * A column, plus what goes in the CSV (the raw accessor value unless `csv` says otherwise). In a
 * list, a sortable column sorts by its accessor, or by `sortKey` when the route names it otherwise.
 */
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

const comparable = (v: unknown): number | string => {
  if (typeof v === "number") return v;
  if (typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  return String(v ?? "").toLowerCase();
};

/**
 * Rows to CSV text (papaparse: quoting, BOM for spreadsheets). papaparse loads on the first export, not
 * with the list (6 KB off every desk list's first load).
 */
export async function toCsv<T>(records: readonly T[], columns: readonly AdminColumn<T>[]): Promise<string> {
  const { default: Papa } = await import("papaparse");
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

/**
 * A column header in words for every column: a column with no title (a row's actions, a picture) says
 * what it holds to a screen reader, unseen (axe's "empty-table-header").
 */
export function headerOf<T>(column: AdminColumn<T>): AdminColumn<T> {
  if (column.title !== "") return column;
  const words = String(column.accessor)
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[._-]+/g, " ")
    .trim();
  const name = words ? words.charAt(0).toUpperCase() + words.slice(1) : "Actions";
  return { ...column, title: <VisuallyHidden>{name}</VisuallyHidden> };
}

/** A list's search, bound to its address (`q`). */
export interface TableSearch {
  value: string;
  onChange: (q: string) => void;
  placeholder?: string;
}

/** A list's sort, bound to its address: a column accessor, `-accessor` for descending. */
export interface TableSort {
  value: string;
  onChange: (sort: string) => void;
}

/**
 * An action on the selected rows: a button showing how many and its one-key shortcut, which also
 * fires from the keyboard while rows are selected (not while typing or asking).
 */
export interface BulkAction<T> {
  label: string;
  /** One key, shown in the button: "c" for "Confirm selected (C)". */
  shortcut?: string;
  run: (selected: T[]) => void;
  icon?: ReactNode;
  color?: string;
  testId?: string;
}

function BulkButton<T>({ action, selected }: { action: BulkAction<T>; selected: T[] }) {
  const run = () => action.run(selected);
  usePageShortcut(action.shortcut, run, selected.length > 0);
  const key = action.shortcut?.toUpperCase();
  return (
    <Button
      size="xs"
      color={action.color}
      leftSection={action.icon}
      rightSection={key ? <Kbd size="xs">{key}</Kbd> : undefined}
      disabled={selected.length === 0}
      onClick={run}
      aria-keyshortcuts={action.shortcut}
      title={key ? `Shortcut: ${key}` : undefined}
      data-testid={action.testId}
    >
      {action.label} ({selected.length})
    </Button>
  );
}

const clientSorted = <T,>(rows: T[], status: DataTableSortStatus<T>): T[] => {
  if (!status.columnAccessor) return rows;
  const key = String(status.columnAccessor);
  const dir = status.direction === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = comparable(valueAt(a, key));
    const y = comparable(valueAt(b, key));
    return x < y ? -dir : x > y ? dir : 0;
  });
};

/**
 * Every admin table: mantine-datatable with server paging and, for a list, its search, sort over
 * all rows (both in the address), saved filters and a CSV of every matching row streamed by the
 * server (`exportCsv`); a table of rows the page holds in full sorts and exports those.
 * Keyboard: `/` searches, the arrow keys move between rows, Enter opens one (`onOpen`), Space
 * selects it, and the bulk actions' keys fire on the selection.
 */
export function AdminTable<T>({
  records,
  columns,
  idAccessor,
  fetching,
  paging,
  csvName,
  exportCsv,
  exportAll,
  toolbar,
  search,
  sort,
  savedFilters = false,
  onOpen,
  bulkActions,
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
  /** The server's CSV of every row the list's query matches; resolves to the saved file's name. */
  exportCsv?: (fileName: string) => Promise<string>;
  /** Rows the page holds in full, for a CSV made here (else the shown rows). */
  exportAll?: () => Promise<T[]>;
  toolbar?: ReactNode;
  search?: TableSearch;
  sort?: TableSort;
  savedFilters?: boolean;
  onOpen?: (record: T) => void;
  bulkActions?: BulkAction<T>[];
  selectedRecords?: T[];
  onSelectedRecordsChange?: (records: T[]) => void;
  isRecordSelectable?: (record: T) => boolean;
  rowExpansion?: { content: (props: { record: T }) => ReactNode };
  testId: string;
  noRecordsText?: string;
}) {
  const [localSort, setLocalSort] = useState<DataTableSortStatus<T>>({
    columnAccessor: "",
    direction: "asc",
  });
  const [exporting, setExporting] = useState(false);
  const [activeRow, setActiveRow] = useState(0);
  const body = useRef<HTMLTableSectionElement | null>(null);

  const serverSort = sort ? parseSort(sort.value) : null;
  const sortedColumn = serverSort
    ? String(
        columns.find((c) => (c.sortKey ?? c.accessor) === serverSort.column)?.accessor ?? serverSort.column,
      )
    : "";
  const sortStatus: DataTableSortStatus<T> = sort
    ? { columnAccessor: sortedColumn, direction: serverSort?.direction ?? "asc" }
    : localSort;
  const onSortStatusChange = (status: DataTableSortStatus<T>) => {
    if (!sort) return setLocalSort(status);
    const column = String(status.columnAccessor);
    sort.onChange(
      sortParam({
        column: status.sortKey ?? column,
        // another column starts ascending; the same column turns around
        direction: column === sortedColumn ? status.direction : "asc",
      }),
    );
  };
  // The first rows are drawn from a deferred copy: a query delivers its rows in one synchronous render,
  // and a page of rows (badges, links, row actions) drawn there held a phone's main thread for 300-600
  // ms; drawn as a transition, React draws them in slices between frames, the table keeping its empty
  // space meanwhile. Once rows are shown, a change (a step taken on a row, another page) is drawn at
  // once, so the focus a dialog hands back finds the row as it now is.
  const deferredRecords = useDeferredValue(records);
  const shownRecords = deferredRecords?.length ? records : deferredRecords;
  // a list comes sorted by the server; rows the page holds in full are sorted here
  const rows = useMemo(
    () => (sort ? (shownRecords ?? []) : clientSorted(shownRecords ?? [], localSort)),
    [shownRecords, sort, localSort],
  );
  const active = Math.max(0, Math.min(activeRow, rows.length - 1));

  const focusRow = (index: number) => {
    const next = Math.max(0, Math.min(index, rows.length - 1));
    setActiveRow(next);
    body.current?.querySelector<HTMLElement>(`tr[data-row-index="${next}"]`)?.focus();
  };

  const selected = selectedRecords ?? [];
  const toggleSelected = (record: T) => {
    if (!onSelectedRecordsChange || (isRecordSelectable && !isRecordSelectable(record))) return;
    const id = record[idAccessor];
    onSelectedRecordsChange(
      selected.some((r) => r[idAccessor] === id)
        ? selected.filter((r) => r[idAccessor] !== id)
        : [...selected, record],
    );
  };

  const onRowKeyDown = (event: KeyboardEvent<HTMLElement>, record: T, index: number) => {
    const onRow = event.target === event.currentTarget;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      focusRow(index + (event.key === "ArrowDown" ? 1 : -1));
    } else if (onRow && (event.key === "Home" || event.key === "End")) {
      event.preventDefault();
      focusRow(event.key === "Home" ? 0 : rows.length - 1);
    } else if (onRow && event.key === "Enter") {
      event.preventDefault();
      if (onOpen) onOpen(record);
      else event.currentTarget.click();
    } else if (onRow && event.key === " " && onSelectedRecordsChange) {
      event.preventDefault();
      toggleSelected(record);
    }
  };

  const runExport = async () => {
    setExporting(true);
    try {
      if (exportCsv) {
        const name = await exportCsv(`${csvName}.csv`);
        notify.success(`${paging?.total ?? rows.length} rows exported to ${name}`);
      } else {
        const all = exportAll ? await exportAll() : rows;
        const name = `${csvName}.csv`;
        saveBlob(new Blob([await toCsv(all, columns)], { type: "text/csv;charset=utf-8" }), name);
        notify.success(`${all.length} rows exported to ${name}`);
      }
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
    ? { selectedRecords: selected, onSelectedRecordsChange, isRecordSelectable }
    : {};
  const visibleColumns = columns.filter((c) => !c.hidden);
  // chosen once: switching from the lazy wrapper to the loaded table would mount the table afresh
  const [DataTable] = useState(() => loadedTable ?? LazyTable);

  return (
    <Paper withBorder radius="md" data-testid={testId} data-admin-table>
      <Group justify="space-between" gap="sm" p="sm" wrap="wrap" align="flex-end">
        <Group gap="sm" wrap="wrap" align="flex-end" style={{ flex: 1 }}>
          {search && (
            <ListSearch
              value={search.value}
              onChange={search.onChange}
              placeholder={search.placeholder}
              onLeaveDown={() => focusRow(active)}
            />
          )}
          {toolbar}
          {bulkActions?.map((action) => (
            <BulkButton key={action.label} action={action} selected={selected} />
          ))}
        </Group>
        <Group gap="sm" wrap="wrap">
          {savedFilters && <SavedFilters />}
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={15} />}
            onClick={runExport}
            loading={exporting}
            disabled={!records?.length}
            data-testid="export-csv"
          >
            Export CSV
          </Button>
        </Group>
      </Group>
      <Suspense fallback={<Skeleton h={180} radius={0} data-testid={`${testId}-loading`} />}>
        <DataTable<T>
          // the union of paging and selection props is checked by mantine-datatable at runtime
          {...(pagination as object)}
          {...(selection as object)}
          records={rows}
          // one line per cell: the table scrolls sideways on a narrow screen instead of wrapping ids
          columns={columns.map((c) => ({ noWrap: true, ...headerOf(c) }) as DataTableColumn<T>)}
          // a row's actions stay on screen while the other columns scroll sideways
          pinLastColumn={visibleColumns.at(-1)?.accessor === "actions"}
          idAccessor={idAccessor}
          fetching={fetching}
          minHeight={shownRecords?.length ? undefined : 180}
          noRecordsText={noRecordsText}
          sortStatus={sortStatus}
          onSortStatusChange={onSortStatusChange}
          rowExpansion={rowExpansion}
          bodyRef={(element) => {
            body.current = element;
          }}
          rowClassName={() => classes.row}
          customRowAttributes={(record, index) => ({
            tabIndex: index === active ? 0 : -1,
            "data-row-index": index,
            // where the focus comes back to after a dialog opened from this row (see AskDialog)
            "data-record-id": String(record[idAccessor]),
            "data-active": index === active || undefined,
            "aria-keyshortcuts": onOpen ? "Enter" : undefined,
            onFocus: (event: { target: EventTarget; currentTarget: EventTarget }) => {
              if (event.target === event.currentTarget) setActiveRow(index);
            },
            onKeyDown: (event: KeyboardEvent<HTMLElement>) => onRowKeyDown(event, record, index),
          })}
          striped
          highlightOnHover
          verticalSpacing="xs"
          fz="sm"
          borderRadius="md"
          withTableBorder={false}
          textSelectionDisabled={false}
        />
      </Suspense>
      {paging && paging.total === 0 && !fetching && (
        <Text size="xs" c="dimmed" px="sm" pb="xs">
          No rows match these filters.
        </Text>
      )}
    </Paper>
  );
}

/** The list state a page hands its table (what `useListParams` gives). */
type ListState<P extends ListParams> = Omit<Paging, "total"> & {
  params: P;
  q?: string;
  setQ?: (q: string) => void;
  sort?: string;
  setSort?: (sort: string) => void;
};

/**
 * The props every server-paged list hands its table: rows, paging, search and sort bound to the
 * address, saved filters, and the server's CSV of every row the query matches.
 */
export function listTableProps<T, P extends ListParams>(
  query: { data?: { rows: T[]; total: number }; isFetching: boolean },
  exportRows: CsvExport<P>,
  list: ListState<P>,
) {
  const { params, q, setQ, sort, setSort, ...paging } = list;
  return {
    records: query.data?.rows,
    fetching: query.isFetching,
    exportCsv: (fileName: string) => exportRows(params, fileName),
    search: setQ ? { value: q ?? "", onChange: setQ } : undefined,
    sort: setSort ? { value: sort ?? "", onChange: setSort } : undefined,
    savedFilters: true,
    paging: { ...paging, total: query.data?.total ?? 0 },
  };
}
