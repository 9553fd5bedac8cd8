import { Stack } from "@mantine/core";
import type { Notification } from "@portal/contracts";
import { NotificationItem } from "./NotificationItem";

/** The unread notifications, one button each; the one being opened shows a spinner. */
export function NotificationList({
  notifications,
  pendingId,
  onOpen,
}: {
  notifications: Notification[];
  pendingId?: Notification["id"];
  onOpen: (n: Notification) => void;
}) {
  return (
    <Stack gap={2} data-testid="notifications-list">
      {notifications.map((n) => (
        <NotificationItem key={n.id} notification={n} pending={pendingId === n.id} onOpen={onOpen} />
      ))}
    </Stack>
  );
}
