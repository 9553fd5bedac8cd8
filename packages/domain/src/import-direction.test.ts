import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Holds the design's import direction: domain imports nothing, contracts only domain (and zod),
// web never the server.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "node_modules" || name === "dist" ? [] : sources(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+"([^"]+)"/gm)].map((m) => m[1] ?? "");
}

describe("import direction", () => {
  it("keeps packages/domain free of any package import", () => {
    for (const file of sources(path.join(root, "packages/domain/src"))) {
      const isTest = file.endsWith(".test.ts");
      const foreign = importsOf(file).filter(
        (s) =>
          !s.startsWith(".") && !(isTest && (s === "vitest" || s === "fast-check" || s.startsWith("node:"))),
      );
      expect(foreign, file).toEqual([]);
    }
  });

  it("lets packages/contracts import only domain and zod", () => {
    for (const file of sources(path.join(root, "packages/contracts/src"))) {
      const foreign = importsOf(file).filter(
        (s) => !s.startsWith(".") && s !== "zod" && s !== "@portal/domain",
      );
      expect(foreign, file).toEqual([]);
    }
  });

  it("never lets the web app import the server", () => {
    for (const file of sources(path.join(root, "apps/web/src"))) {
      const server = importsOf(file).filter((s) => s.includes("@portal/server") || s.includes("apps/server"));
      expect(server, file).toEqual([]);
    }
  });
});
