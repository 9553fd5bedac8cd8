import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  ScrollArea,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import type { OpenDocument, PaymentConfirmation } from "@portal/contracts";
import {
  formatDate,
  formatDateTime,
  formatRupees,
  messages,
  PAYMENT_MODES,
  paiseToDecimal,
  sumPaise,
  toPaise,
} from "@portal/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Fragment, type ReactNode, useState } from "react";
import { PageHeader } from "../../components/PageHeader";
import { type Column, ResponsiveTable } from "../../components/ResponsiveTable";
import { StatusBadge } from "../../components/StatusBadge";
import { errorMessage } from "../../lib/api";
import { usePageTitle } from "../../lib/usePageTitle";
import { type ConfirmPaymentInput, financeApi, financeKeys, financeQueries } from "./api";

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

/** The confirm-payment rules of spec §5, in the spec's order; null when the form may be sent. */
export function paymentProblem(f: {
  orders: string[];
  payable: string;
  paid: string;
  mode: string | null;
  reference: string;
}) {
  if (f.orders.length === 0) return messages.selectOrdersForPayment;
  if (!AMOUNT.test(f.paid.trim()) || toPaise(f.paid.trim()) < toPaise(f.payable))
    return messages.checkAmountPaid;
  if (!f.mode) return messages.selectPaymentMode;
  if (!f.reference.trim()) return messages.provideReferenceNo;
  return null;
}

const nowrap = { whiteSpace: "nowrap" } as const;
const dayOf = (day: string) => formatDate(`${day}T12:00:00+05:30`);
/** The ledger accounts as partners know them. */
const ACCOUNT_NAMES: Record<string, string> = { 1: "Main company", 2: "Second company" };

function Figure({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} style={nowrap} data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}

function DocumentName({ d }: { d: OpenDocument }) {
  return (
    <>
      {d.number}
      {d.kind === "debitNote" && (
        <Text span size="xs" c="dimmed" fw={400}>
          {" "}
          (debit note)
        </Text>
      )}
    </>
  );
}

/** The orders of a document, each on one line (the list wraps between orders, never inside one). */
function Orders({ poids }: { poids: string[] }) {
  return poids.map((poid, i) => (
    <Fragment key={poid}>
      {i > 0 && ", "}
      <span style={nowrap}>{poid}</span>
    </Fragment>
  ));
}

/** How a confirmation was paid, on which account, for how many orders. */
function PaymentFacts({ p }: { p: PaymentConfirmation }) {
  const orders = `${p.orders.length} ${p.orders.length === 1 ? "order" : "orders"}`;
  return [p.paymentType, ACCOUNT_NAMES[p.ledgerAccount] ?? `Account ${p.ledgerAccount}`, orders].join(" · ");
}

/** Wider screens: a table in a card; phones (below `sm`, or `md`): one card a row. `footer` (empty list, error) under either. */
function TableOrCards(props: {
  testId: string;
  cardsTestId: string;
  miw: number;
  head: ReactNode;
  rows: ReactNode;
  cards: ReactNode;
  footer: ReactNode;
  /** Below this width, the cards. */
  breakpoint?: "sm" | "md";
}) {
  const breakpoint = props.breakpoint ?? "sm";
  return (
    <>
      <Card withBorder p={0} visibleFrom={breakpoint}>
        <ScrollArea type="auto">
          <Table striped verticalSpacing="xs" miw={props.miw} data-testid={props.testId}>
            <Table.Thead>{props.head}</Table.Thead>
            <Table.Tbody>{props.rows}</Table.Tbody>
          </Table>
        </ScrollArea>
        {props.footer}
      </Card>
      <Stack gap="xs" hiddenFrom={breakpoint} data-testid={props.cardsTestId}>
        {props.cards}
        {props.footer && (
          <Card withBorder p={0}>
            {props.footer}
          </Card>
        )}
      </Stack>
    </>
  );
}

/** Holds the open invoices' place while they load (a few rows' height), so the form below never moves. */
function PendingSkeleton() {
  return (
    <Card withBorder p="sm" aria-busy="true" aria-label="Loading open invoices">
      <Stack gap="xs">
        {/* a phone shows each invoice as a card, about 100 px high */}
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={{ base: 100, sm: 40 }} />
        ))}
      </Stack>
    </Card>
  );
}

/** The open documents' columns: choose, invoice, date and what is payable stay on a phone. */
function pendingColumns(p: {
  documents: OpenDocument[];
  selected: number[];
  setSelected: (ids: number[]) => void;
  toggle: (entryId: number) => void;
}): Column<OpenDocument>[] {
  return [
    {
      key: "pick",
      header: "Pay",
      phone: "bare",
      headerHidden: true,
      cell: (d) => (
        <Checkbox
          aria-label={`Pay ${d.number}`}
          checked={p.selected.includes(d.entryId)}
          onChange={() => p.toggle(d.entryId)}
        />
      ),
    },
    {
      key: "invoice",
      header: "Invoice",
      phone: "title",
      cell: (d) => (
        <span style={{ fontWeight: 600, overflowWrap: "anywhere" }}>
          <DocumentName d={d} />
        </span>
      ),
    },
    {
      key: "orders",
      header: "Orders",
      // one element, so on a phone's card the orders wrap between them instead of running off the card
      cell: (d) => (
        <span style={{ minWidth: 0 }}>
          <Orders poids={d.orders} />
        </span>
      ),
    },
    { key: "date", header: "Date", cell: (d) => <span style={nowrap}>{dayOf(d.day)}</span> },
    { key: "amount", header: "Invoice amount", numeric: true, cell: (d) => formatRupees(d.amount) },
    {
      key: "payable",
      header: "Amount payable",
      numeric: true,
      cell: (d) => (
        <Text span fw={700} size="sm" data-testid="amount-payable">
          {formatRupees(d.openAmount)}
        </Text>
      ),
    },
  ];
}

/** The status of a confirmation and, when rejected, the reason accounts gave. */
function Decision({ p }: { p: PaymentConfirmation }) {
  return (
    <div>
      <StatusBadge status={p.status} label={p.statusLabel} />
      {p.reason && (
        <Text size="xs" c="red.8" mt={2}>
          {p.reason}
        </Text>
      )}
    </div>
  );
}

/**
 * Confirm payment: what the ledger says is owed on the chosen account, its open invoices and debit
 * notes oldest first (payments settle the oldest first); the partner pays the balance or chosen
 * documents and says how; accounts staff approve the amount received or reject.
 */
export function ConfirmPaymentPage() {
  usePageTitle("Confirm Payment");
  const client = useQueryClient();
  const [account, setAccount] = useState("1");
  /** The chosen open documents, by ledger entry id. */
  const [selected, setSelected] = useState<number[]>([]);
  const [mode, setMode] = useState<string | null>(null);
  const [reference, setReference] = useState("");
  const [paid, setPaid] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const pending = useQuery(financeQueries.pending(account));
  const history = useQuery(financeQueries.confirmations());
  const documents = pending.data?.openDocuments ?? [];
  const chosen = documents.filter((d) => selected.includes(d.entryId));
  const payable = paiseToDecimal(sumPaise(chosen.map((d) => toPaise(d.openAmount))));

  const confirm = useMutation({
    mutationFn: financeApi.confirmPayment,
    onSuccess: async (answer) => {
      setDone(answer.message);
      setSelected([]);
      setMode(null);
      setReference("");
      setPaid("");
      await client.invalidateQueries({ queryKey: financeKeys.all });
    },
    onError: (error) => setProblem(errorMessage(error)),
  });

  function submit() {
    setDone(null);
    const found = paymentProblem({ orders: selected.map(String), payable, paid, mode, reference });
    setProblem(found);
    if (found || !mode) return;
    confirm.mutate({
      paymentType: mode as ConfirmPaymentInput["paymentType"],
      referenceId: reference.trim(),
      totalAmountPayable: payable,
      totalAmountPaid: paiseToDecimal(toPaise(paid.trim())),
      orders: [...new Set(chosen.flatMap((d) => d.orders))],
      documents: chosen.map((d) => d.entryId),
      ledgerAccount: Number(account),
    });
  }
  const toggle = (entryId: number) =>
    setSelected((s) => (s.includes(entryId) ? s.filter((p) => p !== entryId) : [...s, entryId]));
  const payBalance = () => {
    setSelected(documents.map((d) => d.entryId));
    setPaid(pending.data?.totalPayable ?? "");
  };

  const owed = pending.data;
  const confirmations = history.data?.rows ?? [];
  const emptyOrError = pending.error ? (
    <Alert color="red">{errorMessage(pending.error)}</Alert>
  ) : (
    !pending.isLoading &&
    documents.length === 0 && (
      <Text c="dimmed" ta="center" p="md">
        Nothing is owed on this account.
      </Text>
    )
  );
  const noHistory = !history.isLoading && confirmations.length === 0 && (
    <Text c="dimmed" ta="center" p="md">
      No payment confirmations yet.
    </Text>
  );

  return (
    <Stack>
      <PageHeader
        title="Confirm Payment"
        description="Tell accounts which invoices you have paid. Your ledger is credited once they approve."
      />
      <SegmentedControl
        value={account}
        onChange={(v) => {
          setAccount(v);
          setSelected([]);
          setPaid("");
        }}
        data={Object.entries(ACCOUNT_NAMES).map(([value, label]) => ({ value, label }))}
        aria-label="Ledger account"
        style={{ alignSelf: "flex-start" }}
      />
      {/* the figures' card: on a phone its button wraps under the figures */}
      {!owed && pending.isLoading && <Skeleton h={{ base: 116, sm: 68 }} radius="md" />}
      {owed && (
        <Card withBorder p="sm" data-testid="account-owed">
          <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
            <Group gap="xl" wrap="wrap" align="flex-start" style={{ rowGap: 8 }}>
              <Figure label="Ledger balance" testId="ledger-balance">
                {formatRupees(owed.balance.replace("-", ""))} {toPaise(owed.balance) < 0n ? "Cr" : "Dr"}
              </Figure>
              {toPaise(owed.awaitingApproval) > 0n && (
                <Figure label="Waiting for approval">{formatRupees(owed.awaitingApproval)}</Figure>
              )}
              <Figure label="Left to pay" testId="amount-owed">
                {formatRupees(owed.totalPayable)}
              </Figure>
            </Group>
            <Button variant="light" onClick={payBalance} disabled={documents.length === 0}>
              Pay the balance
            </Button>
          </Group>
        </Card>
      )}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Checkbox
          label="Select all orders"
          checked={documents.length > 0 && selected.length === documents.length}
          disabled={documents.length === 0}
          onChange={(e) => setSelected(e.currentTarget.checked ? documents.map((d) => d.entryId) : [])}
        />
      </Group>
      <Text size="xs" c="dimmed">
        Open invoices, oldest first. Each includes its shipping charge and its tax; credit notes and approved
        payments settle the oldest invoices first.
      </Text>
      {pending.isLoading ? (
        <PendingSkeleton />
      ) : (
        <Card withBorder p={0}>
          <ResponsiveTable
            label="Open invoices"
            columns={pendingColumns({ documents, selected, setSelected, toggle })}
            rows={documents}
            rowKey={(d) => d.entryId}
            testId="pending-orders"
            rowTestId="pending-row"
          />
          {emptyOrError}
        </Card>
      )}
      <Card withBorder>
        <Group justify="space-between" gap="xs" mb="sm" wrap="wrap">
          <Text size="sm" c="dimmed">
            {chosen.length === 0
              ? "Choose the invoices you paid, or pay the balance."
              : `${chosen.length} ${chosen.length === 1 ? "document" : "documents"} chosen`}
          </Text>
          <Text fw={700} data-testid="total-payable">
            Amount payable {formatRupees(payable)}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label="Payment mode"
            placeholder="Select"
            data={[...PAYMENT_MODES]}
            value={mode}
            onChange={setMode}
          />
          <TextInput
            label="Reference no."
            value={reference}
            maxLength={60}
            onChange={(e) => setReference(e.currentTarget.value)}
          />
          <TextInput
            label="Amount paid (₹)"
            inputMode="decimal"
            value={paid}
            onChange={(e) => setPaid(e.currentTarget.value)}
          />
        </SimpleGrid>
        {problem && (
          <Alert color="red" mt="sm" role="alert">
            {problem}
          </Alert>
        )}
        {done && (
          <Alert color="green" mt="sm" role="status">
            {done}
          </Alert>
        )}
        <Group justify="flex-end" mt="sm">
          <Button onClick={submit} loading={confirm.isPending}>
            Confirm payment
          </Button>
        </Group>
      </Card>
      <Title order={2} size="h4">
        Your payment confirmations
      </Title>
      <TableOrCards
        testId="payment-history"
        cardsTestId="payment-cards"
        breakpoint="md"
        miw={680}
        footer={noHistory}
        head={
          <Table.Tr>
            <Table.Th>Reference no.</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Paid</Table.Th>
            <Table.Th ta="right">Received</Table.Th>
            <Table.Th ta="right">Payable</Table.Th>
            <Table.Th>Submitted</Table.Th>
          </Table.Tr>
        }
        rows={confirmations.map((p) => (
          <Table.Tr key={p.id} data-testid={`payment-${p.referenceId}`}>
            <Table.Td>
              <Text size="sm" fw={600}>
                {p.referenceId}
              </Text>
              <Text size="xs" c="dimmed">
                <PaymentFacts p={p} />
              </Text>
            </Table.Td>
            <Table.Td maw={220}>
              <Decision p={p} />
            </Table.Td>
            <Table.Td ta="right" style={nowrap}>
              {formatRupees(p.totalAmountPaid)}
            </Table.Td>
            <Table.Td ta="right" style={nowrap} data-testid="amount-received">
              {p.amountReceived === null ? "–" : formatRupees(p.amountReceived)}
            </Table.Td>
            <Table.Td ta="right" style={nowrap}>
              {formatRupees(p.totalAmountPayable)}
            </Table.Td>
            <Table.Td>{formatDateTime(p.submittedAt)}</Table.Td>
          </Table.Tr>
        ))}
        cards={confirmations.map((p) => (
          <Card withBorder p="sm" key={p.id}>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <div>
                <Text size="sm" fw={600}>
                  {p.referenceId}
                </Text>
                <Text size="xs" c="dimmed">
                  <PaymentFacts p={p} />
                </Text>
              </div>
              <Text size="sm" fw={700} style={nowrap}>
                {formatRupees(p.amountReceived ?? p.totalAmountPaid)}
              </Text>
            </Group>
            <Group justify="space-between" mt={6} align="flex-start" wrap="nowrap">
              <Decision p={p} />
              <Text size="xs" c="dimmed" style={nowrap}>
                {formatDateTime(p.submittedAt)}
              </Text>
            </Group>
            {p.amountReceived !== null && p.amountReceived !== p.totalAmountPaid && (
              <Text size="xs" mt={4}>
                Paid {formatRupees(p.totalAmountPaid)}, received {formatRupees(p.amountReceived)}
              </Text>
            )}
          </Card>
        ))}
      />
    </Stack>
  );
}
