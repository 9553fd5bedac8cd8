import { MessageResponse, type Notification, NotificationsResponse } from "@portal/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { request } from "../../lib/api";

export const notificationsKeys = {
  all: ["notifications"] as const,
};

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationsKeys.all,
    queryFn: ({ signal }) => request("/api/notifications", { schema: NotificationsResponse, signal }),
    staleTime: 30_000,
    refetchInterval: 120_000,
  });

/** Unread notifications of the signed-in user. */
export const useNotifications = () => useQuery(notificationsQueryOptions());

/** Marks one notification read on the server and removes it from the list. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  const key = notificationsQueryOptions().queryKey;
  return useMutation({
    mutationFn: (id: number) =>
      request(`/api/notifications/${id}`, { method: "PUT", schema: MessageResponse }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      queryClient.setQueryData(key, (list: Notification[] | undefined) => list?.filter((n) => n.id !== id));
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
  });
}
