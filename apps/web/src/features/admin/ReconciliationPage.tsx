import { Alert, Badge, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { ReconciliationDisagreement } from "@portal/contracts";
import { RECONCILIATION_KIND_LABELS, type ReconciliationKind } from "@portal/domain";
import { useMemo, useState } from "react";
import { errorMessage } from "../../lib/api";
import { usePageTitle } from "../../lib/usePageTitle";
import { type AdminColumn, AdminTable } from "./AdminTable";
import { useReconciliation } from "./reconciliation-api";

type Row = ReconciliationDisagreement & { key: number };

const documents = (r: Row) => r.documents.map((d) => d.number).join(" → ");

const COLUMNS: AdminColumn<Row>[] = [
  {
    accessor: "label",
    title: "Check",
    noWrap: false,
    width: 260,
    render: (r) => (
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {r.label}
        </Text>
        <Text size="xs" c="dimmed">
          {r.partnerName} · account {r.ledgerAccount}
        </Text>
        <Text size="xs">{documents(r)}</Text>
      </Stack>
    ),
    csv: (r) => r.label,
  },
  { accessor: "partnerName", title: "Partner", hidden: true },
  { accessor: "ledgerAccount", title: "Account", hidden: true },
  { accessor: "documents", title: "Documents", hidden: true, csv: documents },
  {
    accessor: "expected",
    title: "Expected",
    textAlign: "right",
    render: (r) => (
      <Stack gap={0} align="flex-end">
        <Text size="sm">{r.expected}</Text>
        <Text size="xs" c="dimmed">
          {r.expectedLabel}
        </Text>
      </Stack>
    ),
  },
  {
    accessor: "found",
    title: "Found",
    textAlign: "right",
    render: (r) => (
      <Stack gap={0} align="flex-end">
        <Text size="sm">{r.found}</Text>
        <Text size="xs" c="dimmed">
          {r.foundLabel}
        </Text>
      </Stack>
    ),
  },
  {
    accessor: "difference",
    title: "Difference",
    textAlign: "right",
    render: (r) => (
      <Text size="sm" fw={600} c="red.8">
        {r.difference}
      </Text>
    ),
  },
];

/** On a phone: one column, the amounts under the check (the table would otherwise scroll sideways). */
const PHONE_COLUMNS: AdminColumn<Row>[] = [
  {
    ...(COLUMNS[0] as AdminColumn<Row>),
    render: (r) => (
      <Stack gap={2}>
        {COLUMNS[0]?.render?.(r, 0)}
        <Text size="xs">
          {r.expectedLabel}: {r.expected} · {r.foundLabel}: {r.found}
        </Text>
        <Text size="xs" fw={600} c="red.8">
          Difference {r.difference}
        </Text>
      </Stack>
    ),
    width: undefined,
  },
  ...COLUMNS.slice(1).map((c) => ({ ...c, hidden: true })),
];

const PAGE_SIZES = [25, 50, 100];

/** Order → load → invoice → ledger → payable, to the paisa: every disagreement, filterable, with counts. */
export function ReconciliationPage() {
  usePageTitle("Admin Console: Reconciliation");
  const report = useReconciliation();
  const phone = useMediaQuery("(max-width: 575px)");
  const [kind, setKind] = useState<string | null>(null);
  const [partner, setPartner] = useState<string | null>(null);
  const [account, setAccount] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const data = report.data;

  const rows = useMemo<Row[]>(
    () =>
      (data?.disagreements ?? [])
        .map((d, key) => ({ ...d, key }))
        .filter(
          (d) =>
            (!kind || d.kind === kind) &&
            (!partner || String(d.userId) === partner) &&
            (!account || String(d.ledgerAccount) === account),
        ),
    [data, kind, partner, account],
  );
  const partners = useMemo(() => {
    const seen = new Map<string, string>();
    for (const a of data?.accounts ?? []) seen.set(String(a.userId), `${a.partnerName} (#${a.userId})`);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [data]);
  const filtered =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  const accountsWithDisagreements = (data?.accounts ?? []).filter((a) => a.disagreements > 0).length;

  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz={20}>
          Reconciliation
        </Title>
        <Text size="sm" c="dimmed">
          Every partner and ledger account: order → load → invoice → ledger → payable, to the paisa.
        </Text>
      </div>
      {report.error && (
        <Alert color="red" title="The report could not be read">
          {errorMessage(report.error)}
        </Alert>
      )}
      <SimpleGrid cols={3} spacing="xs" data-testid="reconciliation-summary">
        <Paper withBorder p="xs" radius="md">
          <Text size="xs" c="dimmed" fw={600}>
            Disagreements
          </Text>
          <Text fz={24} fw={700} c={data && data.total > 0 ? "red.8" : "green.8"}>
            {data ? data.total : "…"}
          </Text>
        </Paper>
        <Paper withBorder p="xs" radius="md">
          <Text size="xs" c="dimmed" fw={600}>
            Accounts checked
          </Text>
          <Text fz={24} fw={700}>
            {data ? data.accounts.length : "…"}
          </Text>
        </Paper>
        <Paper withBorder p="xs" radius="md">
          <Text size="xs" c="dimmed" fw={600}>
            Accounts with disagreements
          </Text>
          <Text fz={24} fw={700}>
            {data ? accountsWithDisagreements : "…"}
          </Text>
        </Paper>
      </SimpleGrid>
      {data && data.total > 0 && (
        <Group gap={6} aria-label="Disagreements by check">
          {data.byKind
            .filter((k) => k.count > 0)
            .map((k) => (
              <Badge
                key={k.kind}
                component="button"
                type="button"
                variant={kind === k.kind ? "filled" : "light"}
                color="red"
                tt="none"
                style={{ cursor: "pointer" }}
                onClick={() => filtered(setKind)(kind === k.kind ? null : k.kind)}
              >
                {k.label}: {k.count}
              </Badge>
            ))}
        </Group>
      )}
      <AdminTable
        testId="reconciliation-table"
        columns={phone ? PHONE_COLUMNS : COLUMNS}
        idAccessor="key"
        csvName="reconciliation"
        records={rows.slice((page - 1) * pageSize, page * pageSize)}
        exportAll={async () => rows}
        fetching={report.isFetching}
        paging={{
          total: rows.length,
          page,
          pageSize,
          pageSizes: PAGE_SIZES,
          setPage,
          setPageSize: filtered(setPageSize),
        }}
        noRecordsText={
          data?.total === 0 ? "Every document agrees with the one before it" : "No disagreements"
        }
        toolbar={
          <>
            <Select
              label="Check"
              size="xs"
              w={220}
              clearable
              placeholder="Every check"
              data={Object.entries(RECONCILIATION_KIND_LABELS).map(([value, label]) => ({ value, label }))}
              value={kind}
              onChange={filtered(setKind)}
              renderOption={({ option }) => (
                <Text size="xs">
                  {option.label}
                  {data
                    ? ` (${data.byKind.find((k) => k.kind === (option.value as ReconciliationKind))?.count ?? 0})`
                    : ""}
                </Text>
              )}
            />
            <Select
              label="Partner"
              size="xs"
              w={220}
              clearable
              searchable
              placeholder="Every partner"
              data={partners}
              value={partner}
              onChange={filtered(setPartner)}
            />
            <Select
              label="Ledger account"
              size="xs"
              w={130}
              clearable
              placeholder="Both"
              data={[
                { value: "1", label: "Account 1" },
                { value: "2", label: "Account 2" },
              ]}
              value={account}
              onChange={filtered(setAccount)}
            />
          </>
        }
      />
    </Stack>
  );
}
