import { ReconciliationQuery, ReconciliationReport } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { staffRoute } from "../../lib/admin";
import type { ReconciliationService } from "./service";

export const reconciliationRoutes: FastifyPluginAsyncZod<{ reconciliation: ReconciliationService }> = async (
  app,
  { reconciliation },
) => {
  app.get(
    "/api/admin/reconciliation",
    staffRoute(
      "Order → load → invoice → ledger → payable: every disagreement, per partner and ledger account",
      ReconciliationReport,
      {
        querystring: ReconciliationQuery,
      },
    ),
    async (request) => reconciliation.report(request.query),
  );
};
