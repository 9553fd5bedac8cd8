import { Avatar, Group, Menu, Text, UnstyledButton } from "@mantine/core";
import type { Me } from "@portal/contracts";
import { accountMenuEntries } from "@portal/domain";
import { IconChevronDown, IconPoint } from "@tabler/icons-react";
import { Link } from "react-router";
import { displayName, initials, useSignOut } from "../../lib/auth";
import { ACCOUNT_ICONS } from "./accountIcons";
import classes from "./shell.module.css";
import { useMenuExtras } from "./useMenuExtras";

/** My Account: exactly the spec's entries, in the spec's order, for this user. */
export function AccountMenu({ user, compact = false }: { user: Me; compact?: boolean }) {
  const signOut = useSignOut();
  const menuExtras = useMenuExtras();
  const entries = accountMenuEntries(user, menuExtras);
  const name = displayName(user);

  return (
    <Menu position="bottom-end" width={270} offset={10} withinPortal>
      <Menu.Target>
        <UnstyledButton
          className={classes.accountButton}
          data-compact={compact || undefined}
          data-testid="account-menu"
          aria-label={`My Account, ${name}`}
        >
          <Group gap={10} wrap="nowrap">
            <Avatar color="brand" radius="xl" size={36} variant="filled">
              {initials(user)}
            </Avatar>
            {!compact && (
              <>
                <div className={classes.accountText}>
                  <Text size="sm" fw={600} lh={1.2} truncate>
                    {name}
                  </Text>
                  <Text size="xs" c="dimmed" lh={1.3} truncate>
                    {user.storeName ?? user.email}
                  </Text>
                </div>
                <IconChevronDown size={16} color="var(--mantine-color-gray-6)" />
              </>
            )}
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown data-testid="account-menu-dropdown">
        <Menu.Label>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            My Account
          </Text>
          <Text size="xs" c="dimmed" truncate mt={2} tt="none">
            {user.email}
          </Text>
        </Menu.Label>
        {entries.map((entry) => {
          const Icon = ACCOUNT_ICONS[entry.key] ?? IconPoint;
          const icon = <Icon size={17} stroke={1.7} />;
          if (entry.path === null) {
            return [
              <Menu.Divider key="logout-divider" />,
              <Menu.Item key={entry.key} leftSection={icon} color="red" onClick={signOut}>
                {entry.label}
              </Menu.Item>,
            ];
          }
          return (
            <Menu.Item key={entry.key} component={Link} to={entry.path} leftSection={icon}>
              {entry.label}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
