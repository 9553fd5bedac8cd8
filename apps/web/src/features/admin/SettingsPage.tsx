import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { RUPEE_AMOUNT } from "@portal/contracts";
import { formatDateTime, formatRupees, OWNED_SHIPPING_LIMIT, toPaise } from "@portal/domain";
import { useState } from "react";
import { usePageTitle } from "../../lib/usePageTitle";
import { act } from "./act";
import { useSetShippingCharge, useShippingChargeSetting } from "./api";

/** Settings staff change: the shipping charge of a warehouse group below its shipping limit. */
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
    </Stack>
  );
}
