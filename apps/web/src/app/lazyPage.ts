import { type ComponentType, lazy } from "react";

/**
 * A page component loaded on first use from its own chunk; `preload` fetches it ahead
 * (the sign-in screen fetches home while the partner types).
 */
export function lazyPage<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  let pending: Promise<Record<K, ComponentType<P>>> | undefined;
  const preload = () => {
    pending ??= load();
    return pending;
  };
  const Page = lazy(async () => ({ default: (await preload())[name] }));
  return Object.assign(Page, { preload });
}
