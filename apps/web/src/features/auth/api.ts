import {
  CheckTokenResponse,
  MessageResponse,
  type ResetPasswordBody,
  type SignupBody,
  TokenResponse,
} from "@portal/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { request } from "../../lib/api";
import { SIGN_IN_KEY, startSession } from "../../lib/auth";

/** Sign-up creates the store account and signs it in. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: SIGN_IN_KEY,
    mutationFn: async (body: SignupBody) => {
      const { token } = await request("/api/users", {
        method: "POST",
        body,
        auth: false,
        schema: TokenResponse,
      });
      return startSession(queryClient, token);
    },
  });
}

/** Sends the reset-password mail. */
export const useForgotPassword = () =>
  useMutation({
    mutationFn: (userEmail: string) =>
      request("/api/forgotpassword", { query: { userEmail }, auth: false, schema: MessageResponse }),
  });

export const authKeys = {
  resetToken: (token: string) => ["forgotpassword", "checkToken", token] as const,
};

export const resetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: authKeys.resetToken(token),
    queryFn: ({ signal }) =>
      request(`/api/forgotpassword/checkToken/${encodeURIComponent(token)}`, {
        auth: false,
        schema: CheckTokenResponse,
        signal,
      }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** Checks a reset link before showing its form; answers the email it belongs to. */
export const useResetToken = (token: string) => useQuery(resetTokenQueryOptions(token));

export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: ResetPasswordBody) =>
      request("/api/forgotpassword/reset", { method: "POST", body, auth: false, schema: MessageResponse }),
  });
