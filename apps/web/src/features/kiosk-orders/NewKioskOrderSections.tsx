import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import type { KioskOrder } from "@portal/contracts";
import {
  formatRupees,
  GIFT_VOUCHER_AMOUNTS,
  KIOSK_PAYMENT_MODES,
  type KioskPaymentMode,
  MAX_VOUCHERS_PER_AMOUNT,
  paiseToDecimal,
  toPaise,
} from "@portal/domain";
import { IconTrash } from "@tabler/icons-react";
import type { Dispatch } from "react";
import { Link } from "react-router";
import type { NewKioskOrderAction, NewKioskOrderForm } from "./newKioskOrderForm";

interface SectionProps {
  form: NewKioskOrderForm;
  dispatch: Dispatch<NewKioskOrderAction>;
}

/** 1. Find the customer by mobile, then register them or check their details. */
export function CustomerSection({
  form,
  dispatch,
  busy,
  onFind,
  onSave,
}: SectionProps & { busy: boolean; onFind: () => void; onSave: () => void }) {
  const { mobile, customer, lookedUp, details } = form;
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Text fw={600}>1. Customer</Text>
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Mobile number"
            inputMode="numeric"
            maxLength={10}
            value={mobile}
            onChange={(e) => dispatch({ type: "mobileTyped", value: e.currentTarget.value })}
            style={{ flex: 1, minWidth: 160 }}
            data-testid="kiosk-mobile"
          />
          <Button variant="default" onClick={onFind} loading={busy && !lookedUp} data-testid="kiosk-find">
            Find
          </Button>
        </Group>
        {lookedUp && (
          <>
            <Text size="sm" c="dimmed" data-testid="kiosk-customer-state">
              {customer ? "Registered customer: check the details." : "New customer: register them."}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                label="First name"
                value={details.firstName}
                onChange={(e) =>
                  dispatch({ type: "detailsEdited", change: { firstName: e.currentTarget.value } })
                }
              />
              <TextInput
                label="Last name"
                value={details.lastName}
                onChange={(e) =>
                  dispatch({ type: "detailsEdited", change: { lastName: e.currentTarget.value } })
                }
              />
              <TextInput
                label="Date of birth"
                type="date"
                value={details.dob}
                onChange={(e) => dispatch({ type: "detailsEdited", change: { dob: e.currentTarget.value } })}
              />
              {!customer && (
                <TextInput
                  label="Email (optional)"
                  type="email"
                  value={details.email}
                  onChange={(e) =>
                    dispatch({ type: "detailsEdited", change: { email: e.currentTarget.value } })
                  }
                />
              )}
            </SimpleGrid>
            <Group justify="flex-end">
              <Button variant="light" onClick={onSave} loading={busy} data-testid="kiosk-save-customer">
                {customer ? "Save details" : "Register customer"}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}

/** 2. Products by id and quantity, and gift vouchers by amount. */
export function ItemsSection({ form, dispatch, onAdd }: SectionProps & { onAdd: () => void }) {
  const { productId, qty, lines, vouchers } = form;
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Text fw={600}>2. Products and gift vouchers</Text>
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Product id"
            inputMode="numeric"
            value={productId}
            onChange={(e) => dispatch({ type: "productIdTyped", value: e.currentTarget.value })}
            style={{ flex: 1, minWidth: 120 }}
            data-testid="kiosk-product-id"
          />
          <NumberInput
            label="Qty"
            min={1}
            max={500}
            w={90}
            value={qty}
            onChange={(v) => dispatch({ type: "qtySet", value: v })}
          />
          <Button variant="default" onClick={onAdd} data-testid="kiosk-add-product">
            Add
          </Button>
        </Group>
        {lines.map((l) => (
          <Group key={l.id} justify="space-between" wrap="nowrap" gap="xs" data-testid="kiosk-line">
            <Text size="sm" style={{ minWidth: 0 }} truncate>
              {l.qty} × {l.name} ({l.id})
            </Text>
            <Group gap={6} wrap="nowrap">
              <Text size="sm">{formatRupees(paiseToDecimal(toPaise(l.mrp) * BigInt(l.qty)))}</Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${l.name}`}
                onClick={() => dispatch({ type: "lineRemoved", id: l.id })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Group>
        ))}
        <SimpleGrid cols={{ base: 2, xs: 3, sm: 5 }} spacing="xs">
          {GIFT_VOUCHER_AMOUNTS.map((amount) => (
            <NumberInput
              key={amount}
              label={`Voucher ₹${amount}`}
              min={0}
              max={MAX_VOUCHERS_PER_AMOUNT}
              value={vouchers[amount] ?? 0}
              onChange={(v) => dispatch({ type: "vouchersSet", amount, value: v })}
              data-testid={`kiosk-voucher-${amount}`}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** 3. The payment mode (a reference unless cash) and the total to collect at the counter. */
export function PaymentSection({ form, dispatch, total }: SectionProps & { total: string }) {
  const { paymentMode, reference } = form;
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Text fw={600}>3. Payment at the store counter</Text>
        <SegmentedControl
          aria-label="Payment mode"
          value={paymentMode}
          onChange={(v) => dispatch({ type: "paymentModeSet", value: v as KioskPaymentMode })}
          data={[...KIOSK_PAYMENT_MODES]}
        />
        {paymentMode !== "Cash" && (
          <TextInput
            label="Payment reference (card slip or UPI id)"
            value={reference}
            maxLength={60}
            onChange={(e) => dispatch({ type: "referenceTyped", value: e.currentTarget.value })}
          />
        )}
        <Group justify="space-between">
          <Text fw={700}>Total to collect</Text>
          <Text fw={700} data-testid="kiosk-total">
            {formatRupees(total)}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}

/** The order placed: the link the customer acknowledges it through. */
export function PlacedDialog({
  placed,
  fullScreen,
  onDone,
}: {
  placed: KioskOrder;
  fullScreen: boolean;
  onDone: () => void;
}) {
  const link = `/confirm/kiosk/${encodeURIComponent(placed.poid)}/${placed.id}`;
  return (
    <Modal opened onClose={onDone} title="Kiosk order placed" fullScreen={fullScreen}>
      <Stack data-testid="kiosk-placed">
        <Text>
          Kiosk order <b>{placed.id}</b> (purchase order {placed.poid}) for {placed.phoneNo}:{" "}
          {formatRupees(placed.totalAmount)} paid by {placed.paymentMode} at the store counter.
        </Text>
        <Text size="sm">
          The customer acknowledges the order through this link; the receipt is ready then.
        </Text>
        <Anchor component={Link} to={link} data-testid="kiosk-ack-link">
          {window.location.origin}
          {link}
        </Anchor>
        <Group justify="flex-end">
          <Button onClick={onDone}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
