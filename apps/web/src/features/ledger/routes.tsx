import { Loader } from "@mantine/core";
import { type ComponentType, lazy, Suspense } from "react";

/** A page loaded when first opened (the ledger screens stay out of the first bundle). */
function lazyPage(load: () => Promise<ComponentType>) {
  const Page = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={<Loader m="xl" />}>
      <Page />
    </Suspense>
  );
}

export const ledgerPages = {
  ledger: lazyPage(() => import("./LedgerPage").then((m) => m.LedgerPage)),
  srDetails: lazyPage(() => import("./LedgerSrDetailsPage").then((m) => m.LedgerSrDetailsPage)),
  transactionDetails: lazyPage(() =>
    import("./TransactionDetailsPage").then((m) => m.TransactionDetailsPage),
  ),
};
