import {
  ErrorResponse,
  GetLedgerBody,
  LedgerAccTypes,
  LedgerAgeingNote,
  LedgerIdParam,
  LedgerLoadShipment,
  LedgerNote,
  LedgerOpeningBalance,
  LedgerProductRemoval,
  LedgerReferenceParam,
  LedgerSalesReturn,
  LedgerShipmentOrders,
  LedgerShippingIdParam,
  LedgerSrDetails,
  LedgerSrDetailsQuery,
  LedgerSrLines,
  LedgerStatement,
  LedgerTransaction,
  LedgerTransactionParams,
  LedgerYearEntries,
  LedgerYearOrders,
  LedgerYearQuery,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { routeOptions } from "../../lib/route-options";
import { pdfFile, sendPdf } from "../../lib/send-pdf";
import { userOf } from "../../plugins/access";
import type { LedgerYearListing, StatementService } from "./statement-service";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const route = routeOptions({ access: "user" as const }, ["ledger"], errors);
const yearDoc =
  "ledgerAccount 1 or 2; year is the financial year by its first year (2024 = 2024-04-01 to 2025-03-31), " +
  'default the current one; before 2017: "Last Year Ledger Not Available".';

/** The partner's ledger (enableLedger only, own entries only): statement, account types, details. */
export const statementRoutes: FastifyPluginAsyncZod<{ statements: StatementService }> = async (
  app,
  { statements },
) => {
  app.post(
    "/api/ledger/getLedger",
    route(
      "The statement: first the opening balance, then each entry with its running balance (ledger starts 2017-04-01)",
      LedgerStatement,
      { body: GetLedgerBody },
    ),
    async (request) => statements.statement(userOf(request), request.body),
  );
  app.post(
    "/api/ledger/getLedger/pdf",
    route("The statement as PDF", pdfFile, { body: GetLedgerBody, produces: ["application/pdf"] }),
    async (request, reply) => {
      const user = userOf(request);
      const statement = await statements.statement(user, request.body);
      const name = user.storeName ?? `${user.firstname} ${user.lastname}`;
      const pdf = await statements.pdf(statement, { name, email: user.email });
      return sendPdf(
        reply,
        `ledger-${statement.ledgerAccount}-${statement.fromDate}-${statement.toDate}`,
        pdf,
      );
    },
  );
  app.get(
    "/api/ledger/getAccTypes",
    route(
      "The ledger accounts (1 main company, 2 second company) and whether the caller has entries on each",
      LedgerAccTypes,
    ),
    async (request) => statements.accTypes(userOf(request)),
  );
  app.get(
    "/api/ledger/transactionDetails/:acc/:id",
    route("One entry of the caller's ledger with what it refers to", LedgerTransaction, {
      params: LedgerTransactionParams,
    }),
    async (request) => statements.transaction(userOf(request), request.params.acc, request.params.id),
  );
  app.get(
    "/api/ledger/cndnmasters/:id",
    route("A credit or debit note of the caller's ledger (by entry id) with its GST split", LedgerNote, {
      params: LedgerIdParam,
    }),
    async (request) => statements.cndnMaster(userOf(request), request.params.id),
  );
  app.get(
    "/api/ledger/darpcndnmasters/:id",
    route(
      "A delayed-payment debit note (DN120 from 120 days, DN180 from 180) with the overdue debits it was charged on",
      LedgerAgeingNote,
      { params: LedgerIdParam },
    ),
    async (request) => statements.darpNote(userOf(request), request.params.id),
  );
  app.get(
    "/api/ledger/gccnmaster/:id",
    route("A general credit or debit note (staff correction) by entry id", LedgerNote, {
      params: LedgerIdParam,
    }),
    async (request) => statements.generalNote(userOf(request), request.params.id),
  );
  app.get(
    "/api/ledger/sales/porder/:shippingID",
    route("The purchase orders of a shipment (load) and their status", LedgerShipmentOrders, {
      params: LedgerShippingIdParam,
    }),
    async (request) => statements.shipmentOrders(userOf(request), request.params.shippingID),
  );
  app.get(
    "/api/ledger/sales/loadshipment/:id",
    route("A load's shipment: dates, docket, transporter, totals and its tax invoice", LedgerLoadShipment, {
      params: LedgerIdParam,
    }),
    async (request) => statements.loadShipment(userOf(request), request.params.id),
  );
  app.get(
    "/api/ledger/sales/return/:id",
    route("A sales return with its lines", LedgerSalesReturn, { params: LedgerIdParam }),
    async (request) => statements.salesReturn(userOf(request), request.params.id),
  );
  app.get(
    "/api/ledger/productremoval/:id",
    route(
      "Undelivered units credited back (order cancel, SAC 9997): the note and the short lines",
      LedgerProductRemoval,
      {
        params: LedgerIdParam,
      },
    ),
    async (request) => statements.productRemoval(userOf(request), request.params.id),
  );
  app.get(
    "/api/ledger/srdetails/:referenceId",
    route(
      "A sales return's credit-note details by reference id; noteType CN shows every line, DN120 lines aged 120 days or more, DN180 180 or more",
      LedgerSrDetails,
      { params: LedgerReferenceParam, querystring: LedgerSrDetailsQuery },
    ),
    async (request) =>
      statements.srDetails(userOf(request), request.params.referenceId, request.query.noteType),
  );
  for (const [path, which, summary] of [
    [
      "srListing",
      "listing",
      "SR order details: returned units up to the delivered quantity of their order line",
    ],
    ["srExcess", "excess", "SR excess product details: returned units beyond the delivered quantity"],
    ["srManual", "manual", "Manual SR product details: returned lines with no order line of the partner's"],
  ] as const) {
    app.get(
      `/api/ledger/${path}/:id`,
      route(summary, LedgerSrLines, { params: LedgerIdParam }),
      async (request) => statements.srLines(userOf(request), request.params.id, which),
    );
  }
  const years: [string, LedgerYearListing, string][] = [
    ["misc", "misc", "Miscellaneous notes (corrections) of a financial year"],
    [
      "getProductRemoval",
      "productRemoval",
      "Product removal (order cancel) credit notes of a financial year",
    ],
    ["cndninvoicemaster", "notes", "Every credit and debit note of a financial year with its GST split"],
    ["couriercddetail", "courier", "Courier-expense debit notes (SAC 9968) of a financial year"],
    ["sales/load", "sales", "Sales invoices (one per shipped load) of a financial year"],
  ];
  for (const [path, listing, summary] of years) {
    app.get(
      `/api/ledger/${path}`,
      route(summary, LedgerYearEntries, { querystring: LedgerYearQuery, description: yearDoc }),
      async (request) => statements.yearEntries(userOf(request), listing, request.query),
    );
  }
  app.get(
    "/api/ledger/sales/po",
    route("Purchase orders invoiced (shipped) in a financial year", LedgerYearOrders, {
      querystring: LedgerYearQuery,
      description: yearDoc,
    }),
    async (request) => statements.yearOrders(userOf(request), request.query),
  );
  app.get(
    "/api/ledger/openingBalance",
    route("The opening balance of a financial year (Debit or Credit)", LedgerOpeningBalance, {
      querystring: LedgerYearQuery,
      description: yearDoc,
    }),
    async (request) => statements.openingBalance(userOf(request), request.query),
  );
};
