import { Loader } from "@mantine/core";
import { type ComponentType, lazy, Suspense } from "react";

/** A page loaded when first opened (store reports stay out of the first bundle). */
function lazyPage(load: () => Promise<ComponentType>) {
  const Page = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={<Loader m="xl" />}>
      <Page />
    </Suspense>
  );
}

export const storeReportPages = {
  arsReport: lazyPage(() => import("./ArsReportPage").then((m) => m.ArsReportPage)),
  storePerformance: lazyPage(() => import("./StorePerformancePage").then((m) => m.StorePerformancePage)),
};
