import { type ComponentProps, type ComponentType, createElement, lazy } from "react";

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
