/** E-way bills (staff): a load's e-way bill with its state and JSON, generate it, enter its number. */
import { AdminEwayBill, AdminIdParam, EwayBillNumberBody } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { staffRoute } from "../../lib/admin";
import { userOf } from "../../plugins/access";
import type { EwayBillService } from "./ewaybill-service";

export const ewayBillRoutes: FastifyPluginAsyncZod<{ ewayBills: EwayBillService }> = async (
  app,
  { ewayBills },
) => {
  app.get(
    "/api/admin/loads/:id/ewaybill",
    staffRoute(
      "A load's e-way bill: not needed (worth at most the limit, cancelled, shipped before 2018-04-01), needed, generated or entered, with its number and valid until; the EWB-01 JSON (as sent, else built from the stored invoices) and what NIC's schema finds wrong",
      AdminEwayBill,
      { params: AdminIdParam },
    ),
    async (request) => ewayBills.view(request.params.id),
  );
  app.post(
    "/api/admin/loads/:id/ewaybill",
    staffRoute(
      "Generates a load's e-way bill through the e-way bill system (the configured one, else the sandbox): its number and valid until (one day per 200 km); 409 when it needs none, has one, or is not handed over",
      AdminEwayBill,
      { params: AdminIdParam },
    ),
    async (request) => ewayBills.generate(userOf(request).id, request.params.id),
  );
  app.put(
    "/api/admin/loads/:id/ewaybill",
    staffRoute(
      "Records the number (12 digits) of an e-way bill staff generated elsewhere, with its last valid day when known; 409 when the load has one or the number is on another load",
      AdminEwayBill,
      { params: AdminIdParam, body: EwayBillNumberBody },
    ),
    async (request) => ewayBills.enter(userOf(request).id, request.params.id, request.body),
  );
};
