import "@mantine/charts/styles.css";
import type { BarChartProps, BarChart as BarChartType } from "@mantine/charts";
import { Skeleton } from "@mantine/core";
import { lazy, Suspense } from "react";

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
  return { default: BarChart };
});
const LazyChart = lazy(() => chart);

/**
 * `aria-label` names the chart as an image (role="img" on a wrapper): on the chart's own role-less
 * div it was an attribute axe refuses ("aria-prohibited-attr"). Give the figures in words beside it.
 */
export function BarChart({ "aria-label": label, ...props }: BarChartProps & { "aria-label"?: string }) {
  const Chart = loaded;
  const chart = Chart ? (
    <Chart {...props} />
  ) : (
    <Suspense fallback={<Skeleton h={props.h ?? 300} w={props.w ?? "100%"} radius="md" />}>
      <LazyChart {...props} />
    </Suspense>
  );
  return label ? (
    <div role="img" aria-label={label}>
      {chart}
    </div>
  ) : (
    chart
  );
}
