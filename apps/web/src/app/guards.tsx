import { Alert, Anchor, Button, Center, Group, Paper, Text } from "@mantine/core";
import type { Me } from "@portal/contracts";
import { flagDeniedMessages } from "@portal/domain";
import { useIsMutating } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, Navigate, Outlet, useLocation, useSearchParams } from "react-router";
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

/** What RequireFlag leaves in the history entry of /login: who was refused which address. */
interface FlagDenied {
  deniedUserId: number;
  path: string;
}

const deniedOf = (state: unknown): FlagDenied | null => {
  const s = state as Partial<FlagDenied> | null;
  return s && typeof s.deniedUserId === "number" && typeof s.path === "string" ? (s as FlagDenied) : null;
};

function deniedMessage(path: string): string {
  if (path.startsWith("/account/ledger")) return flagDeniedMessages.ledger;
  if (path.startsWith("/storeperformance")) return flagDeniedMessages.storePerformance;
  return flagDeniedMessages.other;
}

/** Above the sign-in form: why a signed-in partner is there, and the way back home. */
function FlagDeniedNotice({ path, email }: { path: string; email: string }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      role="status"
      data-testid="flag-denied"
      style={{
        position: "fixed",
        insetInline: 12,
        bottom: 12,
        zIndex: 300,
        maxWidth: 560,
        marginInline: "auto",
        boxShadow: "var(--mantine-shadow-md)",
      }}
    >
      <Text size="sm" fw={600}>
        {deniedMessage(path)}
      </Text>
      <Text size="sm">{flagDeniedMessages.signInOther(email)}</Text>
      <Anchor component={Link} to="/home" size="sm" fw={600}>
        Back to Home
      </Anchor>
    </Alert>
  );
}

/**
 * Session screens (login, sign-up): a signed-in user goes on to the ref, else home; except a partner
 * a flag guard sent here (spec: ledger and store performance redirect to login), who stays on the
 * sign-in screen told why, until they sign in with another account.
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const token = useToken();
  const me = useMe();
  const [params] = useSearchParams();
  const location = useLocation();
  const signingIn = useIsMutating({ mutationKey: SIGN_IN_KEY }) > 0;
  const denied = deniedOf(location.state);

  if (token !== null && me.isSuccess && denied?.deniedUserId === me.data.id && !signingIn)
    return (
      <>
        {children}
        <FlagDeniedNotice path={denied.path} email={me.data.email} />
      </>
    );
  if (token !== null && me.isSuccess) return <Navigate to={safeRef(params.get("ref"))} replace />;
  if (token !== null && me.isPending && !signingIn) return <PageLoader />;
  return children;
}

/**
 * A screen open only to users the rule allows; others go to `otherwise`: /login for ledger and store
 * performance, as the spec says (the sign-in screen, with the address as ref and a word on why; they
 * stay signed in), home for the rest.
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
  const location = useLocation();
  if (!allow(user)) {
    if (otherwise === "/home") return <Navigate to="/home" replace />;
    const path = `${location.pathname}${location.search}`;
    const state: FlagDenied = { deniedUserId: user.id, path };
    return <Navigate to={loginPathFor(path)} state={state} replace />;
  }
  return children ?? <Outlet />;
}
