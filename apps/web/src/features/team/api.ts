import {
  ApproveRequestResponse,
  DeclineRequestResponse,
  InviteInfoResponse,
  type InviteMemberRequest,
  OrderRequestsResponse,
  TeamUsersResponse,
  TokenResponse,
  type UpdateMemberBody,
} from "@portal/contracts";
import { type OrderRequestStatus, teamScreenMessages } from "@portal/domain";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorMessage, request } from "../../lib/api";
import { SIGN_IN_KEY, startSession } from "../../lib/auth";
import { notify } from "../../lib/notify";
import { REQUESTS_KEY } from "../../lib/team-requests";

export const teamKeys = {
  users: () => ["team", "users"] as const,
  requests: (status: OrderRequestStatus | "all", page: number) => [...REQUESTS_KEY, status, page] as const,
  invite: (token: string) => ["team", "invite", token] as const,
};

/** GET /api/team/users: the owner, the members and the roles this store may give. */
export const teamUsersQueryOptions = () =>
  queryOptions({
    queryKey: teamKeys.users(),
    queryFn: ({ signal }) => request("/api/team/users", { schema: TeamUsersResponse, signal }),
    staleTime: 15_000,
  });

export const useTeamUsers = () => useQuery(teamUsersQueryOptions());

/** POST /api/team/users: invites a person (the set-password link goes by mail). */
export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteMemberRequest) => request("/api/team/users", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.users() }),
  });
}

/** PUT /api/team/users/{id}: role, limit, active, or a new invitation link. */
export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateMemberBody }) =>
      request(`/api/team/users/${id}`, { method: "PUT", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.users() }),
  });
}

/** GET /api/team/requests: the owner sees the store's, a buyer their own. */
export const requestsQueryOptions = (status: OrderRequestStatus | "all", page: number) =>
  queryOptions({
    queryKey: teamKeys.requests(status, page),
    queryFn: ({ signal }) =>
      request("/api/team/requests", {
        query: { status: status === "all" ? undefined : status, page },
        schema: OrderRequestsResponse,
        signal,
      }),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });

export const useOrderRequests = (status: OrderRequestStatus | "all", page: number) =>
  useQuery(requestsQueryOptions(status, page));

/** After a decision: the requests (and the menus' count), the notifications and order history change. */
function useDecided() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: REQUESTS_KEY }),
      queryClient.invalidateQueries({ queryKey: ["notifications"] }),
    ]);
}

/** POST /api/team/requests/{id}/approve: the orders are placed now, with the stock of this moment. */
export function useApproveRequest() {
  const decided = useDecided();
  return useMutation({
    mutationFn: (id: number) =>
      request(`/api/team/requests/${id}/approve`, {
        method: "POST",
        body: {},
        schema: ApproveRequestResponse,
      }),
    // told here, not by the card: an approved request leaves the waiting list (and its card goes)
    onSuccess: (answer) => {
      const message = answer.message || teamScreenMessages.requestApproved(answer.request.id);
      if (answer.request.status === "approved") notify.success(message);
      else notify.warning(message);
    },
    onError: (error) => notify.error(errorMessage(error)),
    onSettled: decided,
  });
}

/** POST /api/team/requests/{id}/decline {reason}: the buyer is told why. */
export function useDeclineRequest() {
  const decided = useDecided();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      request(`/api/team/requests/${id}/decline`, {
        method: "POST",
        body: { reason },
        schema: DeclineRequestResponse,
      }),
    onSettled: decided,
  });
}

/** GET /api/team/invite/{token} (public): whose invitation, to which store, as what. */
export const inviteQueryOptions = (token: string) =>
  queryOptions({
    queryKey: teamKeys.invite(token),
    queryFn: ({ signal }) =>
      request(`/api/team/invite/${encodeURIComponent(token)}`, {
        auth: false,
        schema: InviteInfoResponse,
        signal,
      }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const useInvite = (token: string) => useQuery(inviteQueryOptions(token));

/** POST /api/team/invite/accept (public): sets the password and signs the member in. */
export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: SIGN_IN_KEY,
    mutationFn: async (body: { token: string; password: string }) => {
      const { token } = await request("/api/team/invite/accept", {
        method: "POST",
        body,
        auth: false,
        schema: TokenResponse,
      });
      return startSession(queryClient, token);
    },
  });
}
