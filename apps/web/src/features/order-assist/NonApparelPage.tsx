import {
  Alert,
  Button,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import type { AssistSuggestions } from "@portal/contracts";
import { messages } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { PageHeader } from "../../components/PageHeader";
import { ErrorState, PageLoader } from "../../components/states";
import { notify } from "../../lib/notify";
import { categoryTotalsQuery, salesQuery, stockQuery, suggestionsQuery } from "./api";
import {
  BestSellers,
  CartConflictDialog,
  CategoryPicker,
  itemLabel,
  NoCategory,
  QuantityChart,
  SalesUpTo,
  SelectionBar,
  SuggestionRow,
} from "./parts";
import { chosenCategory, productIdFilter } from "./selection";
import { useSuggestionCart } from "./useSuggestionCart";

/**
 * The category of the address among the allowed ones. A missing or unknown one: the spec's error,
 * and the query string is cleared.
 */
export function useChosenCategory(allowed: readonly number[] | undefined) {
  const [params, setParams] = useSearchParams();
  const raw = params.get("category");
  const category = allowed ? chosenCategory(raw, allowed) : null;
  const invalid = allowed !== undefined && params.toString() !== "" && category === null;
  useEffect(() => {
    if (!invalid) return;
    notify.error(messages.noCategoryChosen);
    setParams({}, { replace: true });
  }, [invalid, setParams]);
  const choose = (id: number | null) => {
    if (id === null) {
      notify.error(messages.noCategoryChosen);
      setParams({}, { replace: true });
      return;
    }
    setParams({ category: String(id) });
  };
  return { category, choose };
}

/** /orderAssist/nonApparels?category: what to reorder in a non-apparel category. */
export function NonApparelPage() {
  const totals = useQuery(categoryTotalsQuery());
  const categories = useMemo(
    () =>
      (totals.data?.categories ?? [])
        .filter((c) => !c.apparel)
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
        title="Order Assist: Non-Apparels"
        description={<SalesUpTo asOf={totals.data.asOf} from={totals.data.from} />}
        actions={
          <Group gap="xs">
            <Button component={Link} to="/orderAssist/stats" variant="default" size="sm">
              Statistics
            </Button>
            <Button component={Link} to="/orderAssist/apparels" variant="default" size="sm">
              Apparels
            </Button>
          </Group>
        }
      />
      <CategoryPicker categories={categories} value={category} onChoose={choose} />
      {category === null ? <NoCategory /> : <CategoryAssist key={category} categoryId={category} />}
    </Stack>
  );
}

function CategoryAssist({ categoryId }: { categoryId: number }) {
  const sales = useQuery(salesQuery(categoryId));
  const stock = useQuery(stockQuery(categoryId));
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <QuantityChart
          title="Sale by subcategory (30 days)"
          rows={(sales.data?.rows ?? []).map((r) => ({ name: r.name, qty: r.qty }))}
          series={[{ name: "qty", label: "Units sold", color: "brand.6" }]}
        />
        <QuantityChart
          title="Stock by subcategory"
          rows={(stock.data?.rows ?? []).map((r) => ({
            name: r.name,
            stock: r.stock,
            inTransit: r.inTransit,
          }))}
          series={[
            { name: "stock", label: "In hand", color: "orange.5" },
            { name: "inTransit", label: "In transit", color: "blue.5" },
          ]}
        />
      </SimpleGrid>
      <BestSellers categoryId={categoryId} />
      <SuggestedProducts categoryId={categoryId} />
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

/** Suggested products per subcategory, with the product-id filter and the cart buttons. */
export function SuggestedProducts({ categoryId }: { categoryId: number }) {
  const [filterText, setFilterText] = useState("");
  const [filter, setFilter] = useState<number[]>([]);
  const parsed = productIdFilter(filterText);
  const query = useQuery(suggestionsQuery(categoryId, filter));
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" align="flex-end" mb="sm" gap="sm">
        <Title order={2} fz="md">
          Suggested products
        </Title>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (parsed) setFilter(parsed);
          }}
        >
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              aria-label="Filter by product id"
              placeholder="Product id, e.g. 100077"
              value={filterText}
              onChange={(e) => setFilterText(e.currentTarget.value)}
              error={parsed === null ? "Enter product ids (numbers) separated by commas" : undefined}
              w={{ base: 200, sm: 240 }}
            />
            <Button type="submit" variant="default" disabled={parsed === null}>
              Filter
            </Button>
          </Group>
        </form>
      </Group>
      {query.isPending ? (
        <PageLoader inline label="Working out your suggestions" />
      ) : query.isError ? (
        <Alert color="red">{query.error.message}</Alert>
      ) : (
        <SuggestionBody data={query.data} />
      )}
    </Paper>
  );
}

function SuggestionBody({ data }: { data: AssistSuggestions }) {
  const items = useMemo(() => data.subcategories.flatMap((s) => s.groups.flatMap((g) => g.children)), [data]);
  const names = useMemo(
    () =>
      new Map(
        data.subcategories.flatMap((s) =>
          s.groups.flatMap((g) => g.children.map((c) => [c.id, itemLabel(g, c)] as const)),
        ),
      ),
    [data],
  );
  const cart = useSuggestionCart(items);
  if (data.subcategories.length === 0) return <Alert color="yellow">{messages.noAssistProducts}</Alert>;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Suggested = 45 days of sale (the last {data.saleDays} days' sale ÷ {data.saleDays}) − in hand − in
        transit. Change a quantity before adding; values are at your cost.
      </Text>
      <SelectionBar cart={cart} />
      {data.subcategories.map((sub) => {
        const subItems = sub.groups.flatMap((g) => g.children).filter((i) => cart.qtyOf(i) > 0);
        const all = subItems.length > 0 && subItems.every((i) => cart.selected.has(i.id));
        return (
          <Stack key={sub.id} gap={0}>
            <Group justify="space-between" gap="xs">
              <Title order={3} fz="sm">
                {sub.name}
              </Title>
              {subItems.length > 0 && (
                <Button
                  variant="subtle"
                  size="compact-xs"
                  onClick={() =>
                    cart.setMany(
                      subItems.map((i) => i.id),
                      !all,
                    )
                  }
                >
                  {all ? "Clear selection" : `Select all ${subItems.length}`}
                </Button>
              )}
            </Group>
            {sub.groups.map((group) =>
              group.children.map((item) => (
                <div key={item.id}>
                  <Divider />
                  <SuggestionRow
                    item={item}
                    label={itemLabel(group, item)}
                    saleDays={data.saleDays}
                    checked={cart.selected.has(item.id)}
                    onCheck={(on) => cart.toggle(item.id, on)}
                    inCart={cart.cartQty.get(item.id)}
                    qty={cart.qtyOf(item)}
                    onQty={(qty) => cart.setQty(item.id, qty)}
                    onAdd={() => cart.addOne(item)}
                    busy={cart.busy === item.id}
                  />
                </div>
              )),
            )}
          </Stack>
        );
      })}
      <CartConflictDialog cart={cart} names={names} />
    </Stack>
  );
}
