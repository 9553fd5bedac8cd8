import {
  EwayBillLimitBody,
  EwayBillLimitSetting,
  LockDateBody,
  LockDateSetting,
  ShippingChargeBody,
  ShippingChargeSetting,
} from "@portal/contracts";
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
  app.get(
    "/api/admin/settings/lock-date",
    staffRoute("The lock date of the books: postings dated before it are refused", LockDateSetting),
    async () => settings.lockDate(),
  );
  app.put(
    "/api/admin/settings/lock-date",
    staffRoute(
      "Set the lock date (yyyy-MM-dd, at most today in India; null opens every period); audited",
      LockDateSetting,
      { body: LockDateBody },
    ),
    async (request) => settings.setLockDate(userOf(request), request.body),
  );
  app.get(
    "/api/admin/settings/eway-bill-limit",
    staffRoute(
      "The e-way bill limit (rupees): a load worth more may not ship without an e-way bill",
      EwayBillLimitSetting,
    ),
    async () => settings.ewayBillLimit(),
  );
  app.put(
    "/api/admin/settings/eway-bill-limit",
    staffRoute("Set the e-way bill limit (rupees, at most ₹10,00,000); audited", EwayBillLimitSetting, {
      body: EwayBillLimitBody,
    }),
    async (request) => settings.setEwayBillLimit(userOf(request), request.body),
  );
};
