// Small helpers shared by start, dev and test: run a command, stream or capture its output.
import { spawn } from "node:child_process";
import { root } from "./ensure-install.mjs";

export const npmBin = process.platform === "win32" ? "npm.cmd" : "npm";
export const npxBin = process.platform === "win32" ? "npx.cmd" : "npx";

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", ...options });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on("error", (err) => {
      console.error(`${command}: ${err.message}`);
      resolve(1);
    });
  });
}

export async function mustRun(label, command, args, options) {
  const code = await run(command, args, options);
  if (code !== 0) {
    console.error(`${label} failed (exit ${code}).`);
    process.exit(code);
  }
}
