import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { notifications, users } from "../../db/schema";
import type { Mailer } from "../../lib/mailer";
import { enqueueJob } from "../jobs/public";
import { recipientIds } from "./audience";

export interface PartnerNotice {
  userId: number;
  title: string;
  message: string;
  /** The web path it opens, e.g. /account/orderDetails/{poid}. */
  target: string;
  at: Date;
  /** Also mail it through the outbox (default true). */
  mail?: boolean;
  /**
   * Who of the store sees it (default everyone): one member (`{ memberId }`) or the owner alone
   * (`"owner"`). A store's own sign-in is its owner.
   */
  audience?: { memberId: number } | "owner";
}

/** How a service tells a partner, in the caller's transaction: `notifyPartner`, or a quieter one (the demo world's). */
export type Notifier = (tx: DbOrTx, notice: PartnerNotice) => Promise<void>;

/** A notification row and, unless told otherwise, a mail job: both in the caller's transaction. */
export async function notifyPartner(tx: DbOrTx, notice: PartnerNotice): Promise<void> {
  await tx.insert(notifications).values({
    userId: notice.userId,
    title: notice.title,
    message: notice.message,
    target: notice.target,
    memberId: typeof notice.audience === "object" ? notice.audience.memberId : null,
    ownerOnly: notice.audience === "owner",
    createdAt: notice.at,
  });
  if (notice.mail !== false) {
    await enqueueJob(
      tx,
      "mail",
      { userId: notice.userId, subject: notice.title, text: `${notice.message}\n\nOpen: ${notice.target}` },
      notice.at,
    );
  }
}

/** A notification for every active partner, or for those of one concept (any case); returns how many. */
export async function broadcast(
  tx: DbOrTx,
  input: { title: string; message: string; target: string; concept?: string | undefined; at: Date },
): Promise<number> {
  const ids = await recipientIds(tx, input.concept);
  if (ids.length === 0) return 0;
  await tx.insert(notifications).values(
    ids.map((userId) => ({
      userId,
      title: input.title,
      message: input.message,
      target: input.target,
      createdAt: input.at,
    })),
  );
  return ids.length;
}

/** The mail job: sends a queued notice to the partner's address through the mailer (SMTP or .eml outbox). */
export function mailJobHandler(db: DbOrTx, mailer: Mailer) {
  return async (payload: unknown) => {
    const p = payload as { userId?: number; to?: string; subject: string; text: string };
    let to = p.to;
    if (!to && p.userId !== undefined) {
      const rows = await db.select({ email: users.email }).from(users).where(eq(users.id, p.userId)).limit(1);
      to = rows[0]?.email;
    }
    if (!to) return;
    const html = `<p>${p.text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`).replace(/\n/g, "<br>")}</p>`;
    await mailer.send({ to, subject: p.subject, text: p.text, html });
  };
}
