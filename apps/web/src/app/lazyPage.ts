import {
  type ComponentProps,
  type ComponentType,
  createElement,
  lazy,
  type ReactElement,
  type ReactNode,
  Suspense,
  useState,
} from "react";

// biome-ignore lint/suspicious/noExplicitAny: any page component, whatever its props
type AnyComponent = ComponentType<any>;

/**
 * A page component loaded on first use from its own chunk; `preload` fetches it ahead (the sign-in
 * screen fetches home while the partner types) and answers the whole module.
 *
 * Once the code is in, the page renders at once, without suspending: React shows a revealed page at
 * the earliest 300 ms after the last loading screen it showed, so a page whose code was fetched ahead
 * (the first screen, or home after sign-in) would otherwise wait for nothing.
 */
export function lazyPage<M extends Record<K, AnyComponent>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  let pending: Promise<M> | undefined;
  let loaded: M | undefined;
  const preload = () => {
    pending ??= load().then((module) => {
      loaded = module;
      return module;
    });
    return pending;
  };
  const Lazy = lazy<M[K]>(async () => ({ default: (await preload())[name] }));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page, at module level
  const Page = (props: ComponentProps<M[K]>) => createElement(loaded ? loaded[name] : Lazy, props);
  return Object.assign(Page, { preload });
}

const elementCode = new WeakMap<object, () => Promise<unknown>>();
let screens = 0;

interface ScreenCode {
  loaded?: AnyComponent;
  Lazy: AnyComponent;
}

/** A page made by `lazyElement`: its code as soon as it is in, else suspending until it is. */
function LazyScreen({ code }: { code: ScreenCode }) {
  // chosen once: switching from the lazy wrapper to the loaded page would mount the page afresh
  const [Shown] = useState(() => code.loaded ?? code.Lazy);
  return createElement(Shown);
}

/**
 * A page of a feature's route table, as the element the router renders: its code loads on first use,
 * and `preloadElement(element)` fetches it ahead (the first screen's code comes beside the entry and
 * `/api/users/me`, see `preloadFirstScreen`), so the first render draws the page, not its fallback.
 */
export function lazyElement(load: () => Promise<AnyComponent>, fallback: ReactNode): ReactElement {
  let pending: Promise<AnyComponent> | undefined;
  const preload = () => {
    pending ??= load().then((page) => {
      code.loaded = page;
      return page;
    });
    return pending;
  };
  const code: ScreenCode = { Lazy: lazy(async () => ({ default: await preload() })) };
  // keyed: two pages' elements meet at the same place in the tree, and one must not take the other's
  const element = createElement(Suspense, { fallback }, createElement(LazyScreen, { code, key: ++screens }));
  elementCode.set(element, preload);
  return element;
}

/** Fetches the code of a page made by `lazyElement` (nothing for any other element). */
export function preloadElement(element: unknown): Promise<unknown> | undefined {
  return typeof element === "object" && element !== null ? elementCode.get(element)?.() : undefined;
}
