import { ErrorResponse, TallyQuery } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { DbOrTx } from "../../db/client";
import { routeOptions } from "../../lib/route-options";
import { userOf } from "../../plugins/access";
import type { StatementService } from "./statement-service";
import { createTallyExport, tallyCsv, tallyXml } from "./tally-service";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const route = routeOptions({ access: "user" as const }, ["ledger"], errors);

/** The partner's books in Tally: a statement period as TallyPrime import XML or CSV (own ledger only). */
export const tallyRoutes: FastifyPluginAsyncZod<{ db: DbOrTx; statements: StatementService }> = async (
  app,
  { db, statements },
) => {
  const tally = createTallyExport({ db, statements });
  app.get(
    "/api/ledger/tally",
    route(
      "The caller's ledger statement for a period (fromDate, toDate, ledgerAccount as the statement takes them) as TallyPrime vouchers: format=xml (import XML, default) or csv. Our invoices are Purchase vouchers with the GST ledgers Input IGST/CGST/SGST, our credit notes Debit Notes, our debit notes Credit Notes, payments Payment vouchers; the supplier ledger is named as on the statement and opens and closes at its balances",
      z.string().describe("application/xml or text/csv"),
      { querystring: TallyQuery, produces: ["application/xml", "text/csv"] },
    ),
    async (request, reply) => {
      const book = await tally.book(userOf(request), request.query);
      const name = `tally-${request.query.ledgerAccount}-${book.fromDate}-${book.toDate}`;
      return request.query.format === "csv"
        ? reply
            .type("text/csv; charset=utf-8")
            .header("content-disposition", `attachment; filename="${name}.csv"`)
            .send(tallyCsv(book))
        : reply
            .type("application/xml; charset=utf-8")
            .header("content-disposition", `attachment; filename="${name}.xml"`)
            .send(tallyXml(book));
    },
  );
};
