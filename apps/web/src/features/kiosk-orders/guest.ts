import { KioskGuestLoginResponse } from "@portal/contracts";
import type { QueryClient } from "@tanstack/react-query";
import { request } from "../../lib/api";
import { endSession } from "../../lib/auth";
import { type GuestSession, guestSession } from "../../lib/guest-session";
import { tokenStore } from "../../lib/token";

export type { GuestSession };

/**
 * The kiosk store signs a walk-in customer in as a guest (POST /api/kajukatli/KioskGuestLogin), and
 * hands the device over: the guest session replaces the store's in this browser. The store's session
 * ends (on the server too), its token leaves memory and storage and its data the query cache, so Back,
 * a reload or a typed address shows nothing of the store; the store signs in again with its password.
 */
export async function startGuest(
  queryClient: QueryClient,
  body: { MobileNo: string; firstName?: string },
): Promise<GuestSession> {
  const res = await request("/api/kajukatli/KioskGuestLogin", {
    method: "POST",
    body,
    schema: KioskGuestLoginResponse,
  });
  const session = { token: res.token, ...res.customer };
  // The guest first: the tab goes to the guest's catalogue before the store's screens see no session.
  guestSession.set(session);
  const storeToken = tokenStore.get();
  if (storeToken) {
    // best effort: the browser forgets the store's token whatever the server answers
    request("/api/auth/logout", { method: "POST", auth: false, bearer: storeToken }).catch(() => {});
  }
  endSession(queryClient, "signOut");
  return session;
}

/**
 * Signs the guest out: the tab forgets the guest session at once (before this returns, so the caller
 * can go to the sign-in screen straight after), and the server ends it.
 */
export async function endGuest(session: GuestSession | null) {
  guestSession.clear();
  if (session)
    await request("/api/auth/logout", { method: "POST", auth: false, bearer: session.token }).catch(() => {});
}
