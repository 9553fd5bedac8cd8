import { AuditFilterChoices, AuditQuery, AuditResponse, type AuditRow } from "@portal/contracts";
import { formatDateTime } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { staffRoute } from "../../lib/admin";
import { sendCsvPages } from "../../lib/staff-list";
import { memberLabels } from "../team/public";
import * as repo from "./repo";

type Entry = Awaited<ReturnType<typeof repo.rows>>[number];

/** Each entry's acting member as "Name (role) for Store", by member id. */
const labelsOf = (db: Db, entries: readonly Entry[]) =>
  memberLabels(
    db,
    entries.flatMap(({ entry }) => (entry.actorMemberId === null ? [] : [entry.actorMemberId])),
  );

const toRow = ({ entry, actorEmail }: Entry, labels: ReadonlyMap<number, string>): AuditRow => ({
  ...(entry.actorMemberId !== null ? { actorName: labels.get(entry.actorMemberId) ?? null } : {}),
  id: entry.id,
  actorId: entry.actorId,
  actorEmail,
  action: entry.action,
  entity: entry.entity,
  entityId: entry.entityId,
  before: entry.before,
  after: entry.after,
  at: entry.at.toISOString(),
});

const CSV_HEADER = ["When", "Who", "Action", "Entity", "Id", "Before", "After"] as const;

export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/api/admin/audit",
    staffRoute(
      "Staff actions: who, when, what, before and after (format=csv: every matching one)",
      AuditResponse,
      {
        description:
          "q searches the entity id, the action and the actor's email; from/to are India days; " +
          "sort is a column (-column for descending) over all rows.",
        querystring: AuditQuery,
        produces: ["application/json", "text/csv"],
      },
    ),
    async (request, reply) => {
      const q = request.query;
      if (q.format === "csv")
        return sendCsvPages(
          reply,
          "audit-log.csv",
          CSV_HEADER,
          async (page, pageSize) => {
            const rows = await repo.rows(db, q, { page, pageSize });
            const labels = await labelsOf(db, rows);
            return rows.map((row) => ({ ...row, actorName: labels.get(row.entry.actorMemberId ?? 0) }));
          },
          ({ entry, actorEmail, actorName }) => [
            formatDateTime(entry.at),
            actorName ?? actorEmail ?? "system",
            entry.action,
            entry.entity,
            entry.entityId,
            JSON.stringify(entry.before ?? null),
            JSON.stringify(entry.after ?? null),
          ],
        );
      const { rows, total } = await repo.list(db, q);
      const labels = await labelsOf(db, rows);
      return { total, rows: rows.map((row) => toRow(row, labels)) };
    },
  );
  app.get(
    "/api/admin/audit/filters",
    staffRoute(
      "What the audit list's filters offer: entity kinds and the staff who acted",
      AuditFilterChoices,
    ),
    async () => repo.filterChoices(db),
  );
};
