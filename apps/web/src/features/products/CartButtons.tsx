import { Badge, Button, Group, NativeSelect } from "@mantine/core";
import { itemsDeletedFromCart, messages, QUANTITY_CHOICES } from "@portal/domain";
import { IconRefresh, IconShoppingCartCheck, IconShoppingCartPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { errorMessage } from "../../lib/api";
import { useCartQuantity, useRemoveFromCart, useSaveToCart } from "../../lib/cart";
import { notify } from "../../lib/notify";
import classes from "./products.module.css";

// the phone's own picker; "Qty" until a quantity is picked
const QUANTITY_DATA = [
  { value: "", label: "Qty", disabled: true },
  ...QUANTITY_CHOICES.map((q) => ({ value: String(q), label: String(q) })),
];

/**
 * The cart actions of one product: Add when it is not in the cart; Update and Delete when it is.
 * Update is sent only when the quantity changed; Delete asks first.
 */
function useCartActions(productId: number) {
  const cartQty = useCartQuantity(productId);
  const inCart = typeof cartQty === "number";
  // The quantity the user picked; until they pick one, the cart's own.
  const [picked, setPicked] = useState<number | null>(null);
  const [seenCartQty, setSeenCartQty] = useState(cartQty);
  if (seenCartQty !== cartQty) {
    // the cart changed (here or elsewhere): show what it holds now
    setSeenCartQty(cartQty);
    setPicked(null);
  }
  const quantity = picked ?? cartQty ?? null;

  const add = useSaveToCart("add");
  const update = useSaveToCart("update");
  const remove = useRemoveFromCart();
  const [confirming, setConfirming] = useState(false);
  const onError = (error: unknown) => notify.error(errorMessage(error));

  const onAdd = () => {
    if (!quantity) return notify.error(messages.selectQuantity);
    add.mutate([{ id: productId, qty: quantity }], {
      onSuccess: () => notify.success(messages.productAddedToCart),
      onError,
    });
  };

  const onUpdate = () => {
    if (!quantity) return notify.error(messages.selectQuantity);
    if (quantity === cartQty) return notify.info(messages.alreadyInCartSameQuantity);
    update.mutate([{ id: productId, qty: quantity }], {
      onSuccess: () => notify.success(messages.productUpdatedInCart),
      onError,
    });
  };

  const onDelete = () =>
    remove.mutate([productId], {
      onSuccess: (answer) => {
        setConfirming(false);
        notify.success(itemsDeletedFromCart(answer.removed.length));
      },
      onError: (error) => {
        setConfirming(false);
        onError(error);
      },
    });

  return {
    inCart,
    quantity,
    pick: (value: string | null) => setPicked(value ? Number(value) : null),
    busy: add.isPending || update.isPending || remove.isPending,
    adding: add.isPending,
    updating: update.isPending,
    onAdd,
    onUpdate,
    confirm: {
      opened: confirming,
      open: () => setConfirming(true),
      close: () => setConfirming(false),
      onConfirm: onDelete,
      deleting: remove.isPending,
    },
  };
}

type Actions = ReturnType<typeof useCartActions>;

function DeleteConfirm({ actions, productName }: { actions: Actions; productName: string }) {
  // Mounted only while asked, so a grid of cards carries no dialogs.
  if (!actions.confirm.opened) return null;
  return (
    <ConfirmDialog
      opened
      title={`Delete ${productName}?`}
      message={messages.confirmDeleteProduct}
      confirmLabel="Delete"
      loading={actions.confirm.deleting}
      onConfirm={actions.confirm.onConfirm}
      onClose={actions.confirm.close}
      testId="confirm-delete-product"
    />
  );
}

/**
 * Quantity and the cart actions of a product: Add when it is not in the cart, Update and Delete when
 * it is. `compact` is the product card's row: a native quantity list, light enough for a grid.
 */
export function CartButtons({
  productId,
  productName,
  compact = false,
}: {
  productId: number;
  productName: string;
  compact?: boolean;
}) {
  const actions = useCartActions(productId);
  return (
    <>
      {compact ? (
        <CompactCartButtons productName={productName} actions={actions} />
      ) : (
        <FullCartButtons productName={productName} actions={actions} />
      )}
      <DeleteConfirm actions={actions} productName={productName} />
    </>
  );
}

function FullCartButtons({ productName, actions }: { productName: string; actions: Actions }) {
  return (
    <Group gap="sm" data-testid="cart-buttons" data-in-cart={actions.inCart || undefined}>
      <NativeSelect
        aria-label={`Quantity of ${productName}`}
        data={QUANTITY_DATA}
        value={actions.quantity === null ? "" : String(actions.quantity)}
        onChange={(e) => actions.pick(e.currentTarget.value || null)}
        size="md"
        w={110}
        data-testid="quantity-select"
      />
      {actions.inCart ? (
        <>
          <Button
            size="md"
            leftSection={<IconRefresh size={18} />}
            onClick={actions.onUpdate}
            loading={actions.updating}
            disabled={actions.busy && !actions.updating}
            data-testid="cart-update"
          >
            Update
          </Button>
          <Button
            size="md"
            variant="outline"
            color="red.9"
            leftSection={<IconTrash size={18} />}
            onClick={actions.confirm.open}
            disabled={actions.busy}
            data-testid="cart-delete"
          >
            Delete
          </Button>
        </>
      ) : (
        <Button
          size="md"
          style={{ flex: "1 1 160px" }}
          leftSection={<IconShoppingCartPlus size={18} />}
          onClick={actions.onAdd}
          loading={actions.adding}
          data-testid="cart-add"
        >
          Add to cart
        </Button>
      )}
    </Group>
  );
}

/** A card's row: plain HTML controls, light enough for the (virtualised) grid of cards. */
function CompactCartButtons({ productName, actions }: { productName: string; actions: Actions }) {
  const { quantity, busy } = actions;
  return (
    <div
      className={classes.compactCart}
      data-testid="cart-buttons"
      data-in-cart={actions.inCart || undefined}
    >
      <select
        className={classes.compactSelect}
        aria-label={`Quantity of ${productName}`}
        value={quantity === null ? "" : String(quantity)}
        onChange={(e) => actions.pick(e.currentTarget.value || null)}
        data-testid="quantity-select"
      >
        <option value="">Qty</option>
        {QUANTITY_CHOICES.map((q) => (
          <option key={q} value={q}>
            {q}
          </option>
        ))}
      </select>
      {actions.inCart ? (
        <>
          <button
            type="button"
            className={classes.compactButton}
            onClick={actions.onUpdate}
            disabled={busy}
            aria-busy={actions.updating || undefined}
            aria-label={`Update the quantity of ${productName} in the cart`}
            data-testid="cart-update"
          >
            Update
          </button>
          <button
            type="button"
            className={classes.compactButton}
            data-tone="danger"
            onClick={actions.confirm.open}
            disabled={busy}
            aria-label={`Delete ${productName} from the cart`}
            data-testid="cart-delete"
          >
            <IconTrash size={14} aria-hidden />
          </button>
        </>
      ) : (
        <button
          type="button"
          className={classes.compactButton}
          data-tone="primary"
          onClick={actions.onAdd}
          disabled={busy}
          aria-busy={actions.adding || undefined}
          aria-label={`Add ${productName} to the cart`}
          data-testid="cart-add"
        >
          <IconShoppingCartPlus size={14} aria-hidden />
          {actions.adding ? "Adding…" : "Add"}
        </button>
      )}
    </div>
  );
}

/** The "In cart" mark of a product card; nothing while the product is not in the cart. */
export function InCartBadge({ productId }: { productId: number }) {
  const qty = useCartQuantity(productId);
  if (typeof qty !== "number") return null;
  return (
    <Badge
      color="brand"
      variant="filled"
      size="sm"
      leftSection={<IconShoppingCartCheck size={12} />}
      data-testid="in-cart"
      title={`In your cart: ${qty}`}
    >
      In cart · {qty}
    </Badge>
  );
}
