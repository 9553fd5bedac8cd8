import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  List,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
} from "@mantine/core";
import type { CartAllocationView, CartGroupTotal } from "@portal/contracts";
import {
  formatRupees,
  messages,
  paiseToDecimal,
  sumPaise,
  toPaise,
  type WarehouseGroup,
} from "@portal/domain";
import { IconAlertTriangle, IconCheck, IconMapPin, IconTruck } from "@tabler/icons-react";
import { useState } from "react";
import type { OrderAddresses } from "./addresses";
import classes from "./cart.module.css";
import { groupBlocker, offeredGroups, preselectedGroups } from "./order";
import { TopUpInDialog, useTopUp } from "./TopUpSuggestions";

export interface PlacementProblem {
  /** The headline: "Failed to place the order. Please retry." or the long-delay message. */
  message: string;
  /** Per-warehouse reasons from the server. */
  details: string[];
}

function GroupOption({
  group,
  checked,
  disabled,
  onChange,
  onTopUp,
}: {
  group: CartGroupTotal;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
  /** Offered with the group's smart top-up: called with the refreshed cart once its products are added. */
  onTopUp?: (fresh: CartAllocationView) => void;
}) {
  const blocker = groupBlocker(group);
  // with a top-up below saying how much to add, the group's own line does not say it again
  const quiet = useTopUp(group.group, onTopUp !== undefined) !== undefined;
  const descriptionId = `group-${group.group}-description`;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      className={classes.groupOption}
      data-checked={checked || undefined}
      data-blocked={blocker ? true : undefined}
      data-testid={`group-option-${group.group}`}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Checkbox
          mt={2}
          checked={checked}
          disabled={disabled || blocker !== null}
          onChange={(e) => onChange(e.currentTarget.checked)}
          aria-label={`Order from ${group.label}`}
          aria-describedby={descriptionId}
          data-testid={`group-checkbox-${group.group}`}
        />
        <Stack gap={2} style={{ flex: 1 }} id={descriptionId}>
          <Group justify="space-between" wrap="nowrap">
            <Text fw={700} size="sm">
              {group.label}
            </Text>
            <Text fw={700} size="sm" className={classes.num}>
              {formatRupees(group.total)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {group.lines} {group.lines === 1 ? "product" : "products"} ·{" "}
            {toPaise(group.minimum) > 0n ? `minimum ${formatRupees(group.minimum)}` : "no minimum"}
            {group.shippingLimit ? ` · free shipping from ${formatRupees(group.shippingLimit)}` : ""}
          </Text>
          {blocker ? (
            <Text size="xs" c="red.8" fw={600} data-testid={`group-blocker-${group.group}`}>
              {quiet
                ? `${blocker}.`
                : `${blocker}: add ${formatRupees(paiseToDecimal(toPaise(group.minimum) - toPaise(group.total)))} more to order from it.`}
            </Text>
          ) : group.shippingCharge ? (
            <Group gap={4} wrap="nowrap">
              <IconTruck size={14} color="var(--mantine-color-orange-8)" aria-hidden />
              <Text size="xs" c="orange.9" fw={600} data-testid={`group-shipping-${group.group}`}>
                Shipping charge {formatRupees(group.shippingChargeAmount)} (GST incl.) for this group
                {quiet ? "." : ` · add ${formatRupees(group.toAvoidShippingCharge ?? "0")} more to avoid it.`}
              </Text>
            </Group>
          ) : (
            <Group gap={4} wrap="nowrap">
              <IconCheck size={14} color="var(--mantine-color-teal-8)" aria-hidden />
              <Text size="xs" c="teal.9" fw={600}>
                Meets the minimum{group.shippingLimit ? " · ships free" : ""}
              </Text>
            </Group>
          )}
          {onTopUp && <TopUpInDialog group={group.group} enabled={!disabled} onCart={onTopUp} />}
        </Stack>
      </Group>
    </Paper>
  );
}

/** A one-line reading of an address for the dialog. */
const addressLine = (a: OrderAddresses["shippingAddress"]) =>
  [a.name, a.address1, a.address2, a.city, `${a.state} ${a.pincode}`, `Ph. ${a.phone}`]
    .filter(Boolean)
    .join(", ");

/**
 * Step (c) of the place-order flow: the warehouse groups with their totals and minimums. Only groups
 * meeting their minimum start selected; those below it cannot be chosen. Nothing chosen: "Please
 * select warehouse". While the order is in flight the banner says so and the button waits.
 */
export function PlaceOrderDialog({
  opened,
  cart,
  addresses,
  placing,
  slow,
  problem,
  onBack,
  onClose,
  onPlace,
  onCartChanged,
}: {
  opened: boolean;
  cart: CartAllocationView;
  addresses: OrderAddresses;
  placing: boolean;
  /** The request has taken very long. */
  slow: boolean;
  problem: PlacementProblem | null;
  onBack: () => void;
  onClose: () => void;
  onPlace: (groups: WarehouseGroup[]) => void;
  /**
   * The cart after a smart top-up added products from this dialog: the flow orders from it. Without
   * it the dialog offers no top-up (an order must never miss what was just added).
   */
  onCartChanged?: (cart: CartAllocationView) => void;
}) {
  const groups = offeredGroups(cart.groups);
  const [selected, setSelected] = useState<WarehouseGroup[]>(() => preselectedGroups(cart.groups));
  const [noneSelected, setNoneSelected] = useState(false);

  const stayInCart = cart.products.filter((l) => l.allocatedQty === 0).length;
  const total = sumPaise(groups.filter((g) => selected.includes(g.group)).map((g) => toPaise(g.total)));

  const toggle = (group: WarehouseGroup, on: boolean) => {
    setNoneSelected(false);
    setSelected((s) => (on ? [...s.filter((g) => g !== group), group] : s.filter((g) => g !== group)));
  };

  /** After a group's top-up: the refreshed cart goes to the flow, and the group is chosen once it qualifies. */
  const toppedUp = (group: WarehouseGroup) => (fresh: CartAllocationView) => {
    onCartChanged?.(fresh);
    if (fresh.groups.find((g) => g.group === group)?.meetsMinimum) {
      setNoneSelected(false);
      setSelected((s) => (s.includes(group) ? s : [...s, group]));
    }
  };

  const place = () => {
    if (selected.length === 0) {
      setNoneSelected(true);
      return;
    }
    onPlace(groups.map((g) => g.group).filter((g) => selected.includes(g)));
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Place order"
      size={620}
      centered
      closeOnClickOutside={!placing}
      closeOnEscape={!placing}
      withCloseButton={!placing}
    >
      <Stack gap="md" data-testid="place-order-dialog">
        {placing && (
          <Alert
            color="brand"
            variant="filled"
            icon={<Loader size={18} color="white" />}
            role="status"
            aria-live="polite"
            data-testid="processing-banner"
          >
            {messages.processingOrder}
          </Alert>
        )}
        {slow && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            data-testid="slow-order"
          >
            {messages.orderNotPlaced}
          </Alert>
        )}
        {problem && !placing && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={problem.message}
            role="alert"
            data-testid="order-error"
          >
            {problem.details.length > 0 && (
              <List size="sm" spacing={2}>
                {problem.details.map((d) => (
                  <List.Item key={d}>{d}</List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}

        <Group gap="xs" wrap="nowrap" align="flex-start" className={classes.shipTo}>
          <IconMapPin size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="xs" style={{ flex: 1 }}>
            <Text span fw={700} size="xs">
              Ship to:{" "}
            </Text>
            {addressLine(addresses.shippingAddress)}
          </Text>
          <Anchor component="button" type="button" size="xs" fw={600} onClick={onBack} disabled={placing}>
            Change
          </Anchor>
        </Group>

        <Stack gap={6}>
          <Text fw={700} size="sm">
            Order from
          </Text>
          <fieldset className={classes.fieldset} aria-label="Warehouse groups" disabled={placing}>
            <Stack gap="xs">
              {groups.map((g) => (
                <GroupOption
                  key={g.group}
                  group={g}
                  checked={selected.includes(g.group)}
                  disabled={placing}
                  onChange={(on) => toggle(g.group, on)}
                  onTopUp={onCartChanged ? toppedUp(g.group) : undefined}
                />
              ))}
            </Stack>
          </fieldset>
          {stayInCart > 0 && (
            <Text size="xs" c="dimmed" data-testid="stay-in-cart">
              {stayInCart} {stayInCart === 1 ? "product has" : "products have"} no stock in your warehouses
              and {stayInCart === 1 ? "stays" : "stay"} in your cart.
            </Text>
          )}
          {noneSelected && (
            <Text size="sm" c="red.8" fw={600} role="alert" data-testid="select-warehouse-error">
              {messages.selectWarehouse}
            </Text>
          )}
        </Stack>

        <Group justify="space-between" className={classes.dialogTotal}>
          <div>
            <Text size="xs" c="dimmed">
              Selected total (incl. GST)
            </Text>
            <Text fw={800} fz={22} className={classes.num} data-testid="selected-total">
              {formatRupees(total)}
            </Text>
          </div>
          <Group gap="sm">
            <Button variant="default" onClick={onClose} disabled={placing}>
              Cancel
            </Button>
            <Button
              onClick={place}
              loading={placing}
              disabled={placing}
              leftSection={<IconCheck size={16} />}
              data-testid="confirm-order-button"
            >
              Place order
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
