import { Loader } from "@mantine/core";
import { type ComponentType, lazy, Suspense } from "react";

/** A page loaded when first opened (the finance screens stay out of the first bundle). */
function lazyPage(load: () => Promise<ComponentType>) {
  const Page = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={<Loader m="xl" />}>
      <Page />
    </Suspense>
  );
}

export const financePages = {
  srDetails: lazyPage(() => import("./SrDetailsPage").then((m) => m.SrDetailsPage)),
  cform: lazyPage(() => import("./CformPage").then((m) => m.CformPage)),
  confirmPayment: lazyPage(() => import("./ConfirmPaymentPage").then((m) => m.ConfirmPaymentPage)),
};
