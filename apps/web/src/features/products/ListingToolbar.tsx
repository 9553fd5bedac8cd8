import { Button, Group, NativeSelect, Paper, Text, TextInput, VisuallyHidden } from "@mantine/core";
import {
  formatCount,
  PAGE_SIZES,
  SORT_OPTIONS,
  WAREHOUSE_TYPES,
  type WarehouseType,
  warehouseLabel,
} from "@portal/domain";
import { IconArrowsSort, IconBuildingWarehouse, IconTruck } from "@tabler/icons-react";
import { type FormEvent, useId, useState } from "react";
import { useMapping } from "./api";
import {
  defaultOrderOf,
  formatSort,
  type ListingSort,
  type PageSize,
  parseSort,
  type SetChoice,
  type SortOrder,
} from "./listingParams";
import classes from "./products.module.css";

const DEFAULT_SORT = "featured";

const SET_CHOICES: readonly { value: SetChoice; label: string }[] = [
  { value: "all", label: "All" },
  { value: "sets", label: "Sets" },
  { value: "nonSets", label: "Non-sets" },
];

/** Each sort name in both orders (its usual order first); the value is the address's `sort`. */
const SORT_LABELS: Record<ListingSort["name"], Record<SortOrder, string>> = {
  newArrivals: { desc: "New Arrivals", asc: "Oldest first" },
  price: { asc: "Price: low to high", desc: "Price: high to low" },
  bestSeller: { desc: "Best Seller", asc: "Least sold first" },
};

export const sortChoices = (defaultLabel: string) => [
  { value: DEFAULT_SORT, label: defaultLabel },
  ...SORT_OPTIONS.flatMap((option) => {
    const first = defaultOrderOf(option.name);
    const second: SortOrder = first === "asc" ? "desc" : "asc";
    return [first, second].map((order) => ({
      value: formatSort({ name: option.name, order }),
      label: SORT_LABELS[option.name][order],
    }));
  }),
];

const SIZE_CHOICES = PAGE_SIZES.map((n) => ({ value: String(n), label: `${n} per page` }));
const WAREHOUSE_TYPE_CHOICES = WAREHOUSE_TYPES.map((t) => ({ value: t.key, label: t.label }));

/** The sort, set / non-set, warehouse and page-size controls above the grid. */
export function ListingToolbar({
  sort,
  defaultSortLabel,
  size,
  setChoice,
  whType,
  whId,
  onSort,
  onSize,
  onSetChoice,
  onWhType,
  onWhId,
}: {
  sort: ListingSort | null;
  /** What the server's own order is called: "Featured", or "Best match" for a search. */
  defaultSortLabel: string;
  size: PageSize;
  setChoice: SetChoice;
  whType: WarehouseType;
  whId: number | null;
  onSort: (sort: ListingSort | null) => void;
  onSize: (size: PageSize) => void;
  onSetChoice: (choice: SetChoice) => void;
  onWhType: (type: WarehouseType) => void;
  onWhId: (id: number | null) => void;
}) {
  const mapping = useMapping();
  const warehouses = (mapping.data ?? []).map((w) => ({
    value: String(w.whID),
    label: `${warehouseLabel({ id: w.whID, name: w.name })} · ${w.state}`,
  }));
  const setLabelId = useId();

  return (
    <Paper withBorder p="sm" radius="lg">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          <VisuallyHidden id={setLabelId}>Sets</VisuallyHidden>
          {/* three radios drawn as segments: light on the first screen (Mantine's SegmentedControl
              measures its options to place a sliding indicator, a forced layout while the page mounts) */}
          <div
            role="radiogroup"
            aria-labelledby={setLabelId}
            className={classes.segments}
            data-testid="set-toggle"
          >
            {SET_CHOICES.map((choice) => (
              <label key={choice.value} className={classes.segment}>
                <input
                  type="radio"
                  name={setLabelId}
                  value={choice.value}
                  checked={setChoice === choice.value}
                  onChange={() => onSetChoice(choice.value)}
                />
                {choice.label}
              </label>
            ))}
          </div>
          {/* native selects: the phone's own picker, and light to draw on the listing's first screen */}
          <NativeSelect
            aria-label="Ship from"
            leftSection={<IconTruck size={16} />}
            data={WAREHOUSE_TYPE_CHOICES}
            value={whType}
            onChange={(e) => onWhType(e.currentTarget.value as WarehouseType)}
            w={196}
            size="sm"
            data-testid="warehouse-type-select"
          />
          <NativeSelect
            aria-label="Warehouse"
            leftSection={<IconBuildingWarehouse size={16} />}
            data={[{ value: "", label: "Any warehouse" }, ...warehouses]}
            value={whId === null ? "" : String(whId)}
            onChange={(e) => onWhId(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
            w={210}
            size="sm"
            disabled={mapping.isError}
            data-testid="warehouse-select"
          />
        </Group>
        <Group gap="sm" wrap="wrap">
          <NativeSelect
            aria-label="Sort by"
            leftSection={<IconArrowsSort size={16} />}
            data={sortChoices(defaultSortLabel)}
            value={sort ? formatSort(sort) : DEFAULT_SORT}
            onChange={(e) => {
              const v = e.currentTarget.value;
              onSort(v !== DEFAULT_SORT ? parseSort(v) : null);
            }}
            w={200}
            size="sm"
            data-testid="sort-select"
          />
          <NativeSelect
            aria-label="Products per page"
            data={SIZE_CHOICES}
            value={String(size)}
            onChange={(e) => onSize(Number(e.currentTarget.value) as PageSize)}
            w={136}
            size="sm"
            data-testid="page-size-select"
          />
        </Group>
      </Group>
    </Paper>
  );
}

/** "Go to page": refuses a page above the last with an inline message. */
export function PageJump({ totalPages, onJump }: { totalPages: number; onJump: (page: number) => void }) {
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const page = Number.parseInt(value, 10);
    if (!Number.isInteger(page) || page < 1) {
      setError(`Enter a page from 1 to ${totalPages}.`);
      return;
    }
    if (page > totalPages) {
      setError(
        `Page ${page} is beyond the last page. There ${totalPages === 1 ? "is only 1 page" : `are only ${totalPages} pages`}.`,
      );
      return;
    }
    setError(null);
    setValue("");
    onJump(page);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Go to page" style={{ position: "relative" }}>
      <Group gap={6} wrap="nowrap" justify="flex-end">
        <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
          Go to page
        </Text>
        <TextInput
          aria-label={`Go to page (1 to ${totalPages})`}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          placeholder="No."
          value={value}
          // digits only (a plain field: the number input's formatting library is not needed for a page)
          onChange={(e) => {
            setValue(e.currentTarget.value.replace(/\D/g, ""));
            setError(null);
          }}
          inputMode="numeric"
          autoComplete="off"
          w={70}
          size="xs"
          error={error !== null}
          data-testid="page-jump-input"
        />
        <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
          of {formatCount(totalPages)}
        </Text>
        <Button type="submit" size="xs" variant="default" data-testid="page-jump-button">
          Go
        </Button>
      </Group>
      {error && (
        <Text
          id={errorId}
          size="xs"
          c="red"
          mt={4}
          ta="right"
          role="alert"
          data-testid="page-jump-error"
          style={{ position: "absolute", top: "100%", right: 0, whiteSpace: "nowrap" }}
        >
          {error}
        </Text>
      )}
    </form>
  );
}
