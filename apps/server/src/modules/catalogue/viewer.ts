import type { RuleSet, WarehouseType } from "@portal/domain";
import { isStockist, warehouseNotMapped } from "@portal/domain";
import type { SQL } from "drizzle-orm";
import { badRequest } from "../../lib/errors";
import type { SessionUser } from "../auth/public";
import type { UsersService } from "../users/public";
import { visibleCondition } from "./visibility";

/** What the server knows about the caller when it decides what the caller may see and at what price. */
export interface Viewer {
  userId: number;
  hasFoodLicense: boolean;
  enableARS: boolean;
  /** The franchise concept (BABYHUG partners follow the reorder rules), or null. */
  concept: string | null;
  /** The state GST is computed against: shipping state, else the account's state. */
  shipToState: string;
  /** Mapped warehouses with their states, in id order. */
  warehouses: readonly { id: number; state: string; name: string }[];
  rules: readonly RuleSet[];
  /**
   * A kiosk guest session (a walk-in customer at a kiosk store, decided from the session, never the
   * request): answers carry MRP only, never the store's wholesale price (net cost, margins, the tax
   * on its cost).
   */
  mrpOnly: boolean;
}

export async function loadViewer(users: UsersService, user: SessionUser): Promise<Viewer> {
  const [mapping, rules] = await Promise.all([users.mapping(user), users.rules(user)]);
  return {
    userId: user.id,
    hasFoodLicense: user.hasFoodLicense,
    enableARS: user.enableARS,
    concept: user.franchise?.concept ?? null,
    shipToState: user.shippingState ?? user.state ?? "",
    warehouses: mapping.map((m) => ({ id: m.whID, state: m.state, name: m.name })),
    rules,
    mrpOnly: user.kioskCustomerMobile !== null,
  };
}

export const mappedWarehouseIds = (viewer: Viewer): number[] => viewer.warehouses.map((w) => w.id);

/** The first of `asked` outside the caller's mapping, or undefined. */
export const unmappedWarehouse = (viewer: Viewer, asked: readonly number[]): number | undefined => {
  const mapped = mappedWarehouseIds(viewer);
  return asked.find((id) => !mapped.includes(id));
};

/**
 * The one guard on warehouses a caller names (listing `whId`, batch and cart `wh`): each must be
 * mapped, else 400 with the one message. No warehouses named means the whole mapping.
 */
export function mappedOrRefuse(viewer: Viewer, asked: readonly number[] | undefined): number[] {
  if (!asked || asked.length === 0) return mappedWarehouseIds(viewer);
  const foreign = unmappedWarehouse(viewer, asked);
  if (foreign !== undefined) throw badRequest(warehouseNotMapped(foreign));
  return [...new Set(asked)];
}

/** The spec's visibility for this caller as SQL, over the whole mapping or the given warehouses. */
export const visibleTo = (
  viewer: Viewer,
  warehouseIds: readonly number[] = mappedWarehouseIds(viewer),
): SQL => visibleCondition({ warehouseIds, hasFoodLicense: viewer.hasFoodLicense, rules: viewer.rules });

/**
 * The warehouses a listing may draw from: the caller's mapping, narrowed to one warehouse (which
 * must be mapped) and to the chosen warehouse type's side (company warehouses or stockists).
 */
export function warehouseIdsFor(viewer: Viewer, whType: WarehouseType, whId?: number): number[] {
  const ids = mappedOrRefuse(viewer, whId === undefined ? undefined : [whId]);
  if (whType === "stockist") return ids.filter(isStockist);
  if (whType === "owned" || whType === "dropship") return ids.filter((id) => !isStockist(id));
  return ids;
}
