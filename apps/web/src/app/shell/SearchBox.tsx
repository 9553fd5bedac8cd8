import { TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { type FormEvent, useEffect, useState } from "react";
import { useMatch, useNavigate } from "react-router";
import { searchPath } from "../../lib/paths";

/** The navbar search: Enter goes to /products/search/{query}. Suggestions arrive with the catalogue. */
export function SearchBox() {
  const navigate = useNavigate();
  const match = useMatch("/products/search/:searchString");
  const current = match?.params.searchString ?? "";
  const [value, setValue] = useState(current);

  useEffect(() => setValue(current), [current]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const path = searchPath(value);
    if (path) navigate(path);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with role search works in every browser
    <form role="search" onSubmit={submit} style={{ flex: 1, maxWidth: 560 }}>
      <TextInput
        aria-label="Search products"
        placeholder="Search products, brands or product ids"
        leftSection={<IconSearch size={18} stroke={1.8} />}
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        radius="xl"
        size="md"
        styles={{ input: { backgroundColor: "var(--mantine-color-gray-0)" } }}
        data-testid="search-input"
        enterKeyHint="search"
      />
    </form>
  );
}
