import { Combobox, Group, Highlight, Loader, Text, TextInput, useCombobox } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { formatRupees, toSuggestText } from "@portal/domain";
import { IconArrowRight, IconBuildingStore, IconCategory, IconSearch } from "@tabler/icons-react";
import { type FormEvent, type KeyboardEvent, useState } from "react";
import { useNavigate } from "react-router";
import { useSuggestions } from "../../features/search/api";
import { brandListingPath, categoryListingPath, searchPath, subcategoryListingPath } from "../../lib/paths";
import { SEARCH_FORM_STYLE, SEARCH_INPUT_PROPS, useCurrentSearch } from "./SearchField";
import classes from "./searchBox.module.css";

export const SUGGEST_DEBOUNCE_MS = 200;
const SEARCH_ALL = "search";
/** Matched words in bold rather than marker yellow. */
const MATCH_STYLE = { backgroundColor: "transparent", color: "inherit", fontWeight: 700, padding: 0 };

/** Where a chosen suggestion leads; null for "search for the text". */
function suggestionPath(value: string): string | null {
  const [kind, rawId] = value.split(":");
  const id = Number(rawId);
  if (kind === "product") return `/products/productInfo/${id}`;
  if (kind === "category") return categoryListingPath(id);
  if (kind === "subcategory") return subcategoryListingPath(id);
  if (kind === "brand") return brandListingPath(id);
  return null;
}

/**
 * The navbar search. From 3 characters it suggests products, categories and brands (after a short
 * pause in typing). Arrow keys move through the suggestions, Enter opens the highlighted one or,
 * with none highlighted, searches /products/search/{text}; Escape closes the list.
 */
export function SearchBox({
  initialValue,
  autoFocus = false,
}: {
  initialValue?: string;
  autoFocus?: boolean;
}) {
  const navigate = useNavigate();
  const current = useCurrentSearch();
  const [value, setValue] = useState(initialValue ?? current);
  const [debounced] = useDebouncedValue(value, SUGGEST_DEBOUNCE_MS);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  // a new search in the address (Back, a link) shows its words
  const [shownSearch, setShownSearch] = useState(current);
  if (shownSearch !== current) {
    setShownSearch(current);
    setValue(current);
  }

  const typed = toSuggestText(value);
  const suggestText = toSuggestText(debounced);
  const suggestions = useSuggestions(typed === null ? null : suggestText);
  const data = typed === null ? undefined : suggestions.data;
  const words = (typed ?? "").split(" ").filter((w) => w.length > 1);
  const count = data ? data.products.length + data.categories.length + data.brands.length : 0;
  const waiting = typed !== null && (typed !== suggestText || suggestions.isFetching);

  const close = () => combobox.closeDropdown();

  const search = () => {
    close();
    const path = searchPath(value);
    if (path) navigate(path);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    search();
  };

  // Enter with a suggestion highlighted opens it (the combobox does that); with none, it searches.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
    if (combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1) return;
    event.preventDefault();
    search();
  };

  const choose = (option: string) => {
    close();
    const path = option === SEARCH_ALL ? searchPath(value) : suggestionPath(option);
    if (path) navigate(path);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with role search works in every browser
    <form role="search" onSubmit={submit} style={SEARCH_FORM_STYLE}>
      <Combobox
        store={combobox}
        onOptionSubmit={choose}
        position="bottom-start"
        offset={6}
        shadow="lg"
        radius="md"
        zIndex={300}
      >
        <Combobox.Target>
          <TextInput
            {...SEARCH_INPUT_PROPS}
            rightSection={waiting && combobox.dropdownOpened ? <Loader size={14} /> : null}
            value={value}
            onChange={(e) => {
              const next = e.currentTarget.value;
              setValue(next);
              combobox.resetSelectedOption();
              if (toSuggestText(next) !== null) combobox.openDropdown();
              else combobox.closeDropdown();
            }}
            onFocus={() => {
              if (typed !== null) combobox.openDropdown();
            }}
            onBlur={close}
            onKeyDown={onKeyDown}
            autoFocus={autoFocus}
          />
        </Combobox.Target>

        <Combobox.Dropdown hidden={typed === null} data-testid="search-suggestions" p={4}>
          <Combobox.Options
            aria-label="Search suggestions"
            mah="min(560px, 70vh)"
            style={{ overflowY: "auto" }}
          >
            {!data ? (
              <Combobox.Empty>
                <Group gap={8} justify="center" py={6}>
                  <Loader size={14} />
                  <Text size="sm" c="dimmed">
                    Looking for “{typed}”…
                  </Text>
                </Group>
              </Combobox.Empty>
            ) : (
              <>
                {data.products.length > 0 && (
                  <Combobox.Group label="Products">
                    {data.products.map((p) => (
                      <Combobox.Option
                        key={`p${p.id}`}
                        value={`product:${p.id}`}
                        data-testid="suggestion-item"
                        data-kind="product"
                        className={classes.option}
                      >
                        <Group gap="sm" wrap="nowrap">
                          <img src={p.image} alt="" className={classes.thumb} width={40} height={40} />
                          <div className={classes.text}>
                            <Highlight
                              highlight={words}
                              highlightStyles={MATCH_STYLE}
                              size="sm"
                              fw={500}
                              lineClamp={1}
                              component="div"
                            >
                              {p.name}
                            </Highlight>
                            <Text size="xs" c="dimmed" truncate>
                              {p.brand} · #{p.id}
                            </Text>
                          </div>
                          {p.netCost !== undefined && (
                            <Text size="sm" fw={600} className={classes.price}>
                              {formatRupees(p.netCost)}
                            </Text>
                          )}
                        </Group>
                      </Combobox.Option>
                    ))}
                  </Combobox.Group>
                )}
                {data.categories.length > 0 && (
                  <Combobox.Group label="Categories">
                    {data.categories.map((c) => (
                      <Combobox.Option
                        key={`${c.kind}${c.id}`}
                        value={`${c.kind}:${c.id}`}
                        data-testid="suggestion-item"
                        data-kind={c.kind}
                        className={classes.option}
                      >
                        <Group gap="sm" wrap="nowrap">
                          <IconCategory size={16} className={classes.icon} aria-hidden />
                          <Highlight highlight={words} highlightStyles={MATCH_STYLE} size="sm">
                            {c.name}
                          </Highlight>
                          <Text size="xs" c="dimmed" ml="auto">
                            {c.kind === "category" ? "Category" : "Subcategory"}
                          </Text>
                        </Group>
                      </Combobox.Option>
                    ))}
                  </Combobox.Group>
                )}
                {data.brands.length > 0 && (
                  <Combobox.Group label="Brands">
                    {data.brands.map((b) => (
                      <Combobox.Option
                        key={`b${b.id}`}
                        value={`brand:${b.id}`}
                        data-testid="suggestion-item"
                        data-kind="brand"
                        className={classes.option}
                      >
                        <Group gap="sm" wrap="nowrap">
                          <IconBuildingStore size={16} className={classes.icon} aria-hidden />
                          <Highlight highlight={words} highlightStyles={MATCH_STYLE} size="sm">
                            {b.name}
                          </Highlight>
                        </Group>
                      </Combobox.Option>
                    ))}
                  </Combobox.Group>
                )}
                {count === 0 && (
                  <Text size="sm" c="dimmed" px="sm" py={8}>
                    No suggestions for “{typed}”.
                  </Text>
                )}
                <Combobox.Option
                  value={SEARCH_ALL}
                  className={classes.searchAll}
                  data-testid="suggestion-search-all"
                >
                  <Group gap={8} wrap="nowrap">
                    <IconSearch size={16} aria-hidden />
                    <Text size="sm" fw={600} truncate>
                      Search for “{typed}”
                    </Text>
                    <IconArrowRight size={14} style={{ marginLeft: "auto" }} aria-hidden />
                  </Group>
                </Combobox.Option>
              </>
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
    </form>
  );
}
