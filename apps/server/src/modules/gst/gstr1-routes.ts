import { Gstr1Companies, Gstr1Json, Gstr1Query, Gstr1Summary } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { DbOrTx } from "../../db/client";
import { staffRoute } from "../../lib/admin";
import { createGstr1Service } from "./gstr1-service";

/** GSTR-1 for staff: the issuing companies, and a month's return (totals, offline-tool JSON or CSV). */
export const gstr1Routes: FastifyPluginAsyncZod<{ db: DbOrTx }> = async (app, { db }) => {
  const gstr1 = createGstr1Service({ db });
  app.get(
    "/api/admin/gstr1/companies",
    staffRoute("The GSTINs GSTR-1 can be made for: the issuing companies", Gstr1Companies),
    async () => gstr1.companies(),
  );
  app.get(
    "/api/admin/gstr1",
    staffRoute(
      "GSTR-1 of an issuing company's GSTIN for a month (YYYY-MM, from 2017-07): format=summary (default) answers the totals the page shows; json the GST offline tool's JSON (b2b, b2cs, cdnr, hsn, doc_issue) as a download; csv the same rows as CSV",
      z.union([Gstr1Summary, Gstr1Json, z.string().describe("text/csv")]),
      { querystring: Gstr1Query, produces: ["application/json", "text/csv"] },
    ),
    async (request, reply) => {
      const { gstin, month, format } = request.query;
      const name = `GSTR1_${gstin}_${month.replace("-", "")}`;
      if (format === "csv")
        return reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="${name}.csv"`)
          .send(await gstr1.csv(gstin, month));
      if (format === "json")
        return reply
          .header("content-disposition", `attachment; filename="${name}.json"`)
          .send(await gstr1.json(gstin, month));
      return gstr1.summary(gstin, month);
    },
  );
};
