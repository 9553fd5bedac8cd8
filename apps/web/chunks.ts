/**
 * How the build groups the libraries the pages share (Rollup's `manualChunks`).
 *
 * Left to itself, Rollup makes one chunk per distinct set of pages that import a module: with 50 lazy
 * pages the listing loaded 56 scripts, most under 2 KB (a Mantine component, a hook). On a phone each
 * is a round trip, six at a time, and together they cost more than their bytes (Lighthouse: the
 * listing's largest paint came a second later). So libraries are grouped, each group one script:
 * - `framework`: React, the router, the query cache and zod: every screen needs them;
 * - `ui`: Mantine and the positioning and scroll-lock code under it;
 * - `virtual`: the virtual list under the listing grid, kept off sign-in's budget of 250 KB;
 * - `icons`: every icon the app draws (about 7 KB compressed);
 * - one chunk per heavy library only some screens need: dates, charts, data tables, forms, CSV.
 * A library imported through Mantine's index (`@mantine/core`) stays with Mantine: the index links every
 * component, so splitting Mantine makes chunks that import each other both ways, which start in the
 * wrong order (Rollup warns "Circular chunk"). Our own code is left to Rollup.
 */
const GROUPS: Readonly<Record<string, RegExp>> = {
  icons: /^@tabler\/icons-react$/,
  dates: /^(@mantine\/dates|dayjs)$/,
  charts:
    /^(@mantine\/charts|recharts|recharts-scale|react-smooth|victory-vendor|d3-.*|internmap|decimal\.js-light|lodash|eventemitter3|fast-equals|tiny-invariant)$/,
  tables: /^mantine-datatable$/,
  forms: /^(react-hook-form|@hookform\/resolvers)$/,
  csv: /^papaparse$/,
  framework:
    /^(react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack\/(react-query|query-core)|zod)$/,
  virtual: /^@tanstack\/(react-virtual|virtual-core)$/,
  ui: /^(@mantine\/(core|hooks|notifications|store)|@floating-ui\/.*|react-remove-scroll.*|react-style-singleton|use-sidecar|use-callback-ref|get-nonce|detect-node-es|tslib|tabbable|react-number-format|react-textarea-autosize|react-transition-group|clsx)$/,
};

/** The npm package a module file belongs to (`@scope/name` or `name`), or null for our own code. */
export function packageOf(id: string): string | null {
  const parts = id.split(/[\\/]node_modules[\\/]/);
  if (parts.length < 2) return null;
  const [first, second] = (parts.at(-1) ?? "").split(/[\\/]/);
  return first?.startsWith("@") ? `${first}/${second}` : (first ?? null);
}

export function groupSharedChunks() {
  return (id: string): string | undefined => {
    const pkg = packageOf(id);
    return pkg === null ? undefined : Object.entries(GROUPS).find(([, pattern]) => pattern.test(pkg))?.[0];
  };
}
