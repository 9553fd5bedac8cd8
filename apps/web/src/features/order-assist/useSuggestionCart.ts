import type { SuggestedItem } from "@portal/contracts";
import { useCallback, useMemo, useState } from "react";
import { errorMessage } from "../../lib/api";
import { useCart } from "../../lib/cart";
import { notify } from "../../lib/notify";
import { useAddSuggestions } from "./api";
import { bulkAddProblem, singleAddProblem } from "./selection";

/** The selection of suggested products and their way into the cart (one, or all selected). */
export function useSuggestionCart(items: readonly SuggestedItem[]) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState<number | "bulk" | null>(null);
  const cart = useCart();
  const add = useAddSuggestions();
  const cartIds = useMemo(() => new Set((cart.data?.products ?? []).map((p) => p.id)), [cart.data]);
  const cartCount = cart.data?.products.length ?? 0;

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

  async function send(products: SuggestedItem[], which: number | "bulk") {
    setBusy(which);
    try {
      const answer = await add.mutateAsync(products.map((p) => ({ id: p.id, qty: p.cartQty })));
      notify.success(answer.message);
      if (which === "bulk") setSelected(new Set());
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  function addOne(item: SuggestedItem) {
    const problem = singleAddProblem(item, cartIds, cartCount);
    if (problem) return notify.error(problem);
    void send([item], item.id);
  }

  function addSelected() {
    const chosen = items.filter((i) => selected.has(i.id));
    const problem = bulkAddProblem(chosen, cartIds, cartCount);
    if (problem) return notify.error(problem);
    void send(
      chosen.filter((i) => i.suggested > 0),
      "bulk",
    );
  }

  const selectedCount = items.filter((i) => selected.has(i.id) && i.suggested > 0).length;
  return { selected, toggle, setMany, addOne, addSelected, busy, cartIds, selectedCount };
}
