import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { formatCount, formatRupees, messages } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router";
import { PageHeader } from "../../components/PageHeader";
import { ErrorState, PageLoader } from "../../components/states";
import { notify } from "../../lib/notify";
import { categoryTotalsQuery, salesQuery, stockQuery } from "./api";
import { CategoryPicker, QuantityChart, SalesUpTo } from "./parts";

/** /orderAssist/stats: the store's sale and stock at a glance, and the way into each category. */
export function StatsPage() {
  const totals = useQuery(categoryTotalsQuery());
  const sales = useQuery(salesQuery());
  const stock = useQuery(stockQuery());
  const navigate = useNavigate();

  if (totals.isPending) return <PageLoader inline label="Loading your store's sales" />;
  if (totals.isError)
    return <ErrorState title={messages.categoryTotalFailed} description={totals.error.message} />;
  const t = totals.data;
  const apparel = t.categories.filter((c) => c.apparel);
  const nonApparel = t.categories.filter((c) => !c.apparel);

  const go = (apparelSide: boolean) => (id: number | null) => {
    if (id === null) return notify.error(messages.noCategoryChosen);
    navigate(`/orderAssist/${apparelSide ? "apparels" : "nonApparels"}?category=${id}`);
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Order Assist"
        description={<SalesUpTo asOf={t.asOf} from={t.from} />}
        actions={
          <Button component={Link} to="/orderAssist/listing?whType=all" variant="light" size="sm">
            Browse products to order
          </Button>
        }
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md">
          <Text size="sm" c="dimmed">
            Units sold in {t.saleDays} days
          </Text>
          <Text fz={28} fw={700} data-testid="total-qty">
            {formatCount(t.qty)}
          </Text>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Text size="sm" c="dimmed">
            Sale at MRP in {t.saleDays} days
          </Text>
          <Text fz={28} fw={700} data-testid="total-amount">
            {formatRupees(t.amount)}
          </Text>
        </Paper>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md">
          <Title order={2} fz="lg" mb="xs">
            Non-apparels
          </Title>
          <CategoryPicker
            categories={nonApparel.map((c) => ({ id: c.categoryId, name: c.name }))}
            value={null}
            onChoose={go(false)}
          />
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={2} fz="lg" mb="xs">
            Apparels
          </Title>
          <CategoryPicker
            categories={apparel.map((c) => ({ id: c.categoryId, name: c.name }))}
            value={null}
            onChoose={go(true)}
          />
        </Paper>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <QuantityChart
          title="Sale by category (30 days, non-apparels)"
          rows={(sales.data?.rows ?? []).map((r) => ({ name: r.name, qty: r.qty }))}
          series={[{ name: "qty", label: "Units sold", color: "brand.6" }]}
        />
        <QuantityChart
          title="Stock by category (non-apparels)"
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
      <Group gap="xs">
        <Button component={Link} to="/orderAssist/nonApparels" variant="default">
          Non-apparels
        </Button>
        <Button component={Link} to="/orderAssist/apparels" variant="default">
          Apparels
        </Button>
      </Group>
    </Stack>
  );
}
