import { Table } from "@mantine/core";
import { IconArrowDown, IconArrowsSort, IconArrowUp } from "@tabler/icons-react";
import type { CSSProperties, ReactNode } from "react";
import classes from "./ResponsiveTable.module.css";

/**
 * A column of a partner table. On a phone (below 640 px) each row is a card: the `title` cell heads
 * it, ordinary cells are lines labelled with the header, `bare` cells (actions) sit unlabelled at
 * the end, and `hide` cells are left out (keep only the figures that matter: number, date, status,
 * amount, action).
 */
export interface Column<T> {
  key: string;
  /** The header; always words, so a screen reader and the phone card can name the cell. */
  header: string;
  cell: (row: T) => ReactNode;
  phone?: "title" | "line" | "bare" | "hide";
  /** Figures align right and never wrap. */
  numeric?: boolean;
  /** Shown to screen readers only (an actions column). */
  headerHidden?: boolean;
  /** Sortable by this key (see `sort`). */
  sortable?: boolean;
  /** A cell of the footer (totals) row under this column. */
  footer?: ReactNode;
}

export interface TableSortState {
  key: string;
  direction: "asc" | "desc";
}

export interface ResponsiveTableProps<T> {
  /** Names the table and its scroll region for assistive technology. */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  sort?: TableSortState;
  onSort?: (sort: TableSortState) => void;
  /** Minimum width of the wide form before it scrolls inside its own region. */
  minWidth?: number;
  testId?: string;
  rowTestId?: string;
  striped?: boolean;
}

function cellClass<T>(column: Column<T>): string | undefined {
  const names = [
    column.numeric ? classes.numeric : "",
    column.phone === "title" ? classes.title : "",
    column.phone === "bare" ? classes.bare : "",
    column.phone === "hide" ? classes.hideOnPhone : "",
  ].filter(Boolean);
  return names.length ? names.join(" ") : undefined;
}

function SortHeader<T>({
  column,
  sort,
  onSort,
}: {
  column: Column<T>;
  sort?: TableSortState;
  onSort: (sort: TableSortState) => void;
}) {
  const active = sort?.key === column.key;
  const next: TableSortState = {
    key: column.key,
    direction: active && sort?.direction === "asc" ? "desc" : "asc",
  };
  const Icon = !active ? IconArrowsSort : sort?.direction === "asc" ? IconArrowUp : IconArrowDown;
  return (
    <button type="button" className={classes.sortButton} onClick={() => onSort(next)}>
      {column.header}
      <Icon size={14} aria-hidden />
    </button>
  );
}

/** A table that reads on a 390 px phone as cards and on a laptop as a table with sortable headers. */
export function ResponsiveTable<T>(props: ResponsiveTableProps<T>) {
  const { columns, rows, sort, onSort } = props;
  const hasFooter = columns.some((c) => c.footer !== undefined);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <section className={classes.region} aria-label={props.label} tabIndex={0}>
      <Table
        className={classes.table}
        striped={props.striped ?? true}
        highlightOnHover
        style={props.minWidth ? ({ "--table-min-width": `${props.minWidth}px` } as CSSProperties) : undefined}
        data-testid={props.testId}
        aria-label={props.label}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th
                key={c.key}
                ta={c.numeric ? "right" : undefined}
                aria-sort={
                  sort?.key === c.key ? (sort.direction === "asc" ? "ascending" : "descending") : undefined
                }
              >
                {c.headerHidden ? (
                  <span className={classes.visuallyHidden}>{c.header}</span>
                ) : c.sortable && onSort ? (
                  <SortHeader column={c} sort={sort} onSort={onSort} />
                ) : (
                  c.header
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={props.rowKey(row)} data-testid={props.rowTestId}>
              {columns.map((c) => (
                <Table.Td
                  key={c.key}
                  className={cellClass(c)}
                  ta={c.numeric ? "right" : undefined}
                  data-label={c.header}
                >
                  {c.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {hasFooter && rows.length > 0 && (
          <Table.Tfoot>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Td
                  key={c.key}
                  className={c.footer === undefined ? classes.hideOnPhone : cellClass(c)}
                  ta={c.numeric ? "right" : undefined}
                  data-label={c.header}
                  fw={700}
                >
                  {c.footer}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </section>
  );
}

/** Sorts rows on the client by a column's value (small, fully loaded lists). */
export function sortRows<T>(
  rows: readonly T[],
  sort: TableSortState | undefined,
  keyValue: (row: T, key: string) => string | number,
): T[] {
  if (!sort) return [...rows];
  const sign = sort.direction === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = keyValue(a, sort.key);
    const y = keyValue(b, sort.key);
    return (x < y ? -1 : x > y ? 1 : 0) * sign;
  });
}
