import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { RUPEE_AMOUNT } from "@portal/contracts";
import { formatDate, formatDateTime, formatRupees, OWNED_SHIPPING_LIMIT, toPaise } from "@portal/domain";
import { type ReactNode, useState } from "react";
import { act } from "../../admin-kit/act";
import { DateField } from "../../components/DateFields";
import { usePageTitle } from "../../lib/usePageTitle";
import {
  useEwayBillLimitSetting,
  useLockDateSetting,
  useSetEwayBillLimit,
  useSetLockDate,
  useSetShippingCharge,
  useShippingChargeSetting,
} from "./api";

/**
 * One setting: what it does, its field with a Save button beside it, and a line of facts (its value,
 * when and by whom it was last changed).
 */
function SettingCard({
  title,
  about,
  error,
  field,
  canSave,
  saving,
  onSave,
  facts,
  factsTestId,
}: {
  title: string;
  about: ReactNode;
  error: Error | null;
  field: ReactNode;
  canSave: boolean;
  saving: boolean;
  onSave: () => void;
  facts: ReactNode;
  factsTestId: string;
}) {
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={3} fz={16}>
          {title}
        </Title>
        <Text size="sm">{about}</Text>
        {error && <Alert color="red">{error.message}</Alert>}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (canSave) onSave();
          }}
        >
          <Group align="flex-start" gap="sm" wrap="wrap">
            {field}
            <Button type="submit" mt={25} loading={saving} disabled={!canSave}>
              Save
            </Button>
          </Group>
        </form>
        {facts && (
          <Text size="xs" c="dimmed" data-testid={factsTestId}>
            {facts}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** " · changed <when> by <who>" (the date and time on one line on a phone), or " · never changed". */
function changed(setting: { updatedAt: string | null; updatedBy: string | null }) {
  if (!setting.updatedAt) return " · never changed";
  return (
    <>
      {" · changed "}
      <span style={{ whiteSpace: "nowrap" }}>{formatDateTime(setting.updatedAt)}</span>
      {setting.updatedBy ? ` by ${setting.updatedBy}` : ""}
    </>
  );
}

/** The shipping charge of a warehouse group below its shipping limit. */
function ShippingChargeCard() {
  const setting = useShippingChargeSetting();
  const save = useSetShippingCharge();
  const [amount, setAmount] = useState<string | null>(null);
  const value = amount ?? setting.data?.amount ?? "";
  const max = setting.data ? toPaise(setting.data.maxAmount) : null;
  const error =
    amount === null
      ? null
      : !RUPEE_AMOUNT.test(amount.trim())
        ? "Rupees with at most 2 decimals, e.g. 250 or 249.50"
        : max !== null && toPaise(amount.trim()) > max
          ? `At most ${formatRupees(setting.data?.maxAmount ?? "0")}`
          : null;
  return (
    <SettingCard
      title="Shipping charge"
      about={
        <>
          Charged once per warehouse group of an order when the group's total reaches its minimum but stays
          below its shipping limit (the company warehouses: below {formatRupees(OWNED_SHIPPING_LIMIT)}). The
          amount is GST inclusive ({setting.data?.gstRate ?? 18}%), shown to partners before they order and
          billed on the invoice. 0 waives it. Orders already placed keep their charge.
        </>
      }
      error={setting.error}
      field={
        <TextInput
          label="Amount (₹, GST inclusive)"
          value={value}
          onChange={(e) => setAmount(e.currentTarget.value)}
          error={error}
          inputMode="decimal"
          w={220}
          disabled={!setting.data}
          data-testid="shipping-charge-amount"
        />
      }
      canSave={amount !== null && error === null}
      saving={save.isPending}
      onSave={() =>
        void act(
          save.mutateAsync((amount ?? "").trim()),
          (r) => `Shipping charge set to ${formatRupees(r.amount)}`,
        ).then((r) => {
          if (r) setAmount(null);
        })
      }
      facts={
        setting.data && (
          <>
            Now {formatRupees(setting.data.amount)} · default {formatRupees(setting.data.defaultAmount)}
            {changed(setting.data)}
          </>
        )
      }
      factsTestId="shipping-charge-facts"
    />
  );
}

/** The lock date of the books: postings dated before it are refused. */
function LockDateCard() {
  const setting = useLockDateSetting();
  const save = useSetLockDate();
  const [day, setDay] = useState<string | null>(null);
  const value = day ?? setting.data?.lockDate ?? "";
  return (
    <SettingCard
      title="Lock date"
      about="Closes the books before this day: invoices, payment approvals, notes and other ledger entries dated earlier are refused, and no load can be shipped with an earlier date. It can be at most today; clear it to open every period."
      error={setting.error}
      field={
        <DateField
          label="Lock date"
          value={value}
          onChange={setDay}
          w={220}
          disabled={!setting.data}
          data-testid="lock-date"
        />
      }
      canSave={day !== null && day !== (setting.data?.lockDate ?? "")}
      saving={save.isPending}
      onSave={() =>
        void act(save.mutateAsync(day === "" ? null : day), (r) =>
          r.lockDate ? `Books closed before ${formatDate(r.lockDate)}` : "Every period is open",
        ).then((r) => {
          if (r) setDay(null);
        })
      }
      facts={
        setting.data && (
          <>
            {setting.data.lockDate
              ? `Closed before ${formatDate(setting.data.lockDate)}`
              : "No period is closed"}
            {changed(setting.data)}
          </>
        )
      }
      factsTestId="lock-date-facts"
    />
  );
}

/** The e-way bill limit: a load worth more (goods with GST) may not ship without an e-way bill. */
function EwayBillLimitCard() {
  const setting = useEwayBillLimitSetting();
  const save = useSetEwayBillLimit();
  const [limit, setLimit] = useState<string | null>(null);
  const value = limit ?? setting.data?.limit ?? "";
  const max = setting.data ? toPaise(setting.data.maxLimit) : null;
  const error =
    limit === null
      ? null
      : !RUPEE_AMOUNT.test(limit.trim())
        ? "Rupees with at most 2 decimals, e.g. 50000"
        : max !== null && toPaise(limit.trim()) > max
          ? `At most ${formatRupees(setting.data?.maxLimit ?? "0")}`
          : null;
  return (
    <SettingCard
      title="E-way bill limit"
      about="A load worth more than this (its goods with GST) cannot be shipped without an e-way bill: staff generate it on the load, or enter the number of one generated elsewhere. The law's limit is ₹50,000."
      error={setting.error}
      field={
        <TextInput
          label="Limit (₹)"
          value={value}
          onChange={(e) => setLimit(e.currentTarget.value)}
          error={error}
          inputMode="decimal"
          w={220}
          disabled={!setting.data}
          data-testid="eway-bill-limit"
        />
      }
      canSave={limit !== null && error === null}
      saving={save.isPending}
      onSave={() =>
        void act(
          save.mutateAsync((limit ?? "").trim()),
          (r) => `E-way bill limit set to ${formatRupees(r.limit)}`,
        ).then((r) => {
          if (r) setLimit(null);
        })
      }
      facts={
        setting.data && (
          <>
            Now {formatRupees(setting.data.limit)} · default {formatRupees(setting.data.defaultLimit)}
            {changed(setting.data)}
          </>
        )
      }
      factsTestId="eway-bill-limit-facts"
    />
  );
}

/** Settings staff change: the shipping charge of a warehouse group below its shipping limit, the lock date. */
export function SettingsPage() {
  usePageTitle("Settings");
  return (
    <Stack gap="md" maw={640}>
      <Title order={2} fz={20}>
        Settings
      </Title>
      <ShippingChargeCard />
      <LockDateCard />
      <EwayBillLimitCard />
    </Stack>
  );
}
