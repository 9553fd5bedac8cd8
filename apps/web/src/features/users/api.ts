import { type ChangePasswordBody, MessageResponse, PartnerPreferences } from "@portal/contracts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { request } from "../../lib/api";

/** PUT /api/users/{id}/password */
export const useChangePassword = (userId: number) =>
  useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      request(`/api/users/${userId}/password`, { method: "PUT", body, schema: MessageResponse }),
  });

export const preferencesKey = ["users", "me", "preferences"] as const;

/** GET /api/users/me/preferences: the partner's own settings. */
export const preferencesQuery = () =>
  queryOptions({
    queryKey: preferencesKey,
    queryFn: () => request("/api/users/me/preferences", { schema: PartnerPreferences }),
  });

/** PUT /api/users/me/preferences */
export function useSetPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PartnerPreferences) =>
      request("/api/users/me/preferences", { method: "PUT", body, schema: PartnerPreferences }),
    onSuccess: (saved) => client.setQueryData(preferencesKey, saved),
  });
}
