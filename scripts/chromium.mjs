// Finds Debian's Chromium for the browser tests; installs the `chromium` package when it is missing
// and apt-get can run as root. Never downloads a browser build.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export function ensureChromium() {
  const wanted = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  if (existsSync(wanted)) return wanted;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = existsSync("/usr/bin/apt-get");
  if (!process.env.CHROMIUM_PATH && isRoot && hasApt) {
    console.log("Chromium is missing: installing Debian's chromium package (apt-get)...");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    const result = spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env });
    if (result.status === 0 && existsSync(wanted)) return wanted;
  }
  console.error(
    `Chromium was not found at ${wanted}. Install Debian's package as root ("apt-get update && apt-get install -y chromium") or set CHROMIUM_PATH to a Chromium binary.`,
  );
  return null;
}
