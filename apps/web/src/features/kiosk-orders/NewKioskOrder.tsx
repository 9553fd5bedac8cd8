import {
  ActionIcon,
  Alert,
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
import type { KioskCustomer, KioskOrder } from "@portal/contracts";
import {
  formatRupees,
  GIFT_VOUCHER_AMOUNTS,
  isIndianMobile,
  KIOSK_PAYMENT_MODES,
  type KioskPaymentMode,
  kioskMessages,
  kioskOrderTotal,
  MAX_VOUCHERS_PER_AMOUNT,
  paiseToDecimal,
  toPaise,
} from "@portal/domain";
import { IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { errorMessage, isApiError } from "../../lib/api";
import { notify } from "../../lib/notify";
import { useFullScreen } from "../../lib/useFullScreen";
import { kioskApi } from "./api";

interface Line {
  id: number;
  name: string;
  mrp: string;
  qty: number;
}

const newKey = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `k-${Date.now()}-${Math.random()}`.replace(".", "");

/** The amount the customer pays (the domain's kioskOrderTotal), for the lines and the voucher counts by amount. */
export function kioskTotal(lines: readonly Line[], vouchers: Readonly<Record<number, number>>): string {
  const counts = Object.entries(vouchers).map(([amount, qty]) => ({ amount: Number(amount), qty }));
  return paiseToDecimal(kioskOrderTotal(lines, counts));
}

/** Taking an order at the kiosk: find or register the customer by mobile, pick products and vouchers, take payment at the counter. */
export function NewKioskOrder({ onClose, onPlaced }: { onClose: () => void; onPlaced: () => void }) {
  const fullScreen = useFullScreen();
  const [mobile, setMobile] = useState("");
  const [customer, setCustomer] = useState<KioskCustomer | null>(null);
  const [lookedUp, setLookedUp] = useState(false);
  const [details, setDetails] = useState({ firstName: "", lastName: "", dob: "", email: "" });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [productId, setProductId] = useState("");
  const [qty, setQty] = useState<number>(1);
  const [lines, setLines] = useState<Line[]>([]);
  const [vouchers, setVouchers] = useState<Record<number, number>>({});
  const [paymentMode, setPaymentMode] = useState<KioskPaymentMode>("Cash");
  const [reference, setReference] = useState("");
  const [key, setKey] = useState(newKey);
  const [placed, setPlaced] = useState<KioskOrder | null>(null);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setProblem(null);
    try {
      await action();
    } catch (error) {
      setProblem(
        isApiError(error) && error.status < 500 && error.status !== 0
          ? errorMessage(error)
          : kioskMessages.tryAgain,
      );
    } finally {
      setBusy(false);
    }
  }

  const find = () =>
    run(async () => {
      if (!isIndianMobile(mobile)) throw new Error("mobile");
      const found = await kioskApi.emailsByMobile(mobile);
      setCustomer(found.customer);
      setLookedUp(true);
      setDetails({
        firstName: found.customer?.firstName ?? "",
        lastName: found.customer?.lastName ?? "",
        dob: found.customer?.dob ?? "",
        email: found.customer?.email ?? "",
      });
    }).then(() => {
      if (!isIndianMobile(mobile)) setProblem("Enter the customer's 10-digit mobile number.");
    });

  const saveCustomer = () =>
    run(async () => {
      const body = {
        mobileNo: mobile,
        firstName: details.firstName,
        lastName: details.lastName,
        dob: details.dob,
      };
      const saved = customer
        ? await kioskApi.saveDetails(body)
        : await kioskApi.register({ ...body, ...(details.email ? { email: details.email } : {}) });
      setCustomer(saved);
      notify.success(customer ? "Customer details saved." : "Customer registered.");
    });

  const addProduct = () =>
    run(async () => {
      const id = Number(productId);
      if (!Number.isInteger(id) || id < 1) throw new Error("id");
      const p = await kioskApi.product(id);
      setLines((ls) => {
        const existing = ls.find((l) => l.id === p.id);
        if (existing) return ls.map((l) => (l.id === p.id ? { ...l, qty: l.qty + qty } : l));
        return [...ls, { id: p.id, name: p.name, mrp: p.mrp, qty }];
      });
      setProductId("");
      setQty(1);
    });

  const place = () =>
    run(async () => {
      try {
        const order = await kioskApi.place(
          {
            mobileNo: mobile,
            products: lines.map((l) => ({ id: l.id, qty: l.qty })),
            vouchers: Object.entries(vouchers)
              .filter(([, n]) => n > 0)
              .map(([amount, n]) => ({ amount: Number(amount), qty: n })),
            paymentMode,
            ...(reference.trim() ? { paymentReference: reference.trim() } : {}),
          },
          key,
        );
        setPlaced(order);
        notify.success(`Kiosk order ${order.id} placed.`);
      } catch (error) {
        // A refused order may be corrected and sent again: a new attempt, a new key.
        if (isApiError(error) && error.status >= 400 && error.status < 500) setKey(newKey());
        throw isApiError(error) && error.status < 500 && error.status !== 0
          ? error
          : new Error(kioskMessages.processFailed);
      }
    });

  const total = kioskTotal(
    lines,
    Object.fromEntries(Object.entries(vouchers).filter(([, n]) => n > 0)) as Record<number, number>,
  );

  if (placed) {
    const link = `/confirm/kiosk/${encodeURIComponent(placed.poid)}/${placed.id}`;
    return (
      <Modal opened onClose={onPlaced} title="Kiosk order placed" fullScreen={fullScreen}>
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
            <Button onClick={onPlaced}>Done</Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  const ready = customer !== null && lines.length > 0;
  return (
    <Modal opened onClose={onClose} title="New kiosk order" size="lg" fullScreen={fullScreen}>
      <Stack data-testid="kiosk-new-order">
        <Card withBorder>
          <Stack gap="sm">
            <Text fw={600}>1. Customer</Text>
            <Group align="flex-end" gap="sm">
              <TextInput
                label="Mobile number"
                inputMode="numeric"
                maxLength={10}
                value={mobile}
                onChange={(e) => {
                  setMobile(e.currentTarget.value.replace(/\D/g, ""));
                  setLookedUp(false);
                  setCustomer(null);
                }}
                style={{ flex: 1, minWidth: 160 }}
                data-testid="kiosk-mobile"
              />
              <Button variant="default" onClick={find} loading={busy && !lookedUp} data-testid="kiosk-find">
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
                    onChange={(e) => setDetails((d) => ({ ...d, firstName: e.currentTarget.value }))}
                  />
                  <TextInput
                    label="Last name"
                    value={details.lastName}
                    onChange={(e) => setDetails((d) => ({ ...d, lastName: e.currentTarget.value }))}
                  />
                  <TextInput
                    label="Date of birth"
                    type="date"
                    value={details.dob}
                    onChange={(e) => setDetails((d) => ({ ...d, dob: e.currentTarget.value }))}
                  />
                  {!customer && (
                    <TextInput
                      label="Email (optional)"
                      type="email"
                      value={details.email}
                      onChange={(e) => setDetails((d) => ({ ...d, email: e.currentTarget.value }))}
                    />
                  )}
                </SimpleGrid>
                <Group justify="flex-end">
                  <Button
                    variant="light"
                    onClick={saveCustomer}
                    loading={busy}
                    data-testid="kiosk-save-customer"
                  >
                    {customer ? "Save details" : "Register customer"}
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        </Card>
        <Card withBorder>
          <Stack gap="sm">
            <Text fw={600}>2. Products and gift vouchers</Text>
            <Group align="flex-end" gap="sm">
              <TextInput
                label="Product id"
                inputMode="numeric"
                value={productId}
                onChange={(e) => setProductId(e.currentTarget.value.replace(/\D/g, ""))}
                style={{ flex: 1, minWidth: 120 }}
                data-testid="kiosk-product-id"
              />
              <NumberInput
                label="Qty"
                min={1}
                max={500}
                w={90}
                value={qty}
                onChange={(v) => setQty(Math.max(1, Number(v) || 1))}
              />
              <Button variant="default" onClick={addProduct} data-testid="kiosk-add-product">
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
                    onClick={() => setLines((ls) => ls.filter((x) => x.id !== l.id))}
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
                  onChange={(v) =>
                    setVouchers((vs) => ({
                      ...vs,
                      [amount]: Math.max(0, Math.min(MAX_VOUCHERS_PER_AMOUNT, Number(v) || 0)),
                    }))
                  }
                  data-testid={`kiosk-voucher-${amount}`}
                />
              ))}
            </SimpleGrid>
          </Stack>
        </Card>
        <Card withBorder>
          <Stack gap="sm">
            <Text fw={600}>3. Payment at the store counter</Text>
            <SegmentedControl
              aria-label="Payment mode"
              value={paymentMode}
              onChange={(v) => setPaymentMode(v as KioskPaymentMode)}
              data={[...KIOSK_PAYMENT_MODES]}
            />
            {paymentMode !== "Cash" && (
              <TextInput
                label="Payment reference (card slip or UPI id)"
                value={reference}
                maxLength={60}
                onChange={(e) => setReference(e.currentTarget.value)}
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
        {problem && (
          <Alert color="red" title={kioskMessages.processFailed} data-testid="kiosk-problem">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button onClick={place} disabled={!ready} loading={busy} data-testid="kiosk-place">
            Place order
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
