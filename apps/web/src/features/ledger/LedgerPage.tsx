import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Menu,
  Modal,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import type { Invoice, LedgerStatement, LedgerStatementEntry } from "@portal/contracts";
import {
  financialYearRange,
  financialYearStart,
  formatCount,
  formatDate,
  formatRupees,
  LEDGER_VOUCHER_TYPES,
} from "@portal/domain";
import {
  IconDots,
  IconDownload,
  IconFileTypeCsv,
  IconFileTypePdf,
  IconFileTypeXml,
  IconPlayerTrackPrev,
  IconSearch,
} from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useDeferredValue, useMemo, useState } from "react";
import { Link } from "react-router";
import { DateRangeFields } from "../../components/DateFields";
import { PageHeader } from "../../components/PageHeader";
import { type Column, ResponsiveTable } from "../../components/ResponsiveTable";
import { StatusBadge } from "../../components/StatusBadge";
import { errorMessage } from "../../lib/api";
import { notify } from "../../lib/notify";
import { usePageTitle } from "../../lib/usePageTitle";
import { type LedgerFilter, ledgerDownloads, ledgerQueries } from "./api";
import { useDrawnInPieces } from "./useDrawnInPieces";

const balance = (amount: string, side: string) => `${formatRupees(amount)} ${side}`;
const amountOrBlank = (amount: string) => (amount === "0.00" ? "" : formatRupees(amount));

async function guarded(action: () => Promise<void> | void) {
  try {
    await action();
  } catch (error) {
    notify.error(errorMessage(error));
  }
}

/** Where an entry's details open: SR credit notes on the SR details screen, the rest on transaction details. */
export function detailsPath(e: LedgerStatementEntry): string {
  if (e.isSR && e.cndninvoicedetails.referenceID)
    return `/account/ledger/srdetails/${encodeURIComponent(e.cndninvoicedetails.referenceID)}/${e.approvedDate}/${e.noteType ?? "CN"}`;
  return `/account/transactionDetails/${e.ledgerAccount}/${e.id}`;
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Card withBorder p="sm">
      <Text size="xs" c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

/** The ledger: account switch, dates and voucher type, balances, ageing, the statement with popups, CSV and PDF. */
export function LedgerPage() {
  usePageTitle("Ledger");
  const [draft, setDraft] = useState({ ledgerAccount: "1", fromDate: "", toDate: "", voucherType: "" });
  const [filter, setFilter] = useState<LedgerFilter>({ ledgerAccount: 1 });
  const [invoiceOf, setInvoiceOf] = useState<number | null>(null);
  const [ordersOf, setOrdersOf] = useState<number | null>(null);
  const accTypes = useQuery(ledgerQueries.accTypes());
  const statement = useQuery({
    ...ledgerQueries.statement(filter),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const data = statement.error ? undefined : statement.data;
  // The dates the server applied fill the inputs the user left empty.
  const shownFrom = draft.fromDate || data?.fromDate || "";
  const shownTo = draft.toDate || data?.toDate || "";

  function search(next: Partial<typeof draft> = {}) {
    const d = { ...draft, fromDate: shownFrom, toDate: shownTo, ...next };
    setDraft(d);
    setFilter({
      ledgerAccount: Number(d.ledgerAccount),
      fromDate: d.fromDate,
      toDate: d.toDate,
      ...(d.voucherType ? { voucherType: d.voucherType as LedgerFilter["voucherType"] } : {}),
    });
  }
  function previousYear() {
    const year = financialYearStart(shownFrom || shownTo || new Date().toISOString().slice(0, 10)) - 1;
    const range = financialYearRange(year);
    search({ fromDate: range.from, toDate: range.to });
  }

  const accounts = (
    accTypes.data ?? [
      { ledgerAccount: 1, accTypeName: "Account 1", hasEntries: true },
      { ledgerAccount: 2, accTypeName: "Account 2", hasEntries: false },
    ]
  ).map((a) => ({ value: String(a.ledgerAccount), label: `${a.ledgerAccount} · ${a.accTypeName}` }));
  // The statement's sections are drawn from a deferred copy of it: the query delivers a statement in
  // one synchronous render, and a year's figures, ageing and rows drawn there held the main thread for
  // 400-650 ms on a phone; drawn as a transition, React draws them in slices between frames. Until the
  // copy catches up the skeleton (or the previous statement) keeps its place, so nothing moves.
  const shown = useDeferredValue(data);
  const entries = useMemo(() => (shown?.ledger.slice(1) ?? []) as LedgerStatementEntry[], [shown]);
  const opening = shown?.ledger[0];

  return (
    <Stack>
      <PageHeader
        title="Ledger"
        description="Your statement of account: invoices, payments, credit and debit notes."
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconFileTypeCsv size={16} />}
              disabled={!data}
              onClick={() => data && guarded(() => ledgerDownloads.csv(data))}
            >
              Download CSV
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileTypePdf size={16} />}
              disabled={!data}
              onClick={() => guarded(() => ledgerDownloads.pdf(filter))}
            >
              Download PDF
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileTypeXml size={16} />}
              disabled={!data}
              onClick={() => data && guarded(() => ledgerDownloads.tally(data, "xml"))}
            >
              Tally XML
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileTypeCsv size={16} />}
              disabled={!data}
              onClick={() => data && guarded(() => ledgerDownloads.tally(data, "csv"))}
            >
              Tally CSV
            </Button>
          </Group>
        }
      />
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="sm">
          <Select
            label="Ledger account"
            data={accounts}
            value={draft.ledgerAccount}
            allowDeselect={false}
            onChange={(v) => search({ ledgerAccount: v ?? "1" })}
          />
          <DateRangeFields
            from={shownFrom}
            to={shownTo}
            onChange={({ from, to }) => setDraft((d) => ({ ...d, fromDate: from, toDate: to }))}
          />
          <Select
            label="Voucher type"
            data={[
              { value: "", label: "All vouchers" },
              ...LEDGER_VOUCHER_TYPES.map((t) => ({ value: t, label: t })),
            ]}
            value={draft.voucherType}
            allowDeselect={false}
            onChange={(v) => search({ voucherType: v ?? "" })}
          />
          <Group align="flex-end" gap="xs" wrap="wrap">
            <Button leftSection={<IconSearch size={16} />} onClick={() => search()}>
              Search
            </Button>
            <Button variant="default" leftSection={<IconPlayerTrackPrev size={16} />} onClick={previousYear}>
              Previous year
            </Button>
          </Group>
        </SimpleGrid>
        {statement.error && (
          <Alert color="red" mt="sm" data-testid="ledger-error">
            {errorMessage(statement.error)}
          </Alert>
        )}
      </Card>
      {!shown && (statement.isLoading || data) && <LedgerSkeleton />}
      {shown && opening && (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <Figure
              label={`Opening balance ${formatDate(shown.fromDate)}`}
              value={balance(opening.openingBalance, opening.crdrOpeningBalance)}
              testId="opening-balance"
            />
            <Figure
              label={shown.voucherType ? `Debit (${shown.voucherType})` : "Total debit"}
              value={formatRupees(shown.totalDebit)}
            />
            <Figure
              label={shown.voucherType ? `Credit (${shown.voucherType})` : "Total credit"}
              value={formatRupees(shown.totalCredit)}
            />
            <Figure
              label={`Closing balance ${formatDate(shown.toDate)}`}
              value={balance(shown.closingBalance, shown.crdrClosingBalance)}
              testId="closing-balance"
            />
          </SimpleGrid>
          <Ageing statement={shown} />
          <StatementTable
            statement={shown}
            entries={entries}
            onInvoice={setInvoiceOf}
            onOrders={setOrdersOf}
          />
        </>
      )}
      <Text size="sm">
        Want this statement by mail?{" "}
        <Anchor component={Link} to="/settings" data-testid="statement-by-mail">
          Mail me my statement on the 1st of each month
        </Anchor>{" "}
        (in Settings).
      </Text>
      <InvoicePopup loadId={invoiceOf} onClose={() => setInvoiceOf(null)} />
      <OrderStatusPopup loadId={ordersOf} onClose={() => setOrdersOf(null)} />
    </Stack>
  );
}

/** Holds the figures' and the table's place while the first statement loads. */
function LedgerSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading your statement">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={74} />
        ))}
      </SimpleGrid>
      <Skeleton height={132} />
      <Skeleton height={480} />
    </Stack>
  );
}

/** What is open on the last day by age: the buckets add up to the outstanding. */
function Ageing({ statement }: { statement: LedgerStatement }) {
  const { ageing } = statement;
  return (
    <Card withBorder component="section" aria-labelledby="ledger-ageing" data-testid="ledger-ageing">
      <Group justify="space-between" align="baseline" mb="xs" wrap="wrap" gap={4}>
        <Title order={2} size="h5" id="ledger-ageing">
          What you owe by age on {formatDate(ageing.asOf)}
        </Title>
        <Text size="sm">
          Outstanding{" "}
          <Text span fw={700} data-testid="ageing-outstanding" style={{ whiteSpace: "nowrap" }}>
            {formatRupees(ageing.outstanding)}
          </Text>
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        {ageing.buckets.map((b) => (
          <div key={b.key}>
            <Text size="xs" c="dimmed">
              {b.label}
            </Text>
            <Text
              fw={700}
              data-testid={`ageing-${b.key}`}
              c={b.key === "over90" && b.amount !== "0.00" ? "red.9" : undefined}
              style={{ whiteSpace: "nowrap" }}
            >
              {formatRupees(b.amount)}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={6}>
        Days since each invoice or debit note; your payments and credits settle the oldest first.
      </Text>
    </Card>
  );
}

interface RowActions {
  onInvoice: (loadId: number) => void;
  onOrders: (loadId: number) => void;
}

function EntryActions({ e, onInvoice, onOrders }: RowActions & { e: LedgerStatementEntry }) {
  const loadId = e.loadId;
  // The menu (Floating UI's hooks and effects, on every row of a year) is made on the first click:
  // until then the same button stands in, and the click opens the menu at once.
  const [menuMade, setMenuMade] = useState(false);
  const more = (
    <Button
      size="compact-sm"
      variant="subtle"
      aria-label={`More for ${e.voucherNumber}`}
      aria-haspopup="menu"
      aria-expanded={menuMade ? undefined : false}
      onClick={menuMade ? undefined : () => setMenuMade(true)}
    >
      <IconDots size={16} />
    </Button>
  );
  return (
    <Group gap={4} wrap="nowrap">
      <Button component={Link} to={detailsPath(e)} size="compact-sm" variant="light">
        Details
      </Button>
      {loadId !== null &&
        (menuMade ? (
          <Menu position="bottom-end" defaultOpened>
            <Menu.Target>{more}</Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => onInvoice(loadId)}>Invoice</Menu.Item>
              <Menu.Item onClick={() => onOrders(loadId)}>Order status</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : (
          more
        ))}
    </Group>
  );
}

function Particulars({ e }: { e: LedgerStatementEntry }) {
  return (
    <Stack gap={0} align="flex-start" style={{ textAlign: "left" }}>
      <Group gap={6}>
        <Text size="sm" fw={600}>
          {e.descTitle}
        </Text>
        {e.noteType && (
          <Badge size="xs" variant="outline" color={e.creditAcc === "Cr" ? "teal.9" : "orange.9"}>
            {e.noteType}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {e.description}
      </Text>
      {e.docketNumber && (
        <Text size="xs" c="dimmed">
          Docket {e.docketNumber}
        </Text>
      )}
    </Stack>
  );
}

/** A line of the statement table: the opening balance, an entry, or the entries a filter left out. */
type StatementLine =
  | { type: "opening"; day: string; amount: string; side: string }
  | { type: "entry"; e: LedgerStatementEntry }
  | { type: "others"; count: number; debit: string; credit: string; voucherType: string };

const nowrap = { whiteSpace: "nowrap" } as const;

function statementColumns(statement: LedgerStatement, actions: RowActions): Column<StatementLine>[] {
  return [
    {
      key: "date",
      header: "Date",
      phone: "title",
      cell: (l) => (
        <span style={nowrap}>
          {l.type === "entry" ? formatDate(l.e.approvedDate) : l.type === "opening" ? formatDate(l.day) : ""}
        </span>
      ),
      footer: <span style={nowrap}>{formatDate(statement.toDate)}</span>,
    },
    {
      key: "particulars",
      header: "Particulars",
      cell: (l) =>
        l.type === "entry" ? (
          <Particulars e={l.e} />
        ) : l.type === "opening" ? (
          <Text fw={700} size="sm">
            Opening Balance
          </Text>
        ) : (
          <Text size="sm" fs="italic">
            Other vouchers, not shown ({formatCount(l.count)} {l.count === 1 ? "entry" : "entries"})
          </Text>
        ),
      footer: "Closing Balance",
    },
    {
      key: "voucher",
      header: "Voucher",
      cell: (l) =>
        l.type === "entry" ? (
          <div>
            <Text size="sm">{l.e.voucherType}</Text>
            <Text size="xs" c="dimmed" style={nowrap}>
              {l.e.voucherNumber}
            </Text>
          </div>
        ) : null,
    },
    {
      key: "reference",
      header: "Reference",
      phone: "hide",
      cell: (l) => (l.type === "entry" ? l.e.B2BReferenceNumber : null),
    },
    {
      key: "debit",
      header: "Debit",
      numeric: true,
      cell: (l) =>
        l.type === "entry" ? amountOrBlank(l.e.debit) : l.type === "others" ? amountOrBlank(l.debit) : "",
      footer: formatRupees(statement.totalDebit),
    },
    {
      key: "credit",
      header: "Credit",
      numeric: true,
      cell: (l) =>
        l.type === "entry" ? amountOrBlank(l.e.credit) : l.type === "others" ? amountOrBlank(l.credit) : "",
      footer: formatRupees(statement.totalCredit),
    },
    {
      key: "balance",
      header: "Balance",
      numeric: true,
      cell: (l) =>
        l.type === "entry" ? (
          balance(l.e.balance, l.e.crdrBalance)
        ) : l.type === "opening" ? (
          <Text span fw={700} size="sm">
            {balance(l.amount, l.side)}
          </Text>
        ) : (
          ""
        ),
      footer: balance(statement.closingBalance, statement.crdrClosingBalance),
    },
    {
      key: "actions",
      header: "Actions",
      headerHidden: true,
      phone: "bare",
      cell: (l) => (l.type === "entry" ? <EntryActions e={l.e} {...actions} /> : null),
    },
  ];
}

/**
 * The statement: a table on a laptop, labelled cards on a phone. A financial year is drawn in
 * pieces (a first screenful, then the rest a chunk at a time between frames) so no single task
 * draws it all; every row is in the page once drawn (and at once before printing), so the
 * browser's find and print see the whole statement.
 */
function StatementTable({
  statement,
  entries,
  ...actions
}: RowActions & { statement: LedgerStatement; entries: LedgerStatementEntry[] }) {
  const [opening] = statement.ledger;
  // One list per statement: the pieces are drawn while the statement stays the same.
  const lines = useMemo<StatementLine[]>(
    () => [
      {
        type: "opening",
        day: statement.fromDate,
        amount: opening.openingBalance,
        side: opening.crdrOpeningBalance,
      },
      ...entries.map((e) => ({ type: "entry" as const, e })),
      ...(statement.voucherType && statement.otherEntries.count > 0
        ? [{ type: "others" as const, voucherType: statement.voucherType, ...statement.otherEntries }]
        : []),
    ],
    [statement, opening, entries],
  );
  const shown = useDrawnInPieces(lines);
  return (
    <Card withBorder p={0} data-testid="ledger-statement">
      <ResponsiveTable
        label="Ledger statement"
        columns={statementColumns(statement, actions)}
        rows={shown}
        rowKey={(l) => (l.type === "entry" ? l.e.id : l.type)}
        testId="ledger-table"
        rowTestId="ledger-row"
      />
      {shown.length < lines.length && (
        <Text size="sm" c="dimmed" p="sm" aria-live="polite">
          Showing {formatCount(shown.length - 1)} of {formatCount(entries.length)} entries…
        </Text>
      )}
      {entries.length === 0 && (
        <Text c="dimmed" p="md">
          {statement.voucherType
            ? `No ${statement.voucherType} entries in this period.`
            : "No entries in this period."}
        </Text>
      )}
    </Card>
  );
}

/** The invoice popup's lines; on a phone each a card headed by its product, the order left out. */
const invoiceLineColumns: Column<Invoice["lines"][number]>[] = [
  { key: "order", header: "Order", phone: "hide", cell: (l) => l.poid },
  { key: "product", header: "Product", phone: "title", cell: (l) => `${l.productId} ${l.name}` },
  { key: "qty", header: "Qty", numeric: true, cell: (l) => l.quantity },
  { key: "taxable", header: "Taxable", numeric: true, cell: (l) => formatRupees(l.taxable) },
  { key: "total", header: "Total", numeric: true, cell: (l) => formatRupees(l.total) },
];

function InvoicePopup({ loadId, onClose }: { loadId: number | null; onClose: () => void }) {
  const invoice = useQuery({
    ...ledgerQueries.invoice(loadId),
    enabled: loadId !== null,
  });
  const inv = invoice.data;
  return (
    <Modal opened={loadId !== null} onClose={onClose} title="Invoice" size="xl">
      {invoice.isLoading && <Loader size="sm" />}
      {invoice.error && <Alert color="red">{errorMessage(invoice.error)}</Alert>}
      {inv && loadId !== null && (
        <Stack gap="sm" data-testid="ledger-invoice">
          <Group justify="space-between" align="flex-start">
            <div>
              <Text fw={700}>{inv.company.name}</Text>
              <Text size="sm">GSTIN: {inv.company.gstNo}</Text>
            </div>
            <div style={{ textAlign: "right" }}>
              <Text fw={700}>{inv.kind}</Text>
              <Text size="sm">Invoice No: {inv.number}</Text>
              <Text size="sm">Date: {formatDate(inv.issuedOn)}</Text>
            </div>
          </Group>
          <ResponsiveTable
            label="Invoice lines"
            columns={invoiceLineColumns}
            rows={inv.lines}
            rowKey={(l) => `${l.poid}-${l.productId}`}
            minWidth={520}
            testId="ledger-invoice-lines"
          />
          <Group justify="space-between">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() => guarded(() => ledgerDownloads.invoicePdf(loadId))}
            >
              Download PDF
            </Button>
            <Text fw={700}>Total {formatRupees(inv.total)}</Text>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function OrderStatusPopup({ loadId, onClose }: { loadId: number | null; onClose: () => void }) {
  const orders = useQuery({
    ...ledgerQueries.orders(loadId),
    enabled: loadId !== null,
  });
  return (
    <Modal opened={loadId !== null} onClose={onClose} title={`Order status: load ${loadId ?? ""}`} size="lg">
      {orders.isLoading && <Loader size="sm" />}
      {orders.error && <Alert color="red">{errorMessage(orders.error)}</Alert>}
      {orders.data && (
        <Stack gap="xs" data-testid="ledger-orders">
          {orders.data.orders.map((o) => (
            <Card withBorder p="sm" key={o.poid}>
              <Group justify="space-between">
                <Anchor component={Link} to={`/account/orderDetails/${o.poid}`} fw={600}>
                  {o.poid}
                </Anchor>
                <StatusBadge status={o.status} />
              </Group>
              <Text size="xs" c="dimmed">
                Ordered {formatDate(o.createddate)}
                {o.shippedDate ? ` · shipped ${formatDate(o.shippedDate)}` : ""}
                {o.deliveredDate ? ` · delivered ${formatDate(o.deliveredDate)}` : ""}
              </Text>
              <Text size="sm">
                {o.totalQuantity} units · {formatRupees(o.netPayment)}
                {o.gapReport > 0 ? ` · ${o.gapReport} short` : ""}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
