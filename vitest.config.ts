import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
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
