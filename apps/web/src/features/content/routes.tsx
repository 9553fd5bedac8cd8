import { Loader } from "@mantine/core";
import { type ComponentType, lazy, Suspense } from "react";

/** A page loaded when first opened (the content screens stay out of the first bundle). */
function lazyPage(load: () => Promise<ComponentType>) {
  const Page = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={<Loader m="xl" />}>
      <Page />
    </Suspense>
  );
}

export const contentPages = {
  policies: lazyPage(() => import("./DocumentPages").then((m) => m.PoliciesPage)),
  releaseNotes: lazyPage(() => import("./DocumentPages").then((m) => m.ReleaseNotesPage)),
  brands: lazyPage(() => import("./DocumentPages").then((m) => m.BrandsPage)),
  vmEbook: lazyPage(() => import("./DocumentPages").then((m) => m.VmEbookPage)),
  tvc: lazyPage(() => import("./TvcPage").then((m) => m.TvcPage)),
  training: lazyPage(() => import("./TrainingPage").then((m) => m.TrainingPage)),
  assessment: lazyPage(() => import("./AssessmentPage").then((m) => m.AssessmentPage)),
  lookbooks: lazyPage(() => import("./LookbooksPage").then((m) => m.LookbooksPage)),
};
