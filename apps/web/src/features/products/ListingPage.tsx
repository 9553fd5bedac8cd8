import {
  Anchor,
  Box,
  Breadcrumbs,
  Button,
  Drawer,
  Group,
  Loader,
  Paper,
  Pill,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { FILTER_KEYS, type FilterKey, type Product } from "@portal/contracts";
import { APPAREL_CATEGORY_IDS, formatCount, toSearchString } from "@portal/domain";
import { IconAdjustmentsHorizontal, IconDiscount2, IconFilterOff, IconSearchOff } from "@tabler/icons-react";
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useState } from "react";
import { Link, useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { EmptyState, ErrorState } from "../../components/states";
import { errorMessage, isApiError } from "../../lib/api";
import { useCurrentUser } from "../../lib/auth";
import { usePageTitle } from "../../lib/usePageTitle";
import { useListing } from "./api";
import { type Facets, FilterPanel, filterValueLabel, LOADING_LABEL, PANEL_GROUPS } from "./FilterPanel";
import { ListingToolbar, PageJump } from "./ListingToolbar";
import {
  activeFilterCount,
  clearFilters,
  type ListingState,
  parseListingParams,
  setChoiceOf,
  setFilterValues,
  toggleFilterValue,
  toListingBody,
  toQueryString,
  withSetChoice,
} from "./listingParams";
import { ProductGrid } from "./ProductGrid";
import classes from "./products.module.css";

// the quick view (its dialog, gallery and likes) loads when a card's eye is first pressed
const QuickView = lazy(() => import("./QuickView").then((m) => ({ default: m.QuickView })));

/** The offer link: clothes and shoes (the apparel categories) on offer (SOR). */
const OFFER_LINK = `/products/listing?categories=${APPAREL_CATEGORY_IDS.join(",")}&offer=true`;

export type ListingMode = "listing" | "search" | "orderAssist";

/** Below this width the filter column gives way to a Filters button and drawer (products.module.css). */
const NARROW_QUERY = "(max-width: 62em)";

/** The view in the address, and a way to change it (each change is a history entry: Back restores). */
function useListingState() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const state = useMemo(() => parseListingParams(params), [params]);
  const update = useCallback(
    (next: ListingState) => {
      const search = toQueryString(next);
      navigate({ pathname, search: search ? `?${search}` : "" });
    },
    [navigate, pathname],
  );
  return [state, update] as const;
}

function heading(mode: ListingMode, search: string, state: ListingState, facets: Facets | undefined) {
  if (mode === "search") return search ? `Results for “${search}”` : "Search";
  for (const key of ["subcategories", "categories", "brands"] as const) {
    const chosen = state.filters[key];
    if (chosen.length === 1 && chosen[0]) {
      const label = filterValueLabel(facets, key, chosen[0]);
      if (label !== chosen[0] && label !== LOADING_LABEL) return label;
    }
  }
  return mode === "orderAssist" ? "Order assist products" : "All products";
}

/** The chosen filters as removable pills. */
function ActiveFilters({
  state,
  facets,
  onRemove,
  onClearAll,
}: {
  state: ListingState;
  facets: Facets | undefined;
  onRemove: (key: FilterKey, value: string) => void;
  onClearAll: () => void;
}) {
  const titles = Object.fromEntries(PANEL_GROUPS.map((g) => [g.key, g.title])) as Record<FilterKey, string>;
  const chosen = FILTER_KEYS.filter((k) => k !== "isSet" && k !== "isNonSet").flatMap((key) =>
    state.filters[key].map((value) => ({ key, value, label: filterValueLabel(facets, key, value) })),
  );
  if (chosen.length === 0) return null;
  return (
    <Group gap={6} data-testid="active-filters">
      {chosen.map((c) => (
        <Pill
          key={`${c.key}:${c.value}`}
          withRemoveButton
          onRemove={() => onRemove(c.key, c.value)}
          removeButtonProps={{ "aria-label": `Remove filter ${titles[c.key]}: ${c.label}` }}
          size="md"
          bg="brand.0"
          c="brand.9"
          title={`${titles[c.key]}: ${c.label}`}
        >
          {c.label}
        </Pill>
      ))}
      <Anchor component="button" type="button" size="sm" fw={600} onClick={onClearAll} ml={4}>
        Clear all
      </Anchor>
    </Group>
  );
}

/**
 * What the total counts: styles (one card each, its sizes inside) with how many sizes they come in,
 * or products when a filter asks for sizes.
 */
function totalText(counts: "styles" | "products", total: number, productTotal = total) {
  if (counts === "products") return total === 1 ? "product" : "products";
  return `${total === 1 ? "style" : "styles"} in ${formatCount(productTotal)} ${productTotal === 1 ? "size" : "sizes"}`;
}

/**
 * The product listing (also search results and the order-assist listing): filters with counts on the
 * left, sort and warehouse choices on top, an endless, virtualised grid of products.
 */
export function ListingPage({ screen, mode }: { screen: string; mode: ListingMode }) {
  usePageTitle(screen);
  const user = useCurrentUser();
  const { searchString = "" } = useParams();
  const search = mode === "search" ? toSearchString(searchString) : "";
  const [state, update] = useListingState();
  const location = useLocation();
  const [quickView, setQuickView] = useState<Product | null>(null);
  const [quickViewEverOpened, setQuickViewEverOpened] = useState(false);
  if (quickView && !quickViewEverOpened) setQuickViewEverOpened(true);
  const [drawerOpened, drawer] = useDisclosure(false);
  const narrow = useMediaQuery(NARROW_QUERY, false, { getInitialValueInEffect: false });

  const body = useMemo(() => toListingBody(state, search || undefined), [state, search]);
  const listing = useListing(body, state.page);

  const pages = listing.data?.pages ?? [];
  const first = pages[0];
  const facets = first?.facets as Facets | undefined;
  const total = first?.total ?? 0;
  const totalPages = first?.totalPages ?? 0;
  const products = useMemo(() => {
    const seen = new Set<number>();
    const list: Product[] = [];
    for (const page of listing.data?.pages ?? []) {
      for (const p of page.products) {
        if (!seen.has(p.id)) {
          seen.add(p.id);
          list.push(p);
        }
      }
    }
    return list;
  }, [listing.data]);
  const loadedFrom = pages[0]?.page ?? 1;
  const loadedTo = pages.at(-1)?.page ?? 1;

  const onToggle = useCallback(
    (key: FilterKey, value: string) => update(toggleFilterValue(state, key, value)),
    [state, update],
  );
  const onClear = useCallback((key: FilterKey) => update(setFilterValues(state, key, [])), [state, update]);
  const onClearAll = useCallback(() => update(clearFilters(state)), [state, update]);
  const fetchNextPage = useCallback(() => void listing.fetchNextPage(), [listing.fetchNextPage]);
  const filtered = activeFilterCount(state) > 0;

  const panel = (titled: boolean) => (
    <FilterPanel
      titled={titled}
      state={state}
      facets={facets}
      loading={listing.isPending}
      showOffer={user.offer}
      onToggle={onToggle}
      onClear={onClear}
      onClearAll={onClearAll}
    />
  );

  const title = heading(mode, search, state, facets);
  const crumbs = [
    { label: "Home", to: "/home" },
    ...(mode === "orderAssist" ? [{ label: "Order assist", to: "/orderAssist/stats" }] : []),
    { label: mode === "search" ? "Search" : "Products", to: null },
  ];

  let content: ReactNode;
  if (listing.isError && !listing.data) {
    const pageTooFar = isApiError(listing.error, 400) && state.page > 1;
    content = (
      <Paper withBorder radius="lg">
        {pageTooFar ? (
          <EmptyState
            title="That page does not exist"
            description={errorMessage(listing.error)}
            action={
              <Button mt="xs" onClick={() => update({ ...state, page: 1 })}>
                Go to the first page
              </Button>
            }
          />
        ) : (
          <ErrorState
            title="Products could not be loaded"
            description={errorMessage(listing.error)}
            onRetry={() => listing.refetch()}
          />
        )}
      </Paper>
    );
  } else if (!listing.isPending && products.length === 0) {
    content = (
      <Paper withBorder radius="lg" data-testid="listing-empty">
        <EmptyState
          icon={filtered ? <IconFilterOff size={28} /> : <IconSearchOff size={28} />}
          title={search ? `No products match “${search}”` : "No products match these filters"}
          description={
            filtered
              ? "Try removing a filter or two, or clear them all to see every product open to your store."
              : search
                ? "Check the spelling, or search for a brand, a category or a product id."
                : "Nothing is available from this warehouse choice right now."
          }
          action={
            filtered ? (
              <Button mt="xs" onClick={onClearAll} leftSection={<IconFilterOff size={16} />}>
                Clear all filters
              </Button>
            ) : undefined
          }
        />
      </Paper>
    );
  } else {
    content = (
      <Box
        className={listing.isPlaceholderData ? classes.refreshing : undefined}
        aria-busy={listing.isFetching}
      >
        {listing.hasPreviousPage && (
          <Group justify="center" mb="md">
            <Button
              variant="light"
              onClick={() => listing.fetchPreviousPage()}
              loading={listing.isFetchingPreviousPage}
              data-testid="load-previous"
            >
              Show page {loadedFrom - 1}
            </Button>
          </Group>
        )}
        <ProductGrid
          products={products}
          loading={listing.isPending}
          total={total}
          hasNextPage={listing.hasNextPage}
          isFetchingNextPage={listing.isFetchingNextPage}
          nextPageError={listing.isFetchNextPageError ? errorMessage(listing.error) : null}
          fetchNextPage={fetchNextPage}
          onQuickView={setQuickView}
          restoreKey={location.key}
        />
      </Box>
    );
  }

  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Breadcrumbs separatorMargin={6} fz="sm">
          {crumbs.map((c) =>
            c.to ? (
              <Anchor key={c.label} component={Link} to={c.to} size="sm" c="dimmed">
                {c.label}
              </Anchor>
            ) : (
              <Text key={c.label} size="sm" c="dimmed">
                {c.label}
              </Text>
            ),
          )}
        </Breadcrumbs>
        <Group justify="space-between" align="flex-end" gap="sm">
          <Box miw={0} style={{ flex: "1 1 260px" }}>
            <Title order={1} fz={28} lh={1.2}>
              {title}
            </Title>
            <Group gap={8} mt={4} mih={22}>
              {listing.isPending ? (
                <Text size="sm" c="dimmed">
                  Finding products…
                </Text>
              ) : (
                listing.data && (
                  <Text size="sm" c="dimmed" data-testid="listing-total" data-total={total}>
                    <b>{formatCount(total)}</b>{" "}
                    {totalText(first?.counts ?? "products", total, first?.productTotal)}
                    {totalPages > 1 && (
                      <>
                        {" "}
                        · showing page {loadedFrom === loadedTo ? loadedFrom : `${loadedFrom}–${loadedTo}`} of{" "}
                        {formatCount(totalPages)}
                      </>
                    )}
                  </Text>
                )
              )}
              {listing.isFetching && !listing.isPending && !listing.isFetchingNextPage && (
                <Loader size="xs" type="dots" aria-label="Updating" />
              )}
            </Group>
          </Box>
          <Group gap="sm" align="flex-end">
            {user.offer && (
              <Button
                component={Link}
                to={OFFER_LINK}
                variant="light"
                color="coral"
                leftSection={<IconDiscount2 size={18} />}
                data-testid="offer-link"
              >
                Clothes &amp; Shoes offer (SOR)
              </Button>
            )}
            {totalPages > 1 ? (
              <PageJump totalPages={totalPages} onJump={(page) => update({ ...state, page })} />
            ) : (
              // its room is kept while the first page loads (most listings have more than one page):
              // the grid below does not jump down when it appears
              listing.isPending && <div className={classes.pageJumpRoom} aria-hidden />
            )}
          </Group>
        </Group>
      </Stack>

      <div className={classes.layout}>
        {/* phones and tablets open the filters in a drawer: the hidden column is not drawn at all */}
        {!narrow && (
          <aside className={classes.sidebar} aria-label="Filters">
            {panel(true)}
          </aside>
        )}
        <Stack gap="md" miw={0}>
          <ListingToolbar
            sort={state.sort}
            defaultSortLabel={search ? "Best match" : "Featured"}
            size={state.size}
            setChoice={setChoiceOf(state)}
            whType={state.whType}
            whId={state.whId}
            onSort={(sort) => update({ ...state, sort, page: 1 })}
            onSize={(size) => update({ ...state, size, page: 1 })}
            onSetChoice={(choice) => update(withSetChoice(state, choice))}
            onWhType={(whType) => update({ ...state, whType, page: 1 })}
            onWhId={(whId) => update({ ...state, whId, page: 1 })}
          />
          <Group gap="sm" hiddenFrom="md">
            <Button
              variant="default"
              leftSection={<IconAdjustmentsHorizontal size={16} />}
              onClick={drawer.open}
            >
              Filters{activeFilterCount(state) > 0 ? ` (${activeFilterCount(state)})` : ""}
            </Button>
          </Group>
          <ActiveFilters
            state={state}
            facets={facets}
            onRemove={(key, value) => update(toggleFilterValue(state, key, value))}
            onClearAll={onClearAll}
          />
          {content}
        </Stack>
      </div>

      <Drawer opened={drawerOpened} onClose={drawer.close} title="Filters" size="sm" hiddenFrom="md">
        {panel(false)}
      </Drawer>
      {quickViewEverOpened && (
        <Suspense fallback={null}>
          <QuickView product={quickView} onClose={() => setQuickView(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
