import { ActionIcon, Button, Group, Menu, Modal, Stack, Text, TextInput } from "@mantine/core";
import { IconBookmark, IconCheck, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useCurrentUser } from "../lib/auth";

export interface SavedFilter {
  name: string;
  /** The list's address query (filters, search, sort, page size), without the page. */
  query: string;
}

export const SAVED_FILTER_NAME_MAX = 40;

/**
 * Saved filters live in this browser's storage, one entry per staff user and list: a clerk's own
 * views without a server table, and another clerk signing in on the same machine does not see them.
 */
export const savedFiltersKey = (userId: number, listPath: string) =>
  `portal.admin.saved-filters.${userId}.${listPath}`;

/** The query worth saving: everything but the page (a saved view starts at its first page). */
export function savedQuery(search: string): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  params.sort();
  return params.toString();
}

function read(key: string): SavedFilter[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(key) ?? "[]");
    return Array.isArray(stored)
      ? stored.filter((f): f is SavedFilter => typeof f?.name === "string" && typeof f?.query === "string")
      : [];
  } catch {
    return [];
  }
}

function write(key: string, filters: SavedFilter[]) {
  try {
    window.localStorage.setItem(key, JSON.stringify(filters));
  } catch {
    // storage unavailable or full: the filters last for this page only
  }
}

/** The signed-in clerk's saved filters of the list at this address. */
function useSavedFilters(userId: number) {
  const { pathname, search } = useLocation();
  const key = savedFiltersKey(userId, pathname);
  const [filters, setFilters] = useState(() => read(key));
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setFilters(read(key));
  }
  const change = (next: SavedFilter[]) => {
    write(key, next);
    setFilters(next);
  };
  return {
    filters,
    current: savedQuery(search),
    /** Saves the current view under `name` (replacing a filter of that name). */
    save: (name: string) =>
      change(
        [...filters.filter((f) => f.name !== name), { name, query: savedQuery(search) }].sort((a, b) =>
          a.name.localeCompare(b.name),
        ),
      ),
    remove: (name: string) => change(filters.filter((f) => f.name !== name)),
  };
}

/** The signed-in clerk, or null where a screen is shown outside the signed-in app (a component test). */
function useSignedInId(): number | null {
  try {
    // biome-ignore lint/correctness/useHookAtTopLevel: called on every render; only its throw outside the signed-in app is caught
    return useCurrentUser().id;
  } catch {
    return null;
  }
}

/** The saved-filters menu of a list: apply one (a new address, so Back returns), save the current view, delete. */
export function SavedFilters() {
  const userId = useSignedInId();
  return userId === null ? null : <SavedFiltersMenu userId={userId} />;
}

function SavedFiltersMenu({ userId }: { userId: number }) {
  const saved = useSavedFilters(userId);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState("");
  const trimmed = name.trim();

  const save = () => {
    if (!trimmed) return;
    saved.save(trimmed.slice(0, SAVED_FILTER_NAME_MAX));
    setNaming(false);
    setName("");
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal zIndex={300} shadow="md">
        <Menu.Target>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconBookmark size={15} />}
            data-testid="saved-filters"
          >
            Saved filters
          </Button>
        </Menu.Target>
        <Menu.Dropdown data-testid="saved-filters-menu">
          {saved.filters.length === 0 && <Menu.Label>No saved filters yet</Menu.Label>}
          {saved.filters.map((f) => (
            <Group key={f.name} gap={4} wrap="nowrap">
              <Menu.Item
                style={{ flex: 1 }}
                leftSection={
                  f.query === saved.current ? <IconCheck size={14} /> : <span style={{ width: 14 }} />
                }
                onClick={() => navigate({ pathname, search: f.query ? `?${f.query}` : "" })}
              >
                {f.name}
              </Menu.Item>
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                aria-label={`Delete saved filter ${f.name}`}
                onClick={() => saved.remove(f.name)}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
          ))}
          <Menu.Divider />
          <Menu.Item onClick={() => setNaming(true)}>Save current filters…</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal
        opened={naming}
        onClose={() => setNaming(false)}
        title="Save these filters"
        centered
        zIndex={400}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Saved for you in this browser; a saved filter with the same name is replaced.
            </Text>
            <TextInput
              label="Name"
              value={name}
              maxLength={SAVED_FILTER_NAME_MAX}
              onChange={(event) => setName(event.currentTarget.value)}
              data-autofocus
              data-testid="saved-filter-name"
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setNaming(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={!trimmed} data-testid="saved-filter-save">
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
