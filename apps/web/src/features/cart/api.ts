import {
  CartChangeResponse,
  CartRefreshResponse,
  CartUploadReport,
  IDEMPOTENCY_KEY_HEADER,
  type Me,
  type OrderResult,
  PlaceOrderFailure,
  type PlaceOrderInput,
  PlaceOrderResponse,
  toCartAllocationView,
} from "@portal/contracts";
import { CART_UPLOAD_FIELD } from "@portal/domain";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, request, requestFile } from "../../lib/api";
import { CART_KEY, cartKeys, cartQueryOptions, useCartReplaced } from "../../lib/cart";

/** The original client's body fields: the server allocates over the caller's whole mapping anyway. */
const refreshBody = (user: Pick<Me, "state" | "shippingState">) => ({
  appType: 1,
  userState: user.shippingState ?? user.state ?? undefined,
});

/** POST /api/cart: the cart refreshed against live stock, allocated per warehouse, with group totals. */
export const allocationQueryOptions = (user: Pick<Me, "state" | "shippingState">) =>
  queryOptions({
    queryKey: cartKeys.allocation(),
    queryFn: async ({ signal }) =>
      toCartAllocationView(
        await request("/api/cart", {
          method: "POST",
          body: refreshBody(user),
          schema: CartRefreshResponse,
          signal,
        }),
      ),
    staleTime: 30_000,
  });

/** The cart screen's data (refreshed every 10 minutes with the rest of the cart by useCartAutoRefresh). */
export const useAllocation = (user: Pick<Me, "state" | "shippingState">) =>
  useQuery({ ...allocationQueryOptions(user), placeholderData: keepPreviousData });

/** A line that step (a) lowered to what stock covers, or left out of the order (no stock at all: `to` is 0). */
export interface ReducedLine {
  id: number;
  name: string;
  from: number;
  to: number;
}

/**
 * POST /api/cart with reduceToStock: the place-order flow's first step. Quantities drop to what stock
 * covers; lines with no stock at all keep their quantity in the cart but leave the order. Lowered lines
 * are found by comparing with the cart as it was just before.
 */
export function useRefreshForOrder(user: Pick<Me, "state" | "shippingState">) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const before = await queryClient.fetchQuery({ ...cartQueryOptions(), staleTime: 0 });
      const cart = toCartAllocationView(
        await request("/api/cart", {
          method: "POST",
          body: { ...refreshBody(user), reduceToStock: true },
          schema: CartRefreshResponse,
        }),
      );
      const was = new Map(before.products.map((p) => [p.id, p.qty]));
      const reduced: ReducedLine[] = cart.products.flatMap((l) => {
        const from = was.get(l.id) ?? l.qty;
        if (l.allocatedQty === 0) return [{ id: l.id, name: l.name, from, to: 0 }];
        return l.qty < from ? [{ id: l.id, name: l.name, from, to: l.qty }] : [];
      });
      return { cart, reduced };
    },
    onSuccess: async ({ cart, reduced }) => {
      queryClient.setQueryData(allocationQueryOptions(user).queryKey, cart);
      if (reduced.length > 0) await queryClient.invalidateQueries({ queryKey: cartQueryOptions().queryKey });
    },
  });
}

/** DELETE /api/users/cart */
export function useDeleteCart() {
  const replaced = useCartReplaced();
  return useMutation({
    mutationFn: () => request("/api/users/cart", { method: "DELETE", schema: CartChangeResponse }),
    onSuccess: (answer) => replaced(answer.products),
  });
}

/** POST /api/users/cart/upload (multipart, field "file"): the rows merged and dropped, with reasons. */
export function useUploadCart() {
  const replaced = useCartReplaced();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append(CART_UPLOAD_FIELD, file, file.name);
      return request("/api/users/cart/upload", { method: "POST", body: form, schema: CartUploadReport });
    },
    onSuccess: (report) => replaced(report.products),
  });
}

/** GET /api/users/cart/export: the cart as CSV, saved by the browser. */
export async function downloadCartCsv() {
  const { blob, filename } = await requestFile("/api/users/cart/export");
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename ?? "cart.csv";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const useExportCart = () => useMutation({ mutationFn: downloadCartCsv });

/** No order placed: the server's message and, when it got that far, the result of each warehouse. */
export class OrderRefused extends Error {
  override readonly name = "OrderRefused";
  constructor(
    message: string,
    readonly result: OrderResult[],
  ) {
    super(message);
  }
}

/**
 * POST /api/order with an Idempotency-Key: the same key for a retry of the same attempt returns the
 * first answer and creates nothing. A 400 that carries results becomes OrderRefused.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, key }: { body: PlaceOrderInput; key: string }) => {
      try {
        return await request("/api/order", {
          method: "POST",
          body,
          headers: { [IDEMPOTENCY_KEY_HEADER]: key },
          schema: PlaceOrderResponse,
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) {
          const failure = PlaceOrderFailure.safeParse(error.body);
          if (failure.success && failure.data.result)
            throw new OrderRefused(failure.data.message, failure.data.result);
        }
        throw error;
      }
    },
    // placed or not, stock and the cart may have changed
    onSettled: () => queryClient.invalidateQueries({ queryKey: CART_KEY }),
  });
}
