import {
  ActionIcon,
  Anchor,
  Autocomplete,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import type { PartnerChange, PartnerDetail, PartnerFlags, PartnerRule } from "@portal/contracts";
import { ACCOUNT_TYPES, gstinProblem, INDIAN_STATES } from "@portal/domain";
import { IconArrowLeft, IconTrash } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { AskDialog } from "../../admin-kit/AskDialog";
import { act } from "../../admin-kit/act";
import { LazyNumberInput } from "../../components/LazyNumberInput";
import { StatusBadge } from "../../components/StatusBadge";
import { ErrorState } from "../../components/states";
import { errorMessage } from "../../lib/api";
import { usePageTitle } from "../../lib/usePageTitle";
import {
  useCreatePartner,
  usePartner,
  usePartnerConcepts,
  usePlaceArsReplenishment,
  useSendReset,
  useSetPartnerActive,
  useUpdatePartner,
  useWarehouseOptions,
} from "./api";

const FLAG_LABELS: Record<keyof PartnerFlags, string> = {
  enableLedger: "Ledger",
  canViewStorePerformance: "Store performance",
  enableARS: "ARS",
  hasFoodLicense: "Food licence",
  canOrder: "Ordering",
  canCartUpload: "Cart upload",
  offer: "Offers",
  isFranchisee: "Franchisee",
};
const NO_FLAGS: PartnerFlags = {
  enableLedger: false,
  canViewStorePerformance: false,
  enableARS: false,
  hasFoodLicense: false,
  canOrder: true,
  canCartUpload: false,
  offer: false,
  isFranchisee: false,
};
const PARTNER_TYPES = ACCOUNT_TYPES.filter((t) => t !== "admin") as Exclude<
  (typeof ACCOUNT_TYPES)[number],
  "admin"
>[];
type PartnerType = (typeof PARTNER_TYPES)[number];

interface Setup {
  accountType: PartnerType;
  concept: string;
  warehouseIds: string[];
  rules: PartnerRule[];
  flags: PartnerFlags;
}
const setupOf = (p: PartnerDetail | undefined): Setup => ({
  accountType: (p?.accountType === "admin" ? "franchise" : p?.accountType) ?? "franchise",
  concept: p?.concept ?? "",
  warehouseIds: (p?.warehouseIds ?? []).map(String),
  rules: p?.rules ?? [],
  flags: p?.flags ?? NO_FLAGS,
});

/** The partner's record: state from the list, GSTIN, registered address and credit limit (rupees on screen). */
interface PartnerRecord {
  state: string;
  gstin: string;
  address: string;
  creditLimit: number | "";
}
const recordOf = (p: PartnerDetail | undefined): PartnerRecord => ({
  state: p?.state && (INDIAN_STATES as readonly string[]).includes(p.state) ? p.state : "",
  gstin: p?.gstin ?? "",
  address: p?.address ?? "",
  creditLimit: p?.creditLimitPaise == null ? "" : p.creditLimitPaise / 100,
});
const recordBody = (r: PartnerRecord) => ({
  ...(r.state ? { state: r.state as (typeof INDIAN_STATES)[number] } : {}),
  gstin: r.gstin.trim() || null,
  address: r.address.trim() || null,
  creditLimitPaise: r.creditLimit === "" ? null : Math.round(r.creditLimit * 100),
});
/** Why the GSTIN typed is not valid for the state chosen, or null. */
const gstinError = (r: PartnerRecord) => (r.gstin.trim() ? gstinProblem(r.gstin, r.state || null) : null);

function RecordFields({ record, onChange }: { record: PartnerRecord; onChange: (r: PartnerRecord) => void }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
      <Select
        label="State"
        placeholder="Choose the state"
        searchable
        data={[...INDIAN_STATES]}
        value={record.state || null}
        onChange={(v) => onChange({ ...record, state: v ?? "" })}
        comboboxProps={{ zIndex: 300 }}
        data-testid="partner-state"
      />
      <TextInput
        label="GSTIN"
        placeholder="27AAPFU0939F1ZV"
        maxLength={15}
        value={record.gstin}
        onChange={(e) => onChange({ ...record, gstin: e.currentTarget.value.toUpperCase() })}
        error={gstinError(record)}
        data-testid="partner-gstin"
      />
      <LazyNumberInput
        label="Credit limit (₹)"
        min={0}
        decimalScale={2}
        thousandSeparator=","
        thousandsGroupStyle="lakh"
        value={record.creditLimit}
        onChange={(v) => onChange({ ...record, creditLimit: typeof v === "number" ? v : "" })}
      />
      <Textarea
        label="Registered address"
        autosize
        minRows={2}
        maxLength={400}
        value={record.address}
        onChange={(e) => onChange({ ...record, address: e.currentTarget.value })}
        style={{ gridColumn: "1 / -1" }}
      />
    </SimpleGrid>
  );
}

const FIELD_NAMES: Record<string, string> = {
  accountType: "Type",
  concept: "Concept",
  state: "State",
  gstin: "GSTIN",
  address: "Address",
  creditLimit: "Credit limit",
  warehouses: "Warehouses",
  rules: "Rules",
  ...FLAG_LABELS,
};
/** What a save changed, as its notice says it: "GSTIN: – → 27AAPFU0939F1ZV; Ordering: no → yes". */
export const describeChanges = (changes: readonly PartnerChange[]) =>
  changes.length === 0
    ? "nothing changed"
    : changes
        .map((c) => `${FIELD_NAMES[c.field] ?? c.field}: ${c.before ?? "–"} → ${c.after ?? "–"}`)
        .join("; ");

/** Type, concept, warehouse mapping, allow/block rules and flags: the part staff edit later too. */
function SetupFields({ setup, onChange }: { setup: Setup; onChange: (s: Setup) => void }) {
  const [rule, setRule] = useState<{ kind: string; dimension: string; valueId: string }>({
    kind: "allow",
    dimension: "category",
    valueId: "",
  });
  const warehouses = useWarehouseOptions();
  const concepts = usePartnerConcepts();
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Account type"
          data={PARTNER_TYPES}
          value={setup.accountType}
          allowDeselect={false}
          onChange={(v) => onChange({ ...setup, accountType: v as PartnerType })}
          comboboxProps={{ zIndex: 300 }}
        />
        <Autocomplete
          label="Concept"
          placeholder="BABYHUG, COCO…"
          data={(concepts.data ?? []).map((c) => c.concept)}
          value={setup.concept}
          onChange={(v) => onChange({ ...setup, concept: v })}
          comboboxProps={{ zIndex: 300 }}
        />
      </SimpleGrid>
      <MultiSelect
        label="Warehouse mapping"
        placeholder="Pick warehouses by name"
        searchable
        data={(warehouses.data ?? []).map((w) => ({ value: String(w.id), label: `${w.name} (${w.state})` }))}
        value={setup.warehouseIds}
        onChange={(ids) => onChange({ ...setup, warehouseIds: ids })}
        comboboxProps={{ zIndex: 300 }}
        data-testid="partner-warehouses"
      />
      <div>
        <Text size="sm" fw={500} mb={4}>
          Flags
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          {(Object.keys(FLAG_LABELS) as (keyof PartnerFlags)[]).map((k) => (
            <Switch
              key={k}
              size="sm"
              label={FLAG_LABELS[k]}
              checked={setup.flags[k]}
              onChange={(e) =>
                onChange({ ...setup, flags: { ...setup.flags, [k]: e.currentTarget.checked } })
              }
            />
          ))}
        </SimpleGrid>
      </div>
      <div>
        <Text size="sm" fw={500} mb={4}>
          Rules ({setup.rules.length})
        </Text>
        <Stack gap={4}>
          {setup.rules.map((r, i) => (
            <Group key={`${r.kind}-${r.dimension}-${r.valueId}`} gap="xs">
              <Text size="sm">
                {r.kind === "allow" ? "Allow" : "Block"} {r.dimension} {r.valueId}
              </Text>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="red"
                aria-label="Remove rule"
                onClick={() => onChange({ ...setup, rules: setup.rules.filter((_, j) => j !== i) })}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
        <Group gap="xs" mt="xs" align="flex-end">
          <Select
            size="xs"
            w={90}
            data={["allow", "block"]}
            value={rule.kind}
            allowDeselect={false}
            onChange={(v) => setRule({ ...rule, kind: v ?? "allow" })}
            comboboxProps={{ zIndex: 300 }}
            aria-label="Rule kind"
          />
          <Select
            size="xs"
            w={150}
            data={["category", "subcategory", "brand", "subcategoryType"]}
            value={rule.dimension}
            allowDeselect={false}
            onChange={(v) => setRule({ ...rule, dimension: v ?? "category" })}
            comboboxProps={{ zIndex: 300 }}
            aria-label="Rule dimension"
          />
          <TextInput
            size="xs"
            w={90}
            placeholder="id"
            value={rule.valueId}
            onChange={(e) => setRule({ ...rule, valueId: e.currentTarget.value })}
            aria-label="Rule value id"
          />
          <Button
            size="xs"
            variant="light"
            disabled={!/^\d+$/.test(rule.valueId)}
            onClick={() => {
              onChange({
                ...setup,
                rules: [...setup.rules, { ...rule, valueId: Number(rule.valueId) } as PartnerRule],
              });
              setRule({ ...rule, valueId: "" });
            }}
          >
            Add rule
          </Button>
        </Group>
      </div>
    </Stack>
  );
}

const setupBody = (s: Setup) => ({
  accountType: s.accountType,
  concept: s.concept.trim() || null,
  warehouseIds: s.warehouseIds.map(Number),
  rules: s.rules,
  flags: s.flags,
});

const EMPTY = {
  email: "",
  firstname: "",
  lastname: "",
  storeName: "",
  phone: "",
  city: "",
  pincode: "",
  shippingAddress1: "",
};
type Contact = typeof EMPTY;

function NewPartner() {
  usePageTitle("Admin Console: New partner");
  const create = useCreatePartner();
  const navigate = useNavigate();
  const [contact, setContact] = useState<Contact>(EMPTY);
  const [setup, setSetup] = useState<Setup>(setupOf(undefined));
  const [record, setRecord] = useState<PartnerRecord>(recordOf(undefined));
  const field = (key: keyof Contact, label: string) => (
    <TextInput
      label={label}
      required
      value={contact[key]}
      onChange={(e) => setContact({ ...contact, [key]: e.currentTarget.value })}
    />
  );
  const save = async () => {
    const p = await act(
      create.mutateAsync({
        ...contact,
        ...setupBody(setup),
        state: record.state,
        ...(record.gstin.trim() ? { gstin: record.gstin.trim() } : {}),
        ...(record.address.trim() ? { address: record.address.trim() } : {}),
        ...(record.creditLimit === "" ? {} : { creditLimitPaise: Math.round(record.creditLimit * 100) }),
      }),
      (r) => `Partner ${r.email} created; a password-reset mail is on its way.`,
    );
    if (p) navigate(`/admin/partners/${p.id}`);
  };
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} fz={20}>
          New partner
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {field("email", "Email")}
          {field("storeName", "Store name")}
          {field("phone", "Mobile")}
          {field("firstname", "First name")}
          {field("lastname", "Last name")}
          {field("shippingAddress1", "Address")}
          {field("city", "City")}
          {field("pincode", "Pincode")}
        </SimpleGrid>
        <RecordFields record={record} onChange={setRecord} />
        <SetupFields setup={setup} onChange={setSetup} />
        <Group justify="flex-end">
          <Button
            onClick={save}
            loading={create.isPending}
            disabled={
              Object.values(contact).some((v) => !v.trim()) || !record.state || gstinError(record) !== null
            }
          >
            Create partner
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

type Asking = null | "deactivate" | "activate" | "reset" | "ars";

function EditPartner({ id }: { id: number }) {
  const partner = usePartner(id);
  const update = useUpdatePartner();
  const setActive = useSetPartnerActive();
  const reset = useSendReset();
  const ars = usePlaceArsReplenishment();
  const [setup, setSetup] = useState<Setup>(setupOf(undefined));
  const [record, setRecord] = useState<PartnerRecord>(recordOf(undefined));
  const [asking, setAsking] = useState<Asking>(null);
  usePageTitle(`Admin Console: ${partner.data?.storeName ?? "Partner"}`);
  useEffect(() => {
    if (partner.data) {
      setSetup(setupOf(partner.data));
      setRecord(recordOf(partner.data));
    }
  }, [partner.data]);

  if (partner.isError)
    return <ErrorState description={errorMessage(partner.error)} onRetry={() => partner.refetch()} />;
  const p = partner.data;
  if (!p) return <Text c="dimmed">Loading partner…</Text>;

  const save = () =>
    act(
      update.mutateAsync({ id, ...setupBody(setup), ...recordBody(record) }),
      (r) => `${r.email} saved: ${describeChanges(r.changes)}.`,
    );
  const run = async () => {
    if (asking === "reset") await act(reset.mutateAsync(id), () => `Password-reset mail sent to ${p.email}.`);
    else if (asking === "ars")
      await act(ars.mutateAsync(id), (r) =>
        r.plannedLines === 0
          ? `Nothing to replenish for ${p.email}: the ARS list expects no quantity this week.`
          : r.poids.length === 0
            ? `ARS replenishment for the week of ${r.runDay} placed nothing: all ${r.refused.length} line(s) refused (the partner is told why on the ARS report).`
            : `${r.replayed ? "Already placed for the week of" : "ARS replenishment placed for the week of"} ${r.runDay}: ${r.poids.join(", ")} (B2F, ${r.placedLines} product(s) placed${r.refused.length > 0 ? `, ${r.refused.length} refused` : ""}).`,
      );
    else
      await act(setActive.mutateAsync({ id, active: asking === "activate" }), (r) =>
        r.active ? `${r.email} is active again.` : `${r.email} deactivated; every session of it has ended.`,
      );
    setAsking(null);
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <div>
            <Group gap="xs">
              <Title order={2} fz={20}>
                {p.storeName ?? `${p.firstname} ${p.lastname}`}
              </Title>
              <StatusBadge status={p.active ? "active" : "inactive"} />
            </Group>
            <Text size="sm" c="dimmed">
              {p.firstname} {p.lastname} · {p.email} · {p.phone ?? ""} ·{" "}
              {[p.shippingCity, p.state, p.pincode].filter(Boolean).join(", ")}
            </Text>
          </div>
          <Group gap="xs">
            {p.flags.isFranchisee && p.active && (
              <Button variant="default" size="xs" onClick={() => setAsking("ars")}>
                Place ARS replenishment
              </Button>
            )}
            <Button variant="default" size="xs" onClick={() => setAsking("reset")}>
              Send reset mail
            </Button>
            {p.active ? (
              <Button color="red" variant="light" size="xs" onClick={() => setAsking("deactivate")}>
                Deactivate
              </Button>
            ) : (
              <Button variant="light" size="xs" onClick={() => setAsking("activate")}>
                Activate
              </Button>
            )}
          </Group>
        </Group>
        <RecordFields record={record} onChange={setRecord} />
        <SetupFields setup={setup} onChange={setSetup} />
        <Group justify="flex-end">
          <Button onClick={save} loading={update.isPending} disabled={gstinError(record) !== null}>
            Save changes
          </Button>
        </Group>
      </Stack>
      <AskDialog
        opened={asking !== null}
        title={
          asking === "ars"
            ? "Place ARS replenishment"
            : asking === "reset"
              ? "Send password reset"
              : asking === "deactivate"
                ? "Deactivate partner"
                : "Activate partner"
        }
        message={
          asking === "ars"
            ? `Order what ${p.email}'s ARS list expects now (source B2F), as Monday's run would? Once per partner and week.`
            : asking === "reset"
              ? `Send ${p.email} a mail with a link to set a new password?`
              : asking === "deactivate"
                ? `Deactivate ${p.email}? Every session of this partner ends at once and it cannot sign in.`
                : `Let ${p.email} sign in again?`
        }
        confirmLabel={
          asking === "ars"
            ? "Place order"
            : asking === "reset"
              ? "Send mail"
              : asking === "deactivate"
                ? "Deactivate"
                : "Activate"
        }
        color={asking === "deactivate" ? "red" : "brand"}
        loading={reset.isPending || setActive.isPending || ars.isPending}
        onConfirm={run}
        onClose={() => setAsking(null)}
      />
    </Paper>
  );
}

/** /admin/partners/new creates; /admin/partners/:id edits, deactivates and sends a reset mail. */
export function PartnerPage() {
  const { id } = useParams();
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/admin/partners" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> Partners
        </Group>
      </Anchor>
      {id === "new" ? <NewPartner /> : <EditPartner key={id} id={Number(id)} />}
    </Stack>
  );
}
