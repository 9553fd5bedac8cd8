import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { RUPEE_AMOUNT } from "@portal/contracts";
import { formatDate, formatDateTime, formatRupees, OWNED_SHIPPING_LIMIT, toPaise } from "@portal/domain";
import { useState } from "react";
import { DateField } from "../../components/DateFields";
import { usePageTitle } from "../../lib/usePageTitle";
import { act } from "./act";
import { useLockDateSetting, useSetLockDate, useSetShippingCharge, useShippingChargeSetting } from "./api";

/** The lock date of the books: postings dated before it are refused. */
function LockDateCard() {
  const setting = useLockDateSetting();
  const save = useSetLockDate();
  const [day, setDay] = useState<string | null>(null);
  const value = day ?? setting.data?.lockDate ?? "";
  const changed = day !== null && day !== (setting.data?.lockDate ?? "");
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={3} fz={16}>
          Lock date
        </Title>
        <Text size="sm">
          Closes the books before this day: invoices, payment approvals, notes and other ledger entries dated
          earlier are refused, and no load can be shipped with an earlier date. It can be at most today; clear
          it to open every period.
        </Text>
        {setting.error && <Alert color="red">{setting.error.message}</Alert>}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!changed) return;
            const next = day === "" ? null : day;
            void act(save.mutateAsync(next), (r) =>
              r.lockDate ? `Books closed before ${formatDate(r.lockDate)}` : "Every period is open",
            ).then((r) => {
              if (r) setDay(null);
            });
          }}
        >
          <Group align="flex-start" gap="sm" wrap="wrap">
            <DateField
              label="Lock date"
              value={value}
              onChange={setDay}
              w={220}
              disabled={!setting.data}
              data-testid="lock-date"
            />
            <Button type="submit" mt={25} loading={save.isPending} disabled={!changed}>
              Save
            </Button>
          </Group>
        </form>
        {setting.data && (
          <Text size="xs" c="dimmed" data-testid="lock-date-facts">
            {setting.data.lockDate
              ? `Closed before ${formatDate(setting.data.lockDate)}`
              : "No period is closed"}
            {setting.data.updatedAt ? (
              <>
                {" · changed "}
                <span style={{ whiteSpace: "nowrap" }}>{formatDateTime(setting.data.updatedAt)}</span>
                {setting.data.updatedBy ? ` by ${setting.data.updatedBy}` : ""}
              </>
            ) : (
              " · never changed"
            )}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** Settings staff change: the shipping charge of a warehouse group below its shipping limit, the lock date. */
export function SettingsPage() {
  usePageTitle("Settings");
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
    <Stack gap="md" maw={640}>
      <Title order={2} fz={20}>
        Settings
      </Title>
      <Card withBorder>
        <Stack gap="sm">
          <Title order={3} fz={16}>
            Shipping charge
          </Title>
          <Text size="sm">
            Charged once per warehouse group of an order when the group's total reaches its minimum but stays
            below its shipping limit (the company warehouses: below {formatRupees(OWNED_SHIPPING_LIMIT)}). The
            amount is GST inclusive ({setting.data?.gstRate ?? 18}%), shown to partners before they order and
            billed on the invoice. 0 waives it. Orders already placed keep their charge.
          </Text>
          {setting.error && <Alert color="red">{setting.error.message}</Alert>}
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (error || amount === null) return;
              void act(
                save.mutateAsync(amount.trim()),
                (r) => `Shipping charge set to ${formatRupees(r.amount)}`,
              ).then((r) => {
                if (r) setAmount(null);
              });
            }}
          >
            <Group align="flex-start" gap="sm" wrap="wrap">
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
              <Button
                type="submit"
                mt={25}
                loading={save.isPending}
                disabled={amount === null || error !== null}
              >
                Save
              </Button>
            </Group>
          </form>
          {setting.data && (
            <Text size="xs" c="dimmed" data-testid="shipping-charge-facts">
              Now {formatRupees(setting.data.amount)} · default {formatRupees(setting.data.defaultAmount)}
              {setting.data.updatedAt ? (
                <>
                  {" · changed "}
                  {/* the date and time stay on one line on a phone */}
                  <span style={{ whiteSpace: "nowrap" }}>{formatDateTime(setting.data.updatedAt)}</span>
                  {setting.data.updatedBy ? ` by ${setting.data.updatedBy}` : ""}
                </>
              ) : (
                " · never changed"
              )}
            </Text>
          )}
        </Stack>
      </Card>
      <LockDateCard />
    </Stack>
  );
}
