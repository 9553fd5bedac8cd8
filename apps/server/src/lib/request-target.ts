/**
 * The path and query of a request line in origin form. HTTP/1.1 lets a client send the absolute
 * form (`GET http://host/api/... HTTP/1.1`); the router reaches the same route either way, and
 * everything after it (logs, caching headers, 404 and 405 answers) should see one spelling.
 * Access never depends on this: it is decided from the matched route.
 */
export function originForm(target: string): string {
  if (target.startsWith("/")) return target;
  const match = /^https?:\/\/[^/?#]*/i.exec(target);
  if (!match) return target;
  const rest = target.slice(match[0].length);
  return rest.startsWith("/") ? rest : `/${rest}`;
}

/**
 * Whether a path names the API in any spelling (`//api/`, `/API/`, `/x/../api/`, `/api%2F...`,
 * `/api./`): such a path that matched no route answers 404, never the web app's page.
 */
export function looksLikeApiPath(target: string): boolean {
  const raw = target.split("?")[0] ?? "";
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // a malformed escape: judge the path as written
  }
  const collapsed = decoded.replace(/\\/g, "/").replace(/\/{2,}/g, "/");
  const resolved = new URL(collapsed.startsWith("/") ? collapsed : `/${collapsed}`, "http://x").pathname;
  return /^\/api\.*(\/|$)/i.test(resolved);
}
