import { createRequire } from "node:module";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { groupSharedChunks, mantineDirectImports } from "./chunks";
import { precompress } from "./precompress";
import { pureContractSchemas } from "./pure-schemas";

/**
 * Our workspace packages (contracts, domain) have no side effects the web app needs: a module nothing
 * imports from is left out of the bundle (the barrel `@portal/contracts` would otherwise put every
 * schema, the Admin Console's included, into the entry chunk). Only the web build: the server keeps
 * every schema's `.meta({ id })` registration for its OpenAPI document.
 */
function workspacePackagesArePure(): Plugin {
  return {
    name: "portal-pure-workspace-packages",
    transform(_code, id) {
      if (/[\\/]packages[\\/](contracts|domain)[\\/]src[\\/]/.test(id)) return { moduleSideEffects: false };
      return null;
    },
  };
}

/**
 * The screens whose Mantine components make the shared `ui` chunk: the entry, the signed-in shell and
 * the catalogue's first screens; other pages bring the components only they draw.
 */
const FIRST_SCREENS = (
  process.env.PORTAL_UI_ROOTS ??
  [
    "src/main.tsx",
    "src/app/shell/AppLayout.tsx",
    "src/features/auth/LoginPage.tsx",
    "src/features/home/HomePage.tsx",
    "src/features/products/ListingPage.tsx",
    "src/features/products/ProductDetailPage.tsx",
    "src/components/lists.tsx",
    "src/components/ResponsiveTable.tsx",
  ].join(",")
).split(",");
const sharedChunks = groupSharedChunks(FIRST_SCREENS);

/** The chunk a module goes in: zod's setting with zod (src/app/jitless.ts), before any schema is built; then the groups. */
function chunkOf(id: string, meta: Parameters<typeof sharedChunks>[1]): string | undefined {
  if (/[\\/]src[\\/]app[\\/]jitless\.ts$/.test(id)) return "framework";
  // the calendar's and the charts' styles go with the pages that import them: in the `dates` and
  // `charts` chunks they made that JavaScript a static import of every page with a date field or a
  // chart (the calendar and the charts load lazily: DateFields.tsx, LazyBarChart.tsx); the same for
  // the data table's styles (the table loads lazily: AdminTable.tsx)
  if (/[\\/](@mantine[\\/](dates|charts)|mantine-datatable)[\\/].*\.css$/.test(id)) return undefined;
  return sharedChunks(id, meta);
}

/** The API server the dev server proxies to (same origin in production). */
const API_TARGET = "http://localhost:3000";

/**
 * react-router's package exports name only its development build (remix-run/react-router#12532,
 * #14102): it keeps its dev-only checks and warnings. The production build ships beside it; a build
 * uses that one.
 */
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
  "dist/production",
);
const reactRouterProduction = [
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, "dom-export.mjs") },
  { find: /^react-router$/, replacement: path.join(reactRouterDist, "index.mjs") },
];

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    mantineDirectImports(),
    workspacePackagesArePure(),
    pureContractSchemas(),
    precompress(),
  ],
  resolve: command === "build" ? { alias: reactRouterProduction } : {},
  server: {
    port: 5173,
    proxy: { "/api": { target: API_TARGET, changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { "/api": { target: API_TARGET, changeOrigin: false } },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    // bench/web-size.mjs reads which chunks each route loads
    manifest: true,
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      // fewer, larger chunks for what the shell and the session screens share (see chunks.ts)
      output: { manualChunks: chunkOf },
      onwarn(warning, warn) {
        // zod's sources carry comments Rollup cannot place; harmless noise
        if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("zod")) return;
        warn(warning);
      },
    },
  },
}));
