import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Vitest's default leaves a core to its own process (one test file at a time on two cores), but
    // that process mostly waits: a test file's time is its own fork's (PGlite runs in it, in WASM).
    // Two files at a time on two cores ran the server's tests in 19.6 minutes instead of 24.3.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      // Checks over the whole tree: import boundaries, table ownership.
      { test: { name: "repo", root: ".", include: ["test/**/*.test.ts"] } },
      { test: { name: "domain", root: "packages/domain", include: ["src/**/*.test.ts"] } },
      {
        test: {
          name: "server",
          root: "apps/server",
          include: ["src/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: "forks",
        },
      },
      {
        test: {
          name: "web",
          root: "apps/web",
          include: ["src/**/*.test.{ts,tsx}"],
          // whole-app renders load every page chunk first; slow on a busy two-core machine
          testTimeout: 15_000,
        },
      },
    ],
  },
});
