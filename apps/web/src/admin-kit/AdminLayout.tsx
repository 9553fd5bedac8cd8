import { Button, Group, ScrollArea, Stack, Text, Title } from "@mantine/core";
import { NavLink, Outlet } from "react-router";

export const ADMIN_SECTIONS = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/orders", label: "Orders" },
  { to: "/admin/loads", label: "Loads" },
  { to: "/admin/payments", label: "Payments" },
  { to: "/admin/sales-returns", label: "Sales returns" },
  { to: "/admin/waybills", label: "Waybills" },
  { to: "/admin/partners", label: "Partners" },
  { to: "/admin/artworks", label: "Artworks" },
  { to: "/admin/content", label: "Content" },
  { to: "/admin/notifications", label: "Notifications" },
  { to: "/admin/audit", label: "Audit log" },
  { to: "/admin/reconciliation", label: "Reconciliation" },
  { to: "/admin/settings", label: "Settings" },
] as const;

/** The console's frame inside the shell: its name and a row of sections (scrolls sideways on a phone). */
export function AdminLayout() {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={1} fz={24}>
          Admin Console
        </Title>
        <Text size="sm" c="dimmed">
          Order desk, warehouse and accounts
        </Text>
      </Group>
      <ScrollArea type="auto" offsetScrollbars="x" scrollbarSize={6}>
        <Group component="nav" aria-label="Admin Console" gap={4} wrap="nowrap" pb={4}>
          {ADMIN_SECTIONS.map((s) => (
            <NavLink key={s.to} to={s.to} end={"end" in s} style={{ textDecoration: "none" }}>
              {({ isActive }) => (
                <Button
                  component="span"
                  size="xs"
                  radius="xl"
                  variant={isActive ? "filled" : "light"}
                  color="brand"
                  aria-current={isActive ? "page" : undefined}
                >
                  {s.label}
                </Button>
              )}
            </NavLink>
          ))}
        </Group>
      </ScrollArea>
      <Outlet />
    </Stack>
  );
}
