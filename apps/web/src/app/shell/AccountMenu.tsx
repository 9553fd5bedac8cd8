import { Badge, Menu, Text } from "@mantine/core";
import { accountMenuEntries, TEAM_ROLE_LABELS } from "@portal/domain";
import { IconLayoutDashboard, IconPlaylist, IconPoint } from "@tabler/icons-react";
import { Link } from "react-router";
import { displayName, useSignOut } from "../../lib/auth";
import { mayOpen, roleOf, teamOf } from "../../lib/team-access";
import { usePendingRequestCount } from "../../lib/team-requests";
import { AccountMenuButton, type AccountMenuProps } from "./AccountMenuButton";
import { ACCOUNT_ICONS, LEARN_ENTRIES, TEAM_ENTRIES } from "./accountIcons";
import { useMenuExtras } from "./useMenuExtras";
import { useOpenWaybills } from "./useOpenWaybills";

/** My Account: exactly the spec's entries, in the spec's order, for this user. */
export function AccountMenu({
  user,
  compact = false,
  defaultOpened = false,
}: AccountMenuProps & { defaultOpened?: boolean }) {
  const signOut = useSignOut();
  const menuExtras = useMenuExtras();
  // a store member sees only what their role may open (issue 30)
  const entries = accountMenuEntries(user, menuExtras).filter(
    (e) => e.path === null || mayOpen(user, e.path),
  );
  const pendingRequests = usePendingRequestCount(user);
  const openWaybills = useOpenWaybills(user);

  return (
    <Menu position="bottom-end" width={270} offset={10} withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <AccountMenuButton user={user} compact={compact} />
      </Menu.Target>
      {/* a long menu scrolls inside itself on a short screen, Logout included */}
      <Menu.Dropdown
        data-testid="account-menu-dropdown"
        mah="calc(100dvh - 80px)"
        style={{ overflowY: "auto" }}
      >
        <Menu.Label>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            My Account
          </Text>
          <Text size="xs" c="dimmed" truncate mt={2} tt="none">
            {teamOf(user)?.email ?? user.email}
          </Text>
          {teamOf(user)?.memberId != null && (
            <Text size="xs" c="dimmed" truncate tt="none" data-testid="menu-team-role">
              {teamOf(user)?.name} · {TEAM_ROLE_LABELS[roleOf(user)]} for{" "}
              {user.storeName ?? displayName(user)}
            </Text>
          )}
        </Menu.Label>
        {mayOpen(user, "/dashboard") && (
          <Menu.Item
            component={Link}
            to="/dashboard"
            leftSection={<IconLayoutDashboard size={17} stroke={1.7} />}
            data-testid="menu-dashboard"
          >
            Dashboard
          </Menu.Item>
        )}
        {entries.map((entry) => {
          const Icon = ACCOUNT_ICONS[entry.key] ?? IconPoint;
          const icon = <Icon size={17} stroke={1.7} />;
          if (entry.path === null) {
            return [
              // Training and Lookbooks: not in the spec's My Account list, reached from here and the drawer
              <Menu.Divider key="lists-divider" />,
              mayOpen(user, "/lists") && (
                <Menu.Item
                  key="saved-lists"
                  component={Link}
                  to="/lists"
                  leftSection={<IconPlaylist size={17} stroke={1.7} />}
                >
                  Saved lists
                </Menu.Item>
              ),
              ...TEAM_ENTRIES.filter((t) => mayOpen(user, t.path)).map(
                ({ key, label, path, Icon: TeamIcon }) => (
                  <Menu.Item
                    key={key}
                    component={Link}
                    to={path}
                    leftSection={<TeamIcon size={17} stroke={1.7} />}
                    aria-label={
                      key === "requests" && pendingRequests > 0
                        ? `${label}, ${pendingRequests} waiting`
                        : undefined
                    }
                    rightSection={
                      key === "requests" && pendingRequests > 0 ? (
                        <Badge
                          size="sm"
                          color="red.9"
                          variant="filled"
                          circle
                          aria-hidden
                          data-testid="requests-badge"
                        >
                          {pendingRequests}
                        </Badge>
                      ) : undefined
                    }
                  >
                    {label}
                  </Menu.Item>
                ),
              ),
              <Menu.Divider key="learn-divider" />,
              <Menu.Label key="learn-label">
                <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                  Learn
                </Text>
              </Menu.Label>,
              ...LEARN_ENTRIES.map(({ key, label, path, Icon: LearnIcon }) => (
                <Menu.Item
                  key={key}
                  component={Link}
                  to={path}
                  leftSection={<LearnIcon size={17} stroke={1.7} />}
                >
                  {label}
                </Menu.Item>
              )),
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
              aria-label={
                entry.key === "waybill" && openWaybills.label
                  ? `${entry.label}, ${openWaybills.label}`
                  : undefined
              }
              rightSection={
                entry.key === "waybill" && openWaybills.count > 0 ? (
                  <Badge
                    size="sm"
                    color="red.9"
                    variant="filled"
                    circle
                    aria-hidden
                    data-testid="waybill-badge"
                  >
                    {openWaybills.count}
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
