import { Alert, Badge, Group, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { ReconciliationDisagreement } from "@portal/contracts";
import { formatRupees, RECONCILIATION_KIND_LABELS, type ReconciliationKind } from "@portal/domain";
import { useMemo, useState } from "react";
import { type AdminColumn, AdminTable } from "../../admin-kit/AdminTable";
import { usePhoneColumns } from "../../admin-kit/phone-columns";
import { FigureCard } from "../../components/lists";
import { errorMessage } from "../../lib/api";
import { usePageTitle } from "../../lib/usePageTitle";
import { useReconciliation } from "./api";

type Row = ReconciliationDisagreement & { key: number };

const documents = (r: Row) => r.documents.map((d) => d.number).join(" → ");
/** An amount as rupees; quantities, series numbers and days as they are. */
const shown = (r: Row, value: string) => (r.measure === "amount" ? formatRupees(value) : value);

/** A figure of the check, right-aligned with what it is under it. */
const figure = (accessor: "expected" | "found", title: string): AdminColumn<Row> => ({
  accessor,
  title,
  textAlign: "right",
  render: (r) => (
    <Stack gap={0} align="flex-end">
      <Text size="sm">{shown(r, r[accessor])}</Text>
      <Text size="xs" c="dimmed">
        {accessor === "expected" ? r.expectedLabel : r.foundLabel}
      </Text>
    </Stack>
  ),
});

const check = (r: Row) => (
  <Stack gap={2}>
    <Text size="sm" fw={600}>
      {r.label}
    </Text>
    <Text size="xs" c="dimmed">
      {r.partnerName} · account {r.ledgerAccount}
    </Text>
    <Text size="xs">{documents(r)}</Text>
  </Stack>
);

const COLUMNS: AdminColumn<Row>[] = [
  { accessor: "label", title: "Check", noWrap: false, render: check },
  { accessor: "partnerName", title: "Partner", hidden: true },
  { accessor: "ledgerAccount", title: "Account", hidden: true },
  { accessor: "documents", title: "Documents", hidden: true, csv: documents },
  figure("expected", "Expected"),
  figure("found", "Found"),
  {
    accessor: "difference",
    title: "Difference",
    textAlign: "right",
    render: (r) => (
      <Text size="sm" fw={600} c="red.8">
        {shown(r, r.difference)}
      </Text>
    ),
  },
];

/** On a phone: the amounts under the check. */
const STACKED: AdminColumn<Row> = {
  accessor: "check",
  title: "Check",
  noWrap: false,
  render: (r) => (
    <Stack gap={2}>
      {check(r)}
      <Text size="xs">
        {r.expectedLabel}: {shown(r, r.expected)} · {r.foundLabel}: {shown(r, r.found)}
      </Text>
      <Text size="xs" fw={600} c="red.8">
        Difference {shown(r, r.difference)}
      </Text>
    </Stack>
  ),
};

const PAGE_SIZES = [25, 50, 100];

/** Order → load → invoice → ledger → payable, to the paisa: every disagreement, filterable, with counts. */
export function ReconciliationPage() {
  usePageTitle("Admin Console: Reconciliation");
  const report = useReconciliation();
  const columns = usePhoneColumns(COLUMNS, STACKED);
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
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" data-testid="reconciliation-summary">
        <FigureCard
          label="Disagreements"
          value={
            <Text span inherit c={data && data.total > 0 ? "red.8" : "green.8"}>
              {data ? data.total : "…"}
            </Text>
          }
        />
        <FigureCard label="Accounts checked" value={data ? data.accounts.length : "…"} />
        <FigureCard label="Accounts with disagreements" value={data ? accountsWithDisagreements : "…"} />
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
                onClick={() => filtered(setKind)(kind === k.kind ? null : k.kind)}
                h="auto"
                py={4}
                style={{ cursor: "pointer", textAlign: "left" }}
                styles={{ label: { whiteSpace: "normal" } }}
              >
                {k.count} · {k.label}
              </Badge>
            ))}
        </Group>
      )}
      <AdminTable
        testId="reconciliation-table"
        columns={columns}
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
              comboboxProps={{ zIndex: 300 }}
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
              comboboxProps={{ zIndex: 300 }}
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
              comboboxProps={{ zIndex: 300 }}
            />
          </>
        }
      />
    </Stack>
  );
}
