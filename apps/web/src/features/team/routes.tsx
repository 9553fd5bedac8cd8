import { Loader } from "@mantine/core";
import { type ComponentType, lazy, Suspense } from "react";

/** A page loaded when first opened (the team screens stay out of the first bundle). */
function lazyPage(load: () => Promise<ComponentType>) {
  const Page = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={<Loader m="xl" />}>
      <Page />
    </Suspense>
  );
}

export const teamPages = {
  team: lazyPage(() => import("./TeamPage").then((m) => m.TeamPage)),
  requests: lazyPage(() => import("./RequestsPage").then((m) => m.RequestsPage)),
};
