import { Loader } from "@mantine/core";
import type { ComponentType } from "react";
import { lazyElement } from "../../app/lazyPage";

/** A page loaded when first opened (the ledger screens stay out of the first bundle). */
function lazyPage(load: () => Promise<ComponentType>) {
  return lazyElement(load, <Loader m="xl" />);
}

export const ledgerPages = {
  ledger: lazyPage(() => import("./LedgerPage").then((m) => m.LedgerPage)),
  srDetails: lazyPage(() => import("./LedgerSrDetailsPage").then((m) => m.LedgerSrDetailsPage)),
  transactionDetails: lazyPage(() =>
    import("./TransactionDetailsPage").then((m) => m.TransactionDetailsPage),
  ),
};
