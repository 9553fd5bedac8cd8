import type { MemberRole } from "@portal/domain";

/** What each role may do, under the role field. */
export const ROLE_HINTS: Readonly<Record<MemberRole, string>> = {
  buyer: "Catalogue, cart and orders; orders above the approval limit wait for the owner's approval.",
  accounts: "Ledger, invoices, payments, C-forms and sales returns; no ordering.",
  viewer: "Reads orders, accounts and reports; changes nothing.",
  counter: "Kiosk orders and guest sessions only.",
};
