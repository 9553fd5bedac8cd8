import type { Me } from "@portal/contracts";
import { isAdmin } from "@portal/domain";
import { lazy, type ReactNode, Suspense } from "react";
import { createBrowserRouter, Navigate, Outlet, type RouteObject, ScrollRestoration } from "react-router";
import { NotBuiltPage } from "../components/NotBuiltPage";
import { PageLoader } from "../components/states";
import { ForgotPasswordPage } from "../features/auth/ForgotPasswordPage";
import { LoginPage } from "../features/auth/LoginPage";
import { ResetPasswordPage } from "../features/auth/ResetPasswordPage";
import { SignupPage } from "../features/auth/SignupPage";
import { CartPage } from "../features/cart/CartPage";
import { HomePage } from "../features/home/HomePage";
import { NotificationsPage } from "../features/notifications/NotificationsPage";
import { ListingPage } from "../features/products/ListingPage";
import { ProductDetailPage } from "../features/products/ProductDetailPage";
import { ChangePasswordPage } from "../features/users/ChangePasswordPage";
import { PublicOnly, RequireAuth, RequireFlag } from "./guards";
import { RouteError } from "./RouteError";
import { AppLayout } from "./shell/AppLayout";

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
const AdminRoutes = lazy(() => import("../features/admin/AdminRoutes"));

interface ScreenRoute {
  path: string;
  /** The screen name: page title and heading. */
  screen: string;
  /** The built page; screens without one say plainly that they are coming. */
  element?: ReactNode;
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
  { path: "/orderAssist/stats", screen: "Order Assist" },
  { path: "/orderAssist/nonApparels", screen: "Order Assist: Non-Apparels" },
  { path: "/orderAssist/apparels", screen: "Order Assist: Apparels" },
  { path: "/artworks/category", screen: "Artworks & Creatives" },
  { path: "/artworks/artworksSubcat", screen: "Artwork Order Form" },
  { path: "/artworks/artworksPlaceOrder", screen: "Artwork Orders" },
  // account area
  { path: "/account/orderHistory", screen: "Order History" },
  { path: "/account/orderDetails/:id", screen: "Order Details" },
  { path: "/account/gapReorder/:id", screen: "Gap Reorder" },
  { path: "/account/arsReport", screen: "ARS Report", guard: franchiseeGuard },
  { path: "/account/loadHistory", screen: "Load History" },
  { path: "/account/loadDetails/:id", screen: "Load Details" },
  { path: "/account/invoice/:id", screen: "Load Invoice" },
  { path: "/account/kioskConfirmation", screen: "Kiosk Confirmation" },
  { path: "/account/ledger", screen: "Ledger", guard: ledgerGuard },
  {
    path: "/account/ledger/srdetails/:id/:approvedDate/:noteType",
    screen: "Ledger SR Details",
    guard: ledgerGuard,
  },
  { path: "/account/discount", screen: "Discount File" },
  { path: "/account/srDetails", screen: "SR Details" },
  { path: "/account/transactionDetails/:acc/:id", screen: "Transaction Details" },
  { path: "/account/policies", screen: "Policies" },
  { path: "/account/brands", screen: "Brand Contacts" },
  { path: "/account/waybill", screen: "Waybill" },
  { path: "/account/releasenotes", screen: "POS Release Notes" },
  { path: "/account/tvc", screen: "Store Music & AV Commercial" },
  { path: "/account/vmEbook", screen: "VM E-book" },
  { path: "/settings", screen: "Change Password", element: <ChangePasswordPage /> },
  // other signed-in screens
  { path: "/notifications", screen: "Notifications", element: <NotificationsPage /> },
  { path: "/training", screen: "Training" },
  { path: "/lookbooks", screen: "Lookbooks" },
  { path: "/storeperformance", screen: "Store Performance", guard: storePerformanceGuard },
  { path: "/confirm/kiosk/:poid/:id", screen: "Kiosk Confirmation" },
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

function screenRoute({ path, screen, element, guard }: ScreenRoute): RouteObject {
  const page = element ?? <NotBuiltPage key={path} screen={screen} />;
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

function Root() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      { path: "/", element: <Navigate to="/home" replace /> },
      // session screens
      {
        path: "/login",
        element: (
          <PublicOnly>
            <LoginPage />
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
      { path: "/account/settings", element: <Navigate to="/settings" replace /> },
      {
        element: <RequireAuth />,
        children: [{ element: <AppLayout />, children: SCREEN_ROUTES.map(screenRoute) }],
      },
      // unknown paths go to login (which forwards a signed-in user home)
      { path: "*", element: <Navigate to="/login" replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
