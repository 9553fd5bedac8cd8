import { Paper, Skeleton, Stack } from "@mantine/core";
import { IconChecks } from "@tabler/icons-react";
import { PageHeader } from "../../components/PageHeader";
import { EmptyState, ErrorState } from "../../components/states";
import { errorMessage } from "../../lib/api";
import { usePageTitle } from "../../lib/usePageTitle";
import { useNotifications } from "./api";
import { NotificationList } from "./NotificationList";
import { useOpenNotification } from "./useOpenNotification";

export function NotificationsPage() {
  usePageTitle("Notifications");
  const query = useNotifications();
  const { open, pendingId } = useOpenNotification();

  return (
    <Stack maw={760} mx="auto" gap={0}>
      <PageHeader title="Notifications" description="Unread updates about your orders, loads and account." />
      <Paper withBorder p="xs" shadow="xs">
        {query.isPending ? (
          <Stack p="md" gap="lg">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={48} />
            ))}
          </Stack>
        ) : query.isError ? (
          <ErrorState
            title="Notifications are unavailable"
            description={errorMessage(query.error)}
            onRetry={() => query.refetch()}
          />
        ) : query.data.length === 0 ? (
          <EmptyState
            icon={<IconChecks size={28} />}
            title="You're all caught up"
            description="New notifications about your orders and account will appear here."
          />
        ) : (
          <NotificationList
            notifications={query.data}
            pendingId={pendingId}
            onOpen={(item) => void open(item)}
          />
        )}
      </Paper>
    </Stack>
  );
}
