import { notifications as toast } from "@mantine/notifications";
import type { Notification } from "@portal/contracts";
import { useNavigate } from "react-router";
import { errorMessage } from "../../lib/api";
import { internalPath } from "../../lib/navigation";
import { useMarkNotificationRead } from "./api";

/** Opening a notification: mark it read on the server, drop it from the list, then go to its target. */
export function useOpenNotification() {
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  const open = async (notification: Notification) => {
    try {
      await markRead.mutateAsync(notification.id);
    } catch (error) {
      toast.show({ color: "red", title: "Could not open the notification", message: errorMessage(error) });
      return;
    }
    const target = internalPath(notification.target);
    if (target) navigate(target);
  };
  return { open, pendingId: markRead.isPending ? markRead.variables : undefined };
}
