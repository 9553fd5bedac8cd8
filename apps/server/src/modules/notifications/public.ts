/** What other modules may use of notifications: tell a partner, in the caller's transaction. */
export { broadcast, mailJobHandler, type Notifier, notifyPartner, type PartnerNotice } from "./outbox";
