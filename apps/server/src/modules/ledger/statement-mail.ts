/**
 * The monthly statement by mail: on the 1st (India day) every partner who asked for it in their
 * settings (and has the ledger) is mailed last month's statement as PDF, one per ledger account
 * with entries. The run claims a row per partner and month (a unique key), and queues the mail job
 * in the same transaction, so two instances running it never mail a partner twice; the mail job
 * renders the PDFs and sends them through the mailer (SMTP or the .eml outbox).
 */
import {
  formatDate,
  formatRupees,
  indiaDay,
  monthName,
  monthRange,
  nextMonthlyStatementAt,
  previousMonthOf,
} from "@portal/domain";
import type { Db } from "../../db/client";
import type { Mail, MailAttachment, Mailer } from "../../lib/mailer";
import { enqueueJob, enqueueJobOnce } from "../jobs/public";
import * as repo from "./statement-mail-repo";
import { statementPdf } from "./statement-pdf";
import type { StatementService } from "./statement-service";

/** The jobs table's kind of the run on the 1st (it queues the next run when done). */
export const MONTHLY_STATEMENT_JOB = "monthlyStatement";
/** The jobs table's kind of one partner's statement mail (the outbox row). */
export const STATEMENT_MAIL_JOB = "statementMail";

export function createStatementMail(deps: {
  db: Db;
  statements: Pick<StatementService, "statement">;
  mailer: Mailer;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * The run: queues last month's statement for each partner who asked for it, once per partner
     * and month whichever instance runs it (answers how many it queued).
     */
    async queueMonthly(at = now()): Promise<number> {
      const { month } = previousMonthOf(indiaDay(at));
      let queued = 0;
      for (const userId of await repo.subscribers(db)) {
        await db.transaction(async (tx) => {
          if (!(await repo.claim(tx, userId, month, at))) return;
          await enqueueJob(tx, STATEMENT_MAIL_JOB, { userId, month }, at);
          queued++;
        });
      }
      return queued;
    },

    /** The job of the run: queue this month's statements, then the next run (the 1st, 07:00 India time). */
    async runMonthly(at = now()): Promise<number> {
      const queued = await this.queueMonthly(at);
      await enqueueJobOnce(db, MONTHLY_STATEMENT_JOB, {}, nextMonthlyStatementAt(at));
      return queued;
    },

    /** Queues the first run (the next 1st, 07:00 India time) unless one waits already. */
    scheduleFirstRun: () => enqueueJobOnce(db, MONTHLY_STATEMENT_JOB, {}, nextMonthlyStatementAt(now())),

    /** The mail job: the statement PDFs of the month, mailed to the partner (skipped if they opted out since). */
    async send(payload: unknown): Promise<void> {
      const { userId, month } = payload as { userId: number; month: string };
      const partner = await repo.partner(db, userId);
      if (!partner?.enableLedger || !partner.monthlyStatement) return;
      const range = monthRange(month);
      const caller = { id: partner.id, enableLedger: true };
      const accounts = await repo.accountsWithEntries(db, userId);
      const name = partner.storeName ?? `${partner.firstname} ${partner.lastname}`;
      const attachments: MailAttachment[] = [];
      const lines: string[] = [];
      for (const account of accounts.length > 0 ? accounts : [1]) {
        const ledgerAccount = account === 2 ? 2 : 1;
        const s = await deps.statements.statement(caller, {
          ledgerAccount,
          fromDate: range.from,
          toDate: range.to,
        });
        attachments.push({
          filename: `ledger-${ledgerAccount}-${month}.pdf`,
          content: await statementPdf(s, { name, email: partner.email }),
          contentType: "application/pdf",
        });
        lines.push(
          `${s.accTypeName}: opening ${formatRupees(s.ledger[0].openingBalance)} ${s.ledger[0].crdrOpeningBalance}, ` +
            `closing ${formatRupees(s.closingBalance)} ${s.crdrClosingBalance} (${s.ledger.length - 1} entries)`,
        );
      }
      const text = [
        `Dear ${name},`,
        "",
        `Your ledger statement for ${monthName(month)} (${formatDate(range.from)} to ${formatDate(range.to)}) is attached.`,
        "",
        ...lines,
        "",
        "Open your ledger: /account/ledger",
        "You asked for this mail in your settings (/settings); turn it off there at any time.",
      ].join("\n");
      const mail: Mail = {
        to: partner.email,
        subject: `Your ledger statement for ${monthName(month)}`,
        text,
        html: `<p>${text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`).replace(/\n/g, "<br>")}</p>`,
        attachments,
      };
      await deps.mailer.send(mail);
      await repo.markSent(db, userId, month, now());
    },
  };
}
export type StatementMail = ReturnType<typeof createStatementMail>;
