import { Button, Center, Group, Paper } from "@mantine/core";
import type { Me } from "@portal/contracts";
import { useIsMutating } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Navigate, Outlet, useLocation, useSearchParams } from "react-router";
import { ErrorState, PageLoader } from "../components/states";
import { errorMessage } from "../lib/api";
import { CurrentUserProvider, SIGN_IN_KEY, useCurrentUser, useMe, useSignOut, useToken } from "../lib/auth";
import { loginPathFor, safeRef } from "../lib/navigation";
import { tokenStore } from "../lib/token";

function AccountLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const signOut = useSignOut();
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" maw={460}>
        <ErrorState title="We couldn't load your account" description={errorMessage(error)} />
        <Group justify="center">
          <Button onClick={onRetry}>Try again</Button>
          <Button variant="default" onClick={signOut}>
            Sign out
          </Button>
        </Group>
      </Paper>
    </Center>
  );
}

/** Protected routes: a signed-out user goes to /login with the requested address kept as ref. */
export function RequireAuth() {
  const token = useToken();
  const location = useLocation();
  const me = useMe();

  if (token === null) {
    // after Logout: plain /login; otherwise keep the requested address as ref
    const to = tokenStore.wasSignedOut() ? "/login" : loginPathFor(`${location.pathname}${location.search}`);
    return <Navigate to={to} replace />;
  }
  if (me.isPending) return <PageLoader label="Loading your store" />;
  if (me.isError) return <AccountLoadError error={me.error} onRetry={() => me.refetch()} />;
  return (
    <CurrentUserProvider user={me.data}>
      <Outlet />
    </CurrentUserProvider>
  );
}

/** Session screens (login, sign-up): a signed-in user goes on to the ref, else home. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const token = useToken();
  const me = useMe();
  const [params] = useSearchParams();
  const signingIn = useIsMutating({ mutationKey: SIGN_IN_KEY }) > 0;

  if (token !== null && me.isSuccess) return <Navigate to={safeRef(params.get("ref"))} replace />;
  if (token !== null && me.isPending && !signingIn) return <PageLoader />;
  return children;
}

/**
 * A screen open only to users the rule allows; others go to `otherwise`
 * (/login for ledger and store performance, as the spec says; home for the rest).
 */
export function RequireFlag({
  allow,
  otherwise,
  children,
}: {
  allow: (user: Me) => boolean;
  otherwise: "/login" | "/home";
  children?: ReactNode;
}) {
  const user = useCurrentUser();
  if (!allow(user)) return <Navigate to={otherwise} replace />;
  return children ?? <Outlet />;
}
