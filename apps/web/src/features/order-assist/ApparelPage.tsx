import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Paper,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import type { SuggestionGroup } from "@portal/contracts";
import { messages, REORDER_PAGE_SIZE } from "@portal/domain";
import { IconChevronLeft, IconChevronRight, IconShoppingCartPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../components/PageHeader";
import { ErrorState, PageLoader } from "../../components/states";
import { apparelSubcategoryQuery, categoryTotalsQuery, suggestionsQuery } from "./api";
import { useChosenCategory } from "./NonApparelPage";
import { BestSellers, CategoryPicker, NoCategory, QuantityChart, SalesUpTo } from "./parts";
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
        Suggested = 5 × the last 7 days' sale − stock in hand − pending − in transit.
      </Text>
      {subcategories.length === 0 ? (
        <Alert color="yellow">{messages.noAssistProducts}</Alert>
      ) : (
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" align="flex-end" mb="sm" gap="sm">
            <Title order={3} fz="md">
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

function SlabTable({ subcategoryId }: { subcategoryId: number }) {
  const query = useQuery(apparelSubcategoryQuery(subcategoryId));
  if (query.isPending) return <PageLoader inline label="Loading" />;
  if (query.isError) return <Alert color="red">{query.error.message}</Alert>;
  const rows = query.data.rows;
  return (
    <Stack gap="md">
      <ScrollArea type="auto">
        <Table striped withTableBorder miw={560} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Type</Table.Th>
              <Table.Th>Price slab</Table.Th>
              <Table.Th ta="right">Sale (7 days)</Table.Th>
              <Table.Th ta="right">In hand</Table.Th>
              <Table.Th ta="right">Pending</Table.Th>
              <Table.Th ta="right">In transit</Table.Th>
              <Table.Th ta="right">Suggested</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={`${r.typeId}-${r.slabId}`}>
                <Table.Td>{r.typeName}</Table.Td>
                <Table.Td>{r.slabLabel}</Table.Td>
                <Table.Td ta="right">{r.sale}</Table.Td>
                <Table.Td ta="right">{r.stock}</Table.Td>
                <Table.Td ta="right">{r.pending}</Table.Td>
                <Table.Td ta="right">{r.inTransit}</Table.Td>
                <Table.Td ta="right" fw={700}>
                  {r.suggested}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
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
  const cart = useSuggestionCart(items);
  const pages = pagesOf(reorder, REORDER_PAGE_SIZE);
  const [page, setPage] = useState(0);
  const current = pages[Math.min(page, Math.max(0, pages.length - 1))] ?? [];
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={3} fz="md">
          Reorder
        </Title>
        <Group gap="xs" wrap="nowrap">
          {pages.length > 1 && (
            <>
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
            </>
          )}
          <Button
            size="xs"
            leftSection={<IconShoppingCartPlus size={16} />}
            onClick={cart.addSelected}
            loading={cart.busy === "bulk"}
          >
            Add selected
          </Button>
        </Group>
      </Group>
      {reorder.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing to reorder: your stock covers the sale.
        </Text>
      ) : (
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
              <Stack gap={4} mt="xs">
                {g.children.map((c) => (
                  <Group key={c.id} justify="space-between" gap="xs" wrap="nowrap">
                    <Checkbox
                      size="xs"
                      label={`${c.size ?? `#${c.id}`}: ${c.suggested}`}
                      checked={cart.selected.has(c.id)}
                      disabled={c.suggested <= 0}
                      onChange={(e) => cart.toggle(c.id, e.currentTarget.checked)}
                    />
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => cart.addOne(c)}
                      loading={cart.busy === c.id}
                      aria-label={`Add ${g.name} ${c.size ?? ""} to cart`}
                    >
                      Add
                    </Button>
                  </Group>
                ))}
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
}
