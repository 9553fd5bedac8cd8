import { Button, Collapse, Group, Image, Stack, Text, UnstyledButton } from "@mantine/core";
import { type CartAllocationView, type TopUpGroup, TopUpSuggestionsResponse } from "@portal/contracts";
import { formatCount, formatRupees, topUpNoCandidates, type WarehouseGroup } from "@portal/domain";
import { IconChevronDown, IconPlus, IconSparkles } from "@tabler/icons-react";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage, request } from "../../lib/api";
import { useCurrentUser } from "../../lib/auth";
import { CART_KEY, useSaveToCart } from "../../lib/cart";
import { notify } from "../../lib/notify";
import { allocationQueryOptions } from "./api";
import classes from "./cart.module.css";
import styles from "./TopUp.module.css";

/**
 * GET /api/cart/topUpSuggestions. Keyed under the cart, so every cart change (an add, a delete, an
 * upload, the 10-minute refresh) asks again.
 */
export const topUpQueryOptions = () =>
  queryOptions({
    queryKey: [...CART_KEY, "topUp"] as const,
    queryFn: ({ signal }) =>
      request("/api/cart/topUpSuggestions", { schema: TopUpSuggestionsResponse, signal }),
    staleTime: 30_000,
  });

/** The top-up of one warehouse group, or undefined while unknown or when the group needs none. */
export function useTopUp(group: WarehouseGroup, enabled: boolean): TopUpGroup | undefined {
  const { data } = useQuery({
    ...topUpQueryOptions(),
    enabled,
    select: (answer) => answer.groups.find((g) => g.group === group),
  });
  return data;
}

/** How many products are listed before "Show all". */
const FIRST_SHOWN = 3;

function ProductRow({ product }: { product: TopUpGroup["products"][number] }) {
  return (
    <li className={styles.product}>
      <Image src={product.image} alt="" w={32} h={32} radius="sm" fit="contain" loading="lazy" />
      <div style={{ minWidth: 0 }}>
        <Text size="xs" fw={600} lineClamp={2} title={product.name}>
          {product.name}
        </Text>
        <Text size="xs" c="dimmed">
          {product.size ? `${product.size} · ` : ""}
          {product.qty} × {formatRupees(product.unitPrice)} · {product.whName}
        </Text>
      </div>
      <Text size="xs" fw={700} className={classes.num}>
        {formatRupees(product.total)}
      </Text>
    </li>
  );
}

/**
 * "Add ₹X to reach the minimum" / "Add ₹Y to avoid the shipping charge" for one group, the products
 * suggested to cover it and one "Add these" that adds them with the cart's own add call; the cart's
 * figures (and this suggestion) are fetched again when it succeeds.
 */
export function TopUpPanel({
  topUp,
  onAdded,
}: {
  topUp: TopUpGroup;
  /** After the products were added (the place-order dialog takes the refreshed cart). */
  onAdded?: () => void | Promise<void>;
}) {
  const save = useSaveToCart("add");
  const [expanded, setExpanded] = useState(false);
  const products = topUp.products;
  const units = products.reduce((n, p) => n + p.qty, 0);
  const first = products.slice(0, FIRST_SHOWN);
  const rest = products.slice(FIRST_SHOWN);

  const addAll = () =>
    save.mutate(
      products.map((p) => ({ id: p.productId, qty: p.qty })),
      {
        onSuccess: async (answer) => {
          notify.success(answer.message);
          await onAdded?.();
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );

  return (
    // not a landmark: the cart and the place-order dialog both show the group's top-up (its headline names it)
    <div className={styles.topUp} data-testid={`top-up-${topUp.group}`} data-reason={topUp.reason}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconSparkles size={15} color="var(--mantine-color-brand-7)" aria-hidden style={{ flexShrink: 0 }} />
        <Text size="sm" fw={700} data-testid={`top-up-headline-${topUp.group}`}>
          {topUp.headline}
        </Text>
      </Group>
      {topUp.status === "no-candidates" ? (
        <Text size="xs" c="dimmed" mt={4}>
          {topUpNoCandidates}
        </Text>
      ) : (
        <Stack gap={6} mt={6}>
          <Text size="xs" c="dimmed">
            {products.length === 1 ? "This product" : `These ${formatCount(products.length)} products`} (
            {formatCount(units)} {units === 1 ? "unit" : "units"}) add{products.length === 1 ? "s" : ""}{" "}
            <Text span size="xs" fw={700} c="var(--mantine-color-text)" className={classes.num}>
              {formatRupees(topUp.adds)}
            </Text>
            {topUp.status === "reaches"
              ? topUp.overshoot === "0.00"
                ? ", exactly what is needed."
                : `, ${formatRupees(topUp.overshoot)} more than needed.`
              : `; ${formatRupees(topUp.stillShort)} would still be needed.`}
          </Text>
          <ul className={styles.list} aria-label="Suggested products">
            {first.map((p) => (
              <ProductRow key={p.productId} product={p} />
            ))}
          </ul>
          {rest.length > 0 && (
            <>
              <Collapse in={expanded}>
                <ul className={styles.list} aria-label="More suggested products">
                  {rest.map((p) => (
                    <ProductRow key={p.productId} product={p} />
                  ))}
                </ul>
              </Collapse>
              <UnstyledButton
                onClick={() => setExpanded((e) => !e)}
                aria-expanded={expanded}
                className={styles.more}
              >
                <Text size="xs" fw={600} c="brand.8">
                  {expanded ? "Show fewer" : `Show all ${formatCount(products.length)} products`}
                </Text>
                <IconChevronDown
                  size={13}
                  aria-hidden
                  style={{ transform: expanded ? "rotate(180deg)" : undefined }}
                />
              </UnstyledButton>
            </>
          )}
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={addAll}
            loading={save.isPending}
            data-testid={`top-up-add-${topUp.group}`}
          >
            Add these
          </Button>
        </Stack>
      )}
    </div>
  );
}

/** The group's top-up, when it needs one (nothing while unknown, or for a partner who may not order). */
export function TopUpForGroup({
  group,
  enabled,
  onAdded,
}: {
  group: WarehouseGroup;
  enabled: boolean;
  onAdded?: () => void | Promise<void>;
}) {
  const topUp = useTopUp(group, enabled);
  return topUp ? <TopUpPanel topUp={topUp} onAdded={onAdded} /> : null;
}

/**
 * The group's top-up inside the place-order dialog: once the products are added, the cart is
 * refreshed and handed to the dialog (the order is built from it).
 */
export function TopUpInDialog({
  group,
  enabled,
  onCart,
}: {
  group: WarehouseGroup;
  enabled: boolean;
  onCart: (fresh: CartAllocationView) => void;
}) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const refreshed = async () => {
    const options = allocationQueryOptions(user);
    // a refetch already on its way may have left before the add (a stock event's, the add's own
    // invalidation): fetchQuery would hand back its older answer, so it is cancelled first
    await queryClient.cancelQueries({ queryKey: options.queryKey });
    onCart(await queryClient.fetchQuery({ ...options, staleTime: 0 }));
  };
  return <TopUpForGroup group={group} enabled={enabled} onAdded={refreshed} />;
}
