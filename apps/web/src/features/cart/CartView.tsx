import {
  Button,
  CloseButton,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import type { CartAllocationView, CartLine } from "@portal/contracts";
import {
  deleteConfirmation,
  formatCount,
  formatRupees,
  itemsDeletedFromCart,
  messages,
  WAREHOUSE_GROUPS,
} from "@portal/domain";
import {
  IconBuildingStore,
  IconFileDownload,
  IconFilterOff,
  IconSearch,
  IconShoppingCart,
  IconTrash,
} from "@tabler/icons-react";
import { memo, type ReactNode, useCallback, useDeferredValue, useMemo, useState } from "react";
import { Link } from "react-router";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { PageHeader } from "../../components/PageHeader";
import { EmptyState, ErrorState } from "../../components/states";
import { errorMessage } from "../../lib/api";
import { useCurrentUser } from "../../lib/auth";
import { useRemoveFromCart } from "../../lib/cart";
import { notify } from "../../lib/notify";
import { useAllocation, useDeleteCart, useExportCart } from "./api";
import { CartLineRow, GROUP_BADGE } from "./CartLines";
import classes from "./cart.module.css";
import {
  CART_TAGS,
  type CartFilters,
  type CartTag,
  categoriesOf,
  filterLines,
  filtersActive,
  groupsOf,
  NO_FILTERS,
  tagsOf,
} from "./filters";
import { OrderSummary } from "./OrderSummary";
import { UploadCartButton } from "./UploadCart";

function FiltersBar({
  lines,
  filters,
  onChange,
}: {
  lines: readonly CartLine[];
  filters: CartFilters;
  onChange: (next: CartFilters) => void;
}) {
  const categories = useMemo(() => categoriesOf(lines), [lines]);
  const groups = useMemo(() => {
    const present = new Set(lines.flatMap(groupsOf));
    return WAREHOUSE_GROUPS.filter((g) => present.has(g));
  }, [lines]);
  const tags = useMemo(() => {
    const present = new Set(lines.flatMap(tagsOf));
    return (Object.keys(CART_TAGS) as CartTag[]).filter((t) => present.has(t));
  }, [lines]);
  const set = (patch: Partial<CartFilters>) => onChange({ ...filters, ...patch });

  return (
    <Group gap="xs" wrap="wrap" role="search" aria-label="Filter the cart">
      <TextInput
        size="xs"
        w={210}
        placeholder="Product name, brand or ID"
        aria-label="Filter by product"
        leftSection={<IconSearch size={14} />}
        value={filters.text}
        onChange={(e) => set({ text: e.currentTarget.value })}
        rightSection={
          filters.text ? (
            <CloseButton size="xs" aria-label="Clear the product filter" onClick={() => set({ text: "" })} />
          ) : null
        }
        data-testid="filter-text"
      />
      {/* native selects: the phone's own picker, and light to draw on the cart's first screen */}
      <NativeSelect
        size="xs"
        w={180}
        aria-label="Filter by category"
        data={[
          { value: "", label: "All categories" },
          ...categories.map((c) => ({ value: String(c.id), label: `${c.name} (${c.count})` })),
        ]}
        value={filters.categoryId === null ? "" : String(filters.categoryId)}
        onChange={(e) => set({ categoryId: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
        data-testid="filter-category"
      />
      <NativeSelect
        size="xs"
        w={180}
        aria-label="Filter by warehouse group"
        data={[
          { value: "", label: "All warehouse groups" },
          ...groups.map((g) => ({ value: g, label: GROUP_BADGE[g].label })),
        ]}
        value={filters.group ?? ""}
        onChange={(e) => set({ group: (e.currentTarget.value || null) as CartFilters["group"] })}
        data-testid="filter-group"
      />
      {/* only when some line has a tag: a filter with nothing to choose is noise */}
      {(tags.length > 0 || filters.tag !== null) && (
        <NativeSelect
          size="xs"
          w={160}
          aria-label="Filter by tag"
          data={[{ value: "", label: "All tags" }, ...tags.map((t) => ({ value: t, label: CART_TAGS[t] }))]}
          value={filters.tag ?? ""}
          onChange={(e) => set({ tag: (e.currentTarget.value || null) as CartTag | null })}
          data-testid="filter-tag"
        />
      )}
      {filtersActive(filters) && (
        <Button
          size="xs"
          variant="subtle"
          color="gray"
          leftSection={<IconFilterOff size={14} />}
          onClick={() => onChange(NO_FILTERS)}
        >
          Clear
        </Button>
      )}
    </Group>
  );
}

function LinesSkeleton() {
  return (
    <Paper withBorder aria-busy="true" aria-label="Loading the cart">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className={classes.line}>
          <Skeleton width={56} height={56} radius="md" />
          <Stack gap={6}>
            <Skeleton height={10} width="30%" />
            <Skeleton height={12} width="80%" />
            <Skeleton height={10} width="50%" />
          </Stack>
          <Skeleton height={32} />
          <Skeleton height={14} />
          <span />
        </div>
      ))}
    </Paper>
  );
}

interface CartContentProps {
  cart: CartAllocationView;
  variant: CartViewProps["variant"];
  filters: CartFilters;
  onFilters: (next: CartFilters) => void;
  onDelete: (line: CartLine) => void;
  refreshing: boolean;
  refreshedAt: number;
  onRefresh: () => void;
  canOrder: boolean;
  onPlaceOrder: () => void;
  placing: boolean;
  placeLabel?: string;
}

/** The filters, the lines and the order summary of a cart with lines. */
const CartContent = memo(function CartContent({
  cart,
  variant,
  filters,
  onFilters,
  onDelete,
  refreshing,
  refreshedAt,
  onRefresh,
  canOrder,
  onPlaceOrder,
  placing,
  placeLabel,
}: CartContentProps) {
  const lines = cart.products;
  const shown = useMemo(() => filterLines(lines, filters), [lines, filters]);
  return (
    <div className={classes.layout} data-variant={variant}>
      <Paper withBorder data-testid="cart-lines" className={classes.linesPanel}>
        <div className={classes.linesHeader}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <FiltersBar lines={lines} filters={filters} onChange={onFilters} />
            <Group gap={6} wrap="nowrap" mt={4}>
              {refreshing && <Loader size={14} aria-label="Refreshing" />}
              <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }} aria-live="polite">
                {shown.length === lines.length
                  ? `${formatCount(lines.length)} ${lines.length === 1 ? "line" : "lines"}`
                  : `${formatCount(shown.length)} of ${formatCount(lines.length)}`}
              </Text>
            </Group>
          </Group>
        </div>
        <div className={classes.columns} aria-hidden>
          <span />
          <span>Product · allocation by warehouse</span>
          <span>Qty</span>
          <span style={{ textAlign: "right" }}>Total</span>
          <span />
        </div>
        {shown.length === 0 ? (
          <EmptyState
            compact
            title="No line matches these filters"
            action={
              <Button size="xs" variant="light" onClick={() => onFilters(NO_FILTERS)}>
                Clear filters
              </Button>
            }
          />
        ) : (
          shown.map((line) => <CartLineRow key={line.id} line={line} onDelete={onDelete} />)
        )}
      </Paper>
      <OrderSummary
        cart={cart}
        canOrder={canOrder}
        refreshedAt={refreshedAt}
        refreshing={refreshing}
        onRefresh={onRefresh}
        onPlaceOrder={onPlaceOrder}
        placing={placing}
        placeLabel={placeLabel}
      />
    </div>
  );
});

export interface CartViewProps {
  variant: "page" | "modal";
  onPlaceOrder: () => void;
  placing: boolean;
  placeLabel?: string;
  /** Shown above the lines (the stock-reduced notice of the place-order flow). */
  notice?: ReactNode;
}

/**
 * The cart's content, shared by /checkout and the navbar's cart dialog: filters, the lines with
 * their allocation per warehouse, and the order summary with group totals and Place order.
 */
export function CartView({ variant, onPlaceOrder, placing, placeLabel, notice }: CartViewProps) {
  const user = useCurrentUser();
  const allocation = useAllocation(user);
  const remove = useRemoveFromCart();
  const deleteAll = useDeleteCart();
  const exportCsv = useExportCart();
  const [filters, setFilters] = useState<CartFilters>(NO_FILTERS);
  const [deleting, setDeleting] = useState<CartLine | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);

  const cart = allocation.data;
  const lines = cart?.products ?? [];
  // The lines and the summary (hundreds of elements on a big cart) are drawn in the background once
  // the cart's answer is in, in slices the browser can interrupt, not in one long task; the skeleton
  // stays till then, also when the answer is already in as the view mounts (the initial value, null:
  // React ignores an initial value of undefined). CartContent is memoised, so an urgent render does
  // not redraw the old lines.
  const drawn = useDeferredValue<CartAllocationView | null>(cart ?? null, null);
  const onDelete = useCallback((line: CartLine) => setDeleting(line), []);
  const { refetch } = allocation;
  const refresh = useCallback(() => refetch(), [refetch]);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate([deleting.id], {
      onSuccess: (answer) => notify.success(itemsDeletedFromCart(answer.removed.length)),
      onError: (error) => notify.error(errorMessage(error)),
      onSettled: () => setDeleting(null),
    });
  };

  const confirmDeleteAll = () =>
    deleteAll.mutate(undefined, {
      onSuccess: (answer) => {
        setFilters(NO_FILTERS);
        notify.success(answer.message);
      },
      onError: (error) => notify.error(errorMessage(error)),
      onSettled: () => setConfirmAll(false),
    });

  const runExport = () =>
    exportCsv.mutate(undefined, { onError: (error) => notify.error(errorMessage(error)) });

  const hasLines = lines.length > 0;
  const actions = (
    <Group gap="xs">
      {user.canCartUpload && <UploadCartButton />}
      {/* shown (not yet usable) while the cart loads: the lines below do not jump when they come */}
      {(hasLines || allocation.isPending) && (
        <>
          <Button
            variant="default"
            leftSection={<IconFileDownload size={16} />}
            onClick={runExport}
            loading={exportCsv.isPending}
            disabled={!hasLines}
            data-testid="export-button"
          >
            Export CSV
          </Button>
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setConfirmAll(true)}
            disabled={!hasLines}
            data-testid="delete-all-button"
          >
            Delete all
          </Button>
        </>
      )}
    </Group>
  );

  const units = lines.reduce((sum, l) => sum + l.qty, 0);
  const description = cart
    ? hasLines
      ? `${formatCount(lines.length)} ${lines.length === 1 ? "product" : "products"} · ${formatCount(units)} ${units === 1 ? "unit" : "units"} · ${formatRupees(cart.totalPrice)}`
      : "Nothing in your cart yet"
    : "Loading your cart";

  const header =
    variant === "page" ? (
      <PageHeader title="Cart" description={description} actions={actions} />
    ) : (
      <Group justify="space-between" mb="md" gap="xs">
        <Text c="dimmed" size="sm">
          {description}
        </Text>
        {actions}
      </Group>
    );

  let body: ReactNode;
  if (allocation.isPending) {
    body = <LinesSkeleton />;
  } else if (!cart) {
    body = (
      <Paper withBorder>
        <ErrorState
          title={messages.cartRefreshFailed}
          description={errorMessage(allocation.error)}
          onRetry={() => allocation.refetch()}
        />
      </Paper>
    );
  } else if (!hasLines) {
    body = (
      <Paper withBorder data-testid="cart-empty">
        <EmptyState
          icon={<IconShoppingCart size={28} />}
          title="Your cart is empty"
          description={
            user.canCartUpload
              ? "Add products from the catalogue, or upload a CSV of product IDs and quantities."
              : "Add products from the catalogue to order them here."
          }
          action={
            <Button
              component={Link}
              to="/products/listing"
              mt="sm"
              leftSection={<IconBuildingStore size={16} />}
            >
              Browse the catalogue
            </Button>
          }
        />
      </Paper>
    );
  } else if (!drawn?.products.length) {
    body = <LinesSkeleton />;
  } else {
    body = (
      <CartContent
        cart={drawn}
        variant={variant}
        filters={filters}
        onFilters={setFilters}
        onDelete={onDelete}
        refreshing={allocation.isFetching}
        refreshedAt={allocation.dataUpdatedAt}
        onRefresh={refresh}
        canOrder={user.canOrder}
        onPlaceOrder={onPlaceOrder}
        placing={placing}
        placeLabel={placeLabel}
      />
    );
  }

  return (
    <div data-testid="cart-view">
      {header}
      {notice}
      {body}
      <ConfirmDialog
        opened={deleting !== null}
        title={deleting ? `Delete ${deleting.name}?` : "Delete"}
        message={deleteConfirmation(messages.confirmDeleteProduct, deleting ? [deleting] : [])}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        testId="confirm-delete-product"
      />
      <ConfirmDialog
        opened={confirmAll}
        title="Delete the whole cart?"
        message={deleteConfirmation(messages.confirmDeleteCart, lines)}
        confirmLabel="Delete all"
        loading={deleteAll.isPending}
        onConfirm={confirmDeleteAll}
        onClose={() => setConfirmAll(false)}
        testId="confirm-delete-cart"
      />
    </div>
  );
}
