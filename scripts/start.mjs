// npm start: install what is missing, build web and server, then serve (the server migrates and,
// on an empty database, seeds the demo world).
import { spawn } from "node:child_process";
import path from "node:path";
import { ensureInstall, root } from "./ensure-install.mjs";
import { mustRun, npmBin } from "./run.mjs";

ensureInstall();
console.log("Building the web app and the server...");
await mustRun("Web build", npmBin, ["run", "build", "-w", "@portal/web", "--silent"]);
await mustRun("Server build", npmBin, ["run", "build", "-w", "@portal/server", "--silent"]);

const server = spawn(
  process.execPath,
  // One process on PGlite; on PostgreSQL one worker per core unless WEB_CONCURRENCY says otherwise.
  ["--enable-source-maps", path.join(root, "scripts/serve.mjs")],
  {
    cwd: root,
    stdio: "inherit",
  },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
