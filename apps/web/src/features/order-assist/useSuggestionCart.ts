import type { SuggestedItem } from "@portal/contracts";
import type { CartConflictChoice } from "@portal/domain";
import { useCallback, useMemo, useState } from "react";
import { errorMessage } from "../../lib/api";
import { useCart } from "../../lib/cart";
import { notify } from "../../lib/notify";
import { useAddSuggestions } from "./api";
import {
  bulkAddProblem,
  type CartConflict,
  planCartAdd,
  selectionValue,
  singleAddProblem,
} from "./selection";

/** Products being added that are in the cart already: the question the partner answers. */
export interface PendingConflict {
  conflicts: CartConflict[];
  lines: { id: number; qty: number }[];
  which: number | "bulk";
}

/**
 * The selection of suggested products, their quantities (the suggestion unless the partner changed
 * it), the selection's value at the partner's unit cost, and their way into the cart (one, or all
 * selected). A product already in the cart is never overwritten quietly: the partner is asked
 * whether to keep the cart's quantity, replace it or add both.
 */
export function useSuggestionCart(items: readonly SuggestedItem[]) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [quantities, setQuantities] = useState<ReadonlyMap<number, number>>(new Map());
  const [busy, setBusy] = useState<number | "bulk" | null>(null);
  const [conflict, setConflict] = useState<PendingConflict | null>(null);
  const cart = useCart();
  const add = useAddSuggestions();
  const cartQty = useMemo(
    () => new Map((cart.data?.products ?? []).map((p) => [p.id, p.qty] as const)),
    [cart.data],
  );
  const cartIds = useMemo(() => new Set(cartQty.keys()), [cartQty]);
  const cartCount = cart.data?.products.length ?? 0;

  const qtyOf = useCallback((item: SuggestedItem) => quantities.get(item.id) ?? item.cartQty, [quantities]);
  const setQty = useCallback((id: number, qty: number) => {
    setQuantities((current) => new Map(current).set(id, qty));
    setSelected((current) => (qty > 0 ? new Set(current).add(id) : current));
  }, []);

  const toggle = useCallback((id: number, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const setMany = useCallback((ids: readonly number[], on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);

  async function send(lines: { id: number; qty: number }[], which: number | "bulk") {
    setBusy(which);
    try {
      const answer = await add.mutateAsync(lines);
      notify.success(answer.message);
      if (which === "bulk") setSelected(new Set());
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  /** Sends what is not in the cart yet; asks about what is. */
  function start(lines: { id: number; qty: number }[], which: number | "bulk") {
    const plan = planCartAdd(lines, cartQty);
    if (plan.conflicts.length > 0) return setConflict({ conflicts: plan.conflicts, lines, which });
    void send(plan.send, which);
  }

  /** The partner's answer to the conflict question. */
  function choose(choice: CartConflictChoice) {
    if (!conflict) return;
    const plan = planCartAdd(conflict.lines, cartQty, choice);
    setConflict(null);
    if (plan.send.length === 0) {
      notify.info("Nothing changed: your cart keeps its quantities.");
      if (conflict.which === "bulk") setSelected(new Set());
      return;
    }
    void send(plan.send, conflict.which);
  }

  const withQty = (item: SuggestedItem): SuggestedItem => ({
    ...item,
    cartQty: qtyOf(item),
    suggested: qtyOf(item),
  });

  function addOne(item: SuggestedItem) {
    const problem = singleAddProblem(withQty(item), cartIds, cartCount);
    if (problem) return notify.error(problem);
    start([{ id: item.id, qty: qtyOf(item) }], item.id);
  }

  const chosen = items.filter((i) => selected.has(i.id) && qtyOf(i) > 0);

  function addSelected() {
    const problem = bulkAddProblem(chosen.map(withQty), cartIds, cartCount);
    if (problem) return notify.error(problem);
    start(
      chosen.map((i) => ({ id: i.id, qty: qtyOf(i) })),
      "bulk",
    );
  }

  const total = selectionValue(chosen.map((i) => ({ unitCost: i.unitCost, qty: qtyOf(i) })));
  return {
    selected,
    toggle,
    setMany,
    addOne,
    addSelected,
    busy,
    cartIds,
    cartQty,
    selectedCount: chosen.length,
    selectedUnits: chosen.reduce((n, i) => n + qtyOf(i), 0),
    total,
    qtyOf,
    setQty,
    conflict,
    choose,
    cancelConflict: () => setConflict(null),
  };
}
export type SuggestionCart = ReturnType<typeof useSuggestionCart>;
