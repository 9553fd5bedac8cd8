import { Group, Stack, Text, Tooltip, UnstyledButton } from "@mantine/core";
import type { ProductDetail } from "@portal/contracts";
import { compareSizes, formatRupees } from "@portal/domain";
import { useDeferredValue } from "react";
import { Link } from "react-router";
import { useChildren } from "./api";
import { formatAgeRange, productPath } from "./format";
import classes from "./products.module.css";

type Sibling = ProductDetail["otherProducts"][number];

interface Chip {
  key: string;
  label: string;
  to: string | null;
  current: boolean;
  hint?: string;
}

function ChipRow({ title, chips, testId }: { title: string; chips: Chip[]; testId: string }) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <Group gap={8} data-testid={testId} role="group" aria-label={title}>
        {chips.map((chip) => {
          const inner = chip.current ? (
            <span className={classes.chip} data-current aria-current="true">
              {chip.label}
            </span>
          ) : chip.to ? (
            <UnstyledButton component={Link} to={chip.to} className={classes.chip}>
              {chip.label}
            </UnstyledButton>
          ) : (
            <span className={classes.chip} data-disabled aria-disabled="true">
              {chip.label}
            </span>
          );
          return (
            <div key={chip.key}>
              {chip.hint ? (
                <Tooltip label={chip.hint} openDelay={150}>
                  {inner}
                </Tooltip>
              ) : (
                inner
              )}
            </div>
          );
        })}
      </Group>
    </Stack>
  );
}

const sizeOrder = (a: Sibling, b: Sibling) => compareSizes(a.size, b.size);

/**
 * Size and colour siblings of a product (same group): each a chip linking to that product; the ones
 * that cannot be sold now are shown but disabled.
 */
export function Siblings({ product, whId }: { product: ProductDetail; whId: number | null }) {
  // The sellable sizes of this colour, with their age span and MRP for the chips' hints.
  const children = useChildren(product.groupID, product.color);
  // The hints' tooltips are drawn in the background when the sizes come, not in the task they came in.
  const sizesOfColour = useDeferredValue(children.data);
  const childById = new Map((sizesOfColour ?? []).map((c) => [c.id, c]));

  const self: Sibling = { id: product.id, size: product.size, color: product.color, sellable: true };
  const all = [self, ...product.otherProducts.filter((o) => o.id !== product.id)];

  const sizes = all.filter((o) => o.color === product.color && o.size).sort(sizeOrder);
  const sizeChips: Chip[] = sizes.map((o) => {
    const child = childById.get(o.id);
    const age = child ? formatAgeRange(child.ageFromMonths, child.ageToMonths) : null;
    return {
      key: `s${o.id}`,
      label: o.size ?? "",
      current: o.id === product.id,
      to: o.sellable ? productPath(o.id, whId) : null,
      hint: o.sellable
        ? [age, child && `MRP ${formatRupees(child.mrp)}`].filter(Boolean).join(" · ") || undefined
        : "Not available to order right now",
    };
  });

  // One chip per other colour: the same size when it can be sold, else any sellable size of it.
  const colours = [...new Set(all.map((o) => o.color).filter((c): c is string => Boolean(c)))];
  const colourChips: Chip[] = colours.map((color) => {
    if (color === product.color) return { key: `c${color}`, label: color, current: true, to: null };
    const options = all.filter((o) => o.color === color);
    const target =
      options.find((o) => o.sellable && o.size === product.size) ?? options.find((o) => o.sellable) ?? null;
    return {
      key: `c${color}`,
      label: color,
      current: false,
      to: target ? productPath(target.id, whId) : null,
      hint: target ? undefined : "Not available to order right now",
    };
  });

  if (sizeChips.length < 2 && colourChips.length < 2) return null;
  return (
    <Stack gap="sm" data-testid="siblings">
      {sizeChips.length > 1 && <ChipRow title="Size" chips={sizeChips} testId="sibling-sizes" />}
      {colourChips.length > 1 && <ChipRow title="Colour" chips={colourChips} testId="sibling-colours" />}
    </Stack>
  );
}
