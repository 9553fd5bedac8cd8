import { type Notifier, notifyPartner } from "../modules/notifications/public";

/**
 * How the demo world tells its partners: the in-app notification, never a mail (its history is
 * written in one go, and nobody should be mailed about it).
 */
export const inAppOnly: Notifier = (tx, notice) => notifyPartner(tx, { ...notice, mail: false });
