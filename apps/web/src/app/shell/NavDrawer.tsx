import { Divider, Drawer, NavLink, ScrollArea, Text } from "@mantine/core";
import type { Me } from "@portal/contracts";
import { accountMenuEntries } from "@portal/domain";
import { IconBell, IconChartBar, IconHome, IconPoint, IconShoppingCart } from "@tabler/icons-react";
import { Link } from "react-router";
import { CategoryLinks } from "../../features/catalogue/CategoryLinks";
import { displayName, useSignOut } from "../../lib/auth";
import { ACCOUNT_ICONS } from "./accountIcons";
import { useMenuExtras } from "./useMenuExtras";

const PLACES = [
  { to: "/home", label: "Home", Icon: IconHome },
  { to: "/orderAssist/stats", label: "Order Assist", Icon: IconChartBar },
  { to: "/checkout", label: "Cart", Icon: IconShoppingCart },
  { to: "/notifications", label: "Notifications", Icon: IconBell },
] as const;

/** Phones and tablets: everything the wide navbar offers, in a drawer opened by the burger. */
export function NavDrawer({ user, opened, onClose }: { user: Me; opened: boolean; onClose: () => void }) {
  const menuExtras = useMenuExtras();
  const signOut = useSignOut();
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
        {PLACES.map(({ to, label, Icon }) => (
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
          {displayName(user)} · {user.email}
        </Text>
        {accountMenuEntries(user, menuExtras).map((entry) => {
          const Icon = ACCOUNT_ICONS[entry.key] ?? IconPoint;
          return entry.path === null ? (
            <NavLink
              key={entry.key}
              label={entry.label}
              leftSection={<Icon size={18} stroke={1.7} />}
              c="red.8"
              onClick={signOut}
            />
          ) : (
            <NavLink
              key={entry.key}
              component={Link}
              to={entry.path}
              label={entry.label}
              leftSection={<Icon size={18} stroke={1.7} />}
              onClick={onClose}
            />
          );
        })}
      </nav>
    </Drawer>
  );
}
