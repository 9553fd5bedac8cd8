import {
  type ComponentProps,
  type ComponentType,
  createContext,
  createElement,
  lazy,
  type ReactElement,
  type ReactNode,
  Suspense,
  startTransition,
  useContext,
  useEffect,
  useState,
} from "react";

// biome-ignore lint/suspicious/noExplicitAny: any page component, whatever its props
type AnyComponent = ComponentType<any>;

/** A page's code: the component once it is in, the fetch while it is under way, and the lazy wrapper. */
interface ScreenCode {
  loaded?: AnyComponent;
  pending?: Promise<unknown>;
  Lazy: AnyComponent;
}

/**
 * What a page whose code is still on its way shows in its place (the screen's own heading and a
 * skeleton, see `ScreenPlaceholder` in the router); without one, the page's own fallback.
 */
export const CodeFallbackContext = createContext<ReactNode>(undefined);

/**
 * A page as soon as its code is in. Code already on its way (the first screen's, fetched beside the
 * entry, or home's after sign-in) is waited for without suspending: the shell and a placeholder draw
 * at once, and the page replaces the placeholder when its code arrives, in a transition (rendered in
 * slices, not one long task). A Suspense boundary would hold the revealed page until 300 ms after its
 * fallback showed, waiting for nothing. Code not yet asked for (or a page given no fallback) suspends
 * as any `lazy` component.
 */
function AwaitCode({ code, fallback, props }: { code: ScreenCode; fallback?: ReactNode; props?: object }) {
  // chosen once: switching from the lazy wrapper to the loaded page would mount the page afresh
  const [Shown, setShown] = useState<AnyComponent | null>(() =>
    code.loaded ? code.loaded : code.pending && fallback !== undefined ? null : code.Lazy,
  );
  useEffect(() => {
    if (Shown) return;
    let live = true;
    const show = () => {
      if (live) startTransition(() => setShown(() => code.loaded ?? code.Lazy));
    };
    // a failed fetch shows the lazy wrapper, which throws the error to the route's error boundary
    code.pending?.then(show, show);
    return () => {
      live = false;
    };
  }, [Shown, code]);
  return Shown ? createElement(Shown, props) : fallback;
}

/**
 * A page component loaded on first use from its own chunk; `preload` fetches it ahead (the sign-in
 * screen fetches home while the partner types) and answers the whole module.
 *
 * Once the code is in, the page renders at once, without suspending: React shows a revealed page at
 * the earliest 300 ms after the last loading screen it showed, so a page whose code was fetched ahead
 * (the first screen, or home after sign-in) would otherwise wait for nothing. With a `fallback`, code
 * on its way when the page mounts is waited for with the fallback shown (see `AwaitCode`); without
 * one, the page suspends until its code is in.
 */
export function lazyPage<M extends Record<K, AnyComponent>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
  fallback?: ReactNode,
) {
  let pending: Promise<M> | undefined;
  const preload = () => {
    pending ??= load().then((module) => {
      code.loaded = module[name];
      return module;
    });
    code.pending = pending;
    return pending;
  };
  const code: ScreenCode = { Lazy: lazy<M[K]>(async () => ({ default: (await preload())[name] })) };
  // always the same element type: were it the page once loaded, a page shown by AwaitCode would mount
  // afresh at its parent's next render
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page, at module level
  const Page = (props: ComponentProps<M[K]>) => createElement(AwaitCode, { code, fallback, props });
  return Object.assign(Page, { preload });
}

const elementCode = new WeakMap<object, () => Promise<unknown>>();
let screens = 0;

/** A page made by `lazyElement`: its code as soon as it is in, else waiting for it (see `AwaitCode`). */
function LazyScreen({ code, fallback }: { code: ScreenCode; fallback: ReactNode }) {
  const placeholder = useContext(CodeFallbackContext);
  return createElement(AwaitCode, { code, fallback: placeholder ?? fallback });
}

/**
 * A page of a feature's route table, as the element the router renders: its code loads on first use,
 * and `preloadElement(element)` fetches it ahead (the first screen's code comes beside the entry and
 * `/api/users/me`, see `preloadFirstScreen`), so the first render draws the shell and the page's
 * placeholder without waiting for the page's code.
 */
export function lazyElement(load: () => Promise<AnyComponent>, fallback: ReactNode): ReactElement {
  let pending: Promise<AnyComponent> | undefined;
  const preload = () => {
    pending ??= load().then((page) => {
      code.loaded = page;
      return page;
    });
    code.pending = pending;
    return pending;
  };
  const code: ScreenCode = { Lazy: lazy(async () => ({ default: await preload() })) };
  // keyed: two pages' elements meet at the same place in the tree, and one must not take the other's
  const element = createElement(
    Suspense,
    { fallback },
    createElement(LazyScreen, { code, fallback, key: ++screens }),
  );
  elementCode.set(element, preload);
  return element;
}

/** Fetches the code of a page made by `lazyElement` (nothing for any other element). */
export function preloadElement(element: unknown): Promise<unknown> | undefined {
  return typeof element === "object" && element !== null ? elementCode.get(element)?.() : undefined;
}
