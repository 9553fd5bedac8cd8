/** Where a signed-in user lands when no (safe) ref was given. */
export const HOME_PATH = "/home";

/** Session screens: reachable signed out; never a target to come back to after sign-in. */
const SESSION_PATHS = ["/login", "/signup", "/forgotpassword"];

export const isSessionPath = (pathname: string) =>
  SESSION_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));

/**
 * The address to return to after sign-in: a same-origin path (never another site, never a session screen),
 * else home.
 */
export function safeRef(ref: string | null | undefined): string {
  if (!ref?.startsWith("/") || ref.startsWith("//") || ref.startsWith("/\\")) return HOME_PATH;
  try {
    const base = window.location.origin;
    const url = new URL(ref, base);
    // Normalised ("/..//evil.example" becomes "//evil.example", which the browser would read as
    // another site): repeated slashes collapse, so the result is always a path of this origin.
    const pathname = url.pathname.replace(/\/{2,}/g, "/");
    if (url.origin !== base || isSessionPath(pathname)) return HOME_PATH;
    return `${pathname}${url.search}${url.hash}`;
  } catch {
    return HOME_PATH;
  }
}

/** /login?ref=<path+search>, keeping the address the user asked for. */
export function loginPathFor(pathAndSearch: string): string {
  const ref = safeRef(pathAndSearch);
  return ref === HOME_PATH && !pathAndSearch.startsWith(HOME_PATH)
    ? "/login"
    : `/login?ref=${encodeURIComponent(ref)}`;
}

/** A notification's or banner's stored target, usable only when it is a path of this app. */
export function internalPath(target: string | null | undefined): string | null {
  if (!target) return null;
  const ref = safeRef(target);
  return ref === HOME_PATH && !target.startsWith(HOME_PATH) ? null : ref;
}
