import { Anchor, Button, Card, Group, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { formatRupees } from "@portal/domain";
import { IconFileTypeCsv } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { type Column, ResponsiveTable } from "../../components/ResponsiveTable";
import { notify } from "../../lib/notify";
import { downloadCsv } from "./csv";

/** Integer paise in the Indian format: ₹1,23,456.78. */
export const rupees = (paise: number) => formatRupees(BigInt(paise));
/** Integer paise as the plain decimal a spreadsheet reads: 123456.78. */
export const decimal = (paise: number) => (paise / 100).toFixed(2);

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** 2026-01 -> "Jan 2026". */
export const monthLabel = (month: string) =>
  `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** Hours as a person reads a wait: "20.5 h" under two days, else "3.4 days"; "—" when none. */
export function waitLabel(hours: number | null): string {
  if (hours === null) return "—";
  return hours < 48 ? `${hours.toFixed(1)} h` : `${(hours / 24).toFixed(1)} days`;
}

/** A page of the account area, filtered by the address (the order history reads these). */
export function historyLink(filter: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter))
    if (value !== undefined && value !== "") params.set(key, String(value));
  return `/account/orderHistory?${params.toString()}`;
}

/** A figure with what it counts one click away. */
export function Figure({
  label,
  value,
  note,
  to,
  linkLabel,
  testId,
}: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  to?: string;
  linkLabel?: string;
  testId?: string;
}) {
  return (
    <Card withBorder p="sm" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text fw={700} size="lg" component="div" data-testid={testId ? `${testId}-value` : undefined}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
      {to && (
        <Anchor component={Link} to={to} size="xs">
          {linkLabel ?? "Show the documents"}
        </Anchor>
      )}
    </Card>
  );
}

/** A column of a dashboard table: its cell on screen and its value in the CSV. */
export type DashColumn<T> = Column<T> & { csv: (row: T) => string | number };

/**
 * A section of the dashboard: its chart, or the same figures as a table (the switch), and a CSV of
 * the table made from the answer. Without a chart it is the table.
 */
export function Panel<T>({
  title,
  description,
  chart,
  columns,
  rows,
  rowKey,
  csvName,
  testId,
  actions,
}: {
  title: string;
  description?: ReactNode;
  chart?: ReactNode;
  columns: readonly DashColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  csvName: string;
  testId: string;
  actions?: ReactNode;
}) {
  const [view, setView] = useState<"chart" | "table">(chart ? "chart" : "table");
  const csv = () =>
    downloadCsv(
      csvName,
      columns.map((c) => c.header),
      rows.map((r) => columns.map((c) => c.csv(r))),
    ).catch(() => notify.error("The CSV could not be made. Please try again."));
  return (
    <Card withBorder data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div style={{ minWidth: 0, flex: "1 1 220px" }}>
            <Title order={2} size="h4">
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </div>
          <Group gap="xs" wrap="wrap">
            {chart && (
              <SegmentedControl
                size="xs"
                value={view}
                onChange={(v) => setView(v as "chart" | "table")}
                data={[
                  { value: "chart", label: "Chart" },
                  { value: "table", label: "Table" },
                ]}
                aria-label={`${title}: show as`}
              />
            )}
            <Button
              size="xs"
              variant="default"
              leftSection={<IconFileTypeCsv size={14} />}
              onClick={csv}
              aria-label={`${title}: download CSV`}
            >
              CSV
            </Button>
            {actions}
          </Group>
        </Group>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing in this period.
          </Text>
        ) : view === "chart" && chart ? (
          chart
        ) : (
          <ResponsiveTable
            label={title}
            columns={columns}
            rows={rows}
            rowKey={rowKey}
            testId={`${testId}-table`}
          />
        )}
      </Stack>
    </Card>
  );
}
