import { ActionIcon, Indicator } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import type { ComponentPropsWithRef, ReactNode } from "react";
import { useNotifications } from "./api";

/** The unread count on the bell. */
export function useUnreadCount(): number {
  return useNotifications().data?.length ?? 0;
}

/** The bell's unread badge around its button. */
export function BellIndicator({ count, children }: { count: number; children: ReactNode }) {
  return (
    <Indicator
      label={count > 99 ? "99+" : count}
      size={18}
      color="coral.6"
      offset={6}
      disabled={count === 0}
      withBorder
      zIndex={2}
    >
      {children}
    </Indicator>
  );
}

/** The navbar's bell button. */
export function BellButton({ count, ...button }: { count: number } & ComponentPropsWithRef<"button">) {
  return (
    <ActionIcon
      {...button}
      variant="subtle"
      color="gray.7"
      size={42}
      radius="md"
      aria-label={count > 0 ? `Notifications, ${count} unread` : "Notifications"}
      data-testid="notifications-button"
    >
      <IconBell size={22} stroke={1.7} />
    </ActionIcon>
  );
}

/** The bell before its dropdown's code has loaded (NotificationsMenu loads when first opened). */
export function NotificationsBell(props: ComponentPropsWithRef<"button">) {
  const count = useUnreadCount();
  return (
    <BellIndicator count={count}>
      <BellButton count={count} {...props} />
    </BellIndicator>
  );
}
