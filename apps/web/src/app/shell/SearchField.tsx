import { TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { type ComponentType, type FormEvent, useState } from "react";
import { useMatch, useNavigate } from "react-router";
import { searchPath } from "../../lib/paths";

/** The words of the search in the address (/products/search/{text}), or "". */
export function useCurrentSearch(): string {
  const match = useMatch("/products/search/:searchString");
  return match?.params.searchString ?? "";
}

/** The search field's look, the same before and after its suggestions have loaded. */
export const SEARCH_INPUT_PROPS = {
  "aria-label": "Search products",
  placeholder: "Search products, brands or product ids",
  leftSection: <IconSearch size={18} stroke={1.8} />,
  radius: "xl",
  size: "md",
  styles: { input: { backgroundColor: "var(--mantine-color-gray-0)" } },
  "data-testid": "search-input",
  enterKeyHint: "search",
  autoComplete: "off",
} as const;

// 560 px in the header's middle; the phone and tablet search row sets --search-max-width to its full width
export const SEARCH_FORM_STYLE = { flex: 1, maxWidth: "var(--search-max-width, 560px)" } as const;

type SearchBoxComponent = ComponentType<{ initialValue?: string; autoFocus?: boolean }>;
let SearchBox: SearchBoxComponent | undefined;
let pending: Promise<void> | undefined;
/** Fetches the suggesting search box (tests load it before rendering). */
export const loadSearchBox = () => {
  pending ??= import("./SearchBox").then(
    (m) => {
      SearchBox = m.SearchBox;
    },
    () => {
      pending = undefined;
    },
  );
  return pending;
};

/**
 * The navbar search. The suggestions (SearchBox, with the combobox and Floating UI, about 25 KB
 * compressed) load when the field is first pointed at or focused; this plain field stands in until
 * then, keeps what is typed, and searches on Enter by itself. The suggesting field takes its place
 * with the text and the focus.
 */
export function SearchField() {
  const navigate = useNavigate();
  const current = useCurrentSearch();
  const [value, setValue] = useState(current);
  const [focused, setFocused] = useState(false);
  const [ready, setReady] = useState(SearchBox !== undefined);
  const [shownSearch, setShownSearch] = useState(current);
  if (shownSearch !== current) {
    setShownSearch(current);
    setValue(current);
  }

  if (ready && SearchBox) return <SearchBox initialValue={value} autoFocus={focused} />;

  const load = () => void loadSearchBox().then(() => setReady(SearchBox !== undefined));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const path = searchPath(value);
    if (path) navigate(path);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with role search works in every browser
    <form role="search" onSubmit={submit} style={SEARCH_FORM_STYLE}>
      <TextInput
        {...SEARCH_INPUT_PROPS}
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        onPointerEnter={load}
        onFocus={() => {
          setFocused(true);
          load();
        }}
        onBlur={() => setFocused(false)}
      />
    </form>
  );
}
