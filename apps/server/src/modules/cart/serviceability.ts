import type { ServiceabilityResponse, ServiceabilityResult } from "@portal/contracts";
import { messages, needsServiceability, toPaise, warehouseNotMapped } from "@portal/domain";
import type { Db } from "../../db/client";
import { mappedWarehouseIds, type Viewer, visibleTo } from "../catalogue/public";

import * as repo from "./repo";

export interface ServiceabilityQuestion {
  ProductID: number;
  BillingPincode: string;
  /** checkServiceableProducts only: the MRP and warehouse the client has for the product. */
  MRP?: string | number | undefined;
  WarehouseID?: number | undefined;
}

/** An amount as paise, or null when it is not an amount. */
function amount(value: string | number): bigint | null {
  try {
    return toPaise(value);
  } catch {
    return null;
  }
}

export function createServiceability(deps: { db: Db }) {
  const { db } = deps;
  return {
    /**
     * POST /api/products/checkServiceableProducts and /api/products/serviceability: per product, the
     * reasons it cannot be delivered to the pincode (serviceable only when there are none). A product
     * the caller may not see is "Product not found"; owned and stockist stock always serves; drop-ship
     * and credit-vendor stock serves when its brand delivers to the pincode. The check call also
     * compares the client's MRP and warehouse with the catalogue and the caller's mapping.
     */
    async checkServiceability(
      viewer: Viewer,
      list: readonly ServiceabilityQuestion[],
    ): Promise<ServiceabilityResponse> {
      const facts = new Map(
        (await repo.visibleProducts(db, [...new Set(list.map((q) => q.ProductID))], visibleTo(viewer))).map(
          (r) => [r.id, r],
        ),
      );
      const serving = new Map<string, Set<number>>();
      for (const pincode of new Set(list.map((q) => q.BillingPincode))) {
        const brandIds = list
          .filter((q) => q.BillingPincode === pincode)
          .map((q) => facts.get(q.ProductID))
          .filter((f) => f !== undefined && needsServiceability(f.stockType))
          .map((f) => f?.brandId ?? 0);
        serving.set(pincode, await repo.brandsServing(db, brandIds, pincode));
      }
      const mapped = mappedWarehouseIds(viewer);
      const results: ServiceabilityResult[] = list.map((q) => {
        const f = facts.get(q.ProductID);
        const failures: string[] = [];
        if (!f) failures.push(messages.productNotFound);
        else {
          if (q.MRP !== undefined && q.MRP !== "") {
            const asked = amount(q.MRP);
            if (asked === null || asked !== toPaise(f.mrp))
              failures.push(`MRP ${String(q.MRP)} does not match the product's MRP ${f.mrp}`);
          }
          if (q.WarehouseID !== undefined && !mapped.includes(q.WarehouseID))
            failures.push(warehouseNotMapped(q.WarehouseID));
          if (needsServiceability(f.stockType) && !serving.get(q.BillingPincode)?.has(f.brandId))
            failures.push(`${messages.productNotServiceable} for pincode ${q.BillingPincode}`);
        }
        return {
          ProductID: q.ProductID,
          BillingPincode: q.BillingPincode,
          serviceable: failures.length === 0,
          failures,
        };
      });
      return { products: JSON.stringify(results) };
    },
  };
}
