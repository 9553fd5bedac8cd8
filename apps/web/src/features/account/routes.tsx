import { Loader } from "@mantine/core";
import { type ComponentType, lazy, Suspense } from "react";

/** A page loaded when first opened (the account screens stay out of the first bundle). */
function lazyPage(load: () => Promise<ComponentType>) {
  const Page = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={<Loader m="xl" />}>
      <Page />
    </Suspense>
  );
}

export const accountPages = {
  orderHistory: lazyPage(() => import("./OrderHistoryPage").then((m) => m.OrderHistoryPage)),
  orderDetails: lazyPage(() => import("./OrderDetailsPage").then((m) => m.OrderDetailsPage)),
  gapReorder: lazyPage(() => import("./OrderDetailsPage").then((m) => m.GapReorderPage)),
  loadHistory: lazyPage(() => import("./LoadPages").then((m) => m.LoadHistoryPage)),
  loadDetails: lazyPage(() => import("./LoadPages").then((m) => m.LoadDetailsPage)),
  loadInvoice: lazyPage(() => import("./LoadPages").then((m) => m.LoadInvoicePage)),
  discount: lazyPage(() => import("./LoadPages").then((m) => m.DiscountPage)),
};
