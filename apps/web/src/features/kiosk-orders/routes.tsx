import { Loader } from "@mantine/core";
import type { ComponentType } from "react";
import { lazyElement } from "../../app/lazyPage";

/** A page loaded when first opened. */
function lazyPage(load: () => Promise<ComponentType>) {
  return lazyElement(load, <Loader m="xl" />);
}

export const kioskPages = {
  kioskConfirmation: lazyPage(() => import("./KioskOrdersPage").then((m) => m.KioskOrdersPage)),
  guestSignIn: lazyPage(() => import("./GuestSignInPage").then((m) => m.GuestSignInPage)),
  guestBrowse: lazyPage(() => import("./GuestBrowsePage").then((m) => m.GuestBrowsePage)),
  kioskAcknowledge: lazyPage(() => import("./KioskAcknowledgePage").then((m) => m.KioskAcknowledgePage)),
};
