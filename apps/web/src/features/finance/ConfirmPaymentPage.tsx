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

/** Confirm payment: pick pending orders, enter how they were paid; accounts staff approve or reject. */
export function ConfirmPaymentPage() {
  usePageTitle("Confirm Payment");
  const client = useQueryClient();
  const [account, setAccount] = useState("1");
  const [selected, setSelected] = useState<string[]>([]);
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
  const orders = pending.data?.orders ?? [];
  const chosen = orders.filter((o) => selected.includes(o.poid));
  const payable = paiseToDecimal(sumPaise(chosen.map((o) => toPaise(o.amountPayable))));

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
    const found = paymentProblem({ orders: selected, payable, paid, mode, reference });
    setProblem(found);
    if (found || !mode) return;
    confirm.mutate({
      paymentType: mode,
      referenceId: reference.trim(),
      totalAmountPayable: payable,
      totalAmountPaid: paiseToDecimal(toPaise(paid.trim())),
      orders: selected,
      ledgerAccount: Number(account),
    });
  }
  const toggle = (poid: string) =>
    setSelected((s) => (s.includes(poid) ? s.filter((p) => p !== poid) : [...s, poid]));

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
      <TableCard
        testId="pending-orders"
        miw={560}
        nowrap={false}
        footer={
          <>
            {!pending.isLoading && orders.length === 0 && (
              <Text c="dimmed" ta="center" p="md">
                No orders are waiting for payment.
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
                checked={orders.length > 0 && selected.length === orders.length}
                disabled={orders.length === 0}
                onChange={(e) => setSelected(e.currentTarget.checked ? orders.map((o) => o.poid) : [])}
              />
            </Table.Th>
            <Table.Th>Order</Table.Th>
            <Table.Th ta="right">Amount payable</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((o) => (
            <Table.Tr key={o.poid}>
              <Table.Td>
                <Checkbox
                  aria-label={`Pay ${o.poid}`}
                  checked={selected.includes(o.poid)}
                  onChange={() => toggle(o.poid)}
                />
              </Table.Td>
              <Table.Td fw={600} style={{ whiteSpace: "nowrap" }}>
                {o.poid}
              </Table.Td>
              <Table.Td ta="right" data-testid="amount-payable">
                {formatRupees(o.amountPayable)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>
                {formatDate(`${o.createdDate}T12:00:00+05:30`)}
              </Table.Td>
              <Table.Td>{o.status}</Table.Td>
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
