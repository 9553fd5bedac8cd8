import { Stack, Text } from "@mantine/core";
import { formatRupees } from "@portal/domain";
import { Link } from "react-router";
import { CartButtons, InCartBadge } from "./CartButtons";
import { productPath } from "./format";
import classes from "./products.module.css";

export interface SizeRow {
  id: number;
  size: string | null;
  /** Age span, stock or whatever helps choose. */
  hint?: string | null | undefined;
  /** The price of one unit (net cost when known, else MRP), already labelled by `priceLabel`. */
  price?: string | null | undefined;
  whId?: number | null | undefined;
}

/**
 * A style's sizes, one row each with its own quantity and Add (or Update and Delete): so a partner
 * orders several sizes of a style from one place (the quick view and the product page).
 */
export function SizeRows({
  productName,
  rows,
  currentId,
  priceLabel = "Net cost",
}: {
  productName: string;
  rows: readonly SizeRow[];
  currentId?: number;
  priceLabel?: string;
}) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600} id="size-rows-title">
        Add by size
      </Text>
      <ul className={classes.sizeRows} aria-labelledby="size-rows-title" data-testid="size-rows">
        {rows.map((row) => {
          const label = row.size ?? "One size";
          return (
            <li
              key={row.id}
              className={classes.sizeRow}
              data-testid="size-row"
              data-product-id={row.id}
              data-current={row.id === currentId || undefined}
            >
              <div className={classes.sizeRowName}>
                {row.id === currentId ? (
                  <Text size="sm" fw={700} span>
                    {label}
                  </Text>
                ) : (
                  <Link to={productPath(row.id, row.whId)} className={classes.sizeRowLink}>
                    {label}
                  </Link>
                )}
                <Text size="xs" c="dimmed" span className={classes.sizeRowHint}>
                  {[row.price && `${priceLabel} ${formatRupees(row.price)}`, row.hint]
                    .filter(Boolean)
                    .join(" · ")}
                </Text>
                <InCartBadge productId={row.id} />
              </div>
              <CartButtons productId={row.id} productName={`${productName}, size ${label}`} compact />
            </li>
          );
        })}
      </ul>
    </Stack>
  );
}
