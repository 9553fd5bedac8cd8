import { KioskGuestLoginResponse } from "@portal/contracts";
import { request } from "../../lib/api";

/**
 * A kiosk guest session: a walk-in customer signed in by the kiosk store (POST
 * /api/kajukatli/KioskGuestLogin). Its token is kept apart from the store's own session (this tab
 * only) and sent only by the guest screens; ending it signs the guest out and leaves the store
 * signed in.
 */
const GUEST_KEY = "portal.kioskGuest";

export interface GuestSession {
  token: string;
  mobileNo: string;
  firstName: string | null;
}

export function readGuest(): GuestSession | null {
  try {
    const raw = window.sessionStorage.getItem(GUEST_KEY);
    return raw ? (JSON.parse(raw) as GuestSession) : null;
  } catch {
    return null;
  }
}

export async function startGuest(body: { MobileNo: string; firstName?: string }): Promise<GuestSession> {
  const res = await request("/api/kajukatli/KioskGuestLogin", {
    method: "POST",
    body,
    schema: KioskGuestLoginResponse,
  });
  const session = { token: res.token, ...res.customer };
  try {
    window.sessionStorage.setItem(GUEST_KEY, JSON.stringify(session));
  } catch {
    // storage unavailable: the guest session lasts for this page only
  }
  return session;
}

export async function endGuest(session: GuestSession | null) {
  try {
    window.sessionStorage.removeItem(GUEST_KEY);
  } catch {
    // ignore
  }
  if (session)
    await request("/api/auth/logout", { method: "POST", auth: false, bearer: session.token }).catch(() => {});
}
