import { Button, Card, Group, Loader, Pagination, ScrollArea, Select, Table, Text } from "@mantine/core";
import { STATIC_WAREHOUSES } from "@portal/domain";
import { IconSearch } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { errorMessage } from "../lib/api";
import { notify } from "../lib/notify";

/** Runs a download or other action; a failure becomes an error notice. */
export async function guarded(action: () => Promise<void>) {
  try {
    await action();
  } catch (error) {
    notify.error(errorMessage(error));
  }
}

/** A labelled figure: the stats strip, load totals, order facts. */
export function FigureCard({
  label,
  value,
  strong = true,
}: {
  label: string;
  value: ReactNode;
  strong?: boolean;
}) {
  return (
    <Card withBorder p="sm">
      <Text size="xs" c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text fw={strong ? 700 : 600} size={strong ? "lg" : "md"} component="div">
        {value}
      </Text>
    </Card>
  );
}

/** Page number and page size of a paged list; a new page size goes back to page 1. */
export function usePaging(initialSize: number) {
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setSize] = useState<number>(initialSize);
  const setPageSize = (size: number) => {
    setSize(size);
    setPageNo(1);
  };
  return { pageNo, setPageNo, pageSize, setPageSize };
}

/** Page size choice and page numbers under a table. */
export function PagingBar(props: {
  sizes: readonly number[];
  paging: ReturnType<typeof usePaging>;
  count: number;
}) {
  const { paging } = props;
  return (
    <Group justify="space-between" gap="xs">
      <Select
        w={110}
        aria-label="Page size"
        data={props.sizes.map(String)}
        value={String(paging.pageSize)}
        onChange={(v) => paging.setPageSize(Number(v ?? props.sizes[0]))}
        allowDeselect={false}
      />
      {/* one page either side of the current one: the pager fits a 390 px phone */}
      <Pagination
        total={Math.max(1, Math.ceil(props.count / paging.pageSize))}
        value={paging.pageNo}
        onChange={paging.setPageNo}
        siblings={1}
        boundaries={1}
      />
    </Group>
  );
}

/** Under a list's table: a loader while it loads, then `emptyText` when it has no rows. */
export function ListStatus({
  loading,
  empty,
  emptyText,
}: {
  loading: boolean;
  empty: boolean;
  emptyText: string;
}) {
  if (loading)
    return (
      <Group justify="center" p="md">
        <Loader size="sm" />
      </Group>
    );
  if (!empty) return null;
  return (
    <Text c="dimmed" ta="center" p="md">
      {emptyText}
    </Text>
  );
}

/** A filter bar's Clear and Search buttons. */
export function FilterActions({ onClear, onSearch }: { onClear: () => void; onSearch: () => void }) {
  return (
    <Group mt="sm" justify="flex-end">
      <Button variant="subtle" onClick={onClear}>
        Clear
      </Button>
      <Button leftSection={<IconSearch size={16} />} onClick={onSearch}>
        Search
      </Button>
    </Group>
  );
}

/** The warehouse filter: all warehouses or one. */
export function WarehouseSelect({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (v: string | null) => void;
}) {
  return (
    <Select
      label="Warehouse"
      placeholder="All"
      data={STATIC_WAREHOUSES.map((w) => ({ value: String(w.id), label: w.name }))}
      value={value}
      onChange={onChange}
      clearable
    />
  );
}

/** A list's table in a bordered card that scrolls sideways on narrow screens; `footer` sits under it. */
export function TableCard({
  testId,
  miw,
  highlight = false,
  nowrap = true,
  children,
  footer,
  label,
}: {
  testId: string;
  /** The table's name, said when its scroll area takes the focus. */
  label?: string;
  miw: number;
  highlight?: boolean;
  /** Cells on one line (the table scrolls sideways instead). */
  nowrap?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Card withBorder p={0}>
      {/* a table wider than the phone scrolls sideways: its scroll area takes the keyboard's focus */}
      <ScrollArea
        type="auto"
        viewportProps={{ tabIndex: 0, role: "region", "aria-label": label ?? "Table (scrolls sideways)" }}
      >
        <Table
          striped
          highlightOnHover={highlight}
          miw={miw}
          data-testid={testId}
          verticalSpacing="xs"
          style={nowrap ? { whiteSpace: "nowrap" } : undefined}
        >
          {children}
        </Table>
      </ScrollArea>
      {footer}
    </Card>
  );
}
