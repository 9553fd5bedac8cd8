/** The session token, kept in localStorage and observable so the UI follows sign-in and sign-out. */
const TOKEN_KEY = "portal.token";

type Listener = () => void;
const listeners = new Set<Listener>();

function read(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

let current: string | null = read();
/** True when the user signed out on purpose (no address to come back to). */
let signedOut = false;

function emit() {
  for (const listener of listeners) listener();
}

export const tokenStore = {
  get: (): string | null => current,
  set(token: string) {
    current = token;
    signedOut = false;
    try {
      window.localStorage.setItem(TOKEN_KEY, token);
    } catch {
      // storage unavailable: the session lasts for this page only
    }
    emit();
  },
  /** Forgets the token; `signOut` marks an intended sign-out rather than an ended session. */
  clear(reason: "signOut" | "ended" = "ended") {
    signedOut = reason === "signOut";
    if (current === null && read() === null) return;
    current = null;
    try {
      window.localStorage.removeItem(TOKEN_KEY);
    } catch {
      // ignore
    }
    emit();
  },
  wasSignedOut: (): boolean => signedOut,
  /** True when storage holds another token than this page does (a page back from the back-forward cache). */
  changedElsewhere: (): boolean => read() !== current,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Another tab signing in or out changes this tab's session too.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key !== TOKEN_KEY && event.key !== null) return;
    const next = read();
    if (next !== current) {
      current = next;
      emit();
    }
  });
}
