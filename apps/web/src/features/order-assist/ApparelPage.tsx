import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import type { ApparelSubcategorySales, SuggestionGroup } from "@portal/contracts";
import {
  formatCount,
  formatRupees,
  lineValuePaise,
  messages,
  REORDER_PAGE_SIZE,
  toPaise,
} from "@portal/domain";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../components/PageHeader";
import { type Column, ResponsiveTable } from "../../components/ResponsiveTable";
import { ErrorState, PageLoader } from "../../components/states";
import { apparelSubcategoryQuery, categoryTotalsQuery, suggestionsQuery } from "./api";
import { useChosenCategory } from "./NonApparelPage";
import {
  BestSellers,
  CartConflictDialog,
  CategoryPicker,
  itemLabel,
  NoCategory,
  QuantityChart,
  QuantityPicker,
  SalesUpTo,
  SelectionBar,
} from "./parts";
import { pagesOf } from "./selection";
import { useSuggestionCart } from "./useSuggestionCart";

/** /orderAssist/apparels?category: apparel by type and price slab, and the reorder carousel. */
export function ApparelPage() {
  const totals = useQuery(categoryTotalsQuery());
  const categories = useMemo(
    () =>
      (totals.data?.categories ?? [])
        .filter((c) => c.apparel)
        .map((c) => ({ id: c.categoryId, name: c.name })),
    [totals.data],
  );
  const { category, choose } = useChosenCategory(totals.data ? categories.map((c) => c.id) : undefined);

  if (totals.isPending) return <PageLoader inline label="Loading your store's sales" />;
  if (totals.isError)
    return <ErrorState title={messages.categoryTotalFailed} description={totals.error.message} />;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Order Assist: Apparels"
        description={<SalesUpTo asOf={totals.data.asOf} />}
        actions={
          <Group gap="xs">
            <Button component={Link} to="/orderAssist/stats" variant="default" size="sm">
              Statistics
            </Button>
            <Button component={Link} to="/orderAssist/nonApparels" variant="default" size="sm">
              Non-apparels
            </Button>
          </Group>
        }
      />
      <CategoryPicker categories={categories} value={category} onChoose={choose} />
      {category === null ? <NoCategory /> : <ApparelAssist key={category} categoryId={category} />}
    </Stack>
  );
}

function ApparelAssist({ categoryId }: { categoryId: number }) {
  const suggestions = useQuery(suggestionsQuery(categoryId));
  const subcategories = suggestions.data?.subcategories ?? [];
  const [subcategory, setSubcategory] = useState<string | null>(null);
  const chosenSub = subcategory ?? (subcategories[0] ? String(subcategories[0].id) : null);

  if (suggestions.isPending) return <PageLoader inline label="Working out your suggestions" />;
  if (suggestions.isError) return <Alert color="red">{suggestions.error.message}</Alert>;
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        Suggested = 5 × the last 7 days' sale − in hand − pending − in transit. Every sale and "/day" here is
        over those 7 days; change a quantity before adding.
      </Text>
      {subcategories.length === 0 ? (
        <Alert color="yellow">{messages.noAssistProducts}</Alert>
      ) : (
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" align="flex-end" mb="sm" gap="sm">
            <Title order={2} fz="md">
              By type and price slab
            </Title>
            <Select
              aria-label="Subcategory"
              data={subcategories.map((s) => ({ value: String(s.id), label: s.name }))}
              value={chosenSub}
              onChange={setSubcategory}
              w={{ base: "100%", xs: 240 }}
              allowDeselect={false}
            />
          </Group>
          {chosenSub && <SlabTable subcategoryId={Number(chosenSub)} />}
        </Paper>
      )}
      <BestSellers categoryId={categoryId} />
      {suggestions.data.subcategories.length > 0 && (
        <ReorderCarousel
          groups={suggestions.data.subcategories.flatMap((s) => s.groups)}
          grouped={suggestions.data.grouped}
        />
      )}
      <Group>
        <Button
          component={Link}
          to={`/orderAssist/listing?categories=${categoryId}&whType=all`}
          variant="light"
        >
          Browse all products of this category
        </Button>
      </Group>
    </Stack>
  );
}

type SlabRow = ApparelSubcategorySales["rows"][number];

const SLAB_COLUMNS: Column<SlabRow>[] = [
  {
    key: "type",
    header: "Type and price slab",
    phone: "title",
    cell: (r) => `${r.typeName} · ${r.slabLabel}`,
  },
  { key: "sale", header: "Sale (7 days)", numeric: true, cell: (r) => formatCount(r.sale) },
  { key: "stock", header: "In hand", numeric: true, cell: (r) => formatCount(r.stock) },
  { key: "pending", header: "Pending", numeric: true, cell: (r) => formatCount(r.pending) },
  { key: "inTransit", header: "In transit", numeric: true, cell: (r) => formatCount(r.inTransit) },
  {
    key: "suggested",
    header: "Suggested",
    numeric: true,
    cell: (r) => (
      <Text span fw={700} size="sm">
        {formatCount(r.suggested)}
      </Text>
    ),
  },
];

function SlabTable({ subcategoryId }: { subcategoryId: number }) {
  const query = useQuery(apparelSubcategoryQuery(subcategoryId));
  if (query.isPending) return <PageLoader inline label="Loading" />;
  if (query.isError) return <Alert color="red">{query.error.message}</Alert>;
  const rows = query.data.rows;
  return (
    <Stack gap="md">
      <ResponsiveTable
        label="Sale, stock and suggestion by type and price slab"
        columns={SLAB_COLUMNS}
        rows={rows}
        rowKey={(r) => `${r.typeId}-${r.slabId}`}
        testId="slab-table"
        minWidth={560}
      />
      <QuantityChart
        title="Sale and stock by price slab"
        rows={rows.map((r) => ({ name: `${r.typeName} · ${r.slabLabel}`, sale: r.sale, stock: r.stock }))}
        series={[
          { name: "sale", label: "Sale (7 days)", color: "brand.6" },
          { name: "stock", label: "In hand", color: "orange.5" },
        ]}
      />
    </Stack>
  );
}

/** The reorder carousel: groups (for categories 6 and 21 a group id and colour with its sizes), 3 a page. */
function ReorderCarousel({ groups, grouped }: { groups: SuggestionGroup[]; grouped: boolean }) {
  const reorder = groups.filter((g) => g.children.some((c) => c.suggested > 0));
  const items = useMemo(() => reorder.flatMap((g) => g.children), [reorder]);
  const names = useMemo(
    () => new Map(reorder.flatMap((g) => g.children.map((c) => [c.id, itemLabel(g, c)] as const))),
    [reorder],
  );
  const cart = useSuggestionCart(items);
  const pages = pagesOf(reorder, REORDER_PAGE_SIZE);
  const [page, setPage] = useState(0);
  const current = pages[Math.min(page, Math.max(0, pages.length - 1))] ?? [];
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={2} fz="md">
          Reorder
        </Title>
        {pages.length > 1 && (
          <Group gap="xs" wrap="nowrap">
            <ActionIcon
              variant="default"
              aria-label="Previous reorder products"
              disabled={page === 0}
              onClick={() => setPage((p) => p - 1)}
            >
              <IconChevronLeft size={16} />
            </ActionIcon>
            <Text size="sm" c="dimmed">
              {page + 1} / {pages.length}
            </Text>
            <ActionIcon
              variant="default"
              aria-label="Next reorder products"
              disabled={page >= pages.length - 1}
              onClick={() => setPage((p) => p + 1)}
            >
              <IconChevronRight size={16} />
            </ActionIcon>
          </Group>
        )}
      </Group>
      {reorder.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing to reorder: your stock covers the sale.
        </Text>
      ) : (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {current.map((g) => (
              <Card key={g.key} withBorder padding="sm" radius="md">
                <Text size="sm" fw={600} lineClamp={2}>
                  {g.name}
                </Text>
                {grouped && g.color && (
                  <Badge variant="light" color="gray" tt="none" mt={4}>
                    {g.color}
                  </Badge>
                )}
                <Stack gap={6} mt="xs">
                  {g.children.map((c) => {
                    const label = itemLabel(g, c);
                    const held = cart.cartQty.get(c.id);
                    return (
                      <Stack key={c.id} gap={2} data-testid={`suggestion-${c.id}`}>
                        <Group justify="space-between" gap="xs" wrap="nowrap">
                          <Checkbox
                            size="xs"
                            label={`${c.size ?? `#${c.id}`}: suggested ${formatCount(c.suggested)}`}
                            checked={cart.selected.has(c.id)}
                            disabled={cart.qtyOf(c) <= 0}
                            onChange={(e) => cart.toggle(c.id, e.currentTarget.checked)}
                          />
                          <Group gap={4} wrap="nowrap">
                            <QuantityPicker
                              value={cart.qtyOf(c)}
                              onChange={(qty) => cart.setQty(c.id, qty)}
                              label={`Quantity of ${label}`}
                            />
                            <Button
                              size="compact-xs"
                              variant="light"
                              onClick={() => cart.addOne(c)}
                              loading={cart.busy === c.id}
                              aria-label={`Add ${label} to cart`}
                            >
                              Add
                            </Button>
                          </Group>
                        </Group>
                        <Text size="xs" c="dimmed">
                          Sale (7 days) {formatCount(c.sale)} · {c.dailySale}/day · in hand{" "}
                          {formatCount(c.stock)}
                          {c.unitCost !== null
                            ? ` · ${formatRupees(lineValuePaise(toPaise(c.unitCost), cart.qtyOf(c)))}`
                            : ""}
                          {held !== undefined ? ` · in cart ${formatCount(held)}` : ""}
                        </Text>
                      </Stack>
                    );
                  })}
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
          <SelectionBar cart={cart} compact />
        </Stack>
      )}
      <CartConflictDialog cart={cart} names={names} />
    </Paper>
  );
}
