/**
 * The back office, composed: order desk, loads, invoices, ledger, payments, sales returns,
 * waybills, partners, audit and the job runner (auto-confirm, mails, ageing), and their routes.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "./db/client";
import type { FileStore } from "./lib/file-store";
import type { Mailer } from "./lib/mailer";
import { auditRoutes } from "./modules/audit/routes";
import type { AuthService } from "./modules/auth/public";
import { cformsRoutes } from "./modules/cforms/routes";
import { createCformsService } from "./modules/cforms/service";
import { invoicesRoutes } from "./modules/invoices/routes";
import { createInvoicesService, INVOICE_PDF_JOB } from "./modules/invoices/service";
import { createJobRunner, enqueueJob } from "./modules/jobs/public";
import { ledgerRoutes } from "./modules/ledger/routes";
import { createLedgerService } from "./modules/ledger/service";
import { createStatementService } from "./modules/ledger/statement-service";
import { loadsRoutes } from "./modules/loads/routes";
import { createLoadsService } from "./modules/loads/service";
import { notificationsAdminRoutes } from "./modules/notifications/admin-routes";
import { mailJobHandler } from "./modules/notifications/public";
import { orderDeskRoutes } from "./modules/order-desk/routes";
import { createOrderDeskService } from "./modules/order-desk/service";
import { partnersRoutes } from "./modules/partners/routes";
import { createPartnersService } from "./modules/partners/service";
import { paymentsRoutes } from "./modules/payments/routes";
import { createPaymentsService } from "./modules/payments/service";
import { reconciliationRoutes } from "./modules/reconciliation/routes";
import { createReconciliationService } from "./modules/reconciliation/service";
import { salesReturnsRoutes } from "./modules/sales-returns/routes";
import { createSalesReturnsService } from "./modules/sales-returns/service";
import { settingsRoutes } from "./modules/settings/routes";
import { createSettingsService } from "./modules/settings/service";
import { waybillsRoutes } from "./modules/waybills/routes";
import { createWaybillsService } from "./modules/waybills/service";

export const AUTO_CONFIRM_EVERY_MS = 60_000;
export const AGEING_EVERY_MS = 24 * 60 * 60 * 1000;

export interface BackOfficeDeps {
  db: Db;
  mailer: Mailer;
  auth: Pick<AuthService, "endAllSessions" | "sendResetMail">;
  forgetUserContext: (userId: number) => void;
  /** Where uploaded files are kept (disk or bucket); C-form files go under cforms/. */
  store: FileStore;
  onStockChanged?: () => void;
  now?: () => Date;
  log?: { error(obj: unknown, msg?: string): void };
}

export function createBackOffice(deps: BackOfficeDeps) {
  const now = deps.now ?? (() => new Date());
  const { db } = deps;
  const desk = createOrderDeskService({
    db,
    now,
    ...(deps.onStockChanged ? { onStockChanged: deps.onStockChanged } : {}),
  });
  const loads = createLoadsService({ db, now });
  const invoices = createInvoicesService({ db });
  const ledger = createLedgerService({ db, now });
  const statements = createStatementService({ db, now });
  const payments = createPaymentsService({ db, now });
  const reconciliation = createReconciliationService({
    db,
    now,
    payable: async (userId, account) => (await payments.pending(userId, account)).totalPayable,
  });
  const salesReturns = createSalesReturnsService({ db, now });
  const waybills = createWaybillsService({ db, now });
  const settings = createSettingsService({ db, now });
  const cforms = createCformsService({ db, now, store: deps.store });
  const partners = createPartnersService({
    db,
    now,
    auth: deps.auth,
    forgetUserContext: deps.forgetUserContext,
  });
  const jobs = createJobRunner({
    db,
    now,
    ...(deps.log ? { log: deps.log } : {}),
    handlers: {
      mail: mailJobHandler(db, deps.mailer),
      [INVOICE_PDF_JOB]: async (payload) => {
        await invoices.prerenderPdfs(payload, now());
      },
      autoConfirm: async () => {
        await desk.runAutoConfirm(now());
        await enqueueJob(db, "autoConfirm", {}, new Date(now().getTime() + AUTO_CONFIRM_EVERY_MS));
      },
      ageing: async () => {
        await ledger.runAgeing(now());
        await enqueueJob(db, "ageing", {}, new Date(now().getTime() + AGEING_EVERY_MS));
      },
    },
  });
  return {
    desk,
    loads,
    invoices,
    ledger,
    statements,
    payments,
    reconciliation,
    salesReturns,
    waybills,
    cforms,
    partners,
    settings,
    jobs,
    /**
     * Queues the periodic jobs unless they already wait (several instances may both do it: both are
     * idempotent): auto-confirm and ageing at once, ARS replenishment (once registered) at its next Monday.
     */
    async schedulePeriodicJobs(firstRun: Record<string, Date> = {}) {
      for (const kind of ["autoConfirm", "ageing", ...Object.keys(firstRun)]) {
        const waiting = await db.execute(
          sql`SELECT 1 FROM jobs WHERE kind = ${kind} AND status IN ('queued', 'running') LIMIT 1`,
        );
        if ((waiting as unknown as { rows: unknown[] }).rows.length === 0)
          await enqueueJob(db, kind, {}, firstRun[kind] ?? now());
      }
    },
  };
}
export type BackOffice = ReturnType<typeof createBackOffice>;

declare module "fastify" {
  interface FastifyInstance {
    backOffice: BackOffice;
  }
}

/** Registers every back-office route and exposes the services as `app.backOffice` (tests drive jobs through it). */
export async function registerBackOffice(
  app: FastifyInstance,
  backOffice: BackOffice,
  deps: { db: Db; now?: () => Date },
) {
  const now = deps.now ?? (() => new Date());
  app.decorate("backOffice", backOffice);
  await app.register(orderDeskRoutes, { desk: backOffice.desk });
  await app.register(loadsRoutes, { loads: backOffice.loads });
  await app.register(invoicesRoutes, { invoices: backOffice.invoices });
  await app.register(ledgerRoutes, { ledger: backOffice.ledger, statements: backOffice.statements });
  await app.register(paymentsRoutes, { payments: backOffice.payments });
  await app.register(salesReturnsRoutes, { salesReturns: backOffice.salesReturns });
  await app.register(waybillsRoutes, { waybills: backOffice.waybills });
  await app.register(cformsRoutes, { cforms: backOffice.cforms });
  await app.register(partnersRoutes, { partners: backOffice.partners });
  await app.register(notificationsAdminRoutes, { db: deps.db, now });
  await app.register(auditRoutes, { db: deps.db });
  await app.register(settingsRoutes, { settings: backOffice.settings });
  await app.register(reconciliationRoutes, { reconciliation: backOffice.reconciliation });
}
