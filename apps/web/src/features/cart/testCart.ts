import type { CartAllocation, CartAllocationView, CartGroupTotal, CartLine } from "@portal/contracts";
import {
  DEFAULT_SHIPPING_CHARGE,
  evaluateGroup,
  GROUP_RULES,
  groupShippingCharge,
  paiseToDecimal,
  sumPaise,
  toPaise,
  WAREHOUSE_GROUPS,
  type WarehouseGroup,
} from "@portal/domain";

/** An allocation of `qty` units at `netCost` each (test data). */
export function testAllocation(
  wh: number,
  whName: string,
  group: WarehouseGroup,
  qty: number,
  netCost: string,
): CartAllocation {
  return {
    wh,
    whName,
    group,
    qty,
    mrp: "999.00",
    ctc: netCost,
    baseCost: netCost,
    vat: "0.00",
    netCost,
    margin: "0.00",
    gstType: "CGST/SGST",
    gstRate: "5.00",
    total: paiseToDecimal(toPaise(netCost) * BigInt(qty)),
  };
}

/** A refreshed cart line (test data); its totals follow its allocation. */
export function testLine(
  id: number,
  allocation: CartAllocation[],
  overrides: Partial<CartLine> = {},
): CartLine {
  const allocatedQty = allocation.reduce((s, a) => s + a.qty, 0);
  const qty = overrides.qty ?? allocatedQty;
  return {
    id,
    productId: id,
    qty,
    parent: `${id}^Blue`,
    name: `Cotton Romper ${id}`,
    image: `/api/images/products/${id}/a.svg`,
    size: "6-12M",
    color: "Blue",
    brand: { id: 12, name: "Babyhug" },
    category: { id: 6, name: "Boys Clothing" },
    subcategory: { id: 601, name: "T-Shirts" },
    stockType: "OwnedStock",
    isReturnable: true,
    isSale: false,
    mrp: "999.00",
    whId: allocation[0]?.wh ?? 2,
    group: allocation[0]?.group ?? "owned",
    allocation,
    allocatedQty,
    gapQty: qty - allocatedQty,
    availableQty: allocatedQty,
    totalPrice: paiseToDecimal(sumPaise(allocation.map((a) => toPaise(a.total)))),
    totalMRP: paiseToDecimal(toPaise("999.00") * BigInt(allocatedQty)),
    available: true,
    problem: null,
    reorderWarning: null,
    ...overrides,
  };
}

/** The group totals the server would compute for these lines: the domain's own group rules (test data). */
export function testGroups(lines: readonly CartLine[]): CartGroupTotal[] {
  return WAREHOUSE_GROUPS.map((group) => {
    const allocations = lines.flatMap((l) => l.allocation.filter((a) => a.group === group));
    const evaluated = evaluateGroup(group, sumPaise(allocations.map((a) => toPaise(a.total))));
    const { total, meetsMinimum, shippingCharge } = evaluated;
    const charge = groupShippingCharge(evaluated, toPaise(DEFAULT_SHIPPING_CHARGE));
    const rule = GROUP_RULES[group];
    return {
      group,
      label: rule.label,
      total: paiseToDecimal(total),
      minimum: paiseToDecimal(rule.minimum),
      shippingLimit: rule.shippingLimit === null ? null : paiseToDecimal(rule.shippingLimit),
      meetsMinimum,
      shippingCharge,
      shippingChargeAmount: paiseToDecimal(charge.amount),
      toAvoidShippingCharge: charge.toAvoid === null ? null : paiseToDecimal(charge.toAvoid),
      preselected: meetsMinimum,
      lines: new Set(lines.filter((l) => l.allocation.some((a) => a.group === group)).map((l) => l.id)).size,
    };
  });
}

export function testCart(lines: CartLine[], overrides: Partial<CartAllocationView> = {}): CartAllocationView {
  const groups = testGroups(lines);
  return {
    products: lines,
    groups,
    orderEnabled: groups.some((g) => g.meetsMinimum),
    stockReduced: false,
    message: null,
    totalPrice: paiseToDecimal(sumPaise(lines.map((l) => toPaise(l.totalPrice)))),
    totalMRP: paiseToDecimal(sumPaise(lines.map((l) => toPaise(l.totalMRP)))),
    notInCart: [],
    ...overrides,
  };
}

/** Owned ₹7,000 (below the ₹20,000 shipping limit), stockist ₹4,000 (below its ₹6,000 minimum), drop-ship ₹1,000. */
export function threeGroupCart() {
  return testCart([
    testLine(100001, [testAllocation(2, "Pune", "owned", 10, "700.00")]),
    testLine(100002, [testAllocation(99, "Stockist", "stockist", 8, "500.00")]),
    testLine(100003, [testAllocation(5, "Mumbai", "dropship", 2, "500.00")], { stockType: "DropShipment" }),
  ]);
}
