import {
  Anchor,
  Badge,
  Box,
  Divider,
  Group,
  Popover,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from "@mantine/core";
import { IconChecks } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { EmptyState, ErrorState } from "../../components/states";
import { errorMessage } from "../../lib/api";
import { useNotifications } from "./api";
import { NotificationList } from "./NotificationList";
import { BellButton, BellIndicator } from "./NotificationsBell";
import { useOpenNotification } from "./useOpenNotification";

/** The navbar bell: unread count and a dropdown list; opening one marks it read and goes to its target. */
export function NotificationsMenu({ defaultOpened = false }: { defaultOpened?: boolean }) {
  const [opened, setOpened] = useState(defaultOpened);
  const query = useNotifications();
  const { open, pendingId } = useOpenNotification();
  const count = query.data?.length ?? 0;

  return (
    <BellIndicator count={count}>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={380}
        offset={10}
        trapFocus
        returnFocus
      >
        <Popover.Target>
          <Tooltip label="Notifications" disabled={opened}>
            <BellButton count={count} onClick={() => setOpened((o) => !o)} />
          </Tooltip>
        </Popover.Target>
        <Popover.Dropdown p={0} data-testid="notifications-dropdown" aria-label="Notifications">
          <Group justify="space-between" px="md" py="sm">
            <Text fw={700}>Notifications</Text>
            {count > 0 && (
              <Badge variant="light" color="coral" size="sm">
                {count} unread
              </Badge>
            )}
          </Group>
          <Divider />
          <Box p={6}>
            {query.isPending ? (
              <Stack gap="sm" p="sm">
                {[0, 1, 2].map((i) => (
                  <Group key={i} wrap="nowrap" align="flex-start">
                    <Skeleton circle height={34} />
                    <Stack gap={6} style={{ flex: 1 }}>
                      <Skeleton height={10} width="60%" />
                      <Skeleton height={8} />
                      <Skeleton height={8} width="80%" />
                    </Stack>
                  </Group>
                ))}
              </Stack>
            ) : query.isError ? (
              <ErrorState
                compact
                title="Notifications are unavailable"
                description={errorMessage(query.error)}
                onRetry={() => query.refetch()}
              />
            ) : count === 0 ? (
              <EmptyState
                compact
                icon={<IconChecks size={22} />}
                title="You're all caught up"
                description="New notifications about your orders and account will appear here."
              />
            ) : (
              <ScrollArea.Autosize mah={360} type="auto">
                <NotificationList
                  notifications={query.data}
                  pendingId={pendingId}
                  onOpen={(item) => {
                    setOpened(false);
                    void open(item);
                  }}
                />
              </ScrollArea.Autosize>
            )}
          </Box>
          <Divider />
          <Group justify="center" py={10}>
            <Anchor component={Link} to="/notifications" size="sm" fw={600} onClick={() => setOpened(false)}>
              View all notifications
            </Anchor>
          </Group>
        </Popover.Dropdown>
      </Popover>
    </BellIndicator>
  );
}
