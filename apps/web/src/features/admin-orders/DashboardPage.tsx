import {
  Anchor,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import type { AdminOverview, WaitingWork } from "@portal/contracts";
import {
  IconCash,
  IconClipboardCheck,
  IconFileDescription,
  IconHandStop,
  IconPackage,
  IconReceiptRefund,
  IconTruck,
  IconTruckDelivery,
} from "@tabler/icons-react";
import type { ComponentType } from "react";
import { Link } from "react-router";
import { money } from "../../admin-kit/format";
import { ErrorState } from "../../components/states";
import { errorMessage } from "../../lib/api";
import { usePageTitle } from "../../lib/usePageTitle";
import { useDashboard } from "./api";

type TileKey = {
  [K in keyof AdminOverview]: AdminOverview[K] extends WaitingWork | number ? K : never;
}[keyof AdminOverview];

/** Each tile links to the list filtered exactly as the server counts it. */
const TILES: {
  key: TileKey;
  label: string;
  hint: string;
  /** The list it opens, filtered as it counts (some filters name the day the figures are for). */
  to: string | ((day: string) => string);
  icon: ComponentType<{ size?: number }>;
}[] = [
  {
    key: "ordersToConfirm",
    label: "Orders to confirm",
    hint: "Pending orders",
    to: "/admin/orders?status=Pending",
    icon: IconClipboardCheck,
  },
  {
    key: "ordersToLoad",
    label: "Orders to load",
    hint: "Confirmed, not in a load",
    to: "/admin/orders?status=Confirmed&unloaded=true",
    icon: IconPackage,
  },
  {
    key: "loadsToHandOver",
    label: "Loads to hand over",
    hint: "Ready To Dispatch",
    to: "/admin/loads?status=Ready+To+Dispatch",
    icon: IconHandStop,
  },
  {
    key: "loadsToShip",
    label: "Loads to ship",
    hint: "Handed over",
    to: "/admin/loads?status=Hand+Over",
    icon: IconTruckDelivery,
  },
  {
    key: "paymentsToApprove",
    label: "Payments to approve",
    hint: "Submitted by partners",
    to: "/admin/payments?status=submitted",
    icon: IconCash,
  },
  {
    key: "shippedToday",
    label: "Shipped today",
    hint: "Loads shipped today",
    to: (day) => `/admin/loads?status=Shipped&shippedOn=${day}`,
    icon: IconTruck,
  },
  {
    key: "salesReturnsToMove",
    label: "Sales returns to move",
    hint: "Not yet account approved",
    to: "/admin/sales-returns?waiting=true",
    icon: IconReceiptRefund,
  },
  {
    key: "waybillRequests",
    label: "Waybill requests",
    hint: "Open WH requests",
    to: "/admin/waybills?waiting=true",
    icon: IconFileDescription,
  },
];

function Tile({
  tile,
  figure,
  day,
}: {
  tile: (typeof TILES)[number];
  figure: WaitingWork | number | undefined;
  day: string;
}) {
  const { key, label, hint, icon: Icon } = tile;
  const to = typeof tile.to === "string" ? tile.to : tile.to(day);
  const count = typeof figure === "number" ? figure : figure?.count;
  return (
    <Card
      component={Link}
      to={to}
      withBorder
      radius="md"
      padding="lg"
      data-testid={`tile-${key}`}
      style={{ textDecoration: "none" }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text size="sm" fw={600}>
            {label}
          </Text>
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </div>
        <ThemeIcon variant="light" radius="md" size="lg" aria-hidden>
          <Icon size={20} />
        </ThemeIcon>
      </Group>
      {count === undefined ? (
        <Skeleton h={34} w={60} mt="sm" />
      ) : (
        <Group gap="xs" align="baseline" mt="sm">
          <Text fz={34} fw={700} lh={1} data-testid={`count-${key}`}>
            {count}
          </Text>
          {typeof figure === "object" && (
            <Text size="sm" c="dimmed" data-testid={`value-${key}`}>
              {money(figure.value)}
            </Text>
          )}
        </Group>
      )}
    </Card>
  );
}

function Receivables({ overview }: { overview: AdminOverview }) {
  const { receivables, topOverdue } = overview;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Paper withBorder radius="md" p="md" data-testid="receivables">
        <Group justify="space-between" mb="xs">
          <Title order={2} fz="md">
            Receivables by age
          </Title>
          <Text fw={700} data-testid="receivables-total">
            {money(receivables.total)}
          </Text>
        </Group>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Age</Table.Th>
              <Table.Th ta="right">Partners</Table.Th>
              <Table.Th ta="right">Open</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {receivables.buckets.map((b) => (
              <Table.Tr key={b.key} data-testid={`bucket-${b.key}`}>
                <Table.Td>{b.label}</Table.Td>
                <Table.Td ta="right">{b.partners}</Table.Td>
                <Table.Td ta="right">{money(b.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Paper withBorder radius="md" p="md" data-testid="top-overdue">
        <Title order={2} fz="md" mb="xs">
          Top overdue partners
        </Title>
        {topOverdue.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing open for more than 30 days
          </Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Partner</Table.Th>
                <Table.Th ta="right">Over 30 days</Table.Th>
                <Table.Th ta="right">Oldest</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {topOverdue.map((p) => (
                <Table.Tr key={p.userId}>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/ledger/${p.userId}`} size="sm">
                      {p.partnerName}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {p.partnerEmail}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    {money(p.overdue)}
                    <Text size="xs" c="dimmed">
                      of {money(p.open)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{p.oldestDays} days</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </SimpleGrid>
  );
}

/** What waits for staff with its value, each count a link to its queue; receivables by age. */
export function DashboardPage() {
  usePageTitle("Admin Console");
  const dashboard = useDashboard();
  if (dashboard.isError)
    return <ErrorState description={errorMessage(dashboard.error)} onRetry={() => dashboard.refetch()} />;
  return (
    <Stack gap="md" data-testid="admin-dashboard">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {TILES.map((tile) => (
          <Tile
            key={tile.key}
            tile={tile}
            figure={dashboard.data?.[tile.key]}
            day={dashboard.data?.day ?? ""}
          />
        ))}
      </SimpleGrid>
      {dashboard.data ? <Receivables overview={dashboard.data} /> : <Skeleton h={220} />}
    </Stack>
  );
}
