import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  FileButton,
  Group,
  Image,
  Modal,
  NativeSelect,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import {
  type ListAddToCartResponse,
  ListName,
  type SavedListLine,
  type SavedListSummary,
} from "@portal/contracts";
import { formatCount, formatDateTime, formatRupees, LIST_NAME_MAX, QUANTITY_CHOICES } from "@portal/domain";
import { IconDownload, IconShoppingCartPlus, IconTrash, IconUpload } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { FormAlert } from "../../components/FormAlert";
import { PageHeader } from "../../components/PageHeader";
import { type Column, ResponsiveTable } from "../../components/ResponsiveTable";
import { EmptyState, ErrorState, PageLoader } from "../../components/states";
import { errorMessage } from "../../lib/api";
import { listPath } from "../../lib/lists";
import { notify } from "../../lib/notify";
import { useFullScreen } from "../../lib/useFullScreen";
import { usePageTitle } from "../../lib/usePageTitle";
import {
  downloadListCsv,
  useAddListLines,
  useDeleteList,
  useImportList,
  useListToCart,
  useSavedList,
  useSavedLists,
  useUpdateList,
} from "./api";

/** /lists: the store's saved lists, or one of them (?list=id). */
export function ListsPage() {
  const [params] = useSearchParams();
  const id = Number(params.get("list"));
  return Number.isInteger(id) && id > 0 ? <ListView id={id} /> : <ListIndex />;
}

function ImportButton() {
  const navigate = useNavigate();
  const importList = useImportList();
  return (
    <FileButton
      accept=".csv,text/csv"
      onChange={(file) => {
        if (!file) return;
        importList.mutate(
          { file },
          {
            onSuccess: (list) => {
              notify.success(list.message);
              navigate(listPath(list.id));
            },
            onError: (error) => notify.error(errorMessage(error)),
          },
        );
      }}
    >
      {(props) => (
        <Button
          variant="default"
          leftSection={<IconUpload size={16} aria-hidden />}
          loading={importList.isPending}
          data-testid="list-import"
          {...props}
        >
          Import CSV
        </Button>
      )}
    </FileButton>
  );
}

const indexColumns: Column<SavedListSummary>[] = [
  {
    key: "name",
    header: "List",
    phone: "title",
    cell: (l) => (
      <Anchor component={Link} to={listPath(l.id)} fw={600} data-testid="list-link">
        {l.name}
      </Anchor>
    ),
  },
  { key: "lines", header: "Products", numeric: true, cell: (l) => formatCount(l.lineCount) },
  {
    key: "updated",
    header: "Last changed",
    cell: (l) => `${formatDateTime(l.updatedAt)}${l.updatedBy ? ` by ${l.updatedBy}` : ""}`,
  },
];

function ListIndex() {
  usePageTitle("Saved Lists");
  const lists = useSavedLists();
  return (
    <>
      <PageHeader
        title="Saved lists"
        description="Lists of products with their usual quantities, shared by every user of your store."
        actions={<ImportButton />}
      />
      {lists.isPending ? (
        <PageLoader inline />
      ) : lists.isError ? (
        <ErrorState description={errorMessage(lists.error)} onRetry={() => lists.refetch()} />
      ) : lists.data.lists.length === 0 ? (
        <EmptyState
          title="No saved lists yet"
          description="Save your cart, a past order or products from their pages as a list, or import a CSV in the cart upload's format."
        />
      ) : (
        <Stack gap="xs">
          <ResponsiveTable
            label="Saved lists"
            columns={indexColumns}
            rows={lists.data.lists}
            rowKey={(l) => l.id}
            testId="lists-table"
            rowTestId="list-row"
          />
          <Text size="xs" c="dimmed">
            {lists.data.lists.length} of {lists.data.listLimit} lists; a list holds up to{" "}
            {lists.data.lineLimit} products.
          </Text>
        </Stack>
      )}
    </>
  );
}

function RenameDialog({ id, name, onClose }: { id: number; name: string; onClose: () => void }) {
  const fullScreen = useFullScreen();
  const update = useUpdateList(id);
  const [value, setValue] = useState(name);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ListName.safeParse(value);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? "name is required");
    setProblem(null);
    update.mutate(
      { name: parsed.data },
      {
        onSuccess: (list) => {
          notify.success(list.message);
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title="Rename list" centered fullScreen={fullScreen}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="List name"
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            maxLength={LIST_NAME_MAX}
            error={problem}
            required
            data-autofocus
            data-testid="rename-list-name"
          />
          {update.isError && <FormAlert tone="error">{errorMessage(update.error)}</FormAlert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending} data-testid="rename-list-submit">
              Rename
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const QUANTITY_DATA = QUANTITY_CHOICES.map(String);

function ListView({ id }: { id: number }) {
  const navigate = useNavigate();
  const list = useSavedList(id);
  usePageTitle(list.data ? `List: ${list.data.name}` : "Saved List");
  const addLines = useAddListLines();
  const toCart = useListToCart(id);
  const remove = useDeleteList();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [renaming, setRenaming] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [result, setResult] = useState<ListAddToCartResponse | null>(null);
  const [exporting, setExporting] = useState(false);

  if (list.isPending) return <PageLoader inline />;
  if (list.isError)
    return (
      <>
        <PageHeader
          title="Saved list"
          actions={
            <Button component={Link} to="/lists" variant="default">
              All lists
            </Button>
          }
        />
        <ErrorState description={errorMessage(list.error)} onRetry={() => list.refetch()} />
      </>
    );
  const l = list.data;
  const buyable = l.lines.filter((line) => line.buyable);
  const outcomeOf = new Map(result?.outcomes.map((o) => [o.productId, o]) ?? []);

  const addToCart = (productIds?: number[]) =>
    toCart.mutate(productIds, {
      onSuccess: (answer) => {
        setResult(answer);
        const refused = answer.outcomes.some((o) => o.outcome === "refused");
        (refused ? notify.warning : notify.success)(answer.message);
        setChosen(new Set());
      },
      onError: (error) => notify.error(errorMessage(error)),
    });

  const setQuantity = (line: SavedListLine, quantity: number) =>
    addLines.mutate(
      { id, lines: [{ productId: line.productId, quantity }] },
      {
        onSuccess: (answer) => notify.success(answer.message),
        onError: (error) => notify.error(errorMessage(error)),
      },
    );

  const toggle = (productId: number, on: boolean) =>
    setChosen((was) => {
      const next = new Set(was);
      if (on) next.add(productId);
      else next.delete(productId);
      return next;
    });

  const label = (line: SavedListLine) => line.name ?? `Product ${line.productId}`;
  const columns: Column<SavedListLine>[] = [
    {
      key: "choose",
      header: "Choose",
      headerHidden: true,
      phone: "bare",
      cell: (line) => (
        <Checkbox
          aria-label={`Choose ${label(line)}`}
          checked={chosen.has(line.productId)}
          disabled={!line.buyable}
          onChange={(e) => toggle(line.productId, e.currentTarget.checked)}
        />
      ),
    },
    {
      key: "product",
      header: "Product",
      phone: "title",
      cell: (line) => (
        <Group gap="sm" wrap="nowrap" miw={0}>
          {line.image ? (
            <Image src={line.image} alt="" w={48} h={48} fit="contain" radius="sm" loading="lazy" />
          ) : (
            <div style={{ width: 48, height: 48 }} aria-hidden />
          )}
          <Stack gap={0} miw={0}>
            {line.name ? (
              <Anchor
                component={Link}
                to={`/products/productInfo/${line.productId}`}
                size="sm"
                fw={600}
                lineClamp={2}
              >
                {line.name}
              </Anchor>
            ) : (
              <Text size="sm" fw={600}>
                Product {line.productId}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              ID {line.productId}
              {line.size ? ` · Size ${line.size}` : ""}
            </Text>
          </Stack>
        </Group>
      ),
    },
    {
      key: "netCost",
      header: "Net cost",
      numeric: true,
      cell: (line) => (line.netCost ? formatRupees(line.netCost) : "—"),
    },
    {
      key: "quantity",
      header: "Quantity",
      cell: (line) => (
        <NativeSelect
          aria-label={`Quantity of ${label(line)}`}
          data={QUANTITY_DATA}
          value={String(line.quantity)}
          onChange={(e) => setQuantity(line, Number(e.currentTarget.value))}
          w={90}
          size="xs"
          data-testid="list-line-qty"
        />
      ),
    },
    {
      key: "status",
      header: "Can be bought",
      cell: (line) => {
        const outcome = outcomeOf.get(line.productId);
        if (!line.buyable)
          return (
            <Text size="sm" c="red.8" data-testid="list-line-refusal">
              {line.refusal}
            </Text>
          );
        return (
          <Group gap={6}>
            <Badge color="teal" variant="light">
              Yes
            </Badge>
            {outcome && outcome.outcome !== "refused" && (
              <Text size="xs" c="dimmed">
                {outcome.outcome === "unchanged" ? "in cart" : `${outcome.outcome} to cart`}
              </Text>
            )}
          </Group>
        );
      },
    },
  ];

  return (
    <>
      <PageHeader
        title={l.name}
        description={`${l.lines.length === 1 ? "1 product" : `${l.lines.length} products`} · last changed ${formatDateTime(l.updatedAt)}${l.updatedBy ? ` by ${l.updatedBy}` : ""}`}
        actions={
          <Group gap="xs">
            <Button component={Link} to="/lists" variant="default">
              All lists
            </Button>
            <Button variant="default" onClick={() => setRenaming(true)} data-testid="list-rename">
              Rename
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={exporting}
              onClick={async () => {
                setExporting(true);
                try {
                  await downloadListCsv(id);
                } catch (error) {
                  notify.error(errorMessage(error));
                } finally {
                  setExporting(false);
                }
              }}
              data-testid="list-export"
            >
              Export CSV
            </Button>
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setConfirmDelete(true)}
              data-testid="list-delete"
            >
              Delete
            </Button>
          </Group>
        }
      />
      <Stack gap="sm">
        <Group gap="xs">
          <Button
            leftSection={<IconShoppingCartPlus size={16} aria-hidden />}
            disabled={buyable.length === 0}
            loading={toCart.isPending && toCart.variables === undefined}
            onClick={() => addToCart()}
            data-testid="list-add-all"
          >
            Add all to cart
          </Button>
          <Button
            variant="default"
            disabled={chosen.size === 0}
            loading={toCart.isPending && toCart.variables !== undefined}
            onClick={() => addToCart([...chosen])}
            data-testid="list-add-chosen"
          >
            Add chosen ({chosen.size})
          </Button>
        </Group>
        {result && (
          <Alert
            color={result.outcomes.some((o) => o.outcome === "refused") ? "yellow" : "teal"}
            variant="light"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setResult(null)}
            data-testid="list-cart-result"
          >
            {result.message}
          </Alert>
        )}
        {l.lines.length === 0 ? (
          <EmptyState
            title="This list is empty"
            description="Add products from their pages (Add to list), or import a CSV."
          />
        ) : (
          <ResponsiveTable
            label={`Products of ${l.name}`}
            columns={columns}
            rows={l.lines}
            rowKey={(line) => line.productId}
            minWidth={720}
            testId="list-lines"
            rowTestId="list-line"
          />
        )}
      </Stack>
      {renaming && <RenameDialog id={id} name={l.name} onClose={() => setRenaming(false)} />}
      <ConfirmDialog
        opened={confirmDelete}
        title="Delete list"
        message={`Delete the list "${l.name}"? Every user of your store loses it.`}
        loading={remove.isPending}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(id, {
            onSuccess: (answer) => {
              notify.success(answer.message);
              setConfirmDelete(false);
              navigate("/lists");
            },
            onError: (error) => notify.error(errorMessage(error)),
          })
        }
      />
    </>
  );
}
