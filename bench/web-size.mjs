// npm run bench:web -w @portal/bench: builds the web app and sums, per route, the JavaScript and CSS the
// browser loads on arrival (the entry, the signed-in shell and the route's page with every chunk they
// import statically), raw, gzip and brotli, from the build's manifest; writes the table to
// bench/README.md. Every route the app answers is measured: the list is read from the router's sources
// (bench/app-routes.mjs), so a new page is measured without being listed here.
// `--no-build` measures the current apps/web/dist; `--dist DIR` measures another build (a snapshot);
// `--no-write` prints the table only; `--over` prints only the routes over the budget; `--before DIR` adds
// each route's brotli size in another build (the one before a change) beside this one's; `--json` prints
// the figures as JSON only.
import { execFileSync, execSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { appRoutes } from "./app-routes.mjs";
import { machineLine, prependToReadme } from "./server.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const web = path.join(here, "..", "apps", "web");
const distArg = process.argv.indexOf("--dist");
const dist =
  distArg > 0
    ? path.resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[distArg + 1])
    : path.join(web, "dist");
const BUDGET_KB = 250;

// every route the app answers (read from router.tsx and AdminRoutes.tsx), and the cart dialog over home
const ROUTES = [
  ...appRoutes().map(({ path: route, pages }) => ({ route, pages })),
  {
    route: "cart dialog (on top of home)",
    pages: [
      "src/app/shell/AppLayout.tsx",
      "src/features/home/HomePage.tsx",
      "src/features/cart/CartModal.tsx",
    ],
  },
];

if (!process.argv.includes("--no-build") && distArg < 0) {
  execSync("npm run build -w @portal/web --silent", { cwd: path.join(here, ".."), stdio: "inherit" });
}
const manifest = JSON.parse(readFileSync(path.join(dist, ".vite", "manifest.json"), "utf8"));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);

/**
 * A page's chunk: keyed by its source; or, when Rollup gave the chunk no facade module (a lazy page that
 * lazy code also imports from) or merged the page into a shared chunk (`experimentalMinChunkSize`), the
 * chunk whose source map lists the page's file.
 */
function chunkOf(key) {
  if (manifest[key]) return manifest[key];
  const suffix = `/${key}`;
  return Object.values(manifest).find(
    (c) => c.file.endsWith(".js") && sourcesOf(c.file).some((source) => source.endsWith(suffix)),
  );
}

const sourcesCache = new Map();
function sourcesOf(file) {
  if (!sourcesCache.has(file)) {
    const map = path.join(dist, `${file}.map`);
    sourcesCache.set(file, existsSync(map) ? JSON.parse(readFileSync(map, "utf8")).sources : []);
  }
  return sourcesCache.get(file);
}

/** Every file a manifest key loads up front: its own, its static imports' (recursively), their CSS. */
function closure(key, files = new Set()) {
  const chunk = chunkOf(key);
  if (!chunk) throw new Error(`not in the build manifest: ${key}`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) closure(imported, files);
  return files;
}

const sizeCache = new Map();
function sizes(file) {
  if (!sizeCache.has(file)) {
    const full = path.join(dist, file);
    const raw = readFileSync(full);
    const gz = existsSync(`${full}.gz`)
      ? readFileSync(`${full}.gz`).length
      : gzipSync(raw, { level: 9 }).length;
    const br = existsSync(`${full}.br`)
      ? readFileSync(`${full}.br`).length
      : brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    sizeCache.set(file, { raw: raw.length, gz, br });
  }
  return sizeCache.get(file);
}

const kb = (n) => (n / 1024).toFixed(1);
/** A chunk's name as the build wrote it, without the hash: `assets/charts-Bx1.js` → `charts`. */
const chunkName = (file) =>
  path
    .basename(file)
    .replace(/-[\w-]{8}\.js$/, "")
    .replace(/\.js$/, "");
const rows = ROUTES.map(({ route, pages }) => {
  const files = new Set(closure(entryKey));
  for (const page of pages) closure(page, files);
  const sum = { js: { raw: 0, gz: 0, br: 0 }, css: { raw: 0, gz: 0, br: 0 }, jsFiles: 0 };
  const chunks = [];
  for (const file of files) {
    const kind = file.endsWith(".css") ? "css" : "js";
    const s = sizes(file);
    for (const k of ["raw", "gz", "br"]) sum[kind][k] += s[k];
    if (kind === "js") {
      sum.jsFiles++;
      chunks.push({ name: chunkName(file), br: s.br });
    }
  }
  // the largest initial chunks, to see what to split
  const largest = chunks
    .sort((x, y) => y.br - x.br)
    .slice(0, 4)
    .map((c) => `${c.name} ${kb(c.br)}`)
    .join(", ");
  return { route, ...sum, largest };
});

if (process.argv.includes("--json")) {
  console.log(JSON.stringify(rows.map((r) => ({ route: r.route, br: r.js.br, gz: r.js.gz }))));
  process.exit(0);
}
// the same routes in the build before a change
const beforeArg = process.argv.indexOf("--before");
const before =
  beforeArg > 0
    ? new Map(
        JSON.parse(
          execFileSync(
            process.execPath,
            [fileURLToPath(import.meta.url), "--dist", process.argv[beforeArg + 1], "--json"],
            {
              encoding: "utf8",
            },
          ),
        ).map((r) => [r.route, r]),
      )
    : null;

// the budget is on what the server sends: the brotli file (gzip only to a browser without brotli)
const over = rows.filter((r) => r.js.br / 1024 > BUDGET_KB);
const shown = process.argv.includes("--over") ? over : rows;
const table = [
  `| route | JS files | JS raw KB | JS gzip KB | JS brotli KB${before ? " | before: brotli KB" : ""} | CSS gzip KB | ≤ 250 KB as served (brotli) | largest initial chunks (brotli KB) |`,
  `| --- | --- | --- | --- | ---${before ? " | ---" : ""} | --- | --- | --- |`,
  ...shown.map((r) => {
    const was = before?.get(r.route);
    const beforeCell = before ? ` | ${was ? kb(was.br) : "—"}` : "";
    return `| ${r.route} | ${r.jsFiles} | ${kb(r.js.raw)} | ${kb(r.js.gz)} | ${kb(r.js.br)}${beforeCell} | ${kb(r.css.gz)} | ${r.js.br / 1024 <= BUDGET_KB ? "yes" : "**no**"} | ${r.largest} |`;
  }),
].join("\n");
console.log(table);
const largestBr = Math.max(...rows.map((r) => r.js.br));
const summary = `${rows.length} routes; the largest initial JavaScript: ${kb(largestBr)} KB brotli; ${over.length === 0 ? "every route within" : `${over.length} of ${rows.length} over`} the budget.`;
console.log(summary);

const date = new Date().toISOString().slice(0, 10);
const section = `## ${date} — JavaScript each route loads (web bundle)

${machineLine().replace("; load generator on the same machine.", ".")}
Command: \`npm run bench:web\` (vite build; every route read from router.tsx and AdminRoutes.tsx by
bench/app-routes.mjs; sizes from the build manifest: the entry, the signed-in shell and the route's page (for
/admin/*, the console's wiring and layout too) with every chunk they import statically; the server sends the
brotli file when the browser accepts it). Budget: ${BUDGET_KB} KB of compressed JavaScript on every route.
${summary}

${table}
`;
if (!process.argv.includes("--no-write")) {
  prependToReadme(path.join(here, "README.md"), section, readFileSync, writeFileSync);
}
