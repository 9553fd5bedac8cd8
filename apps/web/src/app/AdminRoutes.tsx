import { createRoutesFromChildren, matchRoutes, Route, Routes } from "react-router";
import { AdminLayout } from "../admin-kit/AdminLayout";
import { PageLoader } from "../components/states";
import { lazyPage } from "./lazyPage";

/**
 * A desk screen's page: while its code is on its way (the first screen's is fetched beside the
 * console's wiring), the desk draws around a loader instead of waiting for it to draw at all.
 */
// biome-ignore lint/suspicious/noExplicitAny: any page component, whatever its props
const deskPage = <M extends Record<K, React.ComponentType<any>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) => lazyPage(load, name, <PageLoader inline label="Opening" />);

// Each desk screen is its own chunk, loaded when opened: a screen's code (its data table, CSV export,
// date fields, charts) does not weigh on the others' first load (bench:web, 250 KB budget).
const ArtworksAdminPage = deskPage(
  () => import("../features/admin-artworks/ArtworksAdminPage"),
  "ArtworksAdminPage",
);
const AuditPage = deskPage(() => import("../features/admin-audit/AuditPage"), "AuditPage");
const ContentAdminPage = deskPage(
  () => import("../features/admin-content/ContentAdminPage"),
  "ContentAdminPage",
);
const FeedbackInboxPage = deskPage(
  () => import("../features/admin-feedback/FeedbackInboxPage"),
  "FeedbackInboxPage",
);
const Gstr1Page = deskPage(() => import("../features/admin-gstr1/Gstr1Page"), "Gstr1Page");
const EinvoicesPage = deskPage(() => import("../features/admin-einvoices/EinvoicesPage"), "EinvoicesPage");
const InvoicePage = deskPage(() => import("../features/admin-invoices/InvoicePage"), "InvoicePage");
const InvoicesPage = deskPage(() => import("../features/admin-invoices/InvoicesPage"), "InvoicesPage");
const LedgerDeskPage = deskPage(() => import("../features/admin-ledger/LedgerDeskPage"), "LedgerDeskPage");
const LoadsPage = deskPage(() => import("../features/admin-loads/LoadsPage"), "LoadsPage");
const BroadcastPage = deskPage(
  () => import("../features/admin-notifications/BroadcastPage"),
  "BroadcastPage",
);
const AutoConfirmPage = deskPage(() => import("../features/admin-orders/AutoConfirmPage"), "AutoConfirmPage");
const DashboardPage = deskPage(() => import("../features/admin-orders/DashboardPage"), "DashboardPage");
const OrderPage = deskPage(() => import("../features/admin-orders/OrderPage"), "OrderPage");
const OrdersPage = deskPage(() => import("../features/admin-orders/OrdersPage"), "OrdersPage");
const PartnerPage = deskPage(() => import("../features/admin-partners/PartnerPage"), "PartnerPage");
const PartnersPage = deskPage(() => import("../features/admin-partners/PartnersPage"), "PartnersPage");
const PaymentsPage = deskPage(() => import("../features/admin-payments/PaymentsPage"), "PaymentsPage");
const ReconciliationPage = deskPage(
  () => import("../features/admin-reconciliation/ReconciliationPage"),
  "ReconciliationPage",
);
const SalesReturnsPage = deskPage(
  () => import("../features/admin-sales-returns/SalesReturnsPage"),
  "SalesReturnsPage",
);
const SettingsPage = deskPage(() => import("../features/admin-settings/SettingsPage"), "SettingsPage");
const WaybillsPage = deskPage(() => import("../features/admin-waybills/WaybillsPage"), "WaybillsPage");

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
