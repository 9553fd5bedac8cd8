import { useSyncExternalStore } from "react";
import { tokenStore } from "./token";

/**
 * A kiosk guest session in this tab: a walk-in customer signed in by the kiosk store. It replaces the
 * store's own session in the tab (the store's token is dropped when it starts), and while it lasts
 * every address of the tab shows the guest's catalogue. Kept in sessionStorage: a reload keeps the
 * guest, another tab knows nothing of it.
 */
const GUEST_KEY = "portal.kioskGuest";

export interface GuestSession {
  token: string;
  mobileNo: string;
  firstName: string | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();

function read(): GuestSession | null {
  try {
    const raw = window.sessionStorage.getItem(GUEST_KEY);
    return raw ? (JSON.parse(raw) as GuestSession) : null;
  } catch {
    return null;
  }
}

let current: GuestSession | null = typeof window === "undefined" ? null : read();

function emit() {
  for (const listener of listeners) listener();
}

export const guestSession = {
  get: (): GuestSession | null => current,
  set(session: GuestSession) {
    current = session;
    try {
      window.sessionStorage.setItem(GUEST_KEY, JSON.stringify(session));
    } catch {
      // storage unavailable: the guest session lasts for this page only
    }
    emit();
  },
  clear() {
    current = null;
    try {
      window.sessionStorage.removeItem(GUEST_KEY);
    } catch {
      // ignore
    }
    emit();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// A page restored from the back-forward cache (Back to a page left by a full load) comes back with
// the memory it was left with: a store's token and data. When the tab's session changed meanwhile (a
// guest took it over, or signed out), the page is loaded afresh from what storage says now.
if (typeof window !== "undefined") {
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    if (read()?.token !== current?.token || tokenStore.changedElsewhere()) window.location.reload();
  });
}

/** The guest session of this tab, or null; re-renders when it starts or ends. */
export function useGuestSession(): GuestSession | null {
  return useSyncExternalStore(guestSession.subscribe, guestSession.get, () => null);
}

/** Where a kiosk guest's catalogue lives: the one address of a tab in a guest session. */
export const GUEST_BROWSE_PATH = "/kiosk/guest/browse";
