import { Skeleton, Stack } from "@mantine/core";
import type { Me } from "@portal/contracts";
import { isAdmin } from "@portal/domain";
import type { QueryClient } from "@tanstack/react-query";
import { type ReactNode, Suspense, useEffect } from "react";
import {
  BrowserRouter,
  matchPath,
  Navigate,
  type NavigateFunction,
  Outlet,
  type RouteObject,
  useLocation,
  useNavigate,
  useRoutes,
} from "react-router";
import { PageHeader } from "../components/PageHeader";
import { RoleGate } from "../components/RoleGate";
import { PageLoader } from "../components/states";
import { accountPages } from "../features/account/routes";
import { artworkPages } from "../features/artworks/routes";
import { contentPages } from "../features/content/routes";
import { financePages } from "../features/finance/routes";
import { kioskPages } from "../features/kiosk-orders/routes";
import { ledgerPages } from "../features/ledger/routes";
import { orderAssistPages } from "../features/order-assist/routes";
import { storeReportPages } from "../features/store-reports/routes";
import { teamPages } from "../features/team/routes";
import { waybillPages } from "../features/waybill/routes";
import { GUEST_BROWSE_PATH, guestSession, useGuestSession } from "../lib/guest-session";
import { usePageTitle } from "../lib/usePageTitle";
import { PublicOnly, RequireAuth, RequireFlag } from "./guards";
import { CodeFallbackContext, lazyPage, preloadElement } from "./lazyPage";
import { RouteErrorBoundary } from "./RouteError";
import { ScrollRestorer } from "./scroll";

// Each page is its own chunk, loaded when first visited (sign-in and home stay small).
// the signed-in shell (navbar, menus, search) is not needed to sign in
const AppLayout = lazyPage(() => import("./shell/AppLayout"), "AppLayout");
const LoginPage = lazyPage(() => import("../features/auth/LoginPage"), "LoginPage");
const SignupPage = lazyPage(() => import("../features/auth/SignupPage"), "SignupPage");
const ForgotPasswordPage = lazyPage(
  () => import("../features/auth/ForgotPasswordPage"),
  "ForgotPasswordPage",
);
const ResetPasswordPage = lazyPage(() => import("../features/auth/ResetPasswordPage"), "ResetPasswordPage");
const CartPage = lazyPage(() => import("../features/cart/CartPage"), "CartPage");
const ListsPage = lazyPage(() => import("../features/lists/ListsPage"), "ListsPage");
const DashboardPage = lazyPage(() => import("../features/dashboard/DashboardPage"), "DashboardPage");
const QuickOrderPage = lazyPage(() => import("../features/quick-order/QuickOrderPage"), "QuickOrderPage");
const HomePage = lazyPage(() => import("../features/home/HomePage"), "HomePage");
const NotificationsPage = lazyPage(
  () => import("../features/notifications/NotificationsPage"),
  "NotificationsPage",
);
const ListingPage = lazyPage(() => import("../features/products/ListingPage"), "ListingPage");
const ProductDetailPage = lazyPage(
  () => import("../features/products/ProductDetailPage"),
  "ProductDetailPage",
);
const ChangePasswordPage = lazyPage(
  () => import("../features/users/ChangePasswordPage"),
  "ChangePasswordPage",
);
const TeamInvitePage = lazyPage(() => import("../features/team/InvitePage"), "InvitePage");

/** Loads every page's code (tests render at once, without waiting for chunks). */
export const preloadPages = () =>
  Promise.all(
    [
      AppLayout,
      LoginPage,
      SignupPage,
      ForgotPasswordPage,
      ResetPasswordPage,
      CartPage,
      HomePage,
      NotificationsPage,
      ListingPage,
      ProductDetailPage,
      ChangePasswordPage,
    ].map((page) => page.preload()),
  );

/** The pages whose code the first screen of an address needs: fetched at start, beside `/api/users/me`. */
const SESSION_SCREENS: readonly [pattern: string, page: { preload: () => Promise<unknown> }][] = [
  ["/login", LoginPage],
  ["/signup", SignupPage],
  ["/forgotpassword", ForgotPasswordPage],
  ["/resetPassword/:token", ResetPasswordPage],
];
const SIGNED_IN_SCREENS: readonly [pattern: string, pages: readonly { preload: () => Promise<unknown> }[]][] =
  [
    ["/home", [AppLayout, HomePage]],
    ["/checkout", [AppLayout, CartPage]],
    ["/products/listing", [AppLayout, ListingPage]],
    ["/home/products/listing", [AppLayout, ListingPage]],
    ["/products/search/:searchString", [AppLayout, ListingPage]],
    ["/products/productInfo/:id", [AppLayout, ProductDetailPage]],
    ["/notifications", [AppLayout, NotificationsPage]],
    ["/settings", [AppLayout, ChangePasswordPage]],
  ];

/**
 * Starts loading the code of the page at this address (and the signed-in shell around it) at once,
 * instead of after the entry has rendered, the account has loaded and the shell has rendered: the
 * chunks come in parallel with the first API call. Other signed-in addresses fetch the shell;
 * without a session, a signed-in address fetches the sign-in screen it will be sent to.
 *
 * Answers when the code the first render waits for is in: the session screen, the shell with home or
 * a catalogue page, or for the other screens only the shell (and the Admin Console's wiring), whose
 * first render draws the screen's heading and a placeholder while the page's code is still coming
 * (`lazyElement`, `CodeFallbackContext`).
 */
export function preloadFirstScreen(url: URL, signedIn: boolean, queryClient: QueryClient): Promise<unknown> {
  const { pathname } = url;
  const session = SESSION_SCREENS.find(([pattern]) => matchPath(pattern, pathname));
  let pages: readonly { preload: () => Promise<unknown> }[];
  let awaited: readonly { preload: () => Promise<unknown> }[];
  if (session) pages = awaited = [session[1]];
  else if (!signedIn)
    pages = awaited = guestSession.get() || pathname.startsWith(GUEST_BROWSE_PATH) ? [] : [LoginPage];
  else {
    const hit = SIGNED_IN_SCREENS.find(([pattern]) => matchPath(pattern, pathname));
    if (hit) pages = awaited = hit[1];
    else if (pathname === "/") pages = awaited = [AppLayout, HomePage];
    else {
      const screen = screenCode(pathname);
      pages = [AppLayout, screen.page];
      awaited = [AppLayout, screen.shell];
    }
  }
  for (const page of pages) page.preload().catch(() => {});
  const code = Promise.all(awaited.map((page) => page.preload())).catch(() => {});
  // the page's data, asked for at once: beside its code, not after it
  if (signedIn) {
    const prefetch = PREFETCH_OF.find(([page]) => pages.includes(page))?.[1];
    prefetch?.()
      .then((run) => run(queryClient, url))
      .catch(() => {});
  }
  return code;
}

interface CodeToFetch {
  preload: () => Promise<unknown>;
}

/**
 * The code of the other signed-in screen at this address: a feature's page (`lazyElement`), or the
 * Admin Console's wiring and the desk's page. The first render waits for `shell` (nothing more for a
 * feature's page, the console's wiring for a desk screen) and draws a placeholder for the page.
 */
function screenCode(pathname: string): { page: CodeToFetch; shell: CodeToFetch } {
  if (matchPath("/admin/*", pathname)) {
    return {
      page: { preload: () => AdminRoutes.preload().then((admin) => admin.preloadDeskScreen(pathname)) },
      shell: AdminRoutes,
    };
  }
  const route = SCREEN_ROUTES.find((r) => matchPath(r.path, pathname));
  return { page: { preload: async () => route && preloadElement(route.element) }, shell: NOTHING };
}

const NOTHING: CodeToFetch = { preload: async () => undefined };

type Prefetch = (queryClient: QueryClient, url: URL) => void;

/** Pages whose first data is asked for at start, by small modules apart from the pages' code. */
const PREFETCH_OF: readonly [page: { preload: () => Promise<unknown> }, load: () => Promise<Prefetch>][] = [
  [ListingPage, () => import("../features/products/firstScreen").then((m) => m.prefetchListing)],
  [ProductDetailPage, () => import("../features/products/firstScreen").then((m) => m.prefetchProduct)],
  [CartPage, () => import("../features/cart/firstScreen").then((m) => m.prefetchCart)],
];

interface Guard {
  allow: (user: Me) => boolean;
  /** The spec sends ledger and store-performance intruders to login; the rest go home. */
  otherwise: "/login" | "/home";
}

const ledgerGuard: Guard = { allow: (u) => u.enableLedger, otherwise: "/login" };
const storePerformanceGuard: Guard = { allow: (u) => u.canViewStorePerformance, otherwise: "/login" };
const franchiseeGuard: Guard = { allow: (u) => u.isFranchisee, otherwise: "/home" };
const adminGuard: Guard = { allow: (u) => isAdmin(u), otherwise: "/home" };

/** The Admin Console is a separate desk app for staff: its code loads only when opened. */
const AdminRoutes = lazyPage(() => import("./AdminRoutes"), "default");

interface ScreenRoute {
  path: string;
  /** The screen name: page title and heading. */
  screen: string;
  /** The page. */
  element: ReactNode;
  guard?: Guard;
}

/**
 * The spec's route table (catalogue-cart-ordering §2 and account-area §2), in one place.
 * Every route below needs sign-in and renders inside the shell.
 */
export const SCREEN_ROUTES: readonly ScreenRoute[] = [
  // shell and catalogue
  { path: "/home", screen: "Home", element: <HomePage /> },
  { path: "/checkout", screen: "Cart", element: <CartPage /> },
  { path: "/quickOrder", screen: "Quick Order", element: <QuickOrderPage /> },
  { path: "/lists", screen: "Saved Lists", element: <ListsPage /> },
  { path: "/dashboard", screen: "Dashboard", element: <DashboardPage /> },
  {
    path: "/products/listing",
    screen: "Product Listing",
    element: <ListingPage screen="Product Listing" mode="listing" />,
  },
  {
    path: "/home/products/listing",
    screen: "Product Listing",
    element: <ListingPage screen="Product Listing" mode="listing" />,
  },
  {
    path: "/products/search/:searchString",
    screen: "Search Results",
    element: <ListingPage screen="Search Results" mode="search" />,
  },
  { path: "/products/productInfo/:id", screen: "Product Details", element: <ProductDetailPage /> },
  {
    path: "/orderAssist/listing",
    screen: "Order Assist Listing",
    element: <ListingPage screen="Order Assist Listing" mode="orderAssist" />,
  },
  {
    path: "/home/orderAssist/listing",
    screen: "Order Assist Listing",
    element: <ListingPage screen="Order Assist Listing" mode="orderAssist" />,
  },
  { path: "/orderAssist/stats", screen: "Order Assist", element: orderAssistPages.stats },
  {
    path: "/orderAssist/nonApparels",
    screen: "Order Assist: Non-Apparels",
    element: orderAssistPages.nonApparels,
  },
  { path: "/orderAssist/apparels", screen: "Order Assist: Apparels", element: orderAssistPages.apparels },
  { path: "/artworks/category", screen: "Artworks & Creatives", element: artworkPages.category },
  { path: "/artworks/artworksSubcat", screen: "Artwork Order Form", element: artworkPages.order },
  { path: "/artworks/artworksPlaceOrder", screen: "Artwork Orders", element: artworkPages.orders },
  // account area
  { path: "/account/orderHistory", screen: "Order History", element: accountPages.orderHistory },
  { path: "/account/orderDetails/:id", screen: "Order Details", element: accountPages.orderDetails },
  { path: "/account/gapReorder/:id", screen: "Gap Reorder", element: accountPages.gapReorder },
  {
    path: "/account/arsReport",
    screen: "ARS Report",
    element: storeReportPages.arsReport,
    guard: franchiseeGuard,
  },
  { path: "/account/loadHistory", screen: "Load History", element: accountPages.loadHistory },
  { path: "/account/loadDetails/:id", screen: "Load Details", element: accountPages.loadDetails },
  { path: "/account/invoice/:id", screen: "Load Invoice", element: accountPages.loadInvoice },
  {
    path: "/account/kioskConfirmation",
    screen: "Kiosk Confirmation",
    element: kioskPages.kioskConfirmation,
  },
  { path: "/kiosk/guest", screen: "Kiosk Guest Login", element: kioskPages.guestSignIn },
  { path: "/account/ledger", screen: "Ledger", guard: ledgerGuard, element: ledgerPages.ledger },
  {
    path: "/account/ledger/srdetails/:id/:approvedDate/:noteType",
    screen: "Ledger SR Details",
    guard: ledgerGuard,
    element: ledgerPages.srDetails,
  },
  { path: "/account/discount", screen: "Discount File", element: accountPages.discount },
  {
    path: "/account/transactionDetails/:acc/:id",
    screen: "Transaction Details",
    guard: ledgerGuard,
    element: ledgerPages.transactionDetails,
  },
  { path: "/account/srDetails", screen: "SR Details", element: financePages.srDetails },
  // not in the spec's route table (it gives these screens no path)
  { path: "/account/cform", screen: "C-Form", element: financePages.cform },
  { path: "/account/confirmPayment", screen: "Confirm Payment", element: financePages.confirmPayment },
  { path: "/account/policies", screen: "Policies", element: contentPages.policies },
  { path: "/account/brands", screen: "Brand Contacts", element: contentPages.brands },
  { path: "/account/waybill", screen: "Waybill", element: waybillPages.waybill },
  { path: "/account/releasenotes", screen: "POS Release Notes", element: contentPages.releaseNotes },
  { path: "/account/tvc", screen: "Store Music & AV Commercial", element: contentPages.tvc },
  { path: "/account/vmEbook", screen: "VM E-book", element: contentPages.vmEbook },
  { path: "/settings", screen: "Change Password", element: <ChangePasswordPage /> },
  // store teams (issue 30): the owner's team, and buyers' orders awaiting approval
  { path: "/account/team", screen: "Team", element: teamPages.team },
  { path: "/account/requests", screen: "Order Requests", element: teamPages.requests },
  // other signed-in screens
  { path: "/notifications", screen: "Notifications", element: <NotificationsPage /> },
  { path: "/training", screen: "Training", element: contentPages.training },
  { path: "/training/assessment/:id", screen: "Assessment", element: contentPages.assessment },
  { path: "/lookbooks", screen: "Lookbooks", element: contentPages.lookbooks },
  {
    path: "/storeperformance",
    screen: "Store Performance",
    element: storeReportPages.storePerformance,
    guard: storePerformanceGuard,
  },
  { path: "/confirm/kiosk/:poid/:id", screen: "Kiosk Confirmation", element: kioskPages.kioskAcknowledge },
  {
    path: "/admin/*",
    screen: "Admin Console",
    element: (
      <Suspense fallback={<PageLoader label="Opening the Admin Console" />}>
        <AdminRoutes />
      </Suspense>
    ),
    guard: adminGuard,
  },
];

/** The sign-in screens fetch the shell's first page while the partner types. */
function PreloadHome({ children }: { children: ReactNode }) {
  useEffect(() => {
    const id = window.setTimeout(() => {
      void AppLayout.preload();
      void HomePage.preload();
    }, 1500);
    return () => window.clearTimeout(id);
  }, []);
  return children;
}

/**
 * In place of a page whose code is still coming (the first screen, drawn with the shell as soon as
 * the shell's code and the account are in): the screen's heading, as the page draws it, and a
 * skeleton a screen tall (the footer stays below the fold). Hidden from assistive technology: the
 * page's own heading follows.
 */
function ScreenPlaceholder({ screen }: { screen: string }) {
  return (
    <Stack gap={0} aria-hidden data-testid="screen-placeholder">
      <PageHeader title={screen} />
      <Skeleton h={480} radius="md" />
    </Stack>
  );
}

/** The title changes with the address, before the page's code has arrived. */
function Titled({ screen, children }: { screen: string; children: ReactNode }) {
  usePageTitle(screen);
  return (
    <CodeFallbackContext.Provider value={<ScreenPlaceholder screen={screen} />}>
      {children}
    </CodeFallbackContext.Provider>
  );
}

function screenRoute({ path, screen, element, guard }: ScreenRoute): RouteObject {
  // a page the signed-in member's role cannot use says so (issue 30)
  const page = (
    <Titled screen={screen}>
      <RoleGate path={path}>{element}</RoleGate>
    </Titled>
  );
  return {
    path,
    element: guard ? (
      <RequireFlag allow={guard.allow} otherwise={guard.otherwise}>
        {page}
      </RequireFlag>
    ) : (
      page
    ),
  };
}

/**
 * While a kiosk guest session lasts in this tab, every address (Back to the store's screens, a typed
 * account address, the sign-in screen) shows the guest's catalogue: the tab is the walk-in
 * customer's until the guest session ends.
 */
function GuestMode({ children }: { children: ReactNode }) {
  const guest = useGuestSession();
  const { pathname } = useLocation();
  if (guest && pathname !== GUEST_BROWSE_PATH) return <Navigate to={GUEST_BROWSE_PATH} replace />;
  return children;
}

let navigateInApp: NavigateFunction | null = null;

/** Lets code outside React (the API client's 401 handler) move the app to another address. */
function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    navigateInApp = navigate;
    return () => {
      navigateInApp = null;
    };
  }, [navigate]);
  return null;
}

/** Replaces the address from outside React; before the first render, the router starts there. */
export function replaceAddress(to: string) {
  if (navigateInApp) void navigateInApp(to, { replace: true });
  else window.history.replaceState(null, "", to);
}

function Root() {
  const location = useLocation();
  return (
    <RouteErrorBoundary locationKey={location.key}>
      <ScrollRestorer />
      <NavigationBridge />
      <GuestMode>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </GuestMode>
    </RouteErrorBoundary>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: "/", element: <Navigate to="/home" replace /> },
      // session screens
      {
        path: "/login",
        element: (
          <PublicOnly>
            <PreloadHome>
              <LoginPage />
            </PreloadHome>
          </PublicOnly>
        ),
      },
      {
        path: "/signup",
        element: (
          <PublicOnly>
            <SignupPage />
          </PublicOnly>
        ),
      },
      { path: "/forgotpassword", element: <ForgotPasswordPage /> },
      // open signed in or out: reset links survive sign-in
      { path: "/resetPassword/:token", element: <ResetPasswordPage /> },
      // an invitation to a store's team: set a password, then signed in (issue 30)
      { path: "/team/invite/:token", element: <TeamInvitePage /> },
      { path: "/account/settings", element: <Navigate to="/settings" replace /> },
      // a kiosk guest's catalogue, outside the store's shell (the guest session replaces the store's)
      { path: GUEST_BROWSE_PATH, element: kioskPages.guestBrowse },
      {
        element: <RequireAuth />,
        children: [{ element: <AppLayout />, children: SCREEN_ROUTES.map(screenRoute) }],
      },
      // unknown paths go to login (which forwards a signed-in user home)
      { path: "*", element: <Navigate to="/login" replace /> },
    ],
  },
];

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The app's router: react-router's declarative `BrowserRouter` over the route table. The app uses no
 * loaders, actions or fetchers, so the data router (`createBrowserRouter`, about 15 KB compressed of
 * every screen's first JavaScript) is left out; `Root` restores scroll positions and catches a screen
 * that fails to render. Tests render the same `routes` in a memory router.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
