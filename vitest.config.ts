import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

/** The server's test files that mock a module (see the server-isolated project), found by reading them. */
const serverSrc = fileURLToPath(new URL("apps/server/src/", import.meta.url));
const MOCKING_FILES = readdirSync(serverSrc, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".test.ts"))
  .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(`${serverSrc}${file}`, "utf8")))
  .map((file) => `src/${file.replaceAll("\\", "/")}`);
const server = {
  root: "apps/server",
  include: ["src/**/*.test.ts"],
  setupFiles: ["src/test/each-file.ts"],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: "forks" as const,
};

export default defineConfig({
  test: {
    // Vitest's default leaves a core to its own process (one test file at a time on two cores), but
    // that process mostly waits: a test file's time is its own fork's (PGlite runs in it, in WASM).
    // Two files at a time on two cores ran the server's tests in 19.6 minutes instead of 24.3.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The server's test files share their worker processes (forks), one file after another; every
    // other project runs each file in a fresh worker thread (the web's files fake timers and the DOM).
    poolOptions: { forks: { isolate: false }, threads: { isolate: true } },
    projects: [
      // Checks over the whole tree: import boundaries, table ownership.
      { test: { name: "repo", root: ".", include: ["test/**/*.test.ts"], pool: "threads" } },
      { test: { name: "domain", root: "packages/domain", include: ["src/**/*.test.ts"], pool: "threads" } },
      {
        test: {
          name: "server",
          ...server,
          exclude: [...configDefaults.exclude, ...MOCKING_FILES],
          // A worker runs its files one after another in one module graph: each file loaded every
          // module anew and made its app, ~10 s a file of 106 (19.6 → 5.7 minutes). Each file still has
          // its own database and app; `test/each-file.ts` puts the clock back.
          isolate: false,
        },
      },
      // Files that replace a module (vi.mock): only a module graph of their own takes the stand-in.
      { test: { name: "server-isolated", ...server, include: MOCKING_FILES, isolate: true } },
      {
        test: {
          name: "web",
          root: "apps/web",
          pool: "threads",
          include: ["src/**/*.test.{ts,tsx}"],
          // whole-app renders load every page chunk first; slow on a busy two-core machine
          testTimeout: 15_000,
        },
      },
    ],
  },
});
