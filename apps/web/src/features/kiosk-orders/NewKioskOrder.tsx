import { Alert, Button, Group, Modal, Stack } from "@mantine/core";
import { kioskMessages, kioskOrderTotal, paiseToDecimal } from "@portal/domain";
import { useFullScreen } from "../../lib/useFullScreen";
import { CustomerSection, ItemsSection, PaymentSection, PlacedDialog } from "./NewKioskOrderSections";
import type { KioskLine } from "./newKioskOrderForm";
import { useNewKioskOrder } from "./useNewKioskOrder";

/** The amount the customer pays (the domain's kioskOrderTotal), for the lines and the voucher counts by amount. */
export function kioskTotal(lines: readonly KioskLine[], vouchers: Readonly<Record<number, number>>): string {
  const counts = Object.entries(vouchers).map(([amount, qty]) => ({ amount: Number(amount), qty }));
  return paiseToDecimal(kioskOrderTotal(lines, counts));
}

/** Taking an order at the kiosk: find or register the customer by mobile, pick products and vouchers, take payment at the counter. */
export function NewKioskOrder({ onClose, onPlaced }: { onClose: () => void; onPlaced: () => void }) {
  const fullScreen = useFullScreen();
  const { form, dispatch, problem, busy, placed, find, saveCustomer, addProduct, place } = useNewKioskOrder();

  if (placed) return <PlacedDialog placed={placed} fullScreen={fullScreen} onDone={onPlaced} />;

  const total = kioskTotal(
    form.lines,
    Object.fromEntries(Object.entries(form.vouchers).filter(([, n]) => n > 0)) as Record<number, number>,
  );
  const ready = form.customer !== null && form.lines.length > 0;
  return (
    <Modal opened onClose={onClose} title="New kiosk order" size="lg" fullScreen={fullScreen}>
      <Stack data-testid="kiosk-new-order">
        <CustomerSection form={form} dispatch={dispatch} busy={busy} onFind={find} onSave={saveCustomer} />
        <ItemsSection form={form} dispatch={dispatch} onAdd={addProduct} />
        <PaymentSection form={form} dispatch={dispatch} total={total} />
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
