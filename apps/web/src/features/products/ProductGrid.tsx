import { Button, Group, Text } from "@mantine/core";
import type { Product } from "@portal/contracts";
import { formatCount } from "@portal/domain";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { columnsFor, GRID_GAP } from "./gridColumns";
import { ProductCard, ProductCardSkeleton } from "./ProductCard";
import classes from "./products.module.css";

const SKELETON_KEYS = ["a", "b", "c", "d", "e"];
/** Card body below the square picture: brand, name, details, prices, margin, cart row. */
const CARD_BODY_HEIGHT = 220;
/** Load the next page when the last rendered row is this close to the end. */
const LOAD_AHEAD_ROWS = 3;

/**
 * Where each listing visit (history entry) was scrolled to. The window virtualiser sets the scroll
 * when it mounts, so on Back it must start at the saved offset, not at the top.
 */
const savedOffsets = new Map<string, number>();

/**
 * The product grid, virtualised by rows against the window's scroll: only the rows near the screen
 * are in the page, so thousands of loaded products scroll as smoothly as twenty. Nearing the end
 * asks for the next page.
 */
export function ProductGrid({
  products,
  total,
  hasNextPage,
  isFetchingNextPage,
  nextPageError,
  fetchNextPage,
  onQuickView,
  restoreKey,
}: {
  /** The history entry's key: Back to it comes back to the same place in the list. */
  restoreKey: string;
  products: readonly Product[];
  total: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  nextPageError: string | null;
  fetchNextPage: () => void;
  onQuickView: (product: Product) => void;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  // null until measured: rows are drawn once, for the real column count (a phone's one column, not
  // a guessed four thrown away a moment later)
  const [width, setWidth] = useState<number | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const [initialOffset] = useState(() => savedOffsets.get(restoreKey) ?? window.scrollY);

  useLayoutEffect(() => {
    let frame = 0;
    const remember = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => savedOffsets.set(restoreKey, window.scrollY));
    };
    window.addEventListener("scroll", remember, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", remember);
    };
  }, [restoreKey]);

  useLayoutEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // What sits above the grid (chips, notices) can change its height: keep the offset current.
  useLayoutEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const top = Math.round(el.getBoundingClientRect().top + window.scrollY);
    if (Math.abs(top - scrollMargin) > 1) setScrollMargin(top);
  });

  const measured = width !== null;
  const columns = columnsFor(width ?? 0);
  const cardWidth = width ? (width - GRID_GAP * (columns - 1)) / columns : 240;
  const rows = measured ? Math.ceil(products.length / columns) : 0;
  const showLoaderRow = measured && hasNextPage && !nextPageError;

  const virtualizer = useWindowVirtualizer({
    count: rows + (showLoaderRow ? 1 : 0),
    estimateSize: () => Math.round(cardWidth + CARD_BODY_HEIGHT + GRID_GAP),
    overscan: 2,
    scrollMargin,
    initialOffset,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new column count changes every row
  useEffect(() => {
    virtualizer.measure();
  }, [columns, virtualizer]);

  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (!measured) return;
    if (lastIndex >= rows - LOAD_AHEAD_ROWS && hasNextPage && !isFetchingNextPage && !nextPageError) {
      fetchNextPage();
    }
  }, [measured, lastIndex, rows, hasNextPage, isFetchingNextPage, nextPageError, fetchNextPage]);

  return (
    <>
      <div
        ref={containerRef}
        style={{ height: virtualizer.getTotalSize(), position: "relative", width: "100%" }}
        data-testid="product-grid"
        data-columns={columns}
      >
        {items.map((item) => {
          const loaderRow = item.index >= rows;
          const rowProducts = loaderRow
            ? []
            : products.slice(item.index * columns, (item.index + 1) * columns);
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className={classes.gridRow}
              style={{
                position: "absolute",
                top: 0,
                left: 0,
                width: "100%",
                transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
                gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              }}
            >
              {loaderRow
                ? SKELETON_KEYS.slice(0, columns).map((key) => <ProductCardSkeleton key={key} />)
                : rowProducts.map((p) => (
                    // the first row's pictures are the page's largest paint: fetched at once
                    <ProductCard key={p.id} product={p} onQuickView={onQuickView} eager={item.index === 0} />
                  ))}
            </div>
          );
        })}
      </div>
      <div role="status" aria-live="polite">
        {nextPageError ? (
          <Group justify="center" gap="sm" py="lg">
            <Text size="sm" c="red">
              More products could not be loaded: {nextPageError}
            </Text>
            <Button size="xs" variant="light" onClick={fetchNextPage}>
              Try again
            </Button>
          </Group>
        ) : (
          !hasNextPage &&
          products.length > 0 && (
            <Text ta="center" size="sm" c="dimmed" py="lg" data-testid="listing-end">
              That's all {formatCount(total)} {total === 1 ? "product" : "products"}.
            </Text>
          )
        )}
      </div>
    </>
  );
}
