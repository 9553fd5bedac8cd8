// first: zod parses without `new Function` before any schema is built (see jitless.ts)
import "./app/jitless";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { createQueryClient, Providers } from "./app/providers";
import { AppRouter, preloadFirstScreen, replaceAddress } from "./app/router";
import { setUnauthorizedHandler } from "./lib/api";
import { meQueryOptions } from "./lib/auth";
import { isSessionPath, loginPathFor } from "./lib/navigation";
import { tokenStore } from "./lib/token";

const queryClient = createQueryClient();
// the account and this address's page code, fetched together before the first render
const signedIn = tokenStore.get() !== null;
const account = signedIn ? queryClient.prefetchQuery(meQueryOptions()) : undefined;
const firstScreenCode = preloadFirstScreen(new URL(window.location.href), signedIn, queryClient);

// A 401 from any authenticated call: the token is gone; go to login keeping the address.
setUnauthorizedHandler(() => {
  const { pathname, search } = window.location;
  if (isSessionPath(pathname) || pathname.startsWith("/resetPassword/")) return;
  replaceAddress(loginPathFor(`${pathname}${search}`));
});

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");

// The first render waits for the shell's code (a few scripts, fetched beside the entry) and the
// account, so that it draws the shell, not a loading screen React would then hold for 300 ms and
// replace in one long task; at most a second. A screen whose page code is still coming draws its
// heading and a placeholder, replaced in a transition when the code is in (`lazyElement`).
const render = () => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <AppRouter />
        </Providers>
      </StrictMode>,
    ),
  );
};
void Promise.race([
  Promise.all([firstScreenCode, account]),
  new Promise((resolve) => setTimeout(resolve, 1000)),
]).then(render);
