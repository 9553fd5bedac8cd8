import { Card, Group, Pagination, Select, Text } from "@mantine/core";
import type { ReactNode } from "react";

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

/** Page size choice and page numbers under a table. */
export function PagingBar(props: {
  sizes: readonly number[];
  pageSize: number;
  onPageSize: (size: number) => void;
  pageNo: number;
  onPageNo: (page: number) => void;
  count: number;
}) {
  return (
    <Group justify="space-between">
      <Select
        w={110}
        aria-label="Page size"
        data={props.sizes.map(String)}
        value={String(props.pageSize)}
        onChange={(v) => props.onPageSize(Number(v ?? props.sizes[0]))}
        allowDeselect={false}
      />
      <Pagination
        total={Math.max(1, Math.ceil(props.count / props.pageSize))}
        value={props.pageNo}
        onChange={props.onPageNo}
      />
    </Group>
  );
}
