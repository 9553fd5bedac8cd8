import type { RuleSet, WarehouseType } from "@portal/domain";
import { isStockist } from "@portal/domain";
import { badRequest } from "../../lib/errors";
import type { SessionUser } from "../auth/service";
import type { UsersService } from "../users/service";

/** What the server knows about the caller when it decides what the caller may see and at what price. */
export interface Viewer {
  userId: number;
  hasFoodLicense: boolean;
  enableARS: boolean;
  /** The state GST is computed against: shipping state, else the account's state. */
  shipToState: string;
  /** Mapped warehouses with their states, in id order. */
  warehouses: readonly { id: number; state: string; name: string }[];
  rules: readonly RuleSet[];
}

export async function loadViewer(users: UsersService, user: SessionUser): Promise<Viewer> {
  const [mapping, rules] = await Promise.all([users.mapping(user), users.rules(user)]);
  return {
    userId: user.id,
    hasFoodLicense: user.hasFoodLicense,
    enableARS: user.enableARS,
    shipToState: user.shippingState ?? user.state ?? "",
    warehouses: mapping.map((m) => ({ id: m.whID, state: m.state, name: m.name })),
    rules,
  };
}

/**
 * The warehouses a listing may draw from: the caller's mapping, narrowed to one warehouse (which
 * must be mapped) and to the chosen warehouse type's side (company warehouses or stockists).
 */
export function warehouseIdsFor(viewer: Viewer, whType: WarehouseType, whId?: number): number[] {
  let ids = viewer.warehouses.map((w) => w.id);
  if (whId !== undefined) {
    if (!ids.includes(whId)) throw badRequest(`whId ${whId} is not one of your warehouses`);
    ids = [whId];
  }
  if (whType === "stockist") return ids.filter(isStockist);
  if (whType === "owned" || whType === "dropship") return ids.filter((id) => !isStockist(id));
  return ids;
}
