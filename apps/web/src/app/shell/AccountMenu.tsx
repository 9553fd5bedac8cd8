import { Badge, Menu, Text } from "@mantine/core";
import { accountMenuEntries } from "@portal/domain";
import { IconPoint } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { waybillQueries } from "../../features/waybill/api";
import { useSignOut } from "../../lib/auth";
import { AccountMenuButton, type AccountMenuProps } from "./AccountMenuButton";
import { ACCOUNT_ICONS } from "./accountIcons";
import { useMenuExtras } from "./useMenuExtras";

/** My Account: exactly the spec's entries, in the spec's order, for this user. */
export function AccountMenu({
  user,
  compact = false,
  defaultOpened = false,
}: AccountMenuProps & { defaultOpened?: boolean }) {
  const signOut = useSignOut();
  const menuExtras = useMenuExtras();
  const entries = accountMenuEntries(user, menuExtras);
  const whRequests = useWhRequestCount(user.role !== "admin");

  return (
    <Menu position="bottom-end" width={270} offset={10} withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <AccountMenuButton user={user} compact={compact} />
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
            <Menu.Item
              key={entry.key}
              component={Link}
              to={entry.path}
              leftSection={icon}
              rightSection={
                entry.key === "waybill" && whRequests > 0 ? (
                  <Badge
                    size="sm"
                    color="orange"
                    circle
                    aria-label={`${whRequests} WH requests`}
                    data-testid="waybill-badge"
                  >
                    {whRequests}
                  </Badge>
                ) : undefined
              }
            >
              {entry.label}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}

/** How many waybill requests wait in WH Request (the Waybill entry's badge). */
function useWhRequestCount(enabled: boolean): number {
  const count = useQuery({ ...waybillQueries.whRequestCount(), enabled });
  return count.data?.count ?? 0;
}
