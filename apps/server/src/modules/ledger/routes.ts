import {
  AdminLedgerEntry,
  AdminLedgerResponse,
  AdminUserIdParam,
  LedgerNoteBody,
  LedgerQuery,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ADMIN_TAGS, adminErrors, staffOnly } from "../../lib/admin";
import { userOf } from "../../plugins/access";
import type { LedgerService } from "./service";
import { statementRoutes } from "./statement-routes";
import type { StatementService } from "./statement-service";

export const ledgerRoutes: FastifyPluginAsyncZod<{
  ledger: LedgerService;
  statements: StatementService;
}> = async (app, { ledger, statements }) => {
  // The partner's own ledger (enableLedger): statement, account types and the details of entries.
  await app.register(statementRoutes, { statements });
  app.get(
    "/api/admin/ledger/:userId",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "A partner's journal with opening and closing balance",
        params: AdminUserIdParam,
        querystring: LedgerQuery,
        response: { 200: AdminLedgerResponse, ...adminErrors },
      },
    },
    async (request) => ledger.statement(request.params.userId, request.query),
  );
  app.post(
    "/api/admin/ledger/:userId/notes",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "Courier-expense debit note or a correcting entry (never an edit)",
        params: AdminUserIdParam,
        body: LedgerNoteBody,
        response: { 200: AdminLedgerEntry, ...adminErrors },
      },
    },
    async (request) => ledger.addNote(userOf(request), request.params.userId, request.body),
  );
};
