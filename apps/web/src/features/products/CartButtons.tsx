import { Badge, Button, Group, Select, Tooltip } from "@mantine/core";
import { QUANTITY_CHOICES } from "@portal/domain";
import { IconShoppingCartCheck, IconShoppingCartPlus, IconTrash } from "@tabler/icons-react";
import { type MouseEvent, type ReactNode, useId, useState } from "react";
import classes from "./products.module.css";

/** Said on every cart button until the cart API exists. */
export const CART_COMING_TEXT = "Ordering opens with the cart, coming in the next release";

const QUANTITY_DATA = QUANTITY_CHOICES.map((q) => ({ value: String(q), label: String(q) }));

interface ActionProps {
  label: string;
  icon: ReactNode;
  variant?: "filled" | "light" | "default";
  color?: string;
  size: "xs" | "md";
  fullWidth?: boolean;
  testId: string;
}

/**
 * A button that looks and acts disabled yet stays focusable, so its explanation reaches keyboard
 * users too (it is also its accessible description).
 */
function ComingSoonButton({ label, icon, variant, color, size, fullWidth, testId }: ActionProps) {
  const hintId = useId();
  return (
    <>
      <Tooltip
        label={CART_COMING_TEXT}
        multiline
        w={220}
        openDelay={100}
        events={{ hover: true, focus: true, touch: true }}
      >
        <Button
          data-disabled
          aria-disabled
          aria-describedby={hintId}
          onClick={(event: MouseEvent) => event.preventDefault()}
          size={size}
          variant={variant ?? "filled"}
          color={color}
          leftSection={icon}
          fullWidth={fullWidth}
          data-testid={testId}
        >
          {label}
        </Button>
      </Tooltip>
      <span id={hintId} hidden>
        {CART_COMING_TEXT}
      </span>
    </>
  );
}

/**
 * Quantity and the cart actions of a product: Add when it is not in the cart, Update and Delete when
 * it is. The cart API arrives in the next release; until then the buttons say so instead of pretending.
 * `compact` is the product card's row: a native quantity list and CSS hints, light enough for a grid.
 */
export function CartButtons({
  productName,
  inCart = false,
  compact = false,
}: {
  productName: string;
  inCart?: boolean;
  compact?: boolean;
}) {
  if (compact) return <CompactCartButtons productName={productName} inCart={inCart} />;
  return <FullCartButtons productName={productName} inCart={inCart} />;
}

function FullCartButtons({ productName, inCart }: { productName: string; inCart: boolean }) {
  const [quantity, setQuantity] = useState<string | null>(null);
  return (
    <Group gap="sm" wrap="nowrap" data-testid="cart-buttons">
      <Select
        aria-label={`Quantity of ${productName}`}
        placeholder="Qty"
        data={QUANTITY_DATA}
        value={quantity}
        onChange={setQuantity}
        size="md"
        w={110}
        maxDropdownHeight={240}
        comboboxProps={{ withinPortal: true, width: 120 }}
        allowDeselect={false}
        checkIconPosition="right"
        data-testid="quantity-select"
      />
      {inCart ? (
        <>
          <ComingSoonButton label="Update" icon={null} size="md" testId="cart-update" />
          <ComingSoonButton
            label="Delete"
            icon={<IconTrash size={18} />}
            variant="light"
            color="red"
            size="md"
            testId="cart-delete"
          />
        </>
      ) : (
        <ComingSoonButton
          label="Add to cart"
          icon={<IconShoppingCartPlus size={18} />}
          size="md"
          fullWidth
          testId="cart-add"
        />
      )}
    </Group>
  );
}

/** A card's button: plain HTML with a CSS hint, light enough for a grid of hundreds of cards. */
function CompactButton({
  label,
  icon,
  tone = "primary",
  testId,
}: {
  label: string;
  icon?: ReactNode;
  tone?: "primary" | "danger";
  testId: string;
}) {
  const hintId = useId();
  return (
    <span className={classes.hint} data-hint={CART_COMING_TEXT}>
      <button
        type="button"
        className={classes.compactButton}
        data-tone={tone}
        aria-disabled="true"
        aria-describedby={hintId}
        onClick={(e) => e.preventDefault()}
        data-testid={testId}
      >
        {icon}
        {label}
      </button>
      <span id={hintId} hidden>
        {CART_COMING_TEXT}
      </span>
    </span>
  );
}

function CompactCartButtons({ productName, inCart }: { productName: string; inCart: boolean }) {
  const [quantity, setQuantity] = useState("");
  // The list gets its 59 choices when the user reaches for it: a grid of cards stays light.
  const [armed, setArmed] = useState(false);
  const arm = () => setArmed(true);
  return (
    <div className={classes.compactCart} data-testid="cart-buttons">
      <select
        className={classes.compactSelect}
        aria-label={`Quantity of ${productName}`}
        value={quantity}
        onChange={(e) => setQuantity(e.currentTarget.value)}
        onFocus={arm}
        onPointerDown={arm}
        onMouseDown={arm}
        onTouchStart={arm}
        data-testid="quantity-select"
      >
        <option value="">Qty</option>
        {(armed || quantity) &&
          QUANTITY_CHOICES.map((q) => (
            <option key={q} value={q}>
              {q}
            </option>
          ))}
      </select>
      {inCart ? (
        <>
          <CompactButton label="Update" testId="cart-update" />
          <CompactButton label="Delete" icon={<IconTrash size={14} />} tone="danger" testId="cart-delete" />
        </>
      ) : (
        <CompactButton label="Add" icon={<IconShoppingCartPlus size={14} />} testId="cart-add" />
      )}
    </div>
  );
}

/** The "In cart" mark of a product card; nothing while the product is not in the cart. */
export function InCartBadge({ inCart }: { inCart: boolean }) {
  if (!inCart) return null;
  return (
    <Badge
      color="brand"
      variant="filled"
      size="sm"
      leftSection={<IconShoppingCartCheck size={12} />}
      data-testid="in-cart"
    >
      In cart
    </Badge>
  );
}
