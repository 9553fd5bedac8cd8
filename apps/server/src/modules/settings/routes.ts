import { ShippingChargeBody, ShippingChargeSetting } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { staffRoute } from "../../lib/admin";
import { userOf } from "../../plugins/access";
import type { SettingsService } from "./service";

/** Settings of the Admin Console (staff only). */
export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (
  app,
  { settings },
) => {
  app.get(
    "/api/admin/settings/shipping-charge",
    staffRoute(
      "The shipping charge of a warehouse group below its shipping limit (GST inclusive)",
      ShippingChargeSetting,
    ),
    async () => settings.shippingCharge(),
  );
  app.put(
    "/api/admin/settings/shipping-charge",
    staffRoute("Set the shipping charge (rupees, GST inclusive, 0 to waive it)", ShippingChargeSetting, {
      body: ShippingChargeBody,
    }),
    async (request) => settings.setShippingCharge(userOf(request), request.body),
  );
};
