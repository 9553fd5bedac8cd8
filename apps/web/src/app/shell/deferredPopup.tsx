import { type ComponentType, useState } from "react";

/** What the stand-in button passes on: a click opens the popup, pointing at or focusing it fetches it. */
export interface PopupTriggerProps {
  onClick: () => void;
  onPointerEnter: () => void;
  onFocus: () => void;
}

/**
 * A navbar popup (a menu or popover) whose code, and Floating UI with it (about 20 KB compressed),
 * loads the first time it is wanted instead of with every page. Until then `Placeholder` draws the
 * same button; pointing at or focusing it fetches the popup's code, and a click swaps the popup in,
 * open. (Swapping on hover would replace the button between a quick press and its release, and the
 * click would be lost.) `Popup` takes `defaultOpened`.
 */
export function deferredPopup<P extends object>(
  load: () => Promise<ComponentType<P & { defaultOpened?: boolean }>>,
  Placeholder: ComponentType<P & PopupTriggerProps>,
) {
  let Popup: ComponentType<P & { defaultOpened?: boolean }> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () => {
    pending ??= load().then(
      (component) => {
        Popup = component;
      },
      () => {
        // offline or a new build: the next hover or click tries again
        pending = undefined;
      },
    );
    return pending;
  };

  function Deferred(props: P) {
    const [ready, setReady] = useState(Popup !== undefined);
    const [openAtOnce, setOpenAtOnce] = useState(false);
    if (ready && Popup) return <Popup {...props} defaultOpened={openAtOnce} />;
    const open = () => {
      setOpenAtOnce(true);
      void preload().then(() => setReady(Popup !== undefined));
    };
    return (
      <Placeholder
        {...props}
        onClick={open}
        onPointerEnter={() => void preload()}
        onFocus={() => void preload()}
      />
    );
  }
  return Object.assign(Deferred, { preload });
}
