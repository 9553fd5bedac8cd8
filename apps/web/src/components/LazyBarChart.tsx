import "@mantine/charts/styles.css";
import type { BarChartProps, BarChart as BarChartType } from "@mantine/charts";
import { Skeleton } from "@mantine/core";
import { type RefObject, startTransition, useEffect, useRef, useState } from "react";

/**
 * Mantine's bar chart (with recharts and d3 under it, 89 KB compressed) as its own chunk, fetched as soon
 * as a page with a chart loads, beside the page's data: the page draws first, within the 250 KB budget
 * (bench:web), and the chart fills the space kept for it (its `h`), so nothing below moves. Use it
 * exactly as `BarChart` from @mantine/charts.
 */
let loaded: typeof BarChartType | undefined;
// destructured at once, so the build keeps the bar chart and what it uses, not all of @mantine/charts
const chart = import("@mantine/charts").then(({ BarChart }) => {
  loaded = BarChart;
  return BarChart;
});

type Idle = (run: () => void) => void;
const whenIdle: Idle =
  typeof window !== "undefined" && "requestIdleCallback" in window
    ? (run) => window.requestIdleCallback(run, { timeout: 1000 })
    : (run) => window.setTimeout(run, 50);
const afterPaint: Idle =
  typeof window !== "undefined" && "requestAnimationFrame" in window
    ? (run) => window.requestAnimationFrame(() => window.setTimeout(run, 0))
    : (run) => window.setTimeout(run, 0);

/**
 * True once this chart may draw: its code is in, it is on screen or near it, the page around it (cards,
 * figures, tables) has been painted and the main thread is idle. Recharts lays a chart out in one long
 * task (100-340 ms on a phone): drawn with the page's data it lengthened the page's longest task, and a
 * chart below the fold (a phone's store performance) need not be drawn until it is scrolled to.
 */
function useDrawLater(place: RefObject<HTMLDivElement | null>): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    let observer: IntersectionObserver | undefined;
    const draw = () =>
      void chart.then(() =>
        afterPaint(() =>
          whenIdle(() => {
            if (live) startTransition(() => setReady(true));
          }),
        ),
      );
    const element = place.current;
    if (element && typeof IntersectionObserver === "function") {
      observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer?.disconnect();
          draw();
        },
        { rootMargin: "400px 0px" },
      );
      observer.observe(element);
    } else draw();
    return () => {
      live = false;
      observer?.disconnect();
    };
  }, [place]);
  return ready;
}

/**
 * `aria-label` names the chart as an image (role="img" on a wrapper): on the chart's own role-less
 * div it was an attribute axe refuses ("aria-prohibited-attr"). Give the figures in words beside it.
 * Until it draws, a skeleton of the chart's size keeps its place.
 */
export function BarChart({ "aria-label": label, ...props }: BarChartProps & { "aria-label"?: string }) {
  const place = useRef<HTMLDivElement>(null);
  const ready = useDrawLater(place);
  const Chart = ready ? loaded : undefined;
  const chart = Chart ? (
    <Chart {...props} />
  ) : (
    <Skeleton h={props.h ?? 300} w={props.w ?? "100%"} radius="md" />
  );
  return label ? (
    <div ref={place} role="img" aria-label={label}>
      {chart}
    </div>
  ) : (
    <div ref={place}>{chart}</div>
  );
}
