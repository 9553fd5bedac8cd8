// The web app's routes, read from its sources (apps/web/src/app/router.tsx and AdminRoutes.tsx), so a page
// added there is measured by bench:web and bench:lighthouse and checked by e2e/every-route.spec.ts
// without a list kept by hand. Each route: its path pattern, the screen name, who opens it, and the
// page modules (sources under apps/web/) it renders, for the size report.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const webRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "apps", "web");
const read = (rel) => readFileSync(path.join(webRoot, rel), "utf8");

/** Screens opened by the kiosk account (a kiosk store's orders, its guests' sign-in and catalogue). */
const KIOSK = [/^\/account\/kioskConfirmation$/, /^\/kiosk\//, /^\/confirm\/kiosk\//];

/** `../features/x/Page` seen from `fromDir` (under apps/web) → `src/features/x/Page.tsx`. */
function sourceOf(fromDir, spec) {
  const rel = path.posix.normalize(path.posix.join(fromDir, spec));
  for (const ext of [".tsx", ".ts"]) {
    try {
      read(rel + ext);
      return rel + ext;
    } catch {}
  }
  return `${rel}.tsx`;
}

/** The page module a JSX element or a `featurePages.key` expression in `file` renders, or null. */
function pageSource(file, source, element) {
  const dir = path.posix.dirname(file);
  const member = /^(\w+)\.(\w+)$/.exec(element.trim());
  if (member) {
    const [, object, key] = member;
    const from = new RegExp(`import\\s*\\{[^}]*\\b${object}\\b[^}]*\\}\\s*from\\s*"([^"]+)"`).exec(source);
    if (!from) return null;
    const routesFile = sourceOf(dir, from[1]);
    const routes = read(routesFile);
    const lazy = new RegExp(`\\b${key}:\\s*lazyPage\\(\\s*\\(\\)\\s*=>\\s*import\\("([^"]+)"\\)`).exec(
      routes,
    );
    return lazy ? sourceOf(path.posix.dirname(routesFile), lazy[1]) : null;
  }
  const tag = /<(\w+)/.exec(element);
  if (!tag) return null;
  const name = tag[1];
  const lazy = new RegExp(`const ${name} = \\w+\\(\\s*\\(\\)\\s*=>\\s*import\\("([^"]+)"\\)`).exec(source);
  if (lazy) return sourceOf(dir, lazy[1]);
  const imported = new RegExp(`import\\s*\\{[^}]*\\b${name}\\b[^}]*\\}\\s*from\\s*"([^"]+)"`).exec(source);
  return imported ? sourceOf(dir, imported[1]) : null;
}

/**
 * Every route the app answers, admin console included:
 * `{ path, screen, account: "franchisee" | "kiosk" | "admin" | null (signed out), pages: string[] }`;
 * `pages` are the sources loaded up front (the signed-in shell, the Admin Console's wiring, the page).
 */
export function appRoutes() {
  const routerFile = "src/app/router.tsx";
  const router = read(routerFile);
  const out = [];
  const shell = pageSource(routerFile, router, "<AppLayout") ?? "src/app/shell/AppLayout.tsx";

  // the session screens (signed out): `path: "/login"` … `<LoginPage`
  const routesAt = router.indexOf("export const routes");
  const sessionPart = router.slice(routesAt, router.indexOf("<RequireAuth", routesAt));
  for (const m of sessionPart.matchAll(/path:\s*"([^"]+)",\s*element:\s*\(?\s*([\s\S]*?)\}/g)) {
    const [, p, element] = m;
    const inner = /<(\w+Page)\b/.exec(element);
    if (!inner || p === "/") continue;
    out.push({
      path: p,
      screen: inner[1],
      account: null,
      pages: [pageSource(routerFile, router, `<${inner[1]}`)],
    });
  }
  // the kiosk guest's catalogue, outside the shell
  const guest = /path:\s*GUEST_BROWSE_PATH,\s*element:\s*([\w.]+)/.exec(router);
  if (guest) {
    const lib = read("src/lib/guest-session.ts");
    const guestPath = /GUEST_BROWSE_PATH = "([^"]+)"/.exec(lib)?.[1];
    if (guestPath) {
      out.push({
        path: guestPath,
        screen: "Kiosk Guest Browse",
        account: "kiosk",
        pages: [pageSource(routerFile, router, guest[1])],
      });
    }
  }

  // the signed-in screens: SCREEN_ROUTES' entries
  const start = router.indexOf("export const SCREEN_ROUTES");
  const table = router.slice(start, router.indexOf("\n];", start));
  const entries = table.split(/(?=\{\s*path:\s*")/).slice(1);
  for (const entry of entries) {
    const p = /path:\s*"([^"]+)"/.exec(entry)?.[1];
    const screen = /screen:\s*"([^"]+)"/.exec(entry)?.[1] ?? "";
    const element =
      /element:\s*([\s\S]*?)(?:,\s*(?:guard|screen|path):|,?\s*\},?\s*(?:\/\/[^\n]*\s*)*$)/.exec(entry)?.[1];
    if (!p || !element) continue;
    if (p === "/admin/*") {
      out.push(...adminRoutes(shell));
      continue;
    }
    const account = KIOSK.some((re) => re.test(p)) ? "kiosk" : "franchisee";
    const page = pageSource(routerFile, router, element);
    out.push({ path: p, screen, account, pages: page ? [shell, page] : [shell] });
  }
  return out;
}

function adminRoutes(shell) {
  const file = "src/app/AdminRoutes.tsx";
  const source = read(file);
  const layout = pageSource(file, source, "<AdminLayout");
  const out = [];
  for (const m of source.matchAll(/<Route\s+(index|path="([^"]+)")\s+element=\{(<\w+)/g)) {
    const sub = m[1] === "index" ? "" : m[2];
    if (sub === "*") continue;
    const page = pageSource(file, source, m[3]);
    out.push({
      path: sub ? `/admin/${sub}` : "/admin",
      screen: `Admin ${m[3].slice(1).replace(/Page$/, "")}`,
      account: "admin",
      pages: [shell, file, ...(layout ? [layout] : []), ...(page ? [page] : [])],
    });
  }
  return out;
}

// `node bench/app-routes.mjs` lists them
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const r of appRoutes())
    console.log(`${r.account ?? "-"}\t${r.path}\t${r.screen}\t${r.pages.join(" ")}`);
}

/** `/account/orderDetails/:id` → a regular expression for its addresses (a query or hash allowed). */
export function patternOf(routePath) {
  const escaped = routePath.replace(/\/\*$/, "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${escaped.replace(/:\w+/g, "([^/?#]+)")}(?:[?#].*)?$`);
}

/** The first value of `key` anywhere in an API answer (lists, pages of rows, nested records). */
function firstOf(value, key) {
  if (value === null || typeof value !== "object") return undefined;
  if (!Array.isArray(value) && value[key] !== undefined && value[key] !== null) return value[key];
  for (const v of Object.values(value)) {
    const found = firstOf(v, key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** `prefix` + the first `key` of the answer to `path` (a GET; a POST with `body`), or null. */
const fromApi = (path, key, prefix, body) => async (api) => {
  const value = firstOf(await api(path, body), key);
  return value === undefined ? null : `${prefix}${encodeURIComponent(String(value))}`;
};

/** Order history's last three months (the longest span it answers), of one status or all. */
function recentOrders(status) {
  const day = (d) => d.toISOString().slice(0, 10);
  const to = new Date();
  const from = new Date(to.getTime() - 85 * 86_400_000);
  return `/api/order?pageNo=1&orderFrom=${day(from)}&orderTo=${day(to)}${status ? `&status=${status}` : ""}`;
}

/**
 * What a param is in the demo world when no screen linked to one, asked of the API (`api(path, body?)`
 * answers the JSON of a GET, or of a POST when there is a body, as the route's account; or null).
 */
const DEMO_PARAMS = {
  "/account/orderDetails/:id": (api) => fromApi(recentOrders(), "poid", "/account/orderDetails/")(api),
  "/account/gapReorder/:id": (api) => fromApi(recentOrders("Delivered"), "poid", "/account/gapReorder/")(api),
  "/account/loadDetails/:id": fromApi("/api/cpo/getLoad", "LoadID", "/account/loadDetails/", {
    loadFilter: { pageNo: 1 },
  }),
  "/account/invoice/:id": fromApi("/api/cpo/getLoad", "LoadID", "/account/invoice/", {
    loadFilter: { pageNo: 1, loadStatus: "Shipped" },
  }),
  "/training/assessment/:id": fromApi("/api/assessment", "id", "/training/assessment/", {}),
  "/admin/orders/:poid": fromApi("/api/admin/orders?page=1&pageSize=10", "poid", "/admin/orders/"),
  "/admin/invoices/:id": fromApi("/api/admin/invoices?page=1&pageSize=10", "id", "/admin/invoices/"),
  "/admin/partners/:id": fromApi("/api/admin/partners?page=1&pageSize=10", "id", "/admin/partners/"),
  "/admin/ledger/:userId": fromApi("/api/admin/partners?page=1&pageSize=10", "id", "/admin/ledger/"),
  "/resetPassword/:token": async () => "/resetPassword/demo-expired-link",
  // no invitation of the demo world: the page's answer to a link that does not work
  "/team/invite/:token": async () => "/team/invite/demo-unknown-invite",
  "/products/search/:searchString": async () => "/products/search/baby",
  // a kiosk order's acknowledgement link, as the mail to its customer carries it
  "/confirm/kiosk/:poid/:id": async (api) => {
    for (const status of ["Pending", "Confirmed", "Cancelled"]) {
      const orders = await api(`/api/kajukatli/getOrderList?status=${status}`);
      const order = Array.isArray(orders) ? orders[0] : undefined;
      if (order) return `/confirm/kiosk/${encodeURIComponent(order.poid)}/${order.id}`;
    }
    return null;
  },
  "/products/productInfo/:id": async (api) => {
    const listing = await api("/api/listing/b2b?size=1");
    const id = listing?.products?.[0]?.id;
    return id ? `/products/productInfo/${id}` : null;
  },
};

/** Screens that show nothing without a query: the query a partner arrives with (a tile's). */
const DEMO_QUERIES = {
  "/artworks/artworksSubcat": `/artworks/artworksSubcat?cat=${encodeURIComponent("In-Store Branding")}`,
};

/**
 * The address to open for a route: itself when it has no params; else a link the app showed on an
 * earlier screen (`links`: hrefs seen), else the demo world's value through the API (`api(path, body?)`:
 * the JSON answer of a GET, or of a POST with that body; null when refused); null when none.
 */
export async function addressFor(routePath, links, api) {
  const plain = routePath.replace(/\/\*$/, "");
  // a screen that needs a query (the artwork order form, for one kind of artwork): as a link gave it,
  // else the demo world's
  if (!plain.includes(":"))
    return [...links].find((l) => l.startsWith(`${plain}?`)) ?? DEMO_QUERIES[plain] ?? plain;
  const re = patternOf(plain);
  const linked = [...links].find((l) => re.test(l));
  if (linked) return linked;
  return (await DEMO_PARAMS[plain]?.(api)) ?? null;
}
