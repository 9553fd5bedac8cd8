import { Button, Group, Menu, Stack, Text, Title } from "@mantine/core";
import { IconChevronDown } from "@tabler/icons-react";
import { Suspense } from "react";
import { Link, NavLink, Outlet, useLocation } from "react-router";
import { PageLoader } from "../components/states";
import classes from "./adminKit.module.css";
import { usePhone } from "./phone-columns";

export const ADMIN_SECTIONS = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/orders", label: "Orders" },
  { to: "/admin/loads", label: "Loads" },
  { to: "/admin/payments", label: "Payments" },
  { to: "/admin/sales-returns", label: "Sales returns" },
  { to: "/admin/invoices", label: "Invoices" },
  { to: "/admin/waybills", label: "Waybills" },
  { to: "/admin/partners", label: "Partners" },
  { to: "/admin/ledger", label: "Partner ledger" },
  { to: "/admin/feedback", label: "Feedback" },
  { to: "/admin/artworks", label: "Artworks" },
  { to: "/admin/content", label: "Content" },
  { to: "/admin/notifications", label: "Notifications" },
  { to: "/admin/audit", label: "Audit log" },
  { to: "/admin/reconciliation", label: "Reconciliation" },
  { to: "/admin/gstr1", label: "GSTR-1" },
  { to: "/admin/einvoices", label: "E-invoices" },
  { to: "/admin/auto-confirm", label: "Auto-confirm" },
  { to: "/admin/settings", label: "Settings" },
] as const;

type Section = (typeof ADMIN_SECTIONS)[number];

const isCurrent = (section: Section, pathname: string) =>
  "end" in section
    ? pathname === section.to || pathname === `${section.to}/`
    : pathname === section.to || pathname.startsWith(`${section.to}/`);

/** Moves the keyboard to the page's list: its current row, else its search, else the page. */
export function skipToList() {
  const target =
    document.querySelector<HTMLElement>('[data-admin-table] tr[tabindex="0"]') ??
    document.querySelector<HTMLElement>("[data-admin-search]") ??
    document.getElementById("admin-page");
  target?.focus();
}

/** A phone: the sections in a menu named after the current one. */
function SectionMenu() {
  const { pathname } = useLocation();
  const current = ADMIN_SECTIONS.find((s) => isCurrent(s, pathname)) ?? ADMIN_SECTIONS[0];
  return (
    <nav aria-label="Admin Console">
      <Menu position="bottom-start" withinPortal zIndex={300} shadow="md">
        <Menu.Target>
          <Button size="xs" radius="xl" variant="light" rightSection={<IconChevronDown size={14} />}>
            {current.label}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {ADMIN_SECTIONS.map((s) => (
            <Menu.Item
              key={s.to}
              component={Link}
              to={s.to}
              aria-current={isCurrent(s, pathname) ? "page" : undefined}
              fw={isCurrent(s, pathname) ? 700 : undefined}
            >
              {s.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </nav>
  );
}

/** From a tablet up: every section as a button, wrapping onto a second line rather than off screen. */
function SectionBar() {
  return (
    <Group component="nav" aria-label="Admin Console" gap={4} wrap="wrap">
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
  );
}

/**
 * The console's frame inside the shell: a skip link to the page's list (the first stop after the
 * shell's own), its name, and the sections (a menu on a phone).
 */
export function AdminLayout() {
  const phone = usePhone();
  return (
    <Stack gap="md">
      <button type="button" className={classes.skipLink} onClick={skipToList} data-testid="skip-to-list">
        Skip to the list
      </button>
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={1} fz={24}>
          Admin Console
        </Title>
        <Text size="sm" c="dimmed">
          Order desk, warehouse and accounts
        </Text>
      </Group>
      {phone ? <SectionMenu /> : <SectionBar />}
      <Stack gap="md" id="admin-page" tabIndex={-1} style={{ outline: "none" }}>
        {/* a desk screen's code loads on first visit: the console's header and menu stay meanwhile */}
        <Suspense fallback={<PageLoader inline label="Opening" />}>
          <Outlet />
        </Suspense>
      </Stack>
    </Stack>
  );
}
