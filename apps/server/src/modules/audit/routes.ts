import { AuditQuery, AuditResponse, ErrorResponse } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import * as repo from "./repo";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };

export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/api/admin/audit",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "Staff actions: who, when, what, before and after",
        querystring: AuditQuery,
        response: { 200: AuditResponse, ...errors },
      },
    },
    async (request) => {
      const { rows, total } = await repo.list(db, request.query);
      return {
        total,
        rows: rows.map(({ entry, actorEmail }) => ({
          id: entry.id,
          actorId: entry.actorId,
          actorEmail,
          action: entry.action,
          entity: entry.entity,
          entityId: entry.entityId,
          before: entry.before,
          after: entry.after,
          at: entry.at.toISOString(),
        })),
      };
    },
  );
};
