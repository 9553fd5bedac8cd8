import { Loader } from "@mantine/core";
import { type ComponentType, lazy, Suspense } from "react";

/** A page loaded when first opened (order assist stays out of the first bundle, charts included). */
function lazyPage(load: () => Promise<ComponentType>) {
  const Page = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={<Loader m="xl" />}>
      <Page />
    </Suspense>
  );
}

export const orderAssistPages = {
  stats: lazyPage(() => import("./StatsPage").then((m) => m.StatsPage)),
  nonApparels: lazyPage(() => import("./NonApparelPage").then((m) => m.NonApparelPage)),
  apparels: lazyPage(() => import("./ApparelPage").then((m) => m.ApparelPage)),
};
