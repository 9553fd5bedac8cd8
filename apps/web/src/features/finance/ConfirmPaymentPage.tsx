import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
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
import { useState } from "react";
import { TableCard } from "../../components/lists";
import { PageHeader } from "../../components/PageHeader";
import { errorMessage } from "../../lib/api";
import { usePageTitle } from "../../lib/usePageTitle";
import { financeApi } from "./api";
import { StatusBadge } from "./parts";

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
  const pending = useQuery({
    queryKey: ["finance", "pending", account],
    queryFn: () => financeApi.pending(Number(account)),
  });
  const history = useQuery({ queryKey: ["finance", "confirmations"], queryFn: financeApi.confirmations });
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
      await client.invalidateQueries({ queryKey: ["finance"] });
    },
    onError: (error) => setProblem(errorMessage(error)),
  });

  function submit() {
    setDone(null);
    const found = paymentProblem({ orders: selected.map(String), payable, paid, mode, reference });
    setProblem(found);
    if (found || !mode) return;
    confirm.mutate({
      paymentType: mode,
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

  return (
    <Stack>
      <PageHeader
        title="Confirm Payment"
        description="Tell accounts which orders you have paid. Your ledger is credited once they approve."
      />
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          value={account}
          onChange={(v) => {
            setAccount(v);
            setSelected([]);
          }}
          data={[
            { value: "1", label: "Main company" },
            { value: "2", label: "Second company" },
          ]}
          aria-label="Ledger account"
        />
        <Text fw={700} data-testid="total-payable">
          Amount payable {formatRupees(payable)}
        </Text>
      </Group>
      {pending.data && (
        <Group gap="lg" wrap="wrap" data-testid="account-owed">
          <Text size="sm">
            Ledger balance{" "}
            <Text span fw={600}>
              {formatRupees(pending.data.balance.replace("-", ""))}{" "}
              {toPaise(pending.data.balance) < 0n ? "Cr" : "Dr"}
            </Text>
          </Text>
          {toPaise(pending.data.awaitingApproval) > 0n && (
            <Text size="sm">
              Waiting for approval{" "}
              <Text span fw={600}>
                {formatRupees(pending.data.awaitingApproval)}
              </Text>
            </Text>
          )}
          <Text size="sm">
            Owed{" "}
            <Text span fw={600} data-testid="amount-owed">
              {formatRupees(pending.data.totalPayable)}
            </Text>
          </Text>
          <Button size="compact-sm" variant="light" onClick={payBalance} disabled={documents.length === 0}>
            Pay the balance
          </Button>
        </Group>
      )}
      <Text size="xs" c="dimmed">
        Invoices include their shipping charge and its tax; credit notes and approved payments settle the
        oldest invoices first.
      </Text>
      <TableCard
        testId="pending-orders"
        miw={560}
        nowrap={false}
        footer={
          <>
            {!pending.isLoading && !pending.error && documents.length === 0 && (
              <Text c="dimmed" ta="center" p="md">
                Nothing is owed on this account.
              </Text>
            )}
            {pending.error && <Alert color="red">{errorMessage(pending.error)}</Alert>}
          </>
        }
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label="Select all orders"
                checked={documents.length > 0 && selected.length === documents.length}
                disabled={documents.length === 0}
                onChange={(e) => setSelected(e.currentTarget.checked ? documents.map((d) => d.entryId) : [])}
              />
            </Table.Th>
            <Table.Th>Invoice</Table.Th>
            <Table.Th>Orders</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right">Amount payable</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {documents.map((d) => (
            <Table.Tr key={d.entryId}>
              <Table.Td>
                <Checkbox
                  aria-label={`Pay ${d.number}`}
                  checked={selected.includes(d.entryId)}
                  onChange={() => toggle(d.entryId)}
                />
              </Table.Td>
              <Table.Td fw={600} style={{ whiteSpace: "nowrap" }}>
                {d.number}
                {d.kind === "debitNote" && (
                  <Text span size="xs" c="dimmed">
                    {" "}
                    (debit note)
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: "normal" }}>{d.orders.join(", ")}</Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDate(`${d.day}T12:00:00+05:30`)}</Table.Td>
              <Table.Td ta="right">{formatRupees(d.amount)}</Table.Td>
              <Table.Td ta="right" data-testid="amount-payable">
                {formatRupees(d.openAmount)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </TableCard>
      <Card withBorder>
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
      <TableCard
        testId="payment-history"
        miw={760}
        nowrap={false}
        footer={
          !history.isLoading &&
          (history.data?.rows.length ?? 0) === 0 && (
            <Text c="dimmed" ta="center" p="md">
              No payment confirmations yet.
            </Text>
          )
        }
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Reference no.</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Paid</Table.Th>
            <Table.Th ta="right">Payable</Table.Th>
            <Table.Th>Mode</Table.Th>
            <Table.Th ta="right">Orders</Table.Th>
            <Table.Th>Submitted</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(history.data?.rows ?? []).map((p) => (
            <Table.Tr key={p.id} data-testid={`payment-${p.referenceId}`}>
              <Table.Td fw={600}>{p.referenceId}</Table.Td>
              <Table.Td maw={240} style={{ whiteSpace: "normal" }}>
                <StatusBadge status={p.status} label={p.statusLabel} />
                {p.reason && (
                  <Text size="xs" c="red.8" mt={2}>
                    {p.reason}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{formatRupees(p.totalAmountPaid)}</Table.Td>
              <Table.Td ta="right">{formatRupees(p.totalAmountPayable)}</Table.Td>
              <Table.Td>{p.paymentType}</Table.Td>
              <Table.Td ta="right">{p.orders.length}</Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(p.submittedAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </TableCard>
    </Stack>
  );
}
