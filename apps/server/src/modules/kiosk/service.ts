import { isKioskStore, messages } from "@portal/domain";
import type { Db } from "../../db/client";
import { forbidden } from "../../lib/errors";
import type { AuthService, SessionUser } from "../auth/public";
import * as repo from "./repo";

export function createKioskService(deps: { db: Db; auth: AuthService }) {
  return {
    /**
     * A kiosk store signs a walk-in customer in as its guest: the guest session belongs to the store
     * and carries the customer's mobile number.
     */
    async guestLogin(store: SessionUser, mobileNo: string, firstName: string | undefined) {
      if (!isKioskStore(store) || store.kioskCustomerMobile) {
        throw forbidden(messages.guestLoginKioskOnly);
      }
      const customer = await repo.upsertCustomer(deps.db, store.id, mobileNo, firstName ?? null);
      const token = await deps.auth.startSession(store.id, customer.mobileNo);
      return { token, customer: { mobileNo: customer.mobileNo, firstName: customer.firstName } };
    },
  };
}
export type KioskService = ReturnType<typeof createKioskService>;
