import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Combobox,
  Group,
  Loader,
  Modal,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  useCombobox,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { KioskOrder, KioskProductHit } from "@portal/contracts";
import {
  formatCount,
  formatRupees,
  GIFT_VOUCHER_AMOUNTS,
  KIOSK_PAYMENT_MODES,
  type KioskPaymentMode,
  kioskMessages,
  MAX_VOUCHERS_PER_AMOUNT,
  paiseToDecimal,
  toPaise,
} from "@portal/domain";
import { IconTrash } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type Dispatch, type ReactNode, useState } from "react";
import { Link } from "react-router";
import { DateField } from "../../components/DateFields";
import { errorMessage, isApiError } from "../../lib/api";
import { kioskQueries } from "./api";
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
              <DateField
                label="Date of birth"
                value={details.dob}
                minDate="1900-01-01"
                defaultLevel={details.dob ? "month" : "decade"}
                onChange={(dob) => dispatch({ type: "detailsEdited", change: { dob } })}
                data-testid="kiosk-dob"
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

/**
 * A product by name, id or barcode: suggestions appear as the store types (or the scanner types an
 * EAN-13 and Enter); Add takes the highlighted one, or the product a typed id or barcode names.
 */
function ProductPicker({
  onAdd,
  qtyField,
}: {
  onAdd: (picked: KioskProductHit | string) => void;
  qtyField: ReactNode;
}) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState("");
  const [debounced] = useDebouncedValue(text.trim(), 250);
  const q = /^\d{13}$/.test(text.trim()) ? text.trim() : debounced;
  const enabled = q.replace(/[^A-Za-z0-9]/g, "").length >= 2 || /^\d+$/.test(q);
  const found = useQuery({ ...kioskQueries.products(q), enabled, retry: false });
  const hits = enabled ? (found.data?.hits ?? []) : [];
  const pick = (hit: KioskProductHit | string) => {
    onAdd(hit);
    setText("");
    combobox.closeDropdown();
  };
  return (
    <>
      <Combobox
        store={combobox}
        onOptionSubmit={(value) => {
          const hit = hits.find((h) => String(h.id) === value);
          if (hit) pick(hit);
        }}
      >
        <Combobox.Target>
          <TextInput
            label="Product: name, id or barcode"
            placeholder="Type a name or scan the barcode"
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              combobox.openDropdown();
              combobox.updateSelectedOptionIndex();
            }}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={(e) => {
              // a scanner ends with Enter: take the product when nothing is highlighted
              if (e.key === "Enter" && combobox.getSelectedOptionIndex() < 0 && text.trim()) {
                e.preventDefault();
                pick(text);
              }
            }}
            rightSection={found.isFetching ? <Loader size="xs" /> : null}
            style={{ flex: 1, minWidth: 180 }}
            data-testid="kiosk-product-id"
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!enabled}>
          <Combobox.Options mah={280} style={{ overflowY: "auto" }} data-testid="kiosk-product-hits">
            {found.isError && (
              <Combobox.Empty>
                {isApiError(found.error) && found.error.status < 500
                  ? errorMessage(found.error)
                  : kioskMessages.tryAgain}
              </Combobox.Empty>
            )}
            {found.isSuccess && hits.length === 0 && <Combobox.Empty>No product found.</Combobox.Empty>}
            {hits.map((h) => (
              <Combobox.Option value={String(h.id)} key={h.id}>
                <Text size="sm" lineClamp={2}>
                  {h.name}
                  {h.size ? ` · ${h.size}` : ""}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatRupees(h.mrp)} · {formatCount(h.stock)} in stock · id {h.id} · EAN {h.ean}
                </Text>
              </Combobox.Option>
            ))}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      {qtyField}
      <Button
        variant="default"
        onClick={() => {
          const selected = hits[combobox.getSelectedOptionIndex()];
          if (selected) pick(selected);
          else if (text.trim()) pick(text);
        }}
        data-testid="kiosk-add-product"
      >
        Add
      </Button>
    </>
  );
}

/** 2. Products (searched by name, id or barcode) and quantity, and gift vouchers by amount. */
export function ItemsSection({
  form,
  dispatch,
  onAdd,
}: SectionProps & { onAdd: (picked: KioskProductHit | string) => void }) {
  const { qty, lines, vouchers } = form;
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Text fw={600}>2. Products and gift vouchers</Text>
        <Group align="flex-end" gap="sm">
          <ProductPicker
            onAdd={onAdd}
            qtyField={
              <NumberInput
                label="Qty"
                min={1}
                max={500}
                w={80}
                value={qty}
                onChange={(v) => dispatch({ type: "qtySet", value: v })}
              />
            }
          />
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
