import { useCallback, useEffect, useRef, useState } from "react";

export const IMAGE_CYCLE_MS = 1000;

/**
 * Hovering a listing image shows the product's views a to h, one a second, once through; leaving
 * (or finishing) comes back to the first view.
 */
export function useImageCycle(images: readonly string[]) {
  const [index, setIndex] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stop = useCallback(() => {
    if (timer.current !== null) clearInterval(timer.current);
    timer.current = null;
  }, []);

  const start = useCallback(() => {
    stop();
    if (images.length < 2) return;
    // warm the cache so each view appears at once
    for (const src of images.slice(1)) {
      const img = new Image();
      img.src = src;
    }
    setIndex(0);
    let next = 0;
    timer.current = setInterval(() => {
      next += 1;
      if (next >= images.length) {
        stop();
        setIndex(0);
        return;
      }
      setIndex(next);
    }, IMAGE_CYCLE_MS);
  }, [images, stop]);

  const leave = useCallback(() => {
    stop();
    setIndex(0);
  }, [stop]);

  useEffect(() => stop, [stop]);

  return {
    src: images[index] ?? images[0] ?? "",
    index,
    handlers: { onMouseEnter: start, onMouseLeave: leave },
  };
}
