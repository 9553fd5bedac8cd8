import { Loader } from "@mantine/core";
import { type ComponentType, lazy, Suspense } from "react";

/** A page loaded when first opened. */
function lazyPage(load: () => Promise<ComponentType>) {
  const Page = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={<Loader m="xl" />}>
      <Page />
    </Suspense>
  );
}

export const waybillPages = {
  waybill: lazyPage(() => import("./WaybillPage").then((m) => m.WaybillPage)),
};
