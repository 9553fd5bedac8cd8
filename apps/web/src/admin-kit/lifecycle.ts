import { type Lifecycle, nextSteps } from "@portal/domain";

/** Whether staff may move a thing in `from` to `to`: a screen offers a step only then. */
export const canBecome = <S extends string>(table: Lifecycle<S>, from: string, to: S) =>
  nextSteps(table, from, "staff").includes(to);
