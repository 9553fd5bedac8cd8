import {
  type EwayBillLimitBody,
  EwayBillLimitSetting,
  type LockDateBody,
  LockDateSetting,
  type ShippingChargeBody,
  ShippingChargeSetting,
} from "@portal/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { adminKeys, useAdminAction } from "../../admin-kit/query";
import { request } from "../../lib/api";

const settingsKey = [...adminKeys.all, "settings"] as const;
export const adminSettingKeys = {
  all: settingsKey,
  lockDate: () => [...settingsKey, "lock-date"] as const,
  ewayBillLimit: () => [...settingsKey, "eway-bill-limit"] as const,
  shippingCharge: () => [...settingsKey, "shipping-charge"] as const,
};

export const adminSettingQueries = {
  lockDate: () =>
    queryOptions({
      queryKey: adminSettingKeys.lockDate(),
      queryFn: ({ signal }) => request("/api/admin/settings/lock-date", { schema: LockDateSetting, signal }),
    }),
  shippingCharge: () =>
    queryOptions({
      queryKey: adminSettingKeys.shippingCharge(),
      queryFn: ({ signal }) =>
        request("/api/admin/settings/shipping-charge", { schema: ShippingChargeSetting, signal }),
    }),
};

export const useLockDateSetting = () => useQuery(adminSettingQueries.lockDate());
export const useShippingChargeSetting = () => useQuery(adminSettingQueries.shippingCharge());

/** Sets the lock date (yyyy-MM-dd) or, with null, opens every period. */
export const useSetLockDate = () =>
  useAdminAction((lockDate: LockDateBody["lockDate"]) =>
    request("/api/admin/settings/lock-date", { method: "PUT", body: { lockDate }, schema: LockDateSetting }),
  );

export const useSetShippingCharge = () =>
  useAdminAction((amount: z.input<typeof ShippingChargeBody>["amount"]) =>
    request("/api/admin/settings/shipping-charge", {
      method: "PUT",
      body: { amount },
      schema: ShippingChargeSetting,
    }),
  );

export const useEwayBillLimitSetting = () =>
  useQuery({
    queryKey: adminSettingKeys.ewayBillLimit(),
    queryFn: ({ signal }) =>
      request("/api/admin/settings/eway-bill-limit", { schema: EwayBillLimitSetting, signal }),
  });

/** Sets the e-way bill limit (rupees): a load worth more may not ship without an e-way bill. */
export const useSetEwayBillLimit = () =>
  useAdminAction((limit: z.input<typeof EwayBillLimitBody>["limit"]) =>
    request("/api/admin/settings/eway-bill-limit", {
      method: "PUT",
      body: { limit },
      schema: EwayBillLimitSetting,
    }),
  );
