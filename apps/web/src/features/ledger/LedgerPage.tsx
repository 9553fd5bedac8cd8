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
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from "@mantine/core";
import type { LedgerStatement, LedgerStatementEntry } from "@portal/contracts";
import { financialYearRange, financialYearStart, formatDate, formatRupees } from "@portal/domain";
import {
  IconDots,
  IconDownload,
  IconFileTypeCsv,
  IconFileTypePdf,
  IconPlayerTrackPrev,
  IconSearch,
} from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { DateRangeFields } from "../../components/DateFields";
import { PageHeader } from "../../components/PageHeader";
import { StatusBadge } from "../../components/StatusBadge";
import { errorMessage } from "../../lib/api";
import { notify } from "../../lib/notify";
import { usePageTitle } from "../../lib/usePageTitle";
import { type LedgerFilter, ledgerDownloads, ledgerQueries } from "./api";

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

/** The ledger: account switch, date filter, opening and closing balance, statement with popups, CSV and PDF. */
export function LedgerPage() {
  usePageTitle("Ledger");
  const [draft, setDraft] = useState({ ledgerAccount: "1", fromDate: "", toDate: "" });
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
    setFilter({ ledgerAccount: Number(d.ledgerAccount), fromDate: d.fromDate, toDate: d.toDate });
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
  const entries = (data?.ledger.slice(1) ?? []) as LedgerStatementEntry[];
  const opening = data?.ledger[0];

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
          </Group>
        }
      />
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
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
          <Group align="flex-end" gap="xs" wrap="nowrap">
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
      {statement.isLoading && <Loader />}
      {data && opening && (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
            <Figure
              label={`Opening balance ${formatDate(data.fromDate)}`}
              value={balance(opening.openingBalance, opening.crdrOpeningBalance)}
              testId="opening-balance"
            />
            <Figure label="Total debit" value={formatRupees(data.totalDebit)} />
            <Figure label="Total credit" value={formatRupees(data.totalCredit)} />
            <Figure
              label={`Closing balance ${formatDate(data.toDate)}`}
              value={balance(data.closingBalance, data.crdrClosingBalance)}
              testId="closing-balance"
            />
          </SimpleGrid>
          <StatementTable
            statement={data}
            entries={entries}
            onInvoice={setInvoiceOf}
            onOrders={setOrdersOf}
          />
          <StatementCards entries={entries} onInvoice={setInvoiceOf} onOrders={setOrdersOf} />
        </>
      )}
      <InvoicePopup loadId={invoiceOf} onClose={() => setInvoiceOf(null)} />
      <OrderStatusPopup loadId={ordersOf} onClose={() => setOrdersOf(null)} />
    </Stack>
  );
}

interface RowActions {
  onInvoice: (loadId: number) => void;
  onOrders: (loadId: number) => void;
}

function EntryActions({ e, onInvoice, onOrders }: RowActions & { e: LedgerStatementEntry }) {
  const loadId = e.loadId;
  return (
    <Group gap={4} wrap="nowrap">
      <Button component={Link} to={detailsPath(e)} size="compact-sm" variant="light">
        Details
      </Button>
      {loadId !== null && (
        <Menu position="bottom-end">
          <Menu.Target>
            <Button size="compact-sm" variant="subtle" aria-label={`More for ${e.voucherNumber}`}>
              <IconDots size={16} />
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => onInvoice(loadId)}>Invoice</Menu.Item>
            <Menu.Item onClick={() => onOrders(loadId)}>Order status</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}

function Particulars({ e }: { e: LedgerStatementEntry }) {
  return (
    <Stack gap={0}>
      <Group gap={6}>
        <Text size="sm" fw={600}>
          {e.descTitle}
        </Text>
        {e.noteType && (
          <Badge size="xs" variant="light" color={e.creditAcc === "Cr" ? "teal" : "orange"}>
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

function StatementTable({
  statement,
  entries,
  ...actions
}: RowActions & { statement: LedgerStatement; entries: LedgerStatementEntry[] }) {
  const [opening] = statement.ledger;
  return (
    <Card withBorder p={0} visibleFrom="sm">
      <ScrollArea>
        <Table striped highlightOnHover miw={900} data-testid="ledger-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Particulars</Table.Th>
              <Table.Th>Voucher</Table.Th>
              <Table.Th>Reference</Table.Th>
              <Table.Th ta="right">Debit</Table.Th>
              <Table.Th ta="right">Credit</Table.Th>
              <Table.Th ta="right">Balance</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>{formatDate(statement.fromDate)}</Table.Td>
              <Table.Td fw={700}>Opening Balance</Table.Td>
              <Table.Td colSpan={4} />
              <Table.Td ta="right" fw={700} style={{ whiteSpace: "nowrap" }}>
                {balance(opening.openingBalance, opening.crdrOpeningBalance)}
              </Table.Td>
              <Table.Td />
            </Table.Tr>
            {entries.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDate(e.approvedDate)}</Table.Td>
                <Table.Td maw={360}>
                  <Particulars e={e} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{e.voucherType}</Text>
                  <Text size="xs" c="dimmed">
                    {e.voucherNumber}
                  </Text>
                </Table.Td>
                <Table.Td>{e.B2BReferenceNumber}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                  {amountOrBlank(e.debit)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                  {amountOrBlank(e.credit)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                  {balance(e.balance, e.crdrBalance)}
                </Table.Td>
                <Table.Td>
                  <EntryActions e={e} {...actions} />
                </Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td>{formatDate(statement.toDate)}</Table.Td>
              <Table.Td fw={700}>Closing Balance</Table.Td>
              <Table.Td colSpan={2} />
              <Table.Td ta="right" fw={700} style={{ whiteSpace: "nowrap" }}>
                {formatRupees(statement.totalDebit)}
              </Table.Td>
              <Table.Td ta="right" fw={700} style={{ whiteSpace: "nowrap" }}>
                {formatRupees(statement.totalCredit)}
              </Table.Td>
              <Table.Td ta="right" fw={700} style={{ whiteSpace: "nowrap" }}>
                {balance(statement.closingBalance, statement.crdrClosingBalance)}
              </Table.Td>
              <Table.Td />
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {entries.length === 0 && (
        <Text c="dimmed" p="md">
          No entries in this period.
        </Text>
      )}
    </Card>
  );
}

/** Phones: one card per entry. */
function StatementCards({ entries, ...actions }: RowActions & { entries: LedgerStatementEntry[] }) {
  return (
    <Stack gap="xs" hiddenFrom="sm" data-testid="ledger-cards">
      {entries.length === 0 && <Text c="dimmed">No entries in this period.</Text>}
      {entries.map((e) => (
        <Card withBorder p="sm" key={e.id}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Particulars e={e} />
            <Text
              size="sm"
              fw={700}
              style={{ whiteSpace: "nowrap" }}
              c={e.creditAcc === "Cr" ? "teal.9" : undefined}
            >
              {e.creditAcc === "Dr" ? formatRupees(e.debit) : formatRupees(e.credit)} {e.creditAcc}
            </Text>
          </Group>
          <Group justify="space-between" mt={6} wrap="nowrap">
            <Text size="xs" c="dimmed">
              {formatDate(e.approvedDate)} · {e.voucherNumber}
            </Text>
            <Text size="xs" style={{ whiteSpace: "nowrap" }}>
              Bal {balance(e.balance, e.crdrBalance)}
            </Text>
          </Group>
          <Group mt={6}>
            <EntryActions e={e} {...actions} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

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
          <ScrollArea>
            <Table miw={520} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Order</Table.Th>
                  <Table.Th>Product</Table.Th>
                  <Table.Th ta="right">Qty</Table.Th>
                  <Table.Th ta="right">Taxable</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {inv.lines.map((l) => (
                  <Table.Tr key={`${l.poid}-${l.productId}`}>
                    <Table.Td>{l.poid}</Table.Td>
                    <Table.Td>
                      {l.productId} {l.name}
                    </Table.Td>
                    <Table.Td ta="right">{l.quantity}</Table.Td>
                    <Table.Td ta="right">{formatRupees(l.taxable)}</Table.Td>
                    <Table.Td ta="right">{formatRupees(l.total)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
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
