// Which build `npm start` serves: the sources (web, server, domain, contracts, the lock file) are
// hashed, and each build lives in `builds/<hash>/` beside its workspace's dist (`apps/web/builds`,
// `apps/server/builds`: the server's bundle resolves its packages from apps/server), with complete.json
// once whole. A start whose hash has a complete build serves it as it is; otherwise it builds into
// `builds/<hash>.tmp-<pid>-<random>/` and renames that into place. A running instance is pinned to its
// own build's folder, which no later start empties or deletes (old builds go only when no live
// instance uses them), so a second instance never breaks the first one's pages. `builds/current` (a
// symlink swapped with one rename) names the newest build. Node built-ins only.
import { createHash, randomBytes } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";

/** What a build is made from, relative to the repository root (test files left out: nothing bundles them). */
export const BUILD_INPUTS = [
  "package-lock.json",
  "packages/domain/src",
  "packages/domain/package.json",
  "packages/contracts/src",
  "packages/contracts/package.json",
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "apps/web/chunks.ts",
  "apps/web/precompress.ts",
  "apps/web/postcss.config.cjs",
  "apps/web/tsconfig.json",
  "apps/web/package.json",
  "apps/server/src",
  "apps/server/build.mjs",
  "apps/server/package.json",
];

const IGNORED = /(^|[\\/])(node_modules|dist)([\\/]|$)|\.test\.[cm]?[jt]sx?$/;

function filesUnder(root, relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return IGNORED.test(relative) ? [] : [relative];
  return readdirSync(full)
    .sort()
    .flatMap((name) => filesUnder(root, path.posix.join(relative, name)));
}

/** The hash of every build input's path and content (a missing input counts as absent). */
export function sourceHash(root, inputs = BUILD_INPUTS) {
  const hash = createHash("sha256");
  for (const file of inputs.flatMap((input) => filesUnder(root, input))) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

/** Whether the build of these sources is there whole: `{ hash, dir, built }`. */
export function planBuild(root, buildsDir, inputs = BUILD_INPUTS) {
  const hash = sourceHash(root, inputs);
  const dir = path.join(buildsDir, hash);
  return { hash, dir, built: existsSync(path.join(dir, "complete.json")) };
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
};

/**
 * Builds into a temporary folder beside the others (`make(tmpDir)` writes the build there),
 * marks it complete and renames it into place. When another start finished the same build first,
 * its folder is kept and ours dropped.
 */
export async function buildBeside(buildsDir, hash, make) {
  mkdirSync(buildsDir, { recursive: true });
  const dir = path.join(buildsDir, hash);
  const tmp = path.join(buildsDir, `${hash}.tmp-${process.pid}-${randomBytes(3).toString("hex")}`);
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  try {
    await make(tmp);
    writeFileSync(
      path.join(tmp, "complete.json"),
      `${JSON.stringify({ hash, builtAt: new Date().toISOString() })}\n`,
    );
    // Only whole builds are ever renamed into place: a folder already there is the same build, finished first.
    try {
      renameSync(tmp, dir);
    } catch (error) {
      if (error.code !== "ENOTEMPTY" && error.code !== "EEXIST") throw error;
      rmSync(tmp, { recursive: true, force: true });
    }
  } catch (error) {
    rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
  return dir;
}

/**
 * Copies the web assets of the build `current` pointed at (hashed names, so nothing collides) into
 * the new web build, when younger than `maxAgeDays`: a page loaded from the earlier build still finds
 * the chunks it loads lazily after an instance on the new build answers for it.
 */
export function carryAssets(buildsDir, newDir, maxAgeDays = 7) {
  const previous = path.join(buildsDir, "current", "assets");
  const target = path.join(newDir, "assets");
  if (!existsSync(previous) || !existsSync(target)) return 0;
  const oldest = Date.now() - maxAgeDays * 86_400_000;
  let carried = 0;
  for (const name of readdirSync(previous)) {
    const from = path.join(previous, name);
    const to = path.join(target, name);
    if (existsSync(to) || statSync(from).mtimeMs < oldest) continue;
    cpSync(from, to, { preserveTimestamps: true });
    carried++;
  }
  return carried;
}

/** Points `builds/current` at the build (a new symlink renamed over the old one: never missing). */
export function makeCurrent(buildsDir, hash) {
  const link = path.join(buildsDir, "current");
  const tmp = path.join(buildsDir, `current.tmp-${process.pid}`);
  rmSync(tmp, { force: true });
  symlinkSync(hash, tmp);
  renameSync(tmp, link);
}

/** Notes that this process serves the build (removed builds are only those no live process notes). */
export function claimBuild(dir, pid = process.pid) {
  mkdirSync(path.join(dir, "instances"), { recursive: true });
  writeFileSync(path.join(dir, "instances", String(pid)), "");
}

/**
 * Removes builds beyond the newest `keep` (by completion time) that no live process serves, and
 * temporary folders of builds whose process has ended. Answers the names removed.
 */
export function pruneBuilds(buildsDir, keep = 3, isAlive = alive) {
  if (!existsSync(buildsDir)) return [];
  const removed = [];
  const names = readdirSync(buildsDir);
  for (const name of names) {
    const tmp = /\.tmp-(\d+)(-[0-9a-f]+)?$/.exec(name);
    if (tmp && !isAlive(Number(tmp[1]))) {
      rmSync(path.join(buildsDir, name), { recursive: true, force: true });
      removed.push(name);
    }
  }
  const builds = names
    .filter((name) => /^[0-9a-f]{16}$/.test(name) && existsSync(path.join(buildsDir, name, "complete.json")))
    .map((name) => ({ name, at: statSync(path.join(buildsDir, name, "complete.json")).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const { name } of builds.slice(keep)) {
    const instances = path.join(buildsDir, name, "instances");
    const live = existsSync(instances) && readdirSync(instances).some((pid) => isAlive(Number(pid)));
    if (live) continue;
    rmSync(path.join(buildsDir, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
