import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from "@mantine/core";
import type { AdminDashboard } from "@portal/contracts";
import {
  IconCash,
  IconClipboardCheck,
  IconFileDescription,
  IconPackage,
  IconReceiptRefund,
  IconTruckDelivery,
} from "@tabler/icons-react";
import type { ComponentType } from "react";
import { Link } from "react-router";
import { ErrorState } from "../../components/states";
import { errorMessage } from "../../lib/api";
import { usePageTitle } from "../../lib/usePageTitle";
import { useDashboard } from "./api";

const TILES: {
  key: keyof AdminDashboard;
  label: string;
  hint: string;
  to: string;
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
    to: "/admin/loads",
    icon: IconPackage,
  },
  {
    key: "loadsToShip",
    label: "Loads to ship",
    hint: "Ready or handed over",
    to: "/admin/loads?status=Ready+To+Dispatch",
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
    key: "salesReturnsToMove",
    label: "Sales returns to move",
    hint: "Not yet account approved",
    to: "/admin/sales-returns",
    icon: IconReceiptRefund,
  },
  {
    key: "waybillRequests",
    label: "Waybill requests",
    hint: "Open WH requests",
    to: "/admin/waybills",
    icon: IconFileDescription,
  },
];

/** What waits for staff, each count a link to its queue. */
export function DashboardPage() {
  usePageTitle("Admin Console");
  const dashboard = useDashboard();
  if (dashboard.isError)
    return <ErrorState description={errorMessage(dashboard.error)} onRetry={() => dashboard.refetch()} />;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" data-testid="admin-dashboard">
      {TILES.map(({ key, label, hint, to, icon: Icon }) => (
        <Card
          key={key}
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
          {dashboard.data ? (
            <Text fz={34} fw={700} mt="sm" lh={1} data-testid={`count-${key}`}>
              {dashboard.data[key]}
            </Text>
          ) : (
            <Skeleton h={34} w={60} mt="sm" />
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}
