import { Loader } from "@mantine/core";
import type { ComponentType } from "react";
import { lazyElement } from "../../app/lazyPage";

/** A page loaded when first opened (store reports stay out of the first bundle). */
function lazyPage(load: () => Promise<ComponentType>) {
  return lazyElement(load, <Loader m="xl" />);
}

export const storeReportPages = {
  arsReport: lazyPage(() => import("./ArsReportPage").then((m) => m.ArsReportPage)),
  storePerformance: lazyPage(() => import("./StorePerformancePage").then((m) => m.StorePerformancePage)),
};
