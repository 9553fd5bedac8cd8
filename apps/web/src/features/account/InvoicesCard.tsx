import { Button, Card, Group, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { formatRupees, indiaDay, monthName, toPaise } from "@portal/domain";
import { IconFileZip } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { FigureCard, guarded } from "../../components/lists";
import { accountQueries, downloads } from "./api";

/** This month and the eleven before it, newest first, as yyyy-MM. */
function recentMonths(today: string, count = 12): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, i) => {
    const m = month - i;
    const y = year + Math.floor(m / 12);
    return `${y}-${String((((m % 12) + 12) % 12) + 1).padStart(2, "0")}`;
  });
}

/**
 * What the partner owes by the allocation rule (the ledger's outstanding, on invoices and other
 * debits, less any advance), the payments awaiting approval beside it (not taken off the ledger
 * balance) and what is owed once they are approved, and a month's tax invoices as one zip of PDFs.
 */
export function InvoicesCard() {
  const invoices = useQuery(accountQueries.invoices());
  const months = recentMonths(indiaDay(new Date()));
  const [month, setMonth] = useState<string>(months[1] ?? months[0] ?? "");
  const [busy, setBusy] = useState(false);
  const dues = invoices.data?.dues;
  const unpaid = invoices.data?.rows.filter((r) => r.status !== "paid").length ?? 0;
  async function download() {
    setBusy(true);
    await guarded(() => downloads.monthInvoices(month));
    setBusy(false);
  }
  return (
    <Card withBorder data-testid="invoices-card">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Invoices and payments
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
          <FigureCard label="Outstanding" value={dues ? formatRupees(dues.outstanding) : "—"} />
          <FigureCard
            strong={false}
            label="Due on invoices"
            value={dues ? formatRupees(dues.invoicesDue) : "—"}
          />
          <FigureCard strong={false} label="Invoices not fully paid" value={invoices.data ? unpaid : "—"} />
          <FigureCard
            strong={false}
            label={dues && toPaise(dues.otherDue) > 0n ? "Other charges due" : "Advance"}
            value={dues ? formatRupees(toPaise(dues.otherDue) > 0n ? dues.otherDue : dues.advance) : "—"}
          />
          <FigureCard
            strong={false}
            label="Payments awaiting approval"
            value={dues ? formatRupees(dues.awaitingApproval) : "—"}
          />
          <FigureCard
            label="You owe after they are approved"
            value={dues ? formatRupees(dues.owedAfterPending) : "—"}
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed" mih="1.55em">
          {invoices.data?.rule ?? ""}
        </Text>
        <Group align="flex-end" gap="sm">
          <Select
            label="Month"
            data={months.map((m) => ({ value: m, label: monthName(m) }))}
            value={month}
            onChange={(v) => v && setMonth(v)}
            allowDeselect={false}
            w={200}
          />
          <Button
            variant="default"
            leftSection={<IconFileZip size={16} aria-hidden />}
            loading={busy}
            onClick={download}
          >
            Download month's invoices
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
