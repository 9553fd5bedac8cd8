import { Loader } from "@mantine/core";
import { type ComponentType, lazy, Suspense } from "react";

/** A page loaded when first opened (the artwork screens stay out of the first bundle). */
function lazyPage(load: () => Promise<ComponentType>) {
  const Page = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={<Loader m="xl" />}>
      <Page />
    </Suspense>
  );
}

export const artworkPages = {
  category: lazyPage(() => import("./ArtworkCategoryPage").then((m) => m.ArtworkCategoryPage)),
  order: lazyPage(() => import("./ArtworkOrderPage").then((m) => m.ArtworkOrderPage)),
  orders: lazyPage(() => import("./ArtworkOrdersPage").then((m) => m.ArtworkOrdersPage)),
};
