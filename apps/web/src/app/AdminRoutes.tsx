import { createRoutesFromChildren, matchRoutes, Route, Routes } from "react-router";
import { AdminLayout } from "../admin-kit/AdminLayout";
import { lazyPage } from "./lazyPage";

// Each desk screen is its own chunk, loaded when opened: a screen's code (its data table, CSV export,
// date fields, charts) does not weigh on the others' first load (bench:web, 250 KB budget).
const ArtworksAdminPage = lazyPage(
  () => import("../features/admin-artworks/ArtworksAdminPage"),
  "ArtworksAdminPage",
);
const AuditPage = lazyPage(() => import("../features/admin-audit/AuditPage"), "AuditPage");
const ContentAdminPage = lazyPage(
  () => import("../features/admin-content/ContentAdminPage"),
  "ContentAdminPage",
);
const FeedbackInboxPage = lazyPage(
  () => import("../features/admin-feedback/FeedbackInboxPage"),
  "FeedbackInboxPage",
);
const Gstr1Page = lazyPage(() => import("../features/admin-gstr1/Gstr1Page"), "Gstr1Page");
const EinvoicesPage = lazyPage(() => import("../features/admin-einvoices/EinvoicesPage"), "EinvoicesPage");
const InvoicePage = lazyPage(() => import("../features/admin-invoices/InvoicePage"), "InvoicePage");
const InvoicesPage = lazyPage(() => import("../features/admin-invoices/InvoicesPage"), "InvoicesPage");
const LedgerDeskPage = lazyPage(() => import("../features/admin-ledger/LedgerDeskPage"), "LedgerDeskPage");
const LoadsPage = lazyPage(() => import("../features/admin-loads/LoadsPage"), "LoadsPage");
const BroadcastPage = lazyPage(
  () => import("../features/admin-notifications/BroadcastPage"),
  "BroadcastPage",
);
const AutoConfirmPage = lazyPage(() => import("../features/admin-orders/AutoConfirmPage"), "AutoConfirmPage");
const DashboardPage = lazyPage(() => import("../features/admin-orders/DashboardPage"), "DashboardPage");
const OrderPage = lazyPage(() => import("../features/admin-orders/OrderPage"), "OrderPage");
const OrdersPage = lazyPage(() => import("../features/admin-orders/OrdersPage"), "OrdersPage");
const PartnerPage = lazyPage(() => import("../features/admin-partners/PartnerPage"), "PartnerPage");
const PartnersPage = lazyPage(() => import("../features/admin-partners/PartnersPage"), "PartnersPage");
const PaymentsPage = lazyPage(() => import("../features/admin-payments/PaymentsPage"), "PaymentsPage");
const ReconciliationPage = lazyPage(
  () => import("../features/admin-reconciliation/ReconciliationPage"),
  "ReconciliationPage",
);
const SalesReturnsPage = lazyPage(
  () => import("../features/admin-sales-returns/SalesReturnsPage"),
  "SalesReturnsPage",
);
const SettingsPage = lazyPage(() => import("../features/admin-settings/SettingsPage"), "SettingsPage");
const WaybillsPage = lazyPage(() => import("../features/admin-waybills/WaybillsPage"), "WaybillsPage");

/** The desk screens under /admin: the layout and one route per screen. */
const deskRoutes = (
  <Route element={<AdminLayout />}>
    <Route index element={<DashboardPage />} />
    <Route path="orders" element={<OrdersPage />} />
    <Route path="orders/:poid" element={<OrderPage />} />
    <Route path="loads" element={<LoadsPage />} />
    <Route path="payments" element={<PaymentsPage />} />
    <Route path="sales-returns" element={<SalesReturnsPage />} />
    <Route path="invoices" element={<InvoicesPage />} />
    <Route path="invoices/:id" element={<InvoicePage />} />
    <Route path="waybills" element={<WaybillsPage />} />
    <Route path="partners" element={<PartnersPage />} />
    <Route path="partners/:id" element={<PartnerPage />} />
    <Route path="ledger" element={<LedgerDeskPage />} />
    <Route path="ledger/:userId" element={<LedgerDeskPage />} />
    <Route path="feedback" element={<FeedbackInboxPage />} />
    <Route path="artworks" element={<ArtworksAdminPage />} />
    <Route path="content" element={<ContentAdminPage />} />
    <Route path="notifications" element={<BroadcastPage />} />
    <Route path="audit" element={<AuditPage />} />
    <Route path="auto-confirm" element={<AutoConfirmPage />} />
    <Route path="reconciliation" element={<ReconciliationPage />} />
    <Route path="gstr1" element={<Gstr1Page />} />
    <Route path="einvoices" element={<EinvoicesPage />} />
    <Route path="settings" element={<SettingsPage />} />
    <Route path="*" element={<DashboardPage />} />
  </Route>
);

/**
 * The Admin Console's screens under /admin, one desk feature each (loaded lazily by the app's router,
 * staff only): the console's wiring, as the router is the app's.
 */
export default function AdminRoutes() {
  return <Routes>{deskRoutes}</Routes>;
}

/** Fetches the code of the desk screen at this address (`/admin/...`), for the first render to draw it. */
export function preloadDeskScreen(pathname: string): Promise<unknown> {
  const routes = createRoutesFromChildren(deskRoutes);
  const matches = matchRoutes(routes, pathname.replace(/^\/admin/, "") || "/") ?? [];
  return Promise.all(
    matches.map(({ route }) => {
      const page = (route.element as { type?: { preload?: () => Promise<unknown> } } | undefined)?.type;
      return page?.preload?.();
    }),
  );
}
