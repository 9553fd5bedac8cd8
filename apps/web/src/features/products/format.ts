import type { Product } from "@portal/contracts";
import { IMAGE_VIEWS, productImageUrl } from "@portal/domain";

export { formatPercent } from "@portal/domain";

/** "0–12 months", "2–4 years", "From 3 years"; null when the product has no age span. */
export function formatAgeRange(fromMonths: number | null, toMonths: number | null): string | null {
  if (fromMonths === null && toMonths === null) return null;
  const inYears =
    (fromMonths ?? 0) % 12 === 0 && (toMonths === null || toMonths % 12 === 0) && (fromMonths ?? 0) >= 12;
  const unit = inYears ? "years" : "months";
  const show = (m: number) => String(inYears ? m / 12 : m);
  if (toMonths === null) return `From ${show(fromMonths ?? 0)} ${unit}`;
  return `${show(fromMonths ?? 0)}–${show(toMonths)} ${unit}`;
}

/** "Delivery in 4 days" */
export const deliveryText = (days: number) => `Delivery in ${days} ${days === 1 ? "day" : "days"}`;

/** The product's pictures (views a to h); the generated view a when the API lists none. */
export function productImages(product: Pick<Product, "id" | "images">): string[] {
  return product.images.length > 0 ? product.images : [productImageUrl(product.id, IMAGE_VIEWS[0])];
}

/** "/products/productInfo/{id}?whId=…" keeping the warehouse the price was computed for. */
export const productPath = (id: number, whId?: number | null) =>
  `/products/productInfo/${id}${whId ? `?whId=${whId}` : ""}`;
