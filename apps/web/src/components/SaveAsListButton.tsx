import { Button, type ButtonProps, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { ListName } from "@portal/contracts";
import { cartQuantityFor, LIST_NAME_MAX } from "@portal/domain";
import { IconPlaylistAdd } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { errorMessage } from "../lib/api";
import { listPath, useCreateList } from "../lib/lists";
import { notify } from "../lib/notify";
import { useFullScreen } from "../lib/useFullScreen";
import { FormAlert } from "./FormAlert";

/** A line to save: the product and how many (rounded up to a quantity the cart offers). */
export interface SaveListLine {
  productId: number;
  quantity: number;
}

/** Each product once (its last quantity), each quantity one the cart offers. */
export function listLinesOf(lines: readonly SaveListLine[]): SaveListLine[] {
  const byProduct = new Map<number, number>();
  for (const l of lines) if (l.quantity > 0) byProduct.set(l.productId, cartQuantityFor(l.quantity));
  return [...byProduct].map(([productId, quantity]) => ({ productId, quantity }));
}

/**
 * "Save as list": asks a name and saves these lines as a new list of the store (POST /api/lists),
 * then says so with a link to the list. Used by the cart, past orders and the quick order pad.
 */
export function SaveAsListButton({
  lines,
  label = "Save as list",
  disabled,
  ...buttonProps
}: { lines: readonly SaveListLine[]; label?: string } & Omit<ButtonProps, "children" | "onClick">) {
  const [opened, setOpened] = useState(false);
  const usable = listLinesOf(lines);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconPlaylistAdd size={16} aria-hidden />}
        onClick={() => setOpened(true)}
        disabled={disabled || usable.length === 0}
        data-testid="save-as-list"
        {...buttonProps}
      >
        {label}
      </Button>
      {opened && <SaveListDialog lines={usable} onClose={() => setOpened(false)} />}
    </>
  );
}

function SaveListDialog({ lines, onClose }: { lines: SaveListLine[]; onClose: () => void }) {
  const fullScreen = useFullScreen();
  const create = useCreateList();
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ id: number; name: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ListName.safeParse(name);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? "name is required");
      return;
    }
    setProblem(null);
    create.mutate(
      { name: parsed.data, lines },
      {
        onSuccess: (list) => {
          notify.success(list.message);
          setSaved({ id: list.id, name: list.name });
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Save as list" centered fullScreen={fullScreen} zIndex={400}>
      {saved ? (
        <Stack data-testid="save-list-done">
          <Text size="sm">
            Saved {lines.length === 1 ? "1 product" : `${lines.length} products`} as “{saved.name}”.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button component={Link} to={listPath(saved.id)} onClick={onClose}>
              Open the list
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate data-testid="save-list-form">
          <Stack>
            <Text size="sm">
              {lines.length === 1 ? "1 product" : `${lines.length} products`} with their quantities, kept for
              every user of your store.
            </Text>
            <TextInput
              label="List name"
              placeholder="For example: Fortnightly diapers"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={LIST_NAME_MAX}
              error={problem}
              required
              data-autofocus
              data-testid="save-list-name"
            />
            {create.isError && <FormAlert tone="error">{errorMessage(create.error)}</FormAlert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={create.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending} data-testid="save-list-submit">
                Save list
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
