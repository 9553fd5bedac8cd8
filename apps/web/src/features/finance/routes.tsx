import { Loader } from "@mantine/core";
import type { ComponentType } from "react";
import { lazyElement } from "../../app/lazyPage";

/** A page loaded when first opened (the finance screens stay out of the first bundle). */
function lazyPage(load: () => Promise<ComponentType>) {
  return lazyElement(load, <Loader m="xl" />);
}

export const financePages = {
  srDetails: lazyPage(() => import("./SrDetailsPage").then((m) => m.SrDetailsPage)),
  cform: lazyPage(() => import("./CformPage").then((m) => m.CformPage)),
  confirmPayment: lazyPage(() => import("./ConfirmPaymentPage").then((m) => m.ConfirmPaymentPage)),
};
