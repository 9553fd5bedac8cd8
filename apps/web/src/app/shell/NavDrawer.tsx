import { Badge, Divider, Drawer, NavLink, ScrollArea, Text } from "@mantine/core";
import type { Me } from "@portal/contracts";
import { accountMenuEntries } from "@portal/domain";
import {
  IconBell,
  IconChartBar,
  IconClipboardList,
  IconHome,
  IconLayoutDashboard,
  IconPlaylist,
  IconPoint,
  IconShoppingCart,
} from "@tabler/icons-react";
import { Link } from "react-router";
import { CategoryLinks } from "../../features/catalogue/CategoryLinks";
import { displayName, useSignOut } from "../../lib/auth";
import { mayOpen, teamOf } from "../../lib/team-access";
import { usePendingRequestCount } from "../../lib/team-requests";
import { ACCOUNT_ICONS, LEARN_ENTRIES, TEAM_ENTRIES } from "./accountIcons";
import { useMenuExtras } from "./useMenuExtras";
import { useOpenWaybills } from "./useOpenWaybills";

const PLACES = [
  { to: "/home", label: "Home", Icon: IconHome },
  { to: "/dashboard", label: "Dashboard", Icon: IconLayoutDashboard },
  { to: "/orderAssist/stats", label: "Order Assist", Icon: IconChartBar },
  { to: "/checkout", label: "Cart", Icon: IconShoppingCart },
  { to: "/quickOrder", label: "Quick order pad", Icon: IconClipboardList },
  { to: "/lists", label: "Saved lists", Icon: IconPlaylist },
  { to: "/notifications", label: "Notifications", Icon: IconBell },
] as const;

/** Phones and tablets: everything the wide navbar offers, in a drawer opened by the burger. */
export function NavDrawer({ user, opened, onClose }: { user: Me; opened: boolean; onClose: () => void }) {
  const menuExtras = useMenuExtras();
  const signOut = useSignOut();
  const openWaybills = useOpenWaybills(user);
  // a store member sees only what their role may open (issue 30)
  const entries = accountMenuEntries(user, menuExtras).filter(
    (e) => e.path === null || mayOpen(user, e.path),
  );
  const pendingRequests = usePendingRequestCount(user);
  const logout = entries.filter((e) => e.path === null);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Menu"
      size="min(320px, 88vw)"
      padding="xs"
      scrollAreaComponent={ScrollArea.Autosize}
      closeButtonProps={{ "aria-label": "Close the menu" }}
      data-testid="nav-drawer"
    >
      <nav aria-label="Main">
        {PLACES.filter(({ to }) => mayOpen(user, to)).map(({ to, label, Icon }) => (
          <NavLink
            key={to}
            component={Link}
            to={to}
            label={label}
            leftSection={<Icon size={18} />}
            onClick={onClose}
          />
        ))}
        <Divider my="xs" label="Shop by category" labelPosition="left" />
        <CategoryLinks hasFoodLicense={user.hasFoodLicense} onNavigate={onClose} />
        <Divider my="xs" label="My Account" labelPosition="left" />
        <Text size="xs" c="dimmed" px="sm" pb={4}>
          {teamOf(user)?.memberId != null ? teamOf(user)?.name : displayName(user)} ·{" "}
          {teamOf(user)?.email ?? user.email}
        </Text>
        {entries.flatMap((entry) => {
          const Icon = ACCOUNT_ICONS[entry.key] ?? IconPoint;
          if (entry.path === null) return [];
          const waybill = entry.key === "waybill" && openWaybills.count > 0;
          return (
            <NavLink
              key={entry.key}
              component={Link}
              to={entry.path}
              label={entry.label}
              aria-label={waybill ? `${entry.label}, ${openWaybills.label}` : undefined}
              leftSection={<Icon size={18} stroke={1.7} />}
              rightSection={
                waybill ? (
                  <Badge
                    size="sm"
                    color="red.9"
                    variant="filled"
                    circle
                    aria-hidden
                    data-testid="drawer-waybill-badge"
                  >
                    {openWaybills.count}
                  </Badge>
                ) : undefined
              }
              onClick={onClose}
            />
          );
        })}
        {TEAM_ENTRIES.filter((t) => mayOpen(user, t.path)).map(({ key, label, path, Icon }) => (
          <NavLink
            key={key}
            component={Link}
            to={path}
            label={label}
            aria-label={
              key === "requests" && pendingRequests > 0 ? `${label}, ${pendingRequests} waiting` : undefined
            }
            leftSection={<Icon size={18} stroke={1.7} />}
            rightSection={
              key === "requests" && pendingRequests > 0 ? (
                <Badge
                  size="sm"
                  color="red.9"
                  variant="filled"
                  circle
                  aria-hidden
                  data-testid="drawer-requests-badge"
                >
                  {pendingRequests}
                </Badge>
              ) : undefined
            }
            onClick={onClose}
          />
        ))}
        <Divider my="xs" label="Learn" labelPosition="left" />
        {LEARN_ENTRIES.map(({ key, label, path, Icon }) => (
          <NavLink
            key={key}
            component={Link}
            to={path}
            label={label}
            leftSection={<Icon size={18} stroke={1.7} />}
            onClick={onClose}
          />
        ))}
        <Divider my="xs" />
        {logout.map((entry) => {
          const Icon = ACCOUNT_ICONS[entry.key] ?? IconPoint;
          return (
            <NavLink
              key={entry.key}
              label={entry.label}
              leftSection={<Icon size={18} stroke={1.7} />}
              c="red.8"
              onClick={signOut}
            />
          );
        })}
      </nav>
    </Drawer>
  );
}
