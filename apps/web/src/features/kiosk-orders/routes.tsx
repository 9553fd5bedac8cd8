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

export const kioskPages = {
  kioskConfirmation: lazyPage(() => import("./KioskOrdersPage").then((m) => m.KioskOrdersPage)),
  guestSignIn: lazyPage(() => import("./GuestSignInPage").then((m) => m.GuestSignInPage)),
  guestBrowse: lazyPage(() => import("./GuestBrowsePage").then((m) => m.GuestBrowsePage)),
  kioskAcknowledge: lazyPage(() => import("./KioskAcknowledgePage").then((m) => m.KioskAcknowledgePage)),
};
