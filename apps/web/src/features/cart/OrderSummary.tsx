import {
  ActionIcon,
  Alert,
  Button,
  Divider,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import type { CartAllocationView, CartGroupTotal } from "@portal/contracts";
import { formatCount, formatRupees, formatTime, paiseToDecimal, toPaise } from "@portal/domain";
import { IconCheck, IconInfoCircle, IconLock, IconRefresh, IconTruck } from "@tabler/icons-react";
import classes from "./cart.module.css";
import { offeredGroups } from "./order";
import { TopUpPanel, useTopUp } from "./TopUpSuggestions";

/** A group's progress and state; `quiet`: its top-up below says how much to add, so this does not. */
function GroupStatus({ group, quiet = false }: { group: CartGroupTotal; quiet?: boolean }) {
  const total = toPaise(group.total);
  const minimum = toPaise(group.minimum);
  const limit = group.shippingLimit ? toPaise(group.shippingLimit) : null;
  if (!group.meetsMinimum) {
    const percent = minimum > 0n ? Number((total * 100n) / minimum) : 0;
    return (
      <>
        <Progress
          value={percent}
          color="red"
          size="sm"
          mt={6}
          aria-label={`${group.label}: ${percent}% of the minimum`}
        />
        {!quiet && (
          <Text size="xs" c="red.8" fw={600} mt={4}>
            Add {formatRupees(paiseToDecimal(minimum - total))} more to reach the{" "}
            {formatRupees(group.minimum)} minimum
          </Text>
        )}
      </>
    );
  }
  if (group.shippingCharge && limit) {
    const percent = Number((total * 100n) / limit);
    return (
      <>
        <Progress
          value={percent}
          color="orange"
          size="sm"
          mt={6}
          aria-label={`${group.label}: ${percent}% of free shipping`}
        />
        <Group gap={4} mt={4} wrap="nowrap">
          <IconTruck size={13} color="var(--mantine-color-orange-8)" aria-hidden />
          <Text size="xs" c="orange.9" fw={600}>
            Shipping charge {formatRupees(group.shippingChargeAmount)} (GST incl.)
            {!quiet &&
              ` · add ${formatRupees(group.toAvoidShippingCharge ?? paiseToDecimal(limit - total))} more to avoid it`}
          </Text>
        </Group>
      </>
    );
  }
  return (
    <Group gap={4} mt={4} wrap="nowrap">
      <IconCheck size={13} color="var(--mantine-color-teal-8)" aria-hidden />
      <Text size="xs" c="teal.9" fw={600}>
        {minimum > 0n ? "Meets the minimum" : "Ready to order"}
        {limit ? " · ships free" : ""}
      </Text>
    </Group>
  );
}

/** A warehouse group in the summary: its total, minimum and state, and its smart top-up when it needs one. */
function GroupBlock({ group: g, canOrder }: { group: CartGroupTotal; canOrder: boolean }) {
  const topUp = useTopUp(g.group, canOrder);
  return (
    <div className={classes.groupBlock} data-testid={`summary-group-${g.group}`}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600}>
          {g.label}
        </Text>
        <Text size="sm" fw={700} className={classes.num}>
          {formatRupees(g.total)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {g.lines} {g.lines === 1 ? "product" : "products"}
        {toPaise(g.minimum) > 0n ? ` · minimum ${formatRupees(g.minimum)}` : " · no minimum"}
      </Text>
      <GroupStatus group={g} quiet={topUp !== undefined} />
      {topUp && <TopUpPanel topUp={topUp} />}
    </div>
  );
}

/**
 * The sticky card beside the lines: group totals against their minimums, the cart's totals and the
 * Place order button (disabled with the reason when the account may not order or no group qualifies).
 */
export function OrderSummary({
  cart,
  canOrder,
  refreshedAt,
  refreshing,
  onRefresh,
  onPlaceOrder,
  placing,
  placeLabel = "Place order",
}: {
  cart: CartAllocationView;
  canOrder: boolean;
  refreshedAt: number;
  refreshing: boolean;
  onRefresh: () => void;
  onPlaceOrder: () => void;
  placing: boolean;
  placeLabel?: string;
}) {
  const groups = offeredGroups(cart.groups);
  const lines = cart.products;
  const units = lines.reduce((sum, l) => sum + l.allocatedQty, 0);
  const wanted = lines.reduce((sum, l) => sum + l.qty, 0);
  const margin = toPaise(cart.totalMRP) - toPaise(cart.totalPrice);
  const blocked = !canOrder
    ? "Ordering is not enabled for your account. Please contact your account manager."
    : !cart.orderEnabled
      ? "No warehouse group reaches its minimum order yet."
      : null;

  return (
    <Paper withBorder p="md" shadow="sm" className={classes.summary} data-testid="order-summary">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="lg">
            Order summary
          </Title>
          <Tooltip label="Refresh stock and prices now">
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={onRefresh}
              loading={refreshing}
              aria-label="Refresh the cart"
              data-testid="refresh-button"
            >
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>

        {groups.length > 0 && (
          <Stack gap={6} aria-label="Warehouse groups">
            {groups.map((g) => (
              <GroupBlock key={g.group} group={g} canOrder={canOrder} />
            ))}
          </Stack>
        )}

        <Stack gap={4}>
          <div className={classes.summaryRow}>
            <Text size="sm" c="dimmed">
              Products
            </Text>
            <Text size="sm" className={classes.num}>
              {formatCount(lines.length)}
            </Text>
          </div>
          <div className={classes.summaryRow}>
            <Text size="sm" c="dimmed">
              Units allocated
            </Text>
            <Text size="sm" className={classes.num} data-testid="units-allocated">
              {formatCount(units)}
              {units !== wanted && (
                <Text span size="xs" c="orange.9">
                  {" "}
                  of {formatCount(wanted)}
                </Text>
              )}
            </Text>
          </div>
          <div className={classes.summaryRow}>
            <Text size="sm" c="dimmed">
              MRP value
            </Text>
            <Text size="sm" className={classes.num}>
              {formatRupees(cart.totalMRP)}
            </Text>
          </div>
          <div className={classes.summaryRow}>
            <Text size="sm" c="dimmed">
              Your margin
            </Text>
            <Text size="sm" c="teal.9" className={classes.num}>
              {formatRupees(paiseToDecimal(margin))}
            </Text>
          </div>
        </Stack>
        <Divider />
        <Group justify="space-between" align="baseline">
          <Text fw={700}>Total</Text>
          <Text fw={800} fz={22} className={classes.num} data-testid="cart-total">
            {formatRupees(cart.totalPrice)}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" mt={-8}>
          Net cost including GST, before any shipping charge
        </Text>

        <Button
          size="md"
          fullWidth
          onClick={onPlaceOrder}
          loading={placing}
          disabled={blocked !== null || lines.length === 0}
          leftSection={blocked && !canOrder ? <IconLock size={16} /> : undefined}
          aria-describedby={blocked ? "place-order-blocked" : undefined}
          data-testid="place-order-button"
        >
          {placeLabel}
        </Button>
        {blocked && (
          <Alert
            variant="light"
            color={canOrder ? "yellow" : "gray"}
            icon={<IconInfoCircle size={16} />}
            p="xs"
            id="place-order-blocked"
            data-testid="place-order-blocked"
          >
            <Text size="xs">{blocked}</Text>
          </Alert>
        )}
        <Text size="xs" c="dimmed" ta="center">
          Stock and prices refreshed at {formatTime(new Date(refreshedAt))} · again every 10 minutes
        </Text>
      </Stack>
    </Paper>
  );
}
