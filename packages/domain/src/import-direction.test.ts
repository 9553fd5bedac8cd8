import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Holds the design's import direction: domain imports nothing, contracts only domain (and zod),
// web never the server; and the boundaries: features apart, modules through their public.ts.
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

const TEST_SUPPORT = /(\.test\.tsx?|test-kit\.ts|test-facts\.ts)$/;

/**
 * The boundary rules over a set of files (path relative to the root -> its import specifiers):
 * a web feature never imports another feature (shared pieces go down into components/ or lib/), and
 * a server module reaches another module only through that module's public.ts (test support may use
 * another module's test kit). Returns "file -> import" for each breach.
 */
export function boundaryBreaches(files: ReadonlyMap<string, readonly string[]>): string[] {
  const breaches: string[] = [];
  for (const [file, specifiers] of files) {
    const web = /^apps\/web\/src\/features\/([^/]+)\//.exec(file);
    const server = /^apps\/server\/src\/modules\/([^/]+)\//.exec(file);
    for (const specifier of specifiers) {
      if (!specifier.startsWith(".")) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      if (web) {
        const other = /^apps\/web\/src\/features\/([^/]+)/.exec(target)?.[1];
        if (other && other !== web[1]) breaches.push(`${file} -> ${specifier}`);
      }
      if (server) {
        const into = /^apps\/server\/src\/modules\/([^/]+)\/(.+)$/.exec(target);
        if (!into || into[1] === server[1]) continue;
        const publicEntry = into[2] === "public" || into[2] === "public.ts";
        const testKit = TEST_SUPPORT.test(file) && /(test-kit|test-facts)(\.ts)?$/.test(into[2] ?? "");
        if (!publicEntry && !testKit) breaches.push(`${file} -> ${specifier}`);
      }
    }
  }
  return breaches;
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

describe("boundaries between features and between modules", () => {
  const tree = (dir: string) =>
    new Map(
      sources(path.join(root, dir)).map((f) => [
        path.relative(root, f).split(path.sep).join("/"),
        importsOf(f),
      ]),
    );

  it("keeps every web feature out of the others", () => {
    expect(boundaryBreaches(tree("apps/web/src/features"))).toEqual([]);
  });

  it("lets a server module reach another only through its public.ts", () => {
    expect(boundaryBreaches(tree("apps/server/src/modules"))).toEqual([]);
  });

  it("fails when a feature imports another or a module imports another's repo", () => {
    expect(
      boundaryBreaches(
        new Map([
          ["apps/web/src/features/cart/CartView.tsx", ["../products/ProductCard", "../../lib/cart", "./api"]],
          [
            "apps/server/src/modules/cart/service.ts",
            ["../catalogue/products-repo", "../catalogue/public", "./repo"],
          ],
          ["apps/server/src/modules/cart/cart.test.ts", ["../products/test-facts"]],
          ["apps/server/src/modules/orders/service.ts", ["../products/test-facts"]],
        ]),
      ),
    ).toEqual([
      "apps/web/src/features/cart/CartView.tsx -> ../products/ProductCard",
      "apps/server/src/modules/cart/service.ts -> ../catalogue/products-repo",
      "apps/server/src/modules/orders/service.ts -> ../products/test-facts",
    ]);
  });
});
