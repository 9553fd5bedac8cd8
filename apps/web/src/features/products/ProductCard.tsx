import { ActionIcon, Badge, Skeleton, Stack } from "@mantine/core";
import type { Product } from "@portal/contracts";
import { formatRupees, liveStockNote } from "@portal/domain";
import { IconEye, IconTruckDelivery } from "@tabler/icons-react";
import { memo, useMemo, useState } from "react";
import { Link } from "react-router";
import { useLiveStock, useWatchProducts } from "../../lib/events";
import { CartButtons, InCartBadge } from "./CartButtons";
import { deliveryText, formatPercent, productImages, productPath } from "./format";
import classes from "./products.module.css";
import { useImageCycle } from "./useImageCycle";

/** Small marks on the picture: ARS, offer, premium, set. */
export function ProductMarks({ product }: { product: Product }) {
  return (
    <>
      {product.isARS && (
        <Badge
          size="sm"
          color="violet"
          variant="filled"
          title="On your automatic replenishment (ARS) list"
          data-testid="ars-badge"
        >
          ARS
        </Badge>
      )}
      {product.reorder && (
        <Badge
          size="sm"
          color="teal.9"
          variant="filled"
          title="A product to buy again: Babyhug's reorder line"
          data-testid="reorder-badge"
        >
          Reorder
        </Badge>
      )}
      {product.isOffer && (
        <Badge size="sm" color="coral" variant="filled">
          Offer
        </Badge>
      )}
      {product.isPremium && (
        <Badge size="sm" color="dark" variant="filled">
          Premium
        </Badge>
      )}
      {product.isSet && (
        <Badge size="sm" color="brand" variant="white">
          Set
        </Badge>
      )}
    </>
  );
}

/** One product of the listing grid: picture (views a to h on hover), name, brand, prices, delivery. */
export const ProductCard = memo(function ProductCard({
  product,
  onQuickView,
  eager = false,
}: {
  product: Product;
  onQuickView: (product: Product) => void;
  /** Load the picture at once (the first row, in view on arrival) instead of when scrolled to. */
  eager?: boolean;
}) {
  const images = useMemo(() => productImages(product), [product]);
  const cycle = useImageCycle(images);
  // A style's card: its sizes in a list; the price, link and cart row follow the chosen size.
  const sizes = product.styleSizes ?? [];
  const [chosenId, setChosenId] = useState(product.id);
  const chosen = sizes.find((s) => s.id === chosenId) ?? null;
  const id = chosen?.id ?? product.id;
  const to = productPath(id, chosen?.whId ?? product.whId);
  // no net cost for a kiosk guest (the server gives a guest MRP only): the card shows MRP alone
  const netCost = chosen?.netCost ?? product.pricing?.netCost;
  const mrp = chosen?.mrp ?? product.mrp;
  const sizeName = chosen?.size ?? product.size;
  const cartName = sizes.length > 1 && sizeName ? `${product.name}, size ${sizeName}` : product.name;
  // Live stock: the card follows stock changes of the product in view.
  useWatchProducts([id]);
  const live = useLiveStock(id);
  const liveNote = live ? liveStockNote(live) : null;
  const details = [sizes.length <= 1 && product.size && `Size ${product.size}`, product.color]
    .filter(Boolean)
    .join(" · ");

  return (
    <article
      className={classes.card}
      data-testid="product-card"
      data-product-id={product.id}
      data-sizes={sizes.length || undefined}
    >
      <div className={classes.media} {...cycle.handlers}>
        <Link to={to} className={classes.mediaLink} tabIndex={-1} aria-hidden>
          <img
            src={cycle.src}
            alt=""
            className={classes.image}
            loading={eager ? "eager" : "lazy"}
            fetchPriority={eager ? "high" : undefined}
            decoding="async"
            width={400}
            height={400}
          />
        </Link>
        <div className={classes.marks}>
          <ProductMarks product={product} />
        </div>
        <div className={classes.cornerRight}>
          <InCartBadge productId={id} />
        </div>
        {images.length > 1 && (
          <div className={classes.dots} aria-hidden>
            {images.map((src, i) => (
              <span key={src} data-active={i === cycle.index || undefined} />
            ))}
          </div>
        )}
        <ActionIcon
          className={classes.quickView}
          variant="white"
          color="dark"
          radius="xl"
          size="lg"
          aria-label={`Quick view: ${product.name}`}
          onClick={() => onQuickView(product)}
          data-testid="quick-view-button"
        >
          <IconEye size={18} />
        </ActionIcon>
      </div>
      <div className={classes.cardBody}>
        <div className={classes.brandLine}>{product.brand.name}</div>
        <Link to={to} className={classes.nameLink} title={product.name}>
          {product.name}
        </Link>
        <div className={classes.detailsLine}>
          {sizes.length > 1 && (
            <select
              className={classes.sizeSelect}
              aria-label={`Size of ${product.name}`}
              value={id}
              onChange={(e) => setChosenId(Number(e.currentTarget.value))}
              data-testid="card-size-select"
            >
              {sizes.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.size ?? "One size"}
                </option>
              ))}
            </select>
          )}
          <span className={classes.detailsText}>
            {sizes.length > 1 && (
              <span data-testid="card-size-count">
                {sizes.length} sizes{details ? " · " : ""}
              </span>
            )}
            {details || "\u00a0"}
          </span>
        </div>
        <div className={classes.priceLine}>
          {netCost === undefined ? (
            <span className={classes.netCost}>MRP {formatRupees(mrp)}</span>
          ) : (
            <>
              <span className={classes.netCost} data-testid="net-cost">
                {formatRupees(netCost)}
              </span>
              <s className={classes.mrp}>
                <span className={classes.srOnly}>MRP </span>
                {formatRupees(mrp)}
              </s>
            </>
          )}
        </div>
        <div className={classes.metaLine}>
          {product.pricing && (
            <span className={classes.marginTag}>{formatPercent(product.pricing.retailerMargin)} margin</span>
          )}
          <span
            className={classes.delivery}
            title={`Estimated ${deliveryText(product.estimatedShippingDays).toLowerCase()}`}
          >
            <IconTruckDelivery size={14} aria-hidden />
            {product.estimatedShippingDays}-day delivery
          </span>
        </div>
        {live && liveNote && (
          <Badge
            size="sm"
            color={live.stock > 0 ? "orange" : "red"}
            variant="light"
            role="status"
            data-testid="live-stock"
          >
            {liveNote}
          </Badge>
        )}
        <div className={classes.cardActions}>
          <CartButtons key={id} productId={id} productName={cartName} compact />
        </div>
      </div>
    </article>
  );
});

export function ProductCardSkeleton() {
  return (
    <div className={classes.card} aria-hidden>
      <Skeleton className={classes.media} radius={0} />
      <Stack gap={8} p="sm">
        <Skeleton height={10} width="40%" />
        <Skeleton height={12} width="90%" />
        <Skeleton height={12} width="60%" />
        <Skeleton height={18} width="50%" mt={4} />
        <Skeleton height={16} width="70%" />
        <Skeleton height={28} mt={4} />
      </Stack>
    </div>
  );
}
