import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

const STORAGE_KEY = "portal-scroll-positions";

function readPositions(): Map<string, number> {
  try {
    const saved = sessionStorage.getItem(STORAGE_KEY);
    return new Map(saved ? (JSON.parse(saved) as [string, number][]) : []);
  } catch {
    return new Map();
  }
}

/** A history entry's key; the first entry of a tab has none ("default"), so its address stands in. */
const keyOf = (location: { key: string; pathname: string; search: string }) =>
  location.key === "default" ? `${location.pathname}${location.search}` : location.key;

/**
 * What react-router's `ScrollRestoration` did, without its data router (about 15 KB of the first
 * screen's JavaScript): a new address starts at the top (or at its `#hash`), Back and Forward return to
 * where the page was left, and so does a reload (positions kept in sessionStorage for the tab).
 */
export function ScrollRestorer() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const key = keyOf(location);
  const positions = useRef<Map<string, number> | null>(null);
  positions.current ??= readPositions();

  useEffect(() => {
    if ("scrollRestoration" in window.history) window.history.scrollRestoration = "manual";
    const save = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...(positions.current ?? [])].slice(-50)));
      } catch {
        // storage full or refused: positions last until the tab closes
      }
    };
    window.addEventListener("pagehide", save);
    return () => window.removeEventListener("pagehide", save);
  }, []);

  // the position of the address shown, kept as the page scrolls (read once a frame)
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        positions.current?.set(key, window.scrollY);
      });
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.cancelAnimationFrame(frame);
    };
  }, [key]);

  useLayoutEffect(() => {
    const saved = positions.current?.get(key);
    if (navigationType === "POP" && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    if (navigationType !== "POP") window.scrollTo(0, 0);
  }, [key, location.hash, navigationType]);

  return null;
}
