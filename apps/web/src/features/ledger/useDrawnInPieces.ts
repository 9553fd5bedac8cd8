import { startTransition, useEffect, useState } from "react";
import { flushSync } from "react-dom";

/** The rows drawn at once: about a screenful on a laptop. */
export const FIRST_PIECE = 40;
/** The rows added each frame after it: small enough that no task runs long on a slow phone. */
export const PIECE = 60;

/**
 * Draws a long list in pieces: the first piece at once, then the next between frames until every
 * row is in the page (so find-in-page and print see all of it); before printing, the rest at once.
 * A new list starts again from its first piece.
 */
export function useDrawnInPieces<T>(rows: readonly T[]): readonly T[] {
  const [state, setState] = useState({ rows, count: Math.min(rows.length, FIRST_PIECE) });
  // A new list: start again from its first piece (set while rendering, as React advises).
  if (state.rows !== rows) setState({ rows, count: Math.min(rows.length, FIRST_PIECE) });
  const count = state.rows === rows ? state.count : Math.min(rows.length, FIRST_PIECE);

  useEffect(() => {
    if (count >= rows.length) return;
    const next = () =>
      startTransition(() =>
        setState((s) => (s.rows === rows ? { rows, count: Math.min(rows.length, s.count + PIECE) } : s)),
      );
    const frame =
      typeof requestAnimationFrame === "function" ? requestAnimationFrame(() => setTimeout(next, 0)) : 0;
    const timer = frame ? null : setTimeout(next, 0);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      if (timer) clearTimeout(timer);
    };
  }, [rows, count]);

  useEffect(() => {
    if (count >= rows.length) return;
    const all = () => flushSync(() => setState({ rows, count: rows.length }));
    window.addEventListener("beforeprint", all);
    return () => window.removeEventListener("beforeprint", all);
  }, [rows, count]);

  return count >= rows.length ? rows : rows.slice(0, count);
}
