// Installs dependencies when node_modules is missing or package-lock.json changed since the last
// install. Node built-ins only: this runs before anything is installed.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const lockFile = path.join(root, "package-lock.json");
const stampFile = path.join(root, "node_modules", ".install-stamp");

function lockHash() {
  return existsSync(lockFile) ? createHash("sha256").update(readFileSync(lockFile)).digest("hex") : "no-lock";
}

export function ensureInstall() {
  const wanted = lockHash();
  const have = existsSync(stampFile) ? readFileSync(stampFile, "utf8").trim() : null;
  if (existsSync(path.join(root, "node_modules")) && have === wanted) return;
  // `npm install` rather than `npm ci`: it installs the locked versions too, and it tolerates a lock
  // file written on another platform (npm leaves other platforms' optional packages out of it).
  const args = ["install", "--no-audit", "--no-fund"];
  console.log("Installing dependencies (npm install)...");
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(npm, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error("Installing dependencies failed; see the npm output above.");
    process.exit(result.status ?? 1);
  }
  writeFileSync(stampFile, `${lockHash()}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) ensureInstall();
