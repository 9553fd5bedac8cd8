import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Image,
  List,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import type { Product, SuggestedItem, SuggestionGroup } from "@portal/contracts";
import {
  cartQuantityFor,
  formatCount,
  formatDate,
  formatRupees,
  lineValuePaise,
  messages,
  productImageUrl,
  QUANTITY_CHOICES,
  toPaise,
} from "@portal/domain";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { BarChart } from "../../components/LazyBarChart";
import { isApiError } from "../../lib/api";
import { notify } from "../../lib/notify";
import { bestsellersQuery } from "./api";
import { bestsellerPages } from "./selection";
import type { SuggestionCart } from "./useSuggestionCart";

/** "Sales up to 31-10-2026": the date the store's figures run to (its last point-of-sale sync). */
export function SalesUpTo({ asOf, from }: { asOf: string | null; from?: string | null }) {
  if (!asOf)
    return (
      <Text component="span" size="sm" c="dimmed">
        No point-of-sale sales received from your store yet.
      </Text>
    );
  return (
    <Text component="span" size="sm" c="dimmed" data-testid="sales-up-to">
      Sales up to {formatDate(asOf)}
      {from ? ` (from ${formatDate(from)})` : ""}
    </Text>
  );
}

/** The category picker: a select and a button; the page reads the choice from the address. */
export function CategoryPicker({
  categories,
  value,
  onChoose,
}: {
  categories: readonly { id: number; name: string }[];
  value: number | null;
  onChoose: (id: number | null) => void;
}) {
  const [picked, setPicked] = useState<string | null>(value === null ? null : String(value));
  useEffect(() => setPicked(value === null ? null : String(value)), [value]);
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label="Category"
        placeholder="Choose a category"
        data={categories.map((c) => ({ value: String(c.id), label: c.name }))}
        value={picked}
        onChange={setPicked}
        w={{ base: "100%", xs: 320 }}
        searchable
        comboboxProps={{ withinPortal: true }}
      />
      <Button onClick={() => onChoose(picked === null ? null : Number(picked))}>Show</Button>
    </Group>
  );
}

/** A bar chart of quantities by name (categories or subcategories). */
export function QuantityChart({
  title,
  rows,
  series,
}: {
  title: string;
  rows: Record<string, string | number>[];
  series: { name: string; label: string; color: string }[];
}) {
  return (
    <Paper withBorder p="md" radius="md" miw={0}>
      <Title order={2} fz="md" mb="sm">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing to show.
        </Text>
      ) : (
        <div
          role="img"
          aria-label={`${title}: ${rows
            .map((r) => `${r.name} ${series.map((s) => `${s.label} ${r[s.name] ?? 0}`).join(", ")}`)
            .join("; ")}`}
        >
          <BarChart
            h={Math.max(180, rows.length * 44)}
            data={rows}
            dataKey="name"
            orientation="vertical"
            yAxisProps={{ width: 110, tick: { fontSize: 11 } }}
            series={series}
            withLegend={series.length > 1}
            legendProps={{ verticalAlign: "top", height: 48 }}
            gridAxis="none"
          />
        </div>
      )}
    </Paper>
  );
}

/** Best sellers of a category: 3 at a time, up to 9 pages (from the request of 24). */
export function BestSellers({ categoryId }: { categoryId: number }) {
  const query = useQuery(bestsellersQuery(categoryId));
  const [page, setPage] = useState(0);
  const notFound = query.isError && isApiError(query.error, 404);
  useEffect(() => {
    if (notFound) notify.warning(messages.bestsellerProductsNotFound);
  }, [notFound]);
  const pages = bestsellerPages(query.data ?? []);
  const current = pages[Math.min(page, Math.max(0, pages.length - 1))] ?? [];
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} fz="md">
          Best sellers
        </Title>
        {pages.length > 1 && (
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="default"
              aria-label="Previous best sellers"
              disabled={page === 0}
              onClick={() => setPage((p) => p - 1)}
            >
              <IconChevronLeft size={16} />
            </ActionIcon>
            <Text size="sm" c="dimmed" aria-live="polite">
              {page + 1} / {pages.length}
            </Text>
            <ActionIcon
              variant="default"
              aria-label="Next best sellers"
              disabled={page >= pages.length - 1}
              onClick={() => setPage((p) => p + 1)}
            >
              <IconChevronRight size={16} />
            </ActionIcon>
          </Group>
        )}
      </Group>
      {query.isPending ? (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      ) : notFound ? (
        <Text size="sm" c="dimmed">
          {messages.bestsellersNotFound}
        </Text>
      ) : query.isError ? (
        <Text size="sm" c="red">
          {query.error.message}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" data-testid="bestsellers">
          {current.map((p) => (
            <BestSellerCard key={p.id} product={p} />
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
}

function BestSellerCard({ product }: { product: Product }) {
  return (
    <Card withBorder padding="sm" radius="md">
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <Image src={productImageUrl(product.id)} alt="" w={64} h={64} fit="contain" radius="sm" />
        <Stack gap={2} miw={0}>
          <Anchor component={Link} to={`/products/productInfo/${product.id}`} size="sm" lineClamp={2}>
            {product.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {product.size ? `${product.size} · ` : ""}MRP {formatRupees(product.mrp)}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/** The figures behind a suggestion, small, for one product. */
function Figures({
  item,
  saleDays,
  inCart,
}: {
  item: SuggestedItem;
  saleDays: number;
  inCart: number | undefined;
}) {
  return (
    <Group gap={6} wrap="wrap">
      <Badge variant="light" color="gray" tt="none">
        Sale ({saleDays} days) {formatCount(item.sale)} · {item.dailySale}/day
      </Badge>
      <Badge variant="light" color="gray" tt="none">
        In hand {item.stock}
      </Badge>
      {item.pending > 0 && (
        <Badge variant="light" color="yellow" tt="none">
          Pending {item.pending}
        </Badge>
      )}
      {item.inTransit > 0 && (
        <Badge variant="light" color="blue" tt="none">
          In transit {item.inTransit}
        </Badge>
      )}
      {inCart !== undefined && (
        <Badge variant="light" color="teal" tt="none">
          In cart: {formatCount(inCart)}
        </Badge>
      )}
    </Group>
  );
}

/** The quantity picker: the cart's own choices (1 to 50, then 100 to 500 in 50s). */
export function QuantityPicker({
  value,
  onChange,
  label,
  size = "xs",
}: {
  value: number;
  onChange: (qty: number) => void;
  label: string;
  size?: "xs" | "sm";
}) {
  const choices =
    QUANTITY_CHOICES.includes(value) || value === 0 ? QUANTITY_CHOICES : [...QUANTITY_CHOICES, value];
  return (
    <Select
      aria-label={label}
      placeholder="Qty"
      data={choices.map((q) => String(q))}
      value={value > 0 ? String(value) : null}
      onChange={(v) => onChange(v ? Number(v) : 0)}
      size={size}
      w={76}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      data-testid="assist-qty"
    />
  );
}

/** One suggested product (or one size of a group): checkbox, figures, quantity (the suggestion, changeable), cost, value and Add. */
export function SuggestionRow({
  item,
  label,
  saleDays,
  checked,
  onCheck,
  inCart,
  qty,
  onQty,
  onAdd,
  busy,
}: {
  item: SuggestedItem;
  label: string;
  saleDays: number;
  checked: boolean;
  onCheck: (checked: boolean) => void;
  /** The quantity already in the cart, if it is there. */
  inCart: number | undefined;
  qty: number;
  onQty: (qty: number) => void;
  onAdd: () => void;
  busy: boolean;
}) {
  const value = item.unitCost === null ? null : lineValuePaise(toPaise(item.unitCost), qty);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" py={6} data-testid={`suggestion-${item.id}`}>
      <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: "1 1 260px" }} align="flex-start">
        <Checkbox
          mt={2}
          checked={checked}
          onChange={(e) => onCheck(e.currentTarget.checked)}
          disabled={qty <= 0}
          aria-label={`Select ${label}`}
        />
        <Stack gap={4} miw={0}>
          <Text size="sm" fw={500} lineClamp={2}>
            {label}
          </Text>
          <Text size="xs" c="dimmed">
            #{item.id} · MRP {formatRupees(item.mrp)}
            {item.unitCost !== null ? ` · your cost ${formatRupees(item.unitCost)}` : ""}
          </Text>
          <Figures item={item} saleDays={saleDays} inCart={inCart} />
        </Stack>
      </Group>
      <Group gap="sm" wrap="nowrap" align="flex-end" ml="auto">
        <Stack gap={0} align="flex-end">
          <Text size="xs" c="dimmed">
            Suggested
          </Text>
          <Text fw={700} data-testid="suggested-qty">
            {formatCount(item.suggested)}
          </Text>
        </Stack>
        <QuantityPicker value={qty} onChange={onQty} label={`Quantity of ${label}`} />
        <Stack gap={0} align="flex-end" miw={84}>
          <Text size="xs" c="dimmed">
            Value
          </Text>
          <Text size="sm" fw={600} data-testid="line-value">
            {value === null ? "—" : formatRupees(value)}
          </Text>
        </Stack>
        <Button size="xs" variant="light" onClick={onAdd} loading={busy} aria-label={`Add ${label} to cart`}>
          Add
        </Button>
      </Group>
    </Group>
  );
}

/** The selection's size and value at the partner's cost, with the button that adds it. */
export function SelectionBar({ cart, compact = false }: { cart: SuggestionCart; compact?: boolean }) {
  return (
    <Group justify="space-between" gap="sm" data-testid="selection-total">
      <Text size="sm">
        {formatCount(cart.selectedCount)} selected · {formatCount(cart.selectedUnits)} units ·{" "}
        <Text span fw={700}>
          {formatRupees(cart.total.paise)}
        </Text>
        {cart.total.unpriced > 0 ? ` (${formatCount(cart.total.unpriced)} without a price)` : ""}
      </Text>
      <Button size={compact ? "xs" : "sm"} onClick={cart.addSelected} loading={cart.busy === "bulk"}>
        Add selected to cart
      </Button>
    </Group>
  );
}

/** The question when products being added are in the cart already: keep, replace or add both. */
export function CartConflictDialog({
  cart,
  names,
}: {
  cart: SuggestionCart;
  names: ReadonlyMap<number, string>;
}) {
  const conflict = cart.conflict;
  const one = conflict?.conflicts.length === 1 ? conflict.conflicts[0] : undefined;
  return (
    <Modal
      opened={conflict !== null}
      onClose={cart.cancelConflict}
      title={one ? "Already in your cart" : "Some products are already in your cart"}
      centered
    >
      {conflict && (
        <Stack gap="sm" data-testid="cart-conflict">
          <List size="sm" spacing={4}>
            {conflict.conflicts.map((c) => (
              <List.Item key={c.id}>
                {names.get(c.id) ?? `#${c.id}`}: {formatCount(c.cartQty)} in the cart, {formatCount(c.qty)}{" "}
                chosen here
              </List.Item>
            ))}
          </List>
          <Text size="sm" c="dimmed">
            {conflict.lines.length > conflict.conflicts.length
              ? "The other products are added as they are. "
              : ""}
            What should happen to the {one ? "cart's quantity" : "cart's quantities"}?
          </Text>
          <Stack gap="xs">
            <Button variant="default" onClick={() => cart.choose("keep")}>
              {one ? `Keep ${formatCount(one.cartQty)} in the cart` : "Keep the cart's quantities"}
            </Button>
            <Button variant="default" onClick={() => cart.choose("replace")}>
              {one ? `Replace with ${formatCount(one.qty)}` : "Replace with the quantities chosen here"}
            </Button>
            <Button onClick={() => cart.choose("add")}>
              {one
                ? `Add both (${formatCount(cartQuantityFor(one.cartQty + one.qty))})`
                : "Add both together"}
            </Button>
          </Stack>
        </Stack>
      )}
    </Modal>
  );
}

/** A group's label: its name, and for a size the size. */
export const itemLabel = (group: SuggestionGroup, item: SuggestedItem) =>
  item.size ? `${group.name} · ${item.size}` : group.name;

export function NoCategory() {
  return (
    <Alert color="yellow" title={messages.noCategoryChosen} role="alert">
      Choose a category above to see what to reorder.
    </Alert>
  );
}
