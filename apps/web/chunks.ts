import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * How the build groups the libraries the pages share (Rollup's `manualChunks`).
 *
 * Left to itself, Rollup makes one chunk per distinct set of pages that import a module: with 50 lazy
 * pages the listing loaded 56 scripts, most under 2 KB (a Mantine component, a hook). On a phone each
 * is a round trip, six at a time, and together they cost more than their bytes (Lighthouse: the
 * listing's largest paint came a second later). So libraries are grouped, each group one script:
 * - `framework`: React, the router, the query cache and zod: every screen needs them;
 * - `ui`: the Mantine components (and the positioning and scroll-lock code under them) that the entry,
 *   the signed-in shell, the catalogue's first screens and the account lists draw (`firstScreenUi`);
 * - `ui-more`: the Mantine that the grouped libraries (dates, tables, charts) use beyond `ui`: left to
 *   Rollup, such a component went into the first library's chunk and tied that library to every page
 *   drawing the component; any other Mantine component goes with the screens that draw it;
 * - `virtual`: the virtual list under the listing grid, kept off sign-in's budget of 250 KB;
 * - `icons`: the icons the first screens draw (the others go with the screens that draw them);
 * - one chunk per heavy library only some screens need: dates, charts, data tables, forms, CSV.
 * Mantine's and the icons' indexes link every component, so every `import … from "@mantine/core"` is
 * first rewritten to the components' own files (`mantineDirectImports`): the module graph then says
 * which components a screen really uses, and `ui` holds exactly what the first screens reach: it imports
 * nothing outside itself (everything a module in it imports is reached too), so no chunks import each
 * other. Our own code is left to Rollup.
 */
const GROUPS: Readonly<Record<string, RegExp>> = {
  dates: /^(@mantine\/dates|dayjs)$/,
  charts:
    /^(@mantine\/charts|recharts|recharts-scale|react-smooth|victory-vendor|d3-.*|internmap|decimal\.js-light|lodash|eventemitter3|fast-equals|tiny-invariant)$/,
  tables: /^mantine-datatable$/,
  forms: /^(react-hook-form|@hookform\/resolvers)$/,
  csv: /^papaparse$/,
  framework:
    /^(react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack\/(react-query|query-core)|zod)$/,
  virtual: /^@tanstack\/(react-virtual|virtual-core)$/,
};

/** The icons: those the first screens draw in `icons`, the rest with the screens that draw them. */
const ICONS = /^@tabler\/icons-react$/;

/** Mantine and what it is built on: in `ui` when a first screen reaches it, else in `ui-more`. */
const UI =
  /^(@mantine\/(core|hooks|notifications|store)|@floating-ui\/.*|react-remove-scroll.*|react-style-singleton|use-sidecar|use-callback-ref|get-nonce|detect-node-es|tslib|tabbable|react-number-format|react-textarea-autosize|react-transition-group|clsx|prop-types|@babel\/runtime|dom-helpers)$/;

/** The npm package a module file belongs to (`@scope/name` or `name`), or null for our own code. */
export function packageOf(id: string): string | null {
  const parts = id.split(/[\\/]node_modules[\\/]/);
  if (parts.length < 2) return null;
  const [first, second] = (parts.at(-1) ?? "").split(/[\\/]/);
  return first?.startsWith("@") ? `${first}/${second}` : (first ?? null);
}

interface ChunkMeta {
  getModuleIds: () => IterableIterator<string>;
  getModuleInfo: (id: string) => { importedIds: readonly string[] } | null;
}

/**
 * `manualChunks`: the groups above, and `ui` for the Mantine modules statically reachable from the
 * first screens (`roots`: source files such as `src/main.tsx`, `src/app/shell/AppLayout.tsx`).
 */
export function groupSharedChunks(roots: readonly string[] = []) {
  let firstScreenUi: Set<string> | undefined;
  let libraryUi: Set<string> | undefined;
  const reach = (meta: ChunkMeta, start: (id: string) => boolean) => {
    const seen = new Set<string>();
    const stack = [...meta.getModuleIds()].filter(start);
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(meta.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
  const groupOf = (pkg: string) => Object.entries(GROUPS).find(([, pattern]) => pattern.test(pkg))?.[0];
  return (id: string, meta?: ChunkMeta): string | undefined => {
    const pkg = packageOf(id);
    if (pkg === null) return undefined;
    const icon = ICONS.test(pkg);
    if (!UI.test(pkg) && !icon) return groupOf(pkg);
    if (!meta) return icon ? "icons" : "ui";
    firstScreenUi ??= reach(meta, (module) => roots.some((root) => module.endsWith(root)));
    if (firstScreenUi.has(id)) return icon ? "icons" : "ui";
    // an icon only other screens draw goes with them (each icon is a few hundred bytes)
    if (icon) return undefined;
    // what the grouped libraries (dates, tables, charts) use: Rollup would put it in the first such
    // chunk, and tie that library to every page drawing the component
    libraryUi ??= reach(meta, (module) => {
      const owner = packageOf(module);
      return owner !== null && !UI.test(owner) && groupOf(owner) !== undefined;
    });
    if (libraryUi.has(id)) return "ui-more";
    // the rest goes with the pages that draw it (Rollup: one chunk per set of pages)
    return undefined;
  };
}

/** Barrel modules rewritten to their members' files: the package and its ES index within it. */
const BARRELS: Readonly<Record<string, string>> = {
  "@mantine/core": "esm/index.mjs",
  "@mantine/hooks": "esm/index.mjs",
  "@tabler/icons-react": "dist/esm/tabler-icons-react.mjs",
};

/** Each runtime export of a barrel: the file (absolute) or package it comes from, by name. */
function barrelExports(pkg: string): Map<string, { from: string; name: string }> {
  const entry = createRequire(import.meta.url).resolve(pkg);
  const marker = `${path.sep}node_modules${path.sep}${pkg.replace("/", path.sep)}${path.sep}`;
  const index = path.join(entry.slice(0, entry.lastIndexOf(marker) + marker.length), BARRELS[pkg] ?? "");
  const map = new Map<string, { from: string; name: string }>();
  for (const [, names, from] of readFileSync(index, "utf8").matchAll(
    /export\s*\{([^}]*)\}\s*from\s*'([^']+)'/g,
  )) {
    const target = from?.startsWith(".") ? path.join(path.dirname(index), from) : (from as string);
    for (const spec of (names ?? "").split(",")) {
      const [name, alias] = spec.trim().split(/\s+as\s+/);
      if (name) map.set(alias ?? name, { from: target, name });
    }
  }
  return map;
}

/**
 * Rewrites `import { A, B as C } from "@mantine/core"` (in our code and in the libraries built on
 * Mantine; the same for `@mantine/hooks` and the icons) to imports from the files that define A and B. Rollup then sees which components each
 * module uses (the barrel imports all 300), which `groupSharedChunks` needs; the output is the same
 * code. Build only.
 */
export function mantineDirectImports(): Plugin {
  const barrels = new Map(Object.keys(BARRELS).map((pkg) => [pkg, barrelExports(pkg)]));
  const pattern =
    /import\s*(type\s+)?\{([^}]*)\}\s*from\s*(["'])(@mantine\/(?:core|hooks)|@tabler\/icons-react)\3;?/g;
  return {
    name: "portal-mantine-direct-imports",
    apply: "build",
    enforce: "pre",
    transform(code, id) {
      if (!/(@mantine\/(core|hooks)|@tabler\/icons-react)["']/.test(code)) return null;
      if (/[\\/](@mantine[\\/](core|hooks)|@tabler[\\/]icons-react)[\\/]/.test(id)) return null;
      const typed = /\.tsx?$/.test(id);
      let changed = false;
      const out = code.replace(
        pattern,
        (whole, typeOnly: string | undefined, list: string, _q, pkg: string) => {
          if (typeOnly) return whole;
          const exports = barrels.get(pkg);
          if (!exports) return whole;
          const kept: string[] = [];
          const types: string[] = [];
          const direct: string[] = [];
          for (const raw of list.split(",")) {
            const spec = raw.trim();
            if (!spec) continue;
            if (spec.startsWith("type ")) {
              types.push(spec.slice(5).trim());
              continue;
            }
            const [name, alias] = spec.split(/\s+as\s+/) as [string, string | undefined];
            const hit = exports.get(name);
            if (!hit) {
              // a type imported without `type` (TypeScript erases it) or a name the barrel does not list
              (typed ? types : kept).push(spec);
              continue;
            }
            direct.push(`import { ${hit.name} as ${alias ?? name} } from ${JSON.stringify(hit.from)};`);
          }
          changed = true;
          if (kept.length > 0) direct.push(`import { ${kept.join(", ")} } from "${pkg}";`);
          if (types.length > 0) direct.push(`import type { ${types.join(", ")} } from "${pkg}";`);
          // as many lines as before, so the source map of the rest of the file still holds
          return direct.join("") + "\n".repeat(whole.split("\n").length - 1);
        },
      );
      return changed ? { code: out, map: null } : null;
    },
  };
}
