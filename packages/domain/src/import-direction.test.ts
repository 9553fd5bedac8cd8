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
 * a web feature never imports another feature (shared pieces go down into components/ or lib/); a
 * server module reaches another module only through that module's public.ts (test support may use
 * another module's test kit); and so does every server file outside modules/ (seed/, plugins/, lib/,
 * cli/, db/...), except that the app wiring (app.ts, back-office.ts) also registers each module's
 * routes and builds its services (routes.ts, *-routes.ts, service.ts, *-service.ts). Cross-module
 * tests in apps/server/src/test/ are not held to it. Returns "file -> import" for each breach.
 */
export function boundaryBreaches(files: ReadonlyMap<string, readonly string[]>): string[] {
  const breaches: string[] = [];
  for (const [file, specifiers] of files) {
    const web = /^apps\/web\/src\/features\/([^/]+)\//.exec(file);
    const server = /^apps\/server\/src\/modules\/([^/]+)\//.exec(file);
    const outside = !server && /^apps\/server\/src\/(?!test\/)/.test(file);
    const wiring = /^apps\/server\/src\/(app|back-office)\.ts$/.test(file);
    for (const specifier of specifiers) {
      if (!specifier.startsWith(".")) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      if (web) {
        const other = /^apps\/web\/src\/features\/([^/]+)/.exec(target)?.[1];
        if (other && other !== web[1]) breaches.push(`${file} -> ${specifier}`);
      }
      if (server || outside) {
        const into = /^apps\/server\/src\/modules\/([^/]+)\/(.+)$/.exec(target);
        if (!into || into[1] === server?.[1]) continue;
        const publicEntry = into[2] === "public" || into[2] === "public.ts";
        const testKit = TEST_SUPPORT.test(file) && /(test-kit|test-facts)(\.ts)?$/.test(into[2] ?? "");
        const registration = wiring && /^([\w-]+-)?(routes|service)(\.ts)?$/.test(into[2] ?? "");
        if (!publicEntry && !testKit && !registration) breaches.push(`${file} -> ${specifier}`);
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

  it("lets server code (modules, seed/, plugins/, lib/, cli/) reach a module only through its public.ts; app.ts and back-office.ts may also take its routes and service factories", () => {
    expect(boundaryBreaches(tree("apps/server/src"))).toEqual([]);
  });

  it("keeps the catalogue below search: search builds on the catalogue, the catalogue never imports search (the app hands it search's functions)", () => {
    const server = tree("apps/server/src/modules");
    const into = (from: string, to: string) =>
      [...server].flatMap(([file, specifiers]) =>
        file.startsWith(`apps/server/src/modules/${from}/`)
          ? specifiers
              .filter((s) =>
                path.posix
                  .normalize(path.posix.join(path.posix.dirname(file), s))
                  .startsWith(`apps/server/src/modules/${to}/`),
              )
              .map((s) => `${file} -> ${s}`)
          : [],
      );
    expect(into("catalogue", "search")).toEqual([]);
    expect(into("search", "catalogue").length).toBeGreaterThan(0);
  });

  it("keeps test kits beside the tests, not in module folders", () => {
    const kits = [...tree("apps/server/src/modules").keys()].filter((f) =>
      /(test-kit|test-facts)\.ts$/.test(f),
    );
    const seeded = kits.filter((f) => importsOf(path.join(root, f)).some((s) => /(^|\/)seed\//.test(s)));
    expect(seeded).toEqual([]);
  });

  it("fails when a feature imports another, or a module, seed, plugin or the app wiring reaches past a module's public.ts", () => {
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
          [
            "apps/server/src/seed/history.ts",
            ["../modules/ledger/service", "../modules/ledger/public", "./world"],
          ],
          ["apps/server/src/plugins/access.ts", ["../modules/auth/service"]],
          [
            "apps/server/src/app.ts",
            ["./modules/auth/routes", "./modules/auth/service", "./modules/auth/repo"],
          ],
          ["apps/server/src/test/journey.test.ts", ["../modules/orders/plan"]],
        ]),
      ),
    ).toEqual([
      "apps/web/src/features/cart/CartView.tsx -> ../products/ProductCard",
      "apps/server/src/modules/cart/service.ts -> ../catalogue/products-repo",
      "apps/server/src/modules/orders/service.ts -> ../products/test-facts",
      "apps/server/src/seed/history.ts -> ../modules/ledger/service",
      "apps/server/src/plugins/access.ts -> ../modules/auth/service",
      "apps/server/src/app.ts -> ./modules/auth/repo",
    ]);
  });
});
