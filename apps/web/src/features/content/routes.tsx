import { Loader } from "@mantine/core";
import type { ComponentType } from "react";
import { lazyElement } from "../../app/lazyPage";

/** A page loaded when first opened (the content screens stay out of the first bundle). */
function lazyPage(load: () => Promise<ComponentType>) {
  return lazyElement(load, <Loader m="xl" />);
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
