import { Loader } from "@mantine/core";
import type { ComponentType } from "react";
import { lazyElement } from "../../app/lazyPage";

/** A page loaded when first opened (order assist stays out of the first bundle, charts included). */
function lazyPage(load: () => Promise<ComponentType>) {
  return lazyElement(load, <Loader m="xl" />);
}

export const orderAssistPages = {
  stats: lazyPage(() => import("./StatsPage").then((m) => m.StatsPage)),
  nonApparels: lazyPage(() => import("./NonApparelPage").then((m) => m.NonApparelPage)),
  apparels: lazyPage(() => import("./ApparelPage").then((m) => m.ApparelPage)),
};
