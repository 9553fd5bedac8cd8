import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  buildBeside,
  carryAssets,
  claimBuild,
  makeCurrent,
  planBuild,
  pruneBuilds,
} from "../scripts/build-stamp.mjs";

// npm start's decision (build or not) and its folders, on real temporary folders.
const roots: string[] = [];
afterEach(() => {
  for (const dir of roots.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function write(root: string, file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

function sourceTree(): string {
  const root = mkdtempSync(path.join(tmpdir(), "portal-start-"));
  roots.push(root);
  write(root, "package-lock.json", '{"lockfileVersion":3}');
  write(root, "apps/web/src/main.tsx", "export const page = 1;");
  write(root, "apps/web/index.html", "<div id=root></div>");
  write(root, "apps/server/src/main.ts", "console.log('server');");
  write(root, "packages/domain/src/index.ts", "export const rate = 18;");
  return root;
}

/** What the web and server builds leave: an index, a hashed asset, the server's entry. */
const fakeBuild = (asset: string) => async (tmp: string) => {
  write(tmp, "index.html", `<script src="/assets/${asset}"></script>`);
  write(tmp, `assets/${asset}`, "chunk");
};

describe("npm start builds only when the sources changed", () => {
  it("builds a new tree once, then serves it unchanged; a change of source or lock file builds again", async () => {
    const root = sourceTree();
    const builds = path.join(root, "apps/web/builds");
    const first = planBuild(root, builds);
    expect(first.built).toBe(false);
    await buildBeside(builds, first.hash, fakeBuild("main-aaa.js"));
    expect(planBuild(root, builds)).toEqual({ ...first, built: true });

    // A new modification time, a test file, node_modules or dist: nothing to build.
    utimesSync(path.join(root, "apps/web/src/main.tsx"), new Date(2030, 0, 1), new Date(2030, 0, 1));
    write(root, "apps/web/src/main.test.tsx", "it('x', () => {});");
    write(root, "apps/web/dist/index.html", "old build");
    write(root, "apps/server/src/node_modules/x/index.js", "");
    expect(planBuild(root, builds)).toEqual({ ...first, built: true });

    write(root, "packages/domain/src/index.ts", "export const rate = 12;");
    const changed = planBuild(root, builds);
    expect(changed.built).toBe(false);
    expect(changed.hash).not.toBe(first.hash);

    write(root, "packages/domain/src/index.ts", "export const rate = 18;");
    expect(planBuild(root, builds).hash).toBe(first.hash);
    write(root, "package-lock.json", '{"lockfileVersion":3,"packages":{}}');
    expect(planBuild(root, builds).built).toBe(false);
  });

  it("never touches the build a running instance serves: builds beside it, swaps current, keeps old assets", async () => {
    const root = sourceTree();
    const builds = path.join(root, "apps/web/builds");
    const first = planBuild(root, builds);
    await buildBeside(builds, first.hash, fakeBuild("main-aaa.js"));
    claimBuild(first.dir);
    makeCurrent(builds, first.hash);
    const servedFirst = readFileSync(path.join(first.dir, "index.html"), "utf8");

    write(root, "apps/web/src/main.tsx", "export const page = 2;");
    const second = planBuild(root, builds);
    let duringBuild: string | null = null;
    await buildBeside(builds, second.hash, async (tmp) => {
      // While the new build is written, the first is whole and still current.
      duringBuild = readFileSync(path.join(builds, "current", "index.html"), "utf8");
      expect(tmp).not.toBe(second.dir);
      await fakeBuild("main-bbb.js")(tmp);
    });
    expect(duringBuild).toBe(servedFirst);
    expect(carryAssets(builds, second.dir)).toBe(1);
    makeCurrent(builds, second.hash);

    expect(readlinkSync(path.join(builds, "current"))).toBe(second.hash);
    expect(readFileSync(path.join(first.dir, "index.html"), "utf8")).toBe(servedFirst);
    // A page loaded from the first build finds its chunk on an instance of the second.
    expect(existsSync(path.join(second.dir, "assets/main-aaa.js"))).toBe(true);
    expect(existsSync(path.join(second.dir, "assets/main-bbb.js"))).toBe(true);
  });

  it("two starts building the same sources at once end with one whole build", async () => {
    const root = sourceTree();
    const builds = path.join(root, "apps/web/builds");
    const { hash, dir } = planBuild(root, builds);
    const [a, b] = await Promise.all([
      buildBeside(builds, hash, fakeBuild("main-aaa.js")),
      buildBeside(builds, hash, fakeBuild("main-aaa.js")),
    ]);
    expect(a).toBe(dir);
    expect(b).toBe(dir);
    expect(existsSync(path.join(dir, "complete.json"))).toBe(true);
    expect(planBuild(root, builds).built).toBe(true);
  });

  it("prunes old builds only when no live process serves them, and leftovers of ended builds", async () => {
    const root = sourceTree();
    const builds = path.join(root, "apps/web/builds");
    const ended = spawnSync(process.execPath, ["-e", ""]).pid;
    const made: { hash: string; dir: string }[] = [];
    for (const page of [1, 2, 3]) {
      write(root, "apps/web/src/main.tsx", `export const page = ${page};`);
      const plan = planBuild(root, builds);
      await buildBeside(builds, plan.hash, fakeBuild(`main-${page}.js`));
      const stamp = path.join(plan.dir, "complete.json");
      utimesSync(stamp, new Date(2026, 0, page), new Date(2026, 0, page));
      made.push(plan);
    }
    claimBuild(made[0]!.dir, process.pid);
    claimBuild(made[1]!.dir, ended);
    mkdirSync(path.join(builds, `${made[2]!.hash}.tmp-${ended}`));
    const removed = pruneBuilds(builds, 1);
    expect(removed.sort()).toEqual([made[1]!.hash, `${made[2]!.hash}.tmp-${ended}`].sort());
    expect(existsSync(made[0]!.dir)).toBe(true);
    expect(existsSync(made[2]!.dir)).toBe(true);
  });
});
