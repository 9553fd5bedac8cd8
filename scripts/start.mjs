// npm start: install what is missing, build web and server only when their sources changed since
// the last build (beside the builds running instances serve, never emptying them), then serve (the
// server migrates and, on an empty database, seeds the demo world).
import { spawn } from "node:child_process";
import path from "node:path";
import { buildBeside, carryAssets, claimBuild, makeCurrent, planBuild, pruneBuilds } from "./build-stamp.mjs";
import { ensureInstall, root } from "./ensure-install.mjs";
import { mustRun, npmBin } from "./run.mjs";

ensureInstall();
const webBuilds = path.join(root, "apps/web/builds");
const serverBuilds = path.join(root, "apps/server/builds");
const web = planBuild(root, webBuilds);
const server = planBuild(root, serverBuilds);
if (web.built && server.built) {
  console.log(`Sources unchanged since build ${web.hash}: serving it.`);
} else {
  console.log(`Building the web app and the server (sources ${web.hash})...`);
}
if (!web.built) {
  await buildBeside(webBuilds, web.hash, (tmp) =>
    mustRun("Web build", npmBin, [
      "run",
      "build",
      "-w",
      "@portal/web",
      "--silent",
      "--",
      "--outDir",
      tmp,
      "--emptyOutDir",
    ]),
  );
  const carried = carryAssets(webBuilds, web.dir);
  if (carried > 0) console.log(`Kept ${carried} assets of the previous build for pages still open.`);
}
if (!server.built) {
  await buildBeside(serverBuilds, server.hash, (tmp) =>
    mustRun("Server build", npmBin, ["run", "build", "-w", "@portal/server", "--silent"], {
      env: { ...process.env, SERVER_OUT_DIR: tmp },
    }),
  );
}
for (const [dir, builds, plan] of [
  [web.dir, webBuilds, web],
  [server.dir, serverBuilds, server],
]) {
  claimBuild(dir);
  makeCurrent(builds, plan.hash);
  const removed = pruneBuilds(builds);
  if (removed.length > 0)
    console.log(`Removed ${removed.length} old builds in ${path.relative(root, builds)}.`);
}

const child = spawn(
  process.execPath,
  // One process on PGlite; on PostgreSQL one worker per core unless WEB_CONCURRENCY says otherwise.
  ["--enable-source-maps", path.join(root, "scripts/serve.mjs")],
  {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      // This instance serves its own build's files, whatever a later start builds.
      WEB_DIST: process.env.WEB_DIST ?? web.dir,
      PORTAL_SERVER_MAIN: path.join(server.dir, "main.js"),
    },
  },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
