// npm run dev: the API server restarting on change (port 3000) and Vite's dev server with an /api proxy.
import { spawn } from "node:child_process";
import { root } from "./ensure-install.mjs";
import { npmBin } from "./run.mjs";

const children = [
  spawn(npmBin, ["run", "dev", "-w", "@portal/server"], { cwd: root, stdio: "inherit" }),
  spawn(npmBin, ["run", "dev", "-w", "@portal/web"], { cwd: root, stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children)
  child.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
