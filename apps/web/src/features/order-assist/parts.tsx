import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
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
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import type { Product, SuggestedItem, SuggestionGroup } from "@portal/contracts";
import { formatDate, formatRupees, messages, productImageUrl } from "@portal/domain";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { isApiError } from "../../lib/api";
import { notify } from "../../lib/notify";
import { bestsellersQuery } from "./api";
import { bestsellerPages } from "./selection";

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
      <Title order={3} fz="md" mb="sm">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing to show.
        </Text>
      ) : (
        <BarChart
          h={Math.max(180, rows.length * 44)}
          data={rows}
          dataKey="name"
          orientation="vertical"
          yAxisProps={{ width: 130 }}
          series={series}
          withLegend={series.length > 1}
          gridAxis="none"
          aria-label={title}
        />
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
        <Title order={3} fz="md">
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
function Figures({ item, apparel, inCart }: { item: SuggestedItem; apparel: boolean; inCart: boolean }) {
  return (
    <Group gap={6} wrap="wrap">
      <Badge variant="light" color="gray" tt="none">
        Sale {item.sale}
        {apparel ? " (7 days)" : ` (30 days) · ${item.dailySale}/day`}
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
      {inCart && (
        <Badge variant="light" color="teal" tt="none">
          In cart
        </Badge>
      )}
    </Group>
  );
}

/** One suggested product (or one size of a group): checkbox, figures, suggested quantity and Add. */
export function SuggestionRow({
  item,
  label,
  apparel,
  checked,
  onCheck,
  inCart,
  onAdd,
  busy,
}: {
  item: SuggestedItem;
  label: string;
  apparel: boolean;
  checked: boolean;
  onCheck: (checked: boolean) => void;
  inCart: boolean;
  onAdd: () => void;
  busy: boolean;
}) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" py={6} data-testid={`suggestion-${item.id}`}>
      <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: "1 1 260px" }} align="flex-start">
        <Checkbox
          mt={2}
          checked={checked}
          onChange={(e) => onCheck(e.currentTarget.checked)}
          disabled={item.suggested <= 0}
          aria-label={`Select ${label}`}
        />
        <Stack gap={4} miw={0}>
          <Text size="sm" fw={500} lineClamp={2}>
            {label}
          </Text>
          <Text size="xs" c="dimmed">
            #{item.id} · MRP {formatRupees(item.mrp)}
          </Text>
          <Figures item={item} apparel={apparel} inCart={inCart} />
        </Stack>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <Stack gap={0} align="flex-end">
          <Text size="xs" c="dimmed">
            Suggested
          </Text>
          <Text fw={700} data-testid="suggested-qty">
            {item.suggested}
          </Text>
          {item.cartQty !== item.suggested && item.cartQty > 0 && (
            <Text size="xs" c="dimmed">
              adds {item.cartQty}
            </Text>
          )}
        </Stack>
        <Button size="xs" variant="light" onClick={onAdd} loading={busy} aria-label={`Add ${label} to cart`}>
          Add
        </Button>
      </Group>
    </Group>
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
