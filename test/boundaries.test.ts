import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Holds the design's import direction: domain imports nothing, contracts only domain (and zod), web
// never the server; and the boundaries: web features apart, server modules through their public.ts,
// the seed and the test kits kept out of production code.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "node_modules" || name === "dist" ? [] : sources(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

function importsOf(text: string): string[] {
  return [
    ...[...text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+"([^"]+)"/gm)].map((m) => m[1] ?? ""),
    ...[...text.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1] ?? ""),
  ];
}

const relative = (file: string) => path.relative(root, file).split(path.sep).join("/");

/** Every file under `dir` (relative to the root) with its import specifiers. */
const tree = (dir: string) =>
  new Map(sources(path.join(root, dir)).map((f) => [relative(f), importsOf(readFileSync(f, "utf8"))]));

const SERVER = "apps/server/src/";
/** Web code below the features, shared by them: it may not import a feature. */
const sharedWeb = /^apps\/web\/src\/(components|lib|admin-kit)\//;
const isTest = (file: string) => /\.test\.tsx?$/.test(file);
/** Test support inside a module folder: a kit, facts or files made for tests. */
const isModuleTestSupport = (file: string) =>
  !isTest(file) &&
  /^apps\/server\/src\/modules\/[^/]+\/(.+\/)?(test-[\w-]+|[\w-]*test-kit|test-facts)\.ts$/.test(file);

/** Where a server file sits: its module, or the folder (seed, plugins, lib, cli, db, test) or "wiring" (src/*.ts). */
function placeOf(file: string): { area: string; module?: string } {
  const inner = file.slice(SERVER.length);
  const module = /^modules\/([^/]+)\//.exec(inner)?.[1];
  if (module) return { area: "modules", module };
  const folder = /^([^/]+)\//.exec(inner)?.[1];
  return { area: folder ?? "wiring" };
}

/**
 * The boundary rules over a set of files (path relative to the root -> its import specifiers);
 * returns "file -> import" for each breach.
 * - A web feature never imports another feature; the shared pieces below them (components/, lib/,
 *   admin-kit/) import no feature: only app/ (the router and the Admin Console's routes) wires features.
 * - Server code reaches a module only through that module's public.ts; the app wiring (src/*.ts)
 *   may also take each module's routes and service factories; cross-module tests in src/test may
 *   test a module's rules directly, but never its repo.
 * - The seed is reached only by the seed itself, the entry points (cli/, main.ts: an empty database
 *   gets the demo world) and src/test (its kits and tests).
 * - src/test (the harness and the kits) is reached only by tests and by src/test itself.
 * - lib/ and db/ sit below the modules: they import no module, plugin or seed.
 */
function boundaryBreaches(files: ReadonlyMap<string, readonly string[]>): string[] {
  const breaches: string[] = [];
  for (const [file, specifiers] of files) {
    const web = /^apps\/web\/src\/features\/([^/]+)\//.exec(file);
    const server = file.startsWith(SERVER) ? placeOf(file) : null;
    for (const specifier of specifiers) {
      if (!specifier.startsWith(".")) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      const breach = () => breaches.push(`${file} -> ${specifier}`);
      const feature = /^apps\/web\/src\/features\/([^/]+)/.exec(target)?.[1];
      if (web && feature && feature !== web[1]) breach();
      if (!web && feature && sharedWeb.test(file)) breach();
      if (!server || !target.startsWith(SERVER)) continue;
      const to = placeOf(`${target}.ts`);
      const entry = target.slice(SERVER.length).replace(/^modules\/[^/]+\//, "");
      if (to.area === "modules" && to.module !== server.module) {
        const publicEntry = /^public(\.ts)?$/.test(entry);
        const registration = server.area === "wiring" && /^([\w-]+-)?(routes|service)(\.ts)?$/.test(entry);
        const crossModuleTest =
          server.area === "test" && isTest(file) && !/(^|-)repo(\.ts)?$/.test(path.posix.basename(entry));
        if (!publicEntry && !registration && !crossModuleTest) breach();
      }
      const entryPoint = server.area === "cli" || file === `${SERVER}main.ts`;
      if (to.area === "seed" && !entryPoint && !["seed", "test"].includes(server.area)) breach();
      if (to.area === "test" && server.area !== "test" && !isTest(file)) breach();
      if (
        (server.area === "lib" || server.area === "db") &&
        !isTest(file) &&
        ["modules", "plugins", "seed"].includes(to.area)
      )
        breach();
    }
  }
  return breaches;
}

/** A module's public.ts that hands out a repo: `export * as x from "./repo"`, `export * from "./x-repo"`, or a repo namespace re-exported. */
function repoHandedOut(file: string, text: string): string[] {
  const found = [...text.matchAll(/^export\s*\*\s*(?:as\s+\w+\s+)?from\s+"(\.\/[\w-]*repo)"/gm)].map(
    (m) => `${file} re-exports ${m[1]}`,
  );
  for (const m of text.matchAll(/^import\s*\*\s*as\s+(\w+)\s+from\s+"(\.\/[\w-]*repo)"/gm)) {
    if (new RegExp(`^export\\s*\\{[^}]*\\b${m[1]}\\b`, "m").test(text))
      found.push(`${file} re-exports ${m[2]}`);
  }
  return found;
}

describe("import direction", () => {
  it("keeps packages/domain free of any package import", () => {
    for (const [file, specifiers] of tree("packages/domain/src")) {
      const foreign = specifiers.filter(
        (s) =>
          !s.startsWith(".") &&
          !(isTest(file) && (s === "vitest" || s === "fast-check" || s.startsWith("node:"))),
      );
      expect(foreign, file).toEqual([]);
    }
  });

  it("lets packages/contracts import only domain and zod", () => {
    for (const [file, specifiers] of tree("packages/contracts/src")) {
      const foreign = specifiers.filter(
        (s) =>
          !s.startsWith(".") && s !== "zod" && s !== "@portal/domain" && !(isTest(file) && s === "vitest"),
      );
      expect(foreign, file).toEqual([]);
    }
  });

  it("never lets the web app import the server", () => {
    for (const [file, specifiers] of tree("apps/web/src")) {
      const server = specifiers.filter((s) => s.includes("@portal/server") || s.includes("apps/server"));
      expect(server, file).toEqual([]);
    }
  });
});

describe("boundaries between features and between modules", () => {
  it("keeps every web feature out of the others, and the shared pieces below them", () => {
    expect(boundaryBreaches(tree("apps/web/src"))).toEqual([]);
  });

  it("lets server code (modules, seed, plugins, lib, cli, db, the app wiring, src/test) reach a module only through its public.ts, and keeps the seed and the test kits out of production code", () => {
    expect(boundaryBreaches(tree("apps/server/src"))).toEqual([]);
  });

  it("lets no module's public.ts hand out a repo", () => {
    const publics = sources(path.join(root, "apps/server/src/modules")).filter((f) =>
      f.endsWith("/public.ts"),
    );
    expect(publics.flatMap((f) => repoHandedOut(relative(f), readFileSync(f, "utf8")))).toEqual([]);
  });

  it("keeps the catalogue below search: search builds on the catalogue, the catalogue never imports search", () => {
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
    expect(into("search", "catalogue")).toEqual([
      "apps/server/src/modules/search/service.ts -> ../catalogue/public",
      "apps/server/src/modules/search/suggestions.test.ts -> ../catalogue/public",
    ]);
  });

  it("keeps test kits in src/test, beside the tests, not in module folders", () => {
    expect([...tree("apps/server/src/modules").keys()].filter(isModuleTestSupport)).toEqual([]);
  });

  it("fails when a feature imports another, a module reaches past another's public.ts, or the seed or a test kit reaches production code", () => {
    expect(
      boundaryBreaches(
        new Map([
          ["apps/web/src/features/cart/CartView.tsx", ["../products/ProductCard", "../../lib/cart", "./api"]],
          ["apps/web/src/admin-kit/AdminLayout.tsx", ["../features/admin-orders/api", "./AdminTable"]],
          [
            "apps/web/src/app/AdminRoutes.tsx",
            ["../features/admin-orders/OrdersPage", "../admin-kit/AdminLayout"],
          ],
          [
            "apps/server/src/modules/cart/service.ts",
            ["../catalogue/products-repo", "../catalogue/public", "./repo", "../../test/cart-test-kit"],
          ],
          ["apps/server/src/modules/cart/cart.test.ts", ["../../test/cart-test-kit", "../../seed/world"]],
          [
            "apps/server/src/seed/history.ts",
            ["../modules/ledger/service", "../modules/ledger/public", "./world"],
          ],
          ["apps/server/src/plugins/access.ts", ["../modules/auth/service", "../seed/world"]],
          ["apps/server/src/lib/limiter.ts", ["../modules/auth/public", "../db/client"]],
          ["apps/server/src/cli/reset.ts", ["../seed/world", "../modules/payments/public"]],
          [
            "apps/server/src/app.ts",
            ["./modules/auth/routes", "./modules/auth/service", "./modules/auth/repo"],
          ],
          ["apps/server/src/test/order-test-kit.ts", ["../seed/brands-data", "../modules/orders/plan"]],
          ["apps/server/src/test/tax-chain.test.ts", ["../modules/orders/plan", "../modules/orders/repo"]],
        ]),
      ),
    ).toEqual([
      "apps/web/src/features/cart/CartView.tsx -> ../products/ProductCard",
      "apps/web/src/admin-kit/AdminLayout.tsx -> ../features/admin-orders/api",
      "apps/server/src/modules/cart/service.ts -> ../catalogue/products-repo",
      "apps/server/src/modules/cart/service.ts -> ../../test/cart-test-kit",
      "apps/server/src/modules/cart/cart.test.ts -> ../../seed/world",
      "apps/server/src/seed/history.ts -> ../modules/ledger/service",
      "apps/server/src/plugins/access.ts -> ../modules/auth/service",
      "apps/server/src/plugins/access.ts -> ../seed/world",
      "apps/server/src/lib/limiter.ts -> ../modules/auth/public",
      "apps/server/src/app.ts -> ./modules/auth/repo",
      "apps/server/src/test/order-test-kit.ts -> ../modules/orders/plan",
      "apps/server/src/test/tax-chain.test.ts -> ../modules/orders/repo",
    ]);
    expect(
      repoHandedOut(
        "apps/server/src/modules/catalogue/public.ts",
        'export * as productsRepo from "./products-repo";\nexport { visibleRows } from "./listing-scan";',
      ),
    ).toEqual(["apps/server/src/modules/catalogue/public.ts re-exports ./products-repo"]);
    expect(isModuleTestSupport("apps/server/src/modules/order-desk/back-office-test-kit.ts")).toBe(true);
    expect(isModuleTestSupport("apps/server/src/modules/cart/cart.test.ts")).toBe(false);
  });
});
