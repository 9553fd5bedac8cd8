import { Button, Group, SimpleGrid, Text } from "@mantine/core";
import type { Product } from "@portal/contracts";
import { formatCount } from "@portal/domain";
import { useWindowVirtualizer, type Virtualizer, windowScroll } from "@tanstack/react-virtual";
import { memo, useDeferredValue, useEffect, useLayoutEffect, useRef, useState } from "react";
import { columnsFor, GRID_GAP } from "./gridColumns";
import { ProductCard, ProductCardSkeleton } from "./ProductCard";
import classes from "./products.module.css";

const SKELETON_KEYS = ["a", "b", "c", "d", "e"];
/** Card body below the square picture: brand, name, details, prices, margin, cart row. */
const CARD_BODY_HEIGHT = 220;
/** Load the next page when the last rendered row is this close to the end. */
const LOAD_AHEAD_ROWS = 3;

/** Cards standing in for the products while they load and while their rows are drawn. */
const GridSkeleton = memo(function GridSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, lg: 4 }} spacing={16} aria-busy aria-label="Loading products">
      {Array.from({ length: 8 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <ProductCardSkeleton key={i} />
      ))}
    </SimpleGrid>
  );
});

const NO_PRODUCTS: readonly Product[] = [];

/**
 * A row's height from its ResizeObserver entry (given after the browser's own layout), never by
 * reading offsetHeight, which would force a layout in the middle of React's commit; until the entry
 * comes, the height last known or estimated.
 */
function rowHeight(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<Window, Element>,
) {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const index = instance.indexFromElement(element);
  return (
    instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index)
  );
}

/**
 * The window's size for the virtualiser: first read in the next frame, then on each resize. Read
 * while the grid mounts (the library's default), innerHeight forced a layout of the whole page inside
 * React's commit; till the frame, the rows near the top are drawn.
 */
function observeWindowSize(
  instance: Virtualizer<Window, Element>,
  onSize: (rect: { width: number; height: number }) => void,
) {
  const win = instance.scrollElement;
  if (!win) return;
  const read = () => onSize({ width: win.innerWidth, height: win.innerHeight });
  const frame = win.requestAnimationFrame(read);
  win.addEventListener("resize", read, { passive: true });
  return () => {
    win.cancelAnimationFrame(frame);
    win.removeEventListener("resize", read);
  };
}

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
  loading,
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
  /** The first page is on its way: the skeleton, drawn here so that it stays put when the rows come. */
  loading: boolean;
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
  // The virtualiser scrolls the window to its initial offset as it mounts: needed on Back (a saved
  // place), a forced layout of the page for nothing on a new visit (it is already there).
  const [scrollOnMount] = useState(() => savedOffsets.has(restoreKey));
  const mountScrollDone = useRef(false);

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
    // first read in the next frame, beside the browser's own layout of the page: read here, it
    // forced that layout inside React's commit (the skeleton shows till then)
    const frame = requestAnimationFrame(measure);
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, []);

  // What sits above the grid (chips, notices) can change its height: keep the offset current. Read
  // in the next frame, where the browser lays the page out anyway: read in React's commit, it forced
  // a layout of the new rows there. The rows' places do not depend on it, only which rows are near
  // the screen.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const el = containerRef.current;
      if (!el) return;
      const top = Math.round(el.getBoundingClientRect().top + window.scrollY);
      setScrollMargin((margin) => (Math.abs(top - margin) > 1 ? top : margin));
    });
    return () => cancelAnimationFrame(frame);
  });

  // The rows are drawn from a deferred copy of the products: in slices the browser can interrupt,
  // not in the task the answer came in, with the skeleton in place till then.
  const shown = useDeferredValue(products, NO_PRODUCTS);
  const measured = width !== null;
  const drawn = measured && !loading && (shown.length > 0 || products.length === 0);
  const columns = columnsFor(width ?? 0);
  const cardWidth = width ? (width - GRID_GAP * (columns - 1)) / columns : 240;
  const rows = drawn ? Math.ceil(shown.length / columns) : 0;
  const showLoaderRow = drawn && hasNextPage && !nextPageError;

  const virtualizer = useWindowVirtualizer({
    count: rows + (showLoaderRow ? 1 : 0),
    estimateSize: () => Math.round(cardWidth + CARD_BODY_HEIGHT + GRID_GAP),
    overscan: 2,
    scrollMargin,
    initialOffset,
    measureElement: rowHeight,
    observeElementRect: observeWindowSize,
    scrollToFn: (offset, options, instance) => {
      const first = !mountScrollDone.current;
      mountScrollDone.current = true;
      if (first && !scrollOnMount) return;
      windowScroll(offset, options, instance);
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new column count changes every row
  useEffect(() => {
    virtualizer.measure();
  }, [columns, virtualizer]);

  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (!drawn) return;
    if (lastIndex >= rows - LOAD_AHEAD_ROWS && hasNextPage && !isFetchingNextPage && !nextPageError) {
      fetchNextPage();
    }
  }, [drawn, lastIndex, rows, hasNextPage, isFetchingNextPage, nextPageError, fetchNextPage]);

  return (
    <>
      <div
        ref={containerRef}
        style={{
          height: drawn ? virtualizer.getTotalSize() : undefined,
          position: "relative",
          width: "100%",
        }}
        data-testid="product-grid"
        data-columns={columns}
      >
        {!drawn && <GridSkeleton />}
        {items.map((item) => {
          const loaderRow = item.index >= rows;
          const rowProducts = loaderRow ? [] : shown.slice(item.index * columns, (item.index + 1) * columns);
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
          drawn &&
          !hasNextPage &&
          shown.length > 0 && (
            <Text ta="center" size="sm" c="dimmed" py="lg" data-testid="listing-end">
              That's all {formatCount(total)} {total === 1 ? "product" : "products"}.
            </Text>
          )
        )}
      </div>
    </>
  );
}
