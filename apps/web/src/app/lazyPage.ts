import { type ComponentType, lazy } from "react";

// biome-ignore lint/suspicious/noExplicitAny: any page component, whatever its props
type AnyComponent = ComponentType<any>;

/**
 * A page component loaded on first use from its own chunk; `preload` fetches it ahead (the sign-in
 * screen fetches home while the partner types) and answers the whole module.
 */
export function lazyPage<M extends Record<K, AnyComponent>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  let pending: Promise<M> | undefined;
  const preload = () => {
    pending ??= load();
    return pending;
  };
  const Page = lazy<M[K]>(async () => ({ default: (await preload())[name] }));
  return Object.assign(Page, { preload });
}
