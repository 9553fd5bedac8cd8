import { type LoginBody, Me, TokenResponse } from "@portal/contracts";
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import { request } from "./api";
import { tokenStore } from "./token";

export const meKeys = {
  me: () => ["me"] as const,
};

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meKeys.me(),
    queryFn: ({ signal }) => request("/api/users/me", { schema: Me, signal }),
    staleTime: 5 * 60_000,
  });

/** The current token; re-renders on sign-in and sign-out (in this tab or another). */
export function useToken(): string | null {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.get, () => null);
}

/** The signed-in user as the API describes it, once a token is present. */
export function useMe() {
  const token = useToken();
  return useQuery({ ...meQueryOptions(), enabled: token !== null });
}

/** Ends the session in this browser: no token, no cached data of that user. */
export function endSession(queryClient: QueryClient, reason: "signOut" | "ended" = "ended") {
  tokenStore.clear(reason);
  queryClient.clear();
}

/** Starts a session with a fresh token and loads the user before anything else renders. */
export async function startSession(queryClient: QueryClient, token: string): Promise<Me> {
  queryClient.clear();
  tokenStore.set(token);
  return queryClient.fetchQuery(meQueryOptions());
}

export const SIGN_IN_KEY = ["signIn"] as const;

/** Sign-in; a failed attempt signs out whoever was signed in. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: SIGN_IN_KEY,
    mutationFn: async (body: LoginBody) => {
      endSession(queryClient);
      const { token } = await request("/api/auth/local", {
        method: "POST",
        body,
        auth: false,
        schema: TokenResponse,
      });
      return startSession(queryClient, token);
    },
    onError: () => endSession(queryClient),
  });
}

/** Signs out (ending the session on the server too) and goes to the sign-in screen. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    const token = tokenStore.get();
    if (token) {
      // best effort: the browser forgets the token whatever the server answers
      request("/api/auth/logout", { method: "POST", auth: false, bearer: token }).catch(() => {});
    }
    endSession(queryClient, "signOut");
    navigate("/login", { replace: true });
  }, [queryClient, navigate]);
}

const CurrentUserContext = createContext<Me | null>(null);

export function CurrentUserProvider({ user, children }: { user: Me; children: ReactNode }) {
  return <CurrentUserContext.Provider value={user}>{children}</CurrentUserContext.Provider>;
}

/** The signed-in user inside protected routes (RequireAuth guarantees one). */
export function useCurrentUser(): Me {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error("useCurrentUser is only available inside protected routes");
  return user;
}

export const displayName = (user: Pick<Me, "firstname" | "lastname">) =>
  `${user.firstname} ${user.lastname}`.trim();

export const initials = (user: Pick<Me, "firstname" | "lastname">) =>
  `${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase() || "?";
