import { Loader } from "@mantine/core";
import type { ComponentType } from "react";
import { lazyElement } from "../../app/lazyPage";

/** A page loaded when first opened (the team screens stay out of the first bundle). */
function lazyPage(load: () => Promise<ComponentType>) {
  return lazyElement(load, <Loader m="xl" />);
}

export const teamPages = {
  team: lazyPage(() => import("./TeamPage").then((m) => m.TeamPage)),
  requests: lazyPage(() => import("./RequestsPage").then((m) => m.RequestsPage)),
};
