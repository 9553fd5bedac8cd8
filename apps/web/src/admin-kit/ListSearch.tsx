import { Kbd, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { usePageShortcut } from "./keyboard";

/** How long typing may pause before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A list's search box: sets `q` once typing pauses (Enter at once), `/` focuses it from anywhere on
 * the page, and ArrowDown moves on to the rows.
 */
export function ListSearch({
  value,
  onChange,
  onLeaveDown,
  placeholder = "Search",
}: {
  value: string;
  onChange: (q: string) => void;
  /** ArrowDown in the box: focus the rows. */
  onLeaveDown?: () => void;
  placeholder?: string;
}) {
  const [text, setText] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  const send = useDebouncedCallback((q: string) => onChange(q), SEARCH_DEBOUNCE_MS);

  // the address changed under the box (Back, a saved filter): show what the list searches
  useEffect(() => {
    if (document.activeElement !== input.current) setText(value);
  }, [value]);

  usePageShortcut("/", () => {
    input.current?.focus();
    input.current?.select();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      send.cancel();
      onChange(text);
    } else if (event.key === "ArrowDown" && onLeaveDown) {
      event.preventDefault();
      send.flush();
      onLeaveDown();
    } else if (event.key === "Escape" && text) {
      event.preventDefault();
      send.cancel();
      setText("");
      onChange("");
    }
  };

  return (
    <TextInput
      ref={input}
      label="Search"
      size="xs"
      w={230}
      type="search"
      placeholder={placeholder}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        send(event.currentTarget.value);
      }}
      onKeyDown={onKeyDown}
      onBlur={() => send.flush()}
      leftSection={<IconSearch size={14} />}
      rightSection={<Kbd size="xs">/</Kbd>}
      rightSectionPointerEvents="none"
      aria-keyshortcuts="/"
      data-admin-search
      data-testid="list-search"
    />
  );
}
