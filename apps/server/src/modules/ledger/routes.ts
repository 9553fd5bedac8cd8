import {
  AdminLedgerEntry,
  AdminLedgerResponse,
  AdminUserIdParam,
  ErrorResponse,
  LedgerNoteBody,
  LedgerQuery,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { userOf } from "../../plugins/access";
import type { LedgerService } from "./service";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const admin = { access: "admin" as const };
const tags = ["admin"];

export const ledgerRoutes: FastifyPluginAsyncZod<{ ledger: LedgerService }> = async (app, { ledger }) => {
  app.get(
    "/api/admin/ledger/:userId",
    {
      config: admin,
      schema: {
        tags,
        summary: "A partner's journal with opening and closing balance",
        params: AdminUserIdParam,
        querystring: LedgerQuery,
        response: { 200: AdminLedgerResponse, ...errors },
      },
    },
    async (request) => ledger.statement(request.params.userId, request.query),
  );
  app.post(
    "/api/admin/ledger/:userId/notes",
    {
      config: admin,
      schema: {
        tags,
        summary: "Courier-expense debit note or a correcting entry (never an edit)",
        params: AdminUserIdParam,
        body: LedgerNoteBody,
        response: { 200: AdminLedgerEntry, ...errors },
      },
    },
    async (request) => ledger.addNote(userOf(request), request.params.userId, request.body),
  );
};
