import { Group, Loader, Stack, Text, ThemeIcon, UnstyledButton } from "@mantine/core";
import type { Notification } from "@portal/contracts";
import { formatDateTime } from "@portal/domain";
import { IconBell } from "@tabler/icons-react";
import classes from "./notifications.module.css";

export function NotificationItem({
  notification,
  pending,
  onOpen,
}: {
  notification: Notification;
  pending: boolean;
  onOpen: (n: Notification) => void;
}) {
  return (
    <UnstyledButton
      className={classes.item}
      onClick={() => onOpen(notification)}
      disabled={pending}
      data-testid="notification-item"
    >
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <ThemeIcon variant="light" color="brand" radius="xl" size={34} aria-hidden>
          {pending ? <Loader size={14} color="brand" /> : <IconBell size={18} />}
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} size="sm" lineClamp={1}>
            {notification.title}
          </Text>
          <Text size="sm" c="dimmed" lineClamp={2}>
            {notification.message}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(notification.createdAt)}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
