import { Route, Routes } from "react-router";
import { AdminLayout } from "./AdminLayout";
import { ArtworksAdminPage } from "./ArtworksAdminPage";
import { AuditPage } from "./AuditPage";
import { BroadcastPage } from "./BroadcastPage";
import { ContentAdminPage } from "./ContentAdminPage";
import { DashboardPage } from "./DashboardPage";
import { LoadsPage } from "./LoadsPage";
import { OrderPage } from "./OrderPage";
import { OrdersPage } from "./OrdersPage";
import { PartnerPage } from "./PartnerPage";
import { PartnersPage } from "./PartnersPage";
import { PaymentsPage } from "./PaymentsPage";
import { ReconciliationPage } from "./ReconciliationPage";
import { SalesReturnsPage } from "./SalesReturnsPage";
import { SettingsPage } from "./SettingsPage";
import { WaybillsPage } from "./WaybillsPage";

/** The Admin Console's screens under /admin (loaded lazily by the app's router, staff only). */
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
        <Route path="waybills" element={<WaybillsPage />} />
        <Route path="partners" element={<PartnersPage />} />
        <Route path="partners/:id" element={<PartnerPage />} />
        <Route path="artworks" element={<ArtworksAdminPage />} />
        <Route path="content" element={<ContentAdminPage />} />
        <Route path="notifications" element={<BroadcastPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="reconciliation" element={<ReconciliationPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="*" element={<DashboardPage />} />
      </Route>
    </Routes>
  );
}
