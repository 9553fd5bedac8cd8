import { Loader } from "@mantine/core";
import type { ComponentType } from "react";
import { lazyElement } from "../../app/lazyPage";

/** A page loaded when first opened (the account screens stay out of the first bundle). */
function lazyPage(load: () => Promise<ComponentType>) {
  return lazyElement(load, <Loader m="xl" />);
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
