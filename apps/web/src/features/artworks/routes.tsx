import { Loader } from "@mantine/core";
import type { ComponentType } from "react";
import { lazyElement } from "../../app/lazyPage";

/** A page loaded when first opened (the artwork screens stay out of the first bundle). */
function lazyPage(load: () => Promise<ComponentType>) {
  return lazyElement(load, <Loader m="xl" />);
}

export const artworkPages = {
  category: lazyPage(() => import("./ArtworkCategoryPage").then((m) => m.ArtworkCategoryPage)),
  order: lazyPage(() => import("./ArtworkOrderPage").then((m) => m.ArtworkOrderPage)),
  orders: lazyPage(() => import("./ArtworkOrdersPage").then((m) => m.ArtworkOrdersPage)),
};
