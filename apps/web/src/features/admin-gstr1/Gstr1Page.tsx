import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import type { Gstr1Totals } from "@portal/contracts";
import { formatRupees } from "@portal/domain";
import { IconDownload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { FigureCard } from "../../components/lists";
import { errorMessage } from "../../lib/api";
import { notify } from "../../lib/notify";
import { usePageTitle } from "../../lib/usePageTitle";
import { adminGstr1Queries, downloadGstr1 } from "./api";

/** The months a return can be made for, newest first: from GST's start (2017-07) to the current month. */
function monthChoices(now = new Date()): { value: string; label: string }[] {
  const out: { value: string; label: string }[] = [];
  const fmt = new Intl.DateTimeFormat("en-IN", { month: "long", year: "numeric", timeZone: "UTC" });
  for (let y = now.getFullYear(), m = now.getMonth() + 1; y > 2017 || (y === 2017 && m >= 7); ) {
    const value = `${y}-${String(m).padStart(2, "0")}`;
    out.push({ value, label: fmt.format(new Date(Date.UTC(y, m - 1, 1))) });
    m -= 1;
    if (m === 0) {
      m = 12;
      y -= 1;
    }
  }
  return out;
}

const ROWS = [
  ["invoices", "Tax invoices"],
  ["creditNotes", "Credit notes"],
  ["debitNotes", "Debit notes"],
  ["b2b", "B2B invoices (registered partners)"],
  ["b2c", "B2C small (unregistered partners, net of notes)"],
  ["net", "Net (invoices + debit notes − credit notes)"],
] as const;

type TotalsByRow = Record<(typeof ROWS)[number][0], Gstr1Totals>;

/** On a phone: one card per row of the totals, its figures two by two. */
function TotalsCards({ totals }: { totals: TotalsByRow }) {
  return (
    <Stack gap="xs" hiddenFrom="sm">
      {ROWS.map(([key, label]) => {
        const t = totals[key];
        return (
          <Card key={key} withBorder p="sm">
            <Text size="sm" fw={700}>
              {label} · {t.documents}
            </Text>
            <SimpleGrid cols={2} spacing={4} mt={4}>
              {(
                [
                  ["Taxable", t.taxable],
                  ["Value", t.value],
                  ["IGST", t.igst],
                  ["CGST", t.cgst],
                  ["SGST", t.sgst],
                ] as const
              ).map(([name, amount]) => (
                <Text key={name} size="sm">
                  <Text span c="dimmed" size="xs">
                    {name}{" "}
                  </Text>
                  {formatRupees(amount)}
                </Text>
              ))}
            </SimpleGrid>
          </Card>
        );
      })}
    </Stack>
  );
}

function TotalsTable({ totals }: { totals: TotalsByRow }) {
  return (
    <Table.ScrollContainer minWidth={640} visibleFrom="sm">
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Documents</Table.Th>
            <Table.Th ta="right">Count</Table.Th>
            <Table.Th ta="right">Taxable</Table.Th>
            <Table.Th ta="right">IGST</Table.Th>
            <Table.Th ta="right">CGST</Table.Th>
            <Table.Th ta="right">SGST</Table.Th>
            <Table.Th ta="right">Value</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ROWS.map(([key, label]) => {
            const t = totals[key];
            return (
              <Table.Tr key={key} fw={key === "net" ? 700 : undefined}>
                <Table.Td>{label}</Table.Td>
                <Table.Td ta="right">{t.documents}</Table.Td>
                <Table.Td ta="right">{formatRupees(t.taxable)}</Table.Td>
                <Table.Td ta="right">{formatRupees(t.igst)}</Table.Td>
                <Table.Td ta="right">{formatRupees(t.cgst)}</Table.Td>
                <Table.Td ta="right">{formatRupees(t.sgst)}</Table.Td>
                <Table.Td ta="right">{formatRupees(t.value)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** GSTR-1: pick the issuing company's GSTIN and the month, see the totals, download JSON or CSV. */
export function Gstr1Page() {
  usePageTitle("GSTR-1");
  const companies = useQuery(adminGstr1Queries.companies());
  const months = monthChoices();
  const [gstin, setGstin] = useState<string | null>(null);
  const [month, setMonth] = useState<string | null>(months[1]?.value ?? null);
  const chosenGstin = gstin ?? companies.data?.[0]?.gstin ?? "";
  const summary = useQuery(adminGstr1Queries.summary(chosenGstin, month ?? ""));
  const [busy, setBusy] = useState<"json" | "csv" | null>(null);

  async function download(format: "json" | "csv") {
    if (!chosenGstin || !month) return;
    setBusy(format);
    try {
      await downloadGstr1(chosenGstin, month, format);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  const s = summary.data;
  return (
    <Stack>
      <div>
        <Title order={2}>GSTR-1</Title>
        <Text c="dimmed" size="sm">
          Outward supplies of a month for one GSTIN: B2B, B2C small, credit and debit notes, HSN summary and
          documents issued, as the GST offline tool's JSON or as CSV.
        </Text>
      </div>
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="GSTIN"
            data={(companies.data ?? []).map((c) => ({ value: c.gstin, label: `${c.gstin} · ${c.name}` }))}
            value={chosenGstin || null}
            onChange={setGstin}
            allowDeselect={false}
          />
          <Select
            label="Month"
            data={months}
            value={month}
            onChange={setMonth}
            searchable
            allowDeselect={false}
          />
        </SimpleGrid>
      </Card>
      {summary.isError && <Alert color="red">{errorMessage(summary.error)}</Alert>}
      {s && (
        <>
          <Text size="sm">
            {s.companyName} · return period {s.fp}
          </Text>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
            <FigureCard label="Taxable value" value={formatRupees(s.totals.net.taxable)} />
            <FigureCard label="IGST" value={formatRupees(s.totals.net.igst)} />
            <FigureCard label="CGST" value={formatRupees(s.totals.net.cgst)} />
            <FigureCard label="SGST" value={formatRupees(s.totals.net.sgst)} />
          </SimpleGrid>
          <TotalsTable totals={s.totals} />
          <TotalsCards totals={s.totals} />
          <Text size="sm" c="dimmed">
            B2B partners: {s.counts.b2bPartners} · partners with notes: {s.counts.cdnrPartners} · B2C rows:{" "}
            {s.counts.b2csRows} · HSN rows: {s.counts.hsnRows}
          </Text>
          <Group>
            <Button
              leftSection={<IconDownload size={16} />}
              loading={busy === "json"}
              onClick={() => download("json")}
            >
              Download JSON
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              loading={busy === "csv"}
              onClick={() => download("csv")}
            >
              Download CSV
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
