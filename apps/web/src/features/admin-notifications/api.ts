import {
  BroadcastAudience,
  type BroadcastBody,
  BroadcastConcepts,
  BroadcastResponse,
  type SentNotificationsQuery,
  SentNotificationsResponse,
} from "@portal/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import {
  adminKeys,
  adminList,
  cleanQuery,
  type ListQuery,
  post,
  useAdminAction,
} from "../../admin-kit/query";
import { request } from "../../lib/api";

const broadcastKey = [...adminKeys.all, "broadcast"] as const;
export const adminBroadcastKeys = {
  all: broadcastKey,
  concepts: () => [...broadcastKey, "concepts"] as const,
  recipients: (concept: string | null) => [...broadcastKey, "recipients", concept] as const,
  sent: (q: SentFilter) => [...broadcastKey, "sent", cleanQuery(q)] as const,
};

export type SentFilter = ListQuery<typeof SentNotificationsQuery>;
const sentList = adminList(adminBroadcastKeys.sent, "/api/admin/notifications", SentNotificationsResponse);
export const exportSentNotifications = sentList.exportRows;
export const useSentNotifications = (q: SentFilter) => useQuery(sentList.query(q));

export const adminBroadcastQueries = {
  /** The concepts partners belong to (from the database), with how many each. */
  concepts: () =>
    queryOptions({
      queryKey: adminBroadcastKeys.concepts(),
      queryFn: ({ signal }) =>
        request("/api/admin/notifications/concepts", { schema: BroadcastConcepts, signal }),
    }),
  /** How many partners a broadcast reaches: every active partner (null), or one concept's. */
  recipients: (concept: string | null) =>
    queryOptions({
      queryKey: adminBroadcastKeys.recipients(concept),
      queryFn: ({ signal }) =>
        request("/api/admin/notifications/recipients", {
          schema: BroadcastAudience,
          query: concept ? { concept } : {},
          signal,
        }),
    }),
};

export const useBroadcastConcepts = () => useQuery(adminBroadcastQueries.concepts());
export const useRecipients = (concept: string | null, enabled: boolean) =>
  useQuery({ ...adminBroadcastQueries.recipients(concept), enabled });

export const useBroadcast = () =>
  useAdminAction((body: z.input<typeof BroadcastBody>) =>
    post("/api/admin/notifications/broadcast", BroadcastResponse, body),
  );
