import { Button, type ButtonProps, Group, Modal, NativeSelect, Stack, TextInput } from "@mantine/core";
import { ListName } from "@portal/contracts";
import { LIST_NAME_MAX, QUANTITY_CHOICES } from "@portal/domain";
import { IconPlaylistAdd } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { errorMessage } from "../lib/api";
import { useAddListLines, useCreateList, useSavedLists } from "../lib/lists";
import { notify } from "../lib/notify";
import { useFullScreen } from "../lib/useFullScreen";
import { FormAlert } from "./FormAlert";

const NEW_LIST = "new";

/** "Add to list" on a product's page or card: into one of the store's lists, or a new one. */
export function AddToListButton({
  productId,
  productName,
  ...buttonProps
}: { productId: number; productName: string } & Omit<ButtonProps, "children" | "onClick">) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconPlaylistAdd size={16} aria-hidden />}
        onClick={() => setOpened(true)}
        data-testid="add-to-list"
        {...buttonProps}
      >
        Add to list
      </Button>
      {opened && (
        <AddToListDialog productId={productId} productName={productName} onClose={() => setOpened(false)} />
      )}
    </>
  );
}

function AddToListDialog({
  productId,
  productName,
  onClose,
}: {
  productId: number;
  productName: string;
  onClose: () => void;
}) {
  const fullScreen = useFullScreen();
  const lists = useSavedLists();
  const create = useCreateList();
  const add = useAddListLines();
  const [target, setTarget] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [quantity, setQuantity] = useState("1");
  const [problem, setProblem] = useState<string | null>(null);
  const options = [
    ...(lists.data?.lists ?? []).map((l) => ({ value: String(l.id), label: l.name })),
    { value: NEW_LIST, label: "A new list…" },
  ];
  const chosen = target ?? options[0]?.value ?? NEW_LIST;
  const busy = create.isPending || add.isPending;
  const error = create.error ?? add.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const line = { productId, quantity: Number(quantity) };
    const done = {
      onSuccess: (list: { message: string }) => {
        notify.success(list.message);
        onClose();
      },
    };
    if (chosen === NEW_LIST) {
      const parsed = ListName.safeParse(name);
      if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? "name is required");
      setProblem(null);
      create.mutate({ name: parsed.data, lines: [line] }, done);
    } else {
      add.mutate({ id: Number(chosen), lines: [line] }, done);
    }
  };

  return (
    <Modal opened onClose={onClose} title={`Add ${productName} to a list`} centered fullScreen={fullScreen}>
      <form onSubmit={submit} noValidate data-testid="add-to-list-form">
        <Stack>
          <NativeSelect
            label="List"
            data={options}
            value={chosen}
            onChange={(e) => setTarget(e.currentTarget.value)}
            disabled={lists.isPending}
            data-testid="add-to-list-target"
          />
          {chosen === NEW_LIST && (
            <TextInput
              label="New list's name"
              placeholder="For example: Winter"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={LIST_NAME_MAX}
              error={problem}
              required
              data-testid="add-to-list-name"
            />
          )}
          <NativeSelect
            label="Usual quantity"
            data={QUANTITY_CHOICES.map(String)}
            value={quantity}
            onChange={(e) => setQuantity(e.currentTarget.value)}
            data-testid="add-to-list-qty"
          />
          {error && <FormAlert tone="error">{errorMessage(error)}</FormAlert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} data-testid="add-to-list-submit">
              Add to list
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
