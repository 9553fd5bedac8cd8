import { SITE_TITLE } from "./constants";
import { isAdmin, type UserFlags } from "./users";

export interface AccountMenuEntry {
  key: string;
  label: string;
  /** Web path; null for Logout, which is an action. */
  path: string | null;
}

const BASE_ENTRIES: readonly AccountMenuEntry[] = [
  { key: "orderHistory", label: "Order History", path: "/account/orderHistory" },
  { key: "loadHistory", label: "Load History", path: "/account/loadHistory" },
  { key: "srDetails", label: "SR Details", path: "/account/srDetails" },
  { key: "waybill", label: "Waybill", path: "/account/waybill" },
  { key: "discount", label: "Discount File", path: "/account/discount" },
  { key: "vmEbook", label: "VM E-book", path: "/account/vmEbook" },
  { key: "tvc", label: "Store Music & AV Commercial", path: "/account/tvc" },
  { key: "artworks", label: "Artworks & Creatives", path: "/artworks/category" },
  { key: "brands", label: "Brand Contacts", path: "/account/brands" },
  { key: "policies", label: "Policies", path: "/account/policies" },
  { key: "releaseNotes", label: "POS Release Notes", path: "/account/releasenotes" },
  { key: "kioskConfirmation", label: "Kiosk Confirmation", path: "/account/kioskConfirmation" },
  { key: "changePassword", label: "Change Password", path: "/settings" },
  { key: "logout", label: "Logout", path: null },
];

const ARS_ENTRY: AccountMenuEntry = { key: "arsReport", label: "ARS Report", path: "/account/arsReport" };
const LEDGER_ENTRY: AccountMenuEntry = { key: "ledger", label: "Ledger", path: "/account/ledger" };
const STORE_PERFORMANCE_ENTRY: AccountMenuEntry = {
  key: "storePerformance",
  label: "Store Performance",
  path: "/storeperformance",
};
const ADMIN_ENTRY: AccountMenuEntry = { key: "admin", label: "Admin Console", path: "/admin" };
/** Not in the spec's menu (it gives these screens no path): Confirm Payment for every partner, C-Form for partners with C-form rows. */
const CONFIRM_PAYMENT_ENTRY: AccountMenuEntry = {
  key: "confirmPayment",
  label: "Confirm Payment",
  path: "/account/confirmPayment",
};
const CFORM_ENTRY: AccountMenuEntry = { key: "cform", label: "C-Form", path: "/account/cform" };

/**
 * My Account entries in the spec's order: ARS Report at position 3 for franchisees only,
 * Ledger at position 6 only with enableLedger, Store Performance (before Change Password) only with
 * canViewStorePerformance, Admin Console (before Change Password) only for admins.
 */
export function accountMenuEntries(
  user: Pick<UserFlags, "isFranchisee" | "enableLedger" | "role"> & { canViewStorePerformance?: boolean },
  extras: { hasCforms?: boolean } = {},
): AccountMenuEntry[] {
  const entries = [...BASE_ENTRIES];
  if (user.isFranchisee) entries.splice(2, 0, ARS_ENTRY);
  if (user.enableLedger) entries.splice(5, 0, LEDGER_ENTRY);
  // after Kiosk Confirmation, before Change Password and Logout
  entries.splice(entries.length - 2, 0, CONFIRM_PAYMENT_ENTRY);
  if (extras.hasCforms) entries.splice(entries.length - 2, 0, CFORM_ENTRY);
  if (user.canViewStorePerformance) entries.splice(entries.length - 2, 0, STORE_PERFORMANCE_ENTRY);
  if (isAdmin(user)) entries.splice(entries.length - 2, 0, ADMIN_ENTRY);
  return entries;
}

/** Every page title is the screen name plus the site suffix. */
export const pageTitle = (screen: string) => `${screen} | ${SITE_TITLE}`;
