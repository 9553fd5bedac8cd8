import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import type { AdminLedgerEntry } from "@portal/contracts";
import { drCr, formatRupees, paiseToDecimal, toPaise } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { type AdminColumn, AdminTable } from "../../admin-kit/AdminTable";
import { AskDialog } from "../../admin-kit/AskDialog";
import { act } from "../../admin-kit/act";
import { day, money } from "../../admin-kit/format";
import { partnerChoices } from "../../admin-kit/query";
import { usePageTitle } from "../../lib/usePageTitle";
import { useLedgerAgeing, useLedgerStatement, usePostLedgerNote } from "./api";

/** A balance with its side: Dr when the partner owes, Cr in its favour. */
const balance = (amount: string) => {
  const shown = drCr(toPaise(amount));
  return `${formatRupees(shown.amount)} ${shown.side}`;
};

const COLUMNS: AdminColumn<AdminLedgerEntry>[] = [
  { accessor: "entryDate", title: "Date", render: (e) => day(e.entryDate) },
  { accessor: "voucherType", title: "Voucher" },
  { accessor: "voucherNumber", title: "Number" },
  { accessor: "description", title: "Particulars", ellipsis: true, width: 380 },
  {
    accessor: "debit",
    title: "Debit",
    textAlign: "right",
    render: (e) => (e.debit === "0.00" ? "" : money(e.debit)),
  },
  {
    accessor: "credit",
    title: "Credit",
    textAlign: "right",
    render: (e) => (e.credit === "0.00" ? "" : money(e.credit)),
  },
];

const NOTE_KINDS = [
  { value: "creditCorrection", label: "Credit correction (reduces what the partner owes)" },
  { value: "debitCorrection", label: "Debit correction (adds to what the partner owes)" },
  { value: "courierExpenses", label: "Courier expenses (debit note, SAC 9968)" },
] as const;
type NoteKind = (typeof NOTE_KINDS)[number]["value"];
const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;

/** The correction note form: kind, amount, reason (and docket for courier); asked before it posts. */
function NoteForm({
  userId,
  ledgerAccount,
  partner,
}: {
  userId: number;
  ledgerAccount: number;
  partner: string;
}) {
  const post = usePostLedgerNote();
  const [kind, setKind] = useState<NoteKind>("creditCorrection");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [docket, setDocket] = useState("");
  const [asking, setAsking] = useState<string | null>(null);
  const ready = AMOUNT.test(amount.trim()) && Number(amount) > 0 && reason.trim() !== "";
  const label = NOTE_KINDS.find((k) => k.value === kind)?.label ?? kind;

  const send = async () => {
    if (!asking) return;
    const posted = await act(
      post.mutateAsync({
        userId,
        key: asking,
        ledgerAccount,
        kind,
        amount: paiseToDecimal(toPaise(amount.trim())),
        description: reason.trim(),
        ...(kind === "courierExpenses" && docket.trim() ? { docketNumber: docket.trim() } : {}),
      }),
      (e) =>
        `${e.voucherType} ${e.voucherNumber} posted for ${partner}: ${money(e.debit === "0.00" ? e.credit : e.debit)}.`,
    );
    if (posted) {
      setAmount("");
      setReason("");
      setDocket("");
    }
    setAsking(null);
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} fz={16}>
          Correction note
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label="Kind"
            data={NOTE_KINDS.map((k) => ({ value: k.value, label: k.label }))}
            value={kind}
            allowDeselect={false}
            onChange={(v) => setKind((v as NoteKind) ?? "creditCorrection")}
            comboboxProps={{ zIndex: 300 }}
          />
          <TextInput
            label="Amount (₹)"
            placeholder="1250.00"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={amount.trim() && !AMOUNT.test(amount.trim()) ? "Rupees with at most 2 decimals" : null}
          />
          {kind === "courierExpenses" && (
            <TextInput label="Docket" value={docket} onChange={(e) => setDocket(e.currentTarget.value)} />
          )}
        </SimpleGrid>
        <Textarea
          label="Reason"
          required
          maxLength={300}
          autosize
          minRows={2}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button disabled={!ready} onClick={() => setAsking(crypto.randomUUID())}>
            Post note
          </Button>
        </Group>
      </Stack>
      <AskDialog
        opened={asking !== null}
        title="Post a ledger note"
        message={`Post a ${label.split(" (")[0]?.toLowerCase()} of ₹${amount.trim()} on ${partner}'s ledger account ${ledgerAccount}? A posted note is never edited: a mistake needs another note.`}
        confirmLabel="Post note"
        loading={post.isPending}
        onConfirm={() => void send()}
        onClose={() => setAsking(null)}
      >
        <Text size="sm" c="dimmed">
          Reason: {reason.trim()}
        </Text>
      </AskDialog>
    </Paper>
  );
}

/** One partner's ledger: ageing, the statement and correction notes. */
function PartnerLedger({ userId, partner }: { userId: number; partner: string }) {
  const [ledgerAccount, setLedgerAccount] = useState(1);
  const statement = useLedgerStatement(userId, ledgerAccount);
  const ageing = useLedgerAgeing(userId, ledgerAccount);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <SegmentedControl
          size="xs"
          value={String(ledgerAccount)}
          onChange={(v) => setLedgerAccount(Number(v))}
          data={[
            { value: "1", label: "Ledger account 1" },
            { value: "2", label: "Ledger account 2" },
          ]}
        />
        {statement.data && (
          <Text size="sm" fw={600} data-testid="ledger-closing">
            Closing balance {balance(statement.data.closingBalance)}
          </Text>
        )}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} data-testid="ledger-ageing">
        {ageing.data?.buckets.map((b) => (
          <Paper key={b.key} withBorder radius="md" p="xs">
            <Text size="xs" c="dimmed">
              {b.label}
            </Text>
            <Text fw={600}>{money(b.amount)}</Text>
          </Paper>
        ))}
        {ageing.data && (
          <Paper withBorder radius="md" p="xs">
            <Text size="xs" c="dimmed">
              Outstanding on {day(ageing.data.asOf)}
            </Text>
            <Text fw={700}>{money(ageing.data.outstanding)}</Text>
          </Paper>
        )}
      </SimpleGrid>
      <AdminTable
        testId="ledger-table"
        columns={COLUMNS}
        idAccessor="id"
        csvName={`ledger-${userId}-${ledgerAccount}`}
        records={statement.data?.entries}
        fetching={statement.isFetching}
        noRecordsText="No entries on this ledger account"
      />
      <NoteForm userId={userId} ledgerAccount={ledgerAccount} partner={partner} />
    </Stack>
  );
}

/** The partner ledger desk: pick a partner, read its ageing and statement, post correction notes. */
export function LedgerDeskPage() {
  usePageTitle("Admin Console: Partner ledger");
  const { userId } = useParams();
  const navigate = useNavigate();
  const partners = useQuery(partnerChoices());
  const options = (partners.data?.rows ?? []).map((p) => ({
    value: String(p.id),
    label: `${p.storeName ?? `${p.firstname} ${p.lastname}`} (${p.email})`,
  }));
  const id = userId && /^\d+$/.test(userId) ? Number(userId) : null;
  const partner = options.find((o) => o.value === userId)?.label ?? (id ? `partner #${id}` : "");
  return (
    <Stack gap="md">
      <Select
        label="Partner"
        placeholder="Search a partner by name or email"
        searchable
        w={420}
        maw="100%"
        data={options}
        value={userId ?? null}
        onChange={(v) => v && navigate(`/admin/ledger/${v}`)}
        comboboxProps={{ zIndex: 300 }}
        data-testid="ledger-partner"
      />
      {id === null ? (
        <Text c="dimmed">Choose a partner to see its ledger, ageing and notes.</Text>
      ) : (
        <PartnerLedger key={id} userId={id} partner={partner} />
      )}
    </Stack>
  );
}
