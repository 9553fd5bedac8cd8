// Bundles the server into dist/main.js (our workspace packages inlined, npm packages left external)
// and copies the SQL migrations beside it.
import { cp, readFile, rm } from "node:fs/promises";
import { build } from "esbuild";

const manifest = JSON.parse(await readFile(new URL("./package.json", import.meta.url), "utf8"));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith("@portal/"));

// SERVER_OUT_DIR: npm start builds beside the build a running instance serves (scripts/build-stamp.mjs).
const outDir = process.env.SERVER_OUT_DIR ?? "dist";
await rm(outDir, { recursive: true, force: true });
await build({
  entryPoints: ["src/main.ts"],
  outfile: `${outDir}/main.js`,
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: "warning",
});
await cp("src/db/migrations", `${outDir}/migrations`, { recursive: true });
console.log(`server built: ${outDir === "dist" ? "apps/server/dist" : outDir}/main.js`);
