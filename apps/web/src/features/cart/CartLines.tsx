import { ActionIcon, Badge, Text, Tooltip } from "@mantine/core";
import type { CartAllocation, CartLine } from "@portal/contracts";
import {
  formatCount,
  formatRupees,
  GROUP_RULES,
  liveStockNote,
  messages,
  QUANTITY_CHOICES,
  type WarehouseGroup,
  warehouseLabel,
} from "@portal/domain";
import { IconAlertTriangle, IconTrash } from "@tabler/icons-react";
import { memo, useState } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../lib/api";
import { useSaveToCart } from "../../lib/cart";
import { useLiveStock, useWatchProducts } from "../../lib/events";
import { notify } from "../../lib/notify";
import classes from "./cart.module.css";
import { groupsOf } from "./filters";

/** Each warehouse group's badge: the domain's label (GROUP_RULES) in its colour. */
export const GROUP_BADGE: Record<WarehouseGroup, { label: string; color: string }> = {
  owned: { label: GROUP_RULES.owned.label, color: "brand" },
  stockist: { label: GROUP_RULES.stockist.label, color: "violet" },
  dropship: { label: GROUP_RULES.dropship.label, color: "indigo" },
};

const productPath = (line: CartLine) =>
  `/products/productInfo/${line.id}${line.whId ? `?whId=${line.whId}` : ""}`;

function AllocationChip({ a }: { a: CartAllocation }) {
  return (
    <li className={classes.chip} data-testid="allocation" data-wh={a.wh}>
      <b>{warehouseLabel({ id: a.wh, name: a.whName })}</b>
      <span className={classes.num}>
        {formatCount(a.qty)} × {formatRupees(a.netCost)}
      </span>
      <span className={classes.sep} aria-hidden>
        ·
      </span>
      <span>
        {a.gstType} {Number(a.gstRate)}%
      </span>
      <span className={classes.sep} aria-hidden>
        ·
      </span>
      <b className={classes.num}>{formatRupees(a.total)}</b>
    </li>
  );
}

/** The quantity of a cart line: a change is sent at once (an update only when it differs). */
function QuantityCell({ line }: { line: CartLine }) {
  const update = useSaveToCart("update");
  const [pending, setPending] = useState<number | null>(null);
  const shown = pending ?? line.qty;
  const choices = QUANTITY_CHOICES.includes(line.qty) ? QUANTITY_CHOICES : [...QUANTITY_CHOICES, line.qty];

  const change = (qty: number) => {
    if (qty === line.qty) return;
    setPending(qty);
    update.mutate([{ id: line.id, qty }], {
      onSuccess: () => notify.success(messages.productUpdatedInCart),
      onError: (error) => notify.error(errorMessage(error)),
      onSettled: () => setPending(null),
    });
  };

  return (
    <div className={classes.qtyCell}>
      <select
        className={classes.qtySelect}
        value={shown}
        onChange={(e) => change(Number(e.currentTarget.value))}
        disabled={update.isPending}
        aria-label={`Quantity of ${line.name}`}
        data-testid="quantity-select"
      >
        {choices.map((q) => (
          <option key={q} value={q}>
            {q}
          </option>
        ))}
      </select>
      <Text size="xs" c={line.availableQty < line.qty ? "orange.9" : "dimmed"} data-testid="available-qty">
        {formatCount(line.availableQty)} available
      </Text>
    </div>
  );
}

/** One cart line: picture, name, quantity, the allocation per warehouse, totals and delete. */
export const CartLineRow = memo(function CartLineRow({
  line,
  onDelete,
}: {
  line: CartLine;
  onDelete: (line: CartLine) => void;
}) {
  const facts = [`ID ${line.id}`, line.size, line.color, line.category.name].filter(Boolean).join(" · ");
  // Live stock: another partner's order, a cancellation or a staff correction shows here at once.
  useWatchProducts([line.id]);
  const live = useLiveStock(line.id);
  const liveNote = live ? liveStockNote(live) : null;
  return (
    <div
      className={classes.line}
      data-testid="cart-line"
      data-product-id={line.id}
      data-unavailable={line.available ? undefined : true}
    >
      <Link to={productPath(line)} tabIndex={-1} aria-hidden>
        <img className={classes.thumb} src={line.image} alt="" loading="lazy" width={56} height={56} />
      </Link>
      <div className={classes.main}>
        <div className={classes.brand}>{line.brand.name}</div>
        <Link to={productPath(line)} className={classes.name} title={line.name}>
          {line.name}
        </Link>
        <div className={classes.meta}>
          <span>{facts}</span>
          {groupsOf(line).map((g) => (
            <Badge key={g} size="xs" variant="light" color={GROUP_BADGE[g].color} radius="sm">
              {GROUP_BADGE[g].label}
            </Badge>
          ))}
          {!line.available && (
            <Badge size="xs" color="red" variant="filled" radius="sm">
              Not available
            </Badge>
          )}
          {line.available && line.gapQty > 0 && (
            <Badge size="xs" color="orange" variant="light" radius="sm" data-testid="gap-qty">
              Short by {formatCount(line.gapQty)}
            </Badge>
          )}
          {live && liveNote && (
            <Badge
              size="xs"
              color={live.stock > 0 ? "orange" : "red"}
              variant="light"
              radius="sm"
              role="status"
              data-testid="live-stock"
            >
              {liveNote}
            </Badge>
          )}
          {line.isSale && (
            <Badge size="xs" color="coral" variant="light" radius="sm">
              On sale
            </Badge>
          )}
        </div>
      </div>
      <QuantityCell line={line} />
      <div className={classes.totalCell}>
        <Text fw={700} size="sm" className={classes.num} data-testid="line-total">
          {formatRupees(line.totalPrice)}
        </Text>
        <Text size="xs" c="dimmed" className={classes.num}>
          MRP {formatRupees(line.totalMRP)}
        </Text>
        <Text size="xs" c="dimmed" className={classes.num}>
          {formatCount(line.allocatedQty)} of {formatCount(line.qty)} allocated
        </Text>
      </div>
      <Tooltip label="Delete from cart">
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={() => onDelete(line)}
          aria-label={`Delete ${line.name} from the cart`}
          data-testid="cart-line-delete"
          className={classes.deleteCell}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
      {(line.allocation.length > 0 || line.gapQty > 0) && (
        <ul className={classes.allocations} aria-label="Allocation by warehouse">
          {line.allocation.map((a) => (
            <AllocationChip key={a.wh} a={a} />
          ))}
          {line.gapQty > 0 && (
            <li className={classes.chip} data-tone="gap">
              <b className={classes.num}>{formatCount(line.gapQty)}</b> not in stock
            </li>
          )}
        </ul>
      )}
      {line.problem && (
        <div className={classes.warning} data-tone="red" role="note">
          <IconAlertTriangle size={14} aria-hidden />
          {line.problem}: this line cannot be ordered. Delete it or wait for stock.
        </div>
      )}
      {line.reorderWarning && (
        <div className={classes.warning} role="note" data-testid="reorder-warning">
          <IconAlertTriangle size={14} aria-hidden />
          {line.reorderWarning}
        </div>
      )}
    </div>
  );
});
