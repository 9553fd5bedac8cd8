import { Route, Routes } from "react-router";
import { AdminLayout } from "../admin-kit/AdminLayout";
import { ArtworksAdminPage } from "../features/admin-artworks/ArtworksAdminPage";
import { AuditPage } from "../features/admin-audit/AuditPage";
import { ContentAdminPage } from "../features/admin-content/ContentAdminPage";
import { FeedbackInboxPage } from "../features/admin-feedback/FeedbackInboxPage";
import { InvoicePage } from "../features/admin-invoices/InvoicePage";
import { InvoicesPage } from "../features/admin-invoices/InvoicesPage";
import { LedgerDeskPage } from "../features/admin-ledger/LedgerDeskPage";
import { LoadsPage } from "../features/admin-loads/LoadsPage";
import { BroadcastPage } from "../features/admin-notifications/BroadcastPage";
import { AutoConfirmPage } from "../features/admin-orders/AutoConfirmPage";
import { DashboardPage } from "../features/admin-orders/DashboardPage";
import { OrderPage } from "../features/admin-orders/OrderPage";
import { OrdersPage } from "../features/admin-orders/OrdersPage";
import { PartnerPage } from "../features/admin-partners/PartnerPage";
import { PartnersPage } from "../features/admin-partners/PartnersPage";
import { PaymentsPage } from "../features/admin-payments/PaymentsPage";
import { ReconciliationPage } from "../features/admin-reconciliation/ReconciliationPage";
import { SalesReturnsPage } from "../features/admin-sales-returns/SalesReturnsPage";
import { SettingsPage } from "../features/admin-settings/SettingsPage";
import { WaybillsPage } from "../features/admin-waybills/WaybillsPage";

/**
 * The Admin Console's screens under /admin, one desk feature each (loaded lazily by the app's router,
 * staff only): the console's wiring, as the router is the app's.
 */
export default function AdminRoutes() {
  return (
    <Routes>
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
        <Route path="settings" element={<SettingsPage />} />
        <Route path="*" element={<DashboardPage />} />
      </Route>
    </Routes>
  );
}
