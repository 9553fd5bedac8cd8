import {
  AdminLedgerEntry,
  AdminLedgerResponse,
  AdminUserIdParam,
  ErrorResponse,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKey,
  LedgerAgeing,
  LedgerAgeingQuery,
  LedgerNoteBody,
  LedgerQuery,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
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
  app.get(
    "/api/admin/ledger/:userId/ageing",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary:
          "What a partner owes on one ledger account by age (0–30, 31–60, 61–90, 91–180, 180+ days), credits settling the oldest debits first",
        params: AdminUserIdParam,
        querystring: LedgerAgeingQuery,
        response: { 200: LedgerAgeing, ...adminErrors },
      },
    },
    async (request) => ledger.ageing(request.params.userId, request.query),
  );
  app.post(
    "/api/admin/ledger/:userId/notes",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "Courier-expense debit note or a correcting entry (never an edit)",
        description:
          "Send an Idempotency-Key header (a new random key per note, the same key when retrying it): the same key again " +
          "answers the note posted the first time (header `idempotent-replayed: true`) and posts nothing; with a different note it is refused (422). " +
          "Without the header every request posts a note.",
        headers: z.looseObject({
          [IDEMPOTENCY_KEY_HEADER]: IdempotencyKey.optional().describe(
            "A new random key per note (8 to 100 of A-Z a-z 0-9 - _); the same key when retrying it",
          ),
        }),
        params: AdminUserIdParam,
        body: LedgerNoteBody,
        response: { 200: AdminLedgerEntry, ...adminErrors, 422: ErrorResponse },
      },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      const note = await ledger.addNote(userOf(request), request.params.userId, request.body, key);
      if (note.replayed) reply.header("idempotent-replayed", "true");
      return note.entry;
    },
  );
};
