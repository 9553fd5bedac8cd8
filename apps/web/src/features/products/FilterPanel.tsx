import {
  Anchor,
  Badge,
  Box,
  Button,
  Checkbox,
  Collapse,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from "@mantine/core";
import type { FacetValue, FilterKey } from "@portal/contracts";
import { AGE_RANGES, formatCount, PRICE_RANGES, STOCK_TYPE_LABELS } from "@portal/domain";
import { IconChevronDown, IconSearch } from "@tabler/icons-react";
import { useId, useMemo, useState } from "react";
import type { ListingState } from "./listingParams";
import classes from "./products.module.css";

/** The filter groups of the panel, in order (sets and non-sets live in the top bar's toggle). */
export const PANEL_GROUPS: readonly { key: FilterKey; title: string; offerOnly?: boolean }[] = [
  { key: "categories", title: "Category" },
  { key: "subcategories", title: "Subcategory" },
  { key: "Type", title: "Type" },
  { key: "brands", title: "Brand" },
  { key: "prices", title: "Price" },
  { key: "age", title: "Age" },
  { key: "sizes", title: "Size" },
  { key: "stocktype", title: "Stock type" },
  { key: "offer", title: "Offers", offerOnly: true },
  { key: "premium", title: "Premium" },
];

const FALLBACK_LABELS: Partial<Record<FilterKey, Record<string, string>>> = {
  prices: Object.fromEntries(PRICE_RANGES.map((r) => [r.key, r.label])),
  age: Object.fromEntries(AGE_RANGES.map((r) => [r.key, r.label])),
  stocktype: STOCK_TYPE_LABELS,
  offer: { true: "On offer" },
  premium: { true: "Premium products" },
  isSet: { true: "Sets" },
  isNonSet: { true: "Non-sets" },
};

export type Facets = Partial<Record<FilterKey, FacetValue[]>>;

/** What a chip of an id says until its name arrives. */
export const LOADING_LABEL = "Loading…";

/** Names of ids seen in any answer's facets: a chip keeps its name while the next answer loads. */
const seenLabels = new Map<string, string>();
const ID_FILTERS: readonly FilterKey[] = ["categories", "subcategories", "brands", "Type"];

/**
 * The label of a chosen value: the facet's, else one seen before or a known one; an id not named yet
 * reads "Loading…" (never the bare number), any other value itself.
 */
export function filterValueLabel(facets: Facets | undefined, key: FilterKey, value: string): string {
  const facet = facets?.[key]?.find((f) => String(f.value) === value);
  if (facet) {
    seenLabels.set(`${key}:${value}`, facet.label);
    return facet.label;
  }
  const known = seenLabels.get(`${key}:${value}`) ?? FALLBACK_LABELS[key]?.[value];
  if (known) return known;
  return ID_FILTERS.includes(key) && !facets ? LOADING_LABEL : value;
}

const COLLAPSED_LIMIT = 8;

function FilterGroup({
  filterKey,
  title,
  options,
  selected,
  onToggle,
  onClear,
  initiallyOpen,
}: {
  filterKey: FilterKey;
  title: string;
  options: FacetValue[];
  selected: string[];
  onToggle: (key: FilterKey, value: string) => void;
  onClear: (key: FilterKey) => void;
  initiallyOpen: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const [showAll, setShowAll] = useState(false);
  const [find, setFind] = useState("");
  const bodyId = useId();

  // Chosen values stay listed (to be unticked) even when the facets no longer count them.
  const all = useMemo(() => {
    const listed = options.map((o) => ({ ...o, value: String(o.value) }));
    for (const value of selected) {
      if (!listed.some((o) => o.value === value)) {
        listed.unshift({ value, label: FALLBACK_LABELS[filterKey]?.[value] ?? value, count: 0 });
      }
    }
    return listed;
  }, [options, selected, filterKey]);

  const needle = find.trim().toLowerCase();
  const matching = needle ? all.filter((o) => o.label.toLowerCase().includes(needle)) : all;
  const visible = showAll || needle ? matching : matching.slice(0, COLLAPSED_LIMIT);

  return (
    <div className={classes.filterGroup} data-testid={`filter-${filterKey}`}>
      <UnstyledButton
        className={classes.filterHeader}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={bodyId}
      >
        <Group gap={8}>
          <span>{title}</span>
          {selected.length > 0 && (
            <Badge size="xs" circle variant="filled">
              {selected.length}
            </Badge>
          )}
        </Group>
        <IconChevronDown
          size={16}
          aria-hidden
          style={{ transform: open ? "rotate(180deg)" : undefined, transition: "transform 150ms" }}
        />
      </UnstyledButton>
      <Collapse in={open} id={bodyId}>
        {/* 4 px from the header: the first small box keeps its 24 px target clear of the header button */}
        <Box px="md" pb="md" pt={4}>
          {all.length > COLLAPSED_LIMIT && (
            <TextInput
              size="xs"
              mb="xs"
              placeholder={`Find a ${title.toLowerCase()}`}
              aria-label={`Find a ${title.toLowerCase()}`}
              leftSection={<IconSearch size={14} />}
              value={find}
              onChange={(e) => setFind(e.currentTarget.value)}
            />
          )}
          {/* rows 26 px apart: each small box keeps a 24 px target (WCAG 2.2 target size) */}
          <Stack gap={6} role="group" aria-label={title}>
            {visible.map((option) => {
              const checked = selected.includes(option.value);
              return (
                <div key={option.value} className={classes.filterOption}>
                  <Checkbox
                    size="xs"
                    label={option.label}
                    checked={checked}
                    disabled={!checked && option.count === 0}
                    onChange={() => onToggle(filterKey, option.value)}
                    styles={{ label: { fontSize: "var(--mantine-font-size-sm)", cursor: "pointer" } }}
                  />
                  <span className={classes.filterCount}>{formatCount(option.count)}</span>
                </div>
              );
            })}
            {visible.length === 0 && (
              <Text size="xs" c="dimmed">
                {needle ? "Nothing matches." : "No choices for these products."}
              </Text>
            )}
          </Stack>
          <Group justify="space-between" mt={6}>
            {!needle && matching.length > COLLAPSED_LIMIT ? (
              <Anchor
                component="button"
                type="button"
                size="xs"
                fw={600}
                onClick={() => setShowAll((s) => !s)}
              >
                {showAll ? "Show fewer" : `Show all ${matching.length}`}
              </Anchor>
            ) : (
              <span />
            )}
            {selected.length > 0 && (
              <Anchor
                component="button"
                type="button"
                size="xs"
                c="dimmed"
                onClick={() => onClear(filterKey)}
              >
                Clear
              </Anchor>
            )}
          </Group>
        </Box>
      </Collapse>
    </div>
  );
}

/** The left panel: a collapsible group of checkboxes with counts for each filter, and "Clear all". */
export function FilterPanel({
  state,
  facets,
  loading,
  showOffer,
  onToggle,
  onClear,
  onClearAll,
  titled = true,
}: {
  state: ListingState;
  facets: Facets | undefined;
  loading: boolean;
  showOffer: boolean;
  /** False in the phone drawer, whose own title says "Filters". */
  titled?: boolean;
  onToggle: (key: FilterKey, value: string) => void;
  onClear: (key: FilterKey) => void;
  onClearAll: () => void;
}) {
  const chosen = PANEL_GROUPS.reduce((n, g) => n + state.filters[g.key].length, 0);
  const groups = PANEL_GROUPS.filter((g) => !g.offerOnly || showOffer).filter(
    (g) => (facets?.[g.key]?.length ?? 0) > 0 || state.filters[g.key].length > 0,
  );

  return (
    <Paper withBorder data-testid="filter-panel" aria-label="Filters" component="section">
      <Group
        justify="space-between"
        px="md"
        py="sm"
        style={{ borderBottom: "1px solid var(--mantine-color-gray-2)" }}
      >
        {titled ? (
          <Text fw={700} size="md">
            Filters
          </Text>
        ) : (
          <span />
        )}
        <Button
          variant="subtle"
          size="compact-xs"
          onClick={onClearAll}
          disabled={chosen === 0 && state.filters.isSet.length + state.filters.isNonSet.length === 0}
          data-testid="clear-all-filters"
        >
          Clear all
        </Button>
      </Group>
      {loading && !facets ? (
        <Stack p="md" gap="md">
          {[0, 1, 2, 3].map((i) => (
            <Stack key={i} gap={8}>
              <Skeleton height={12} width="50%" />
              <Skeleton height={10} />
              <Skeleton height={10} width="80%" />
              <Skeleton height={10} width="65%" />
            </Stack>
          ))}
        </Stack>
      ) : groups.length === 0 ? (
        <Text size="sm" c="dimmed" p="md">
          No filters for these products.
        </Text>
      ) : (
        groups.map((g, i) => (
          <FilterGroup
            key={g.key}
            filterKey={g.key}
            title={g.title}
            options={facets?.[g.key] ?? []}
            selected={state.filters[g.key]}
            onToggle={onToggle}
            onClear={onClear}
            initiallyOpen={i < 5 || state.filters[g.key].length > 0}
          />
        ))
      )}
    </Paper>
  );
}
