import { Loader } from "@mantine/core";
import type { ComponentType } from "react";
import { lazyElement } from "../../app/lazyPage";

/** A page loaded when first opened. */
function lazyPage(load: () => Promise<ComponentType>) {
  return lazyElement(load, <Loader m="xl" />);
}

export const waybillPages = {
  waybill: lazyPage(() => import("./WaybillPage").then((m) => m.WaybillPage)),
};
