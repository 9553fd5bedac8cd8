// npm run bench:web -w @portal/bench: builds the web app and sums, per route, the JavaScript and CSS the
// browser loads on arrival (the entry, the signed-in shell and the route's page with every chunk they
// import statically), raw, gzip and brotli, from the build's manifest; writes the table to
// bench/README.md. `--no-build` measures the current apps/web/dist.
import { execSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { machineLine, prependToReadme } from "./server.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const web = path.join(here, "..", "apps", "web");
const dist = path.join(web, "dist");
const BUDGET_KB = 250;

const SHELL = "src/app/shell/AppLayout.tsx";
const ROUTES = [
  { route: "/login", pages: ["src/features/auth/LoginPage.tsx"] },
  { route: "/signup", pages: ["src/features/auth/SignupPage.tsx"] },
  { route: "/forgotpassword", pages: ["src/features/auth/ForgotPasswordPage.tsx"] },
  { route: "/home", pages: [SHELL, "src/features/home/HomePage.tsx"] },
  { route: "/products/listing", pages: [SHELL, "src/features/products/ListingPage.tsx"] },
  { route: "/products/productInfo/:id", pages: [SHELL, "src/features/products/ProductDetailPage.tsx"] },
  { route: "/checkout", pages: [SHELL, "src/features/cart/CartPage.tsx"] },
  { route: "/notifications", pages: [SHELL, "src/features/notifications/NotificationsPage.tsx"] },
  { route: "/settings", pages: [SHELL, "src/features/users/ChangePasswordPage.tsx"] },
  {
    route: "cart dialog (on top of home)",
    pages: [SHELL, "src/features/home/HomePage.tsx", "src/features/cart/CartModal.tsx"],
  },
];

if (!process.argv.includes("--no-build")) {
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
const rows = ROUTES.map(({ route, pages }) => {
  const files = new Set(closure(entryKey));
  for (const page of pages) closure(page, files);
  const sum = { js: { raw: 0, gz: 0, br: 0 }, css: { raw: 0, gz: 0, br: 0 }, jsFiles: 0 };
  for (const file of files) {
    const kind = file.endsWith(".css") ? "css" : "js";
    const s = sizes(file);
    for (const k of ["raw", "gz", "br"]) sum[kind][k] += s[k];
    if (kind === "js") sum.jsFiles++;
  }
  return { route, ...sum };
});

const table = [
  "| route | JS files | JS raw KB | JS gzip KB | JS brotli KB | CSS gzip KB | under 250 KB as served (brotli) | under 250 KB gzip |",
  "| --- | --- | --- | --- | --- | --- | --- | --- |",
  ...rows.map(
    (r) =>
      `| ${r.route} | ${r.jsFiles} | ${kb(r.js.raw)} | ${kb(r.js.gz)} | ${kb(r.js.br)} | ${kb(r.css.gz)} | ${r.js.br / 1024 < BUDGET_KB ? "yes" : "no"} | ${r.js.gz / 1024 < BUDGET_KB ? "yes" : "no"} |`,
  ),
].join("\n");
console.log(table);

const date = new Date().toISOString().slice(0, 10);
const section = `## ${date} — JavaScript each route loads (web bundle)

${machineLine().replace("; load generator on the same machine.", ".")}
Command: \`npm run bench:web\` (vite build; sizes from the build manifest: the entry, the signed-in shell and the
route's page with every chunk they import statically; the server sends the brotli file when the browser accepts it).
Budget: ${BUDGET_KB} KB of compressed JavaScript for sign-in and home.

${table}
`;
if (!process.argv.includes("--no-write")) {
  prependToReadme(path.join(here, "README.md"), section, readFileSync, writeFileSync);
}
