import {
  ActionIcon,
  Alert,
  Anchor,
  Autocomplete,
  Badge,
  Button,
  Group,
  Image,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { QuickOrderProduct, QuickOrderResolvedRow } from "@portal/contracts";
import { formatRupees, parseQuickOrderPaste, QUICK_ORDER_MAX_ROWS, toSuggestText } from "@portal/domain";
import { IconShoppingCartPlus, IconTrash } from "@tabler/icons-react";
import { type ClipboardEvent, type KeyboardEvent, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { FormAlert } from "../../components/FormAlert";
import { PageHeader } from "../../components/PageHeader";
import { type Column, ResponsiveTable } from "../../components/ResponsiveTable";
import { SaveAsListButton } from "../../components/SaveAsListButton";
import { errorMessage } from "../../lib/api";
import { notify } from "../../lib/notify";
import { useAddPadToCart, useCodeSuggestions, useResolvedRows } from "./api";
import classes from "./quick-order.module.css";

/** A row of the pad as typed: its code and quantity text. */
interface PadRow {
  key: number;
  code: string;
  quantity: string;
}

interface PadLine extends PadRow {
  /** The row's number on the pad, from 1. */
  number: number;
  resolved: QuickOrderResolvedRow | null;
  outcome: { outcome: string; message: string | null } | null;
}

let nextKey = 1;
const blankRow = (): PadRow => ({ key: nextKey++, code: "", quantity: "1" });

/** Rows as the server is asked about them: only rows with a code, numbered as the pad shows them. */
function askedRows(rows: readonly PadRow[]) {
  return rows.flatMap((r, index) =>
    r.code.trim() === ""
      ? []
      : [
          {
            row: index + 1,
            code: r.code.trim(),
            quantity: /^\d+$/.test(r.quantity) ? Number(r.quantity) : 0,
          },
        ],
  );
}

/** Always one empty row at the end to type into. */
const withBlankEnd = (rows: PadRow[]) =>
  rows.length === 0 || rows[rows.length - 1]?.code.trim() !== "" ? [...rows, blankRow()] : rows;

const stockText = (p: QuickOrderProduct) =>
  p.stock.length === 0 ? "None in your warehouses" : p.stock.map((s) => `${s.name} ${s.stock}`).join(" · ");

function ProductCell({ product }: { product: QuickOrderProduct }) {
  return (
    <Group gap="xs" wrap="nowrap" className={classes.product}>
      <Image src={product.image} alt="" w={40} h={40} radius="sm" fit="contain" />
      <Stack gap={0} miw={0}>
        <Anchor component={Link} to={`/products/productInfo/${product.id}`} size="sm" lineClamp={2}>
          {product.name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {product.id} · {product.size ? `Size ${product.size} · ` : ""}
          {product.styleCode}
        </Text>
        {product.netCost && (
          <Text size="xs" fw={700} data-testid="pad-net-cost">
            Net cost {formatRupees(product.netCost)}
          </Text>
        )}
        <Text size="xs" data-testid="pad-stock">
          Stock: {stockText(product)}
        </Text>
      </Stack>
    </Group>
  );
}

/** The code field: a product id, EAN or style code, with the search suggestions as choices. */
function CodeField(props: {
  line: PadLine;
  onChange: (code: string) => void;
  onEnter: () => void;
  onPaste: (event: ClipboardEvent<HTMLInputElement>) => void;
  inputRef: (element: HTMLInputElement | null) => void;
}) {
  const { line } = props;
  const [focused, setFocused] = useState(false);
  const text = focused && !/^\d+$/.test(line.code.trim()) ? toSuggestText(line.code) : null;
  const suggestions = useCodeSuggestions(text);
  const names = new Map((suggestions.data?.products ?? []).map((p) => [String(p.id), p]));
  return (
    <Autocomplete
      ref={props.inputRef}
      aria-label={`Row ${line.number}: product id, EAN or style code`}
      placeholder="Product id, EAN or style"
      value={line.code}
      onChange={props.onChange}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onPaste={props.onPaste}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === "Enter" && !event.nativeEvent.isComposing) {
          event.preventDefault();
          props.onEnter();
        }
      }}
      data={text ? [...names.keys()] : []}
      filter={({ options }) => options}
      renderOption={({ option }) => {
        const p = names.get(option.value);
        return (
          <Stack gap={0}>
            <Text size="sm">{p?.name ?? option.value}</Text>
            <Text size="xs" c="dimmed">
              {option.value}
              {p?.netCost ? ` · ${formatRupees(p.netCost)}` : ""}
            </Text>
          </Stack>
        );
      }}
      comboboxProps={{ withinPortal: true }}
      className={classes.code}
      data-testid="pad-code"
    />
  );
}

function StatusCell({ line, onSwap }: { line: PadLine; onSwap: (id: number) => void }) {
  const { resolved, outcome } = line;
  if (line.code.trim() === "") return null;
  if (outcome && outcome.outcome !== "refused")
    return (
      <Badge color="teal" variant="light" data-testid="pad-status">
        In the cart
      </Badge>
    );
  if (!resolved)
    return (
      <Text size="sm" c="dimmed" data-testid="pad-status">
        Checking…
      </Text>
    );
  const refusal = outcome?.message ?? resolved.refusal?.message ?? null;
  if (refusal === null)
    return (
      <Badge color="brand" variant="light" data-testid="pad-status">
        Ready
      </Badge>
    );
  return (
    <Stack gap={4} className={classes.status}>
      <Text size="sm" c="red.8" fw={600} data-testid="pad-refusal">
        {refusal}
      </Text>
      {resolved.alternatives.length > 0 && (
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            Instead:
          </Text>
          {resolved.alternatives.map((a) => (
            <UnstyledButton
              key={a.id}
              className={classes.alternative}
              onClick={() => onSwap(a.id)}
              data-testid="pad-alternative"
              aria-label={`Swap row ${line.number} to ${a.name}${a.size ? `, size ${a.size}` : ""}`}
            >
              <Text size="xs" fw={600} span>
                {a.id}
              </Text>{" "}
              <Text size="xs" span>
                {a.size ? `Size ${a.size}` : a.name} · {a.netCost ? formatRupees(a.netCost) : ""} ·{" "}
                {a.totalStock} in stock
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The quick order pad: rows of product id, EAN or style code and quantity, typed (Enter moves to the
 * next row, the code field suggests products) or pasted from a spreadsheet; every row is resolved
 * by one call as it is typed, refused rows say why in the cart's words and offer alternatives, and
 * "Add all to cart" puts the buyable rows in through the cart's rules.
 */
export function QuickOrderPage() {
  const [rows, setRows] = useState<PadRow[]>(() => [blankRow()]);
  const [problems, setProblems] = useState<{ line: number; text: string; reason: string }[]>([]);
  const [outcomes, setOutcomes] = useState<Map<number, { outcome: string; message: string | null }>>(
    new Map(),
  );
  const codeRefs = useRef(new Map<number, HTMLInputElement>());
  const asked = useMemo(() => askedRows(rows), [rows]);
  const [debounced] = useDebouncedValue(asked, 250);
  const resolved = useResolvedRows(debounced);
  const add = useAddPadToCart();

  const resolvedByRow = new Map((resolved.data?.rows ?? []).map((r) => [r.row, r]));
  const lines: PadLine[] = rows.map((r, index) => {
    const answer = resolvedByRow.get(index + 1);
    const quantity = /^\d+$/.test(r.quantity) ? Number(r.quantity) : 0;
    return {
      ...r,
      number: index + 1,
      resolved: answer && answer.code === r.code.trim() && answer.quantity === quantity ? answer : null,
      outcome: outcomes.get(r.key) ?? null,
    };
  });
  const filled = lines.filter((l) => l.code.trim() !== "");
  const ready = filled.filter((l) => l.resolved?.buyable && l.resolved.product);
  const refused = filled.filter((l) => l.resolved && !l.resolved.buyable);
  const checking = filled.some((l) => !l.resolved);

  const forget = (key: number) =>
    setOutcomes((o) => {
      if (!o.has(key)) return o;
      const next = new Map(o);
      next.delete(key);
      return next;
    });
  const change = (key: number, patch: Partial<PadRow>) => {
    forget(key);
    setRows((current) => withBlankEnd(current.map((r) => (r.key === key ? { ...r, ...patch } : r))));
  };
  const remove = (key: number) => {
    forget(key);
    setRows((current) => withBlankEnd(current.filter((r) => r.key !== key)));
  };
  const focusAfter = (key: number) => {
    const index = rows.findIndex((r) => r.key === key);
    let target = rows[index + 1];
    if (!target) {
      target = blankRow();
      const added = target;
      setRows((current) => [...current, added]);
    }
    const targetKey = target.key;
    requestAnimationFrame(() => codeRefs.current.get(targetKey)?.focus());
  };

  /** Many lines pasted into a code field fill rows from there on (a header row is ignored). */
  const paste = (key: number, event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData("text/plain");
    if (!/[\r\n\t]/.test(text.trim())) return;
    event.preventDefault();
    const parsed = parseQuickOrderPaste(text);
    setProblems(parsed.problems);
    setRows((current) => {
      const at = current.findIndex((r) => r.key === key);
      const before = current.slice(0, at);
      const after = current.slice(at + 1).filter((r) => r.code.trim() !== "");
      const room = QUICK_ORDER_MAX_ROWS - before.length - after.length;
      const pasted = parsed.lines.slice(0, Math.max(0, room)).map((l) => ({
        key: nextKey++,
        code: l.code,
        quantity: String(l.quantity),
      }));
      if (parsed.lines.length > room)
        notify.warning(
          `The pad takes at most ${QUICK_ORDER_MAX_ROWS} rows: ${parsed.lines.length - room} left out`,
        );
      return withBlankEnd([...before, ...pasted, ...after]);
    });
  };

  const addAll = () => {
    const sending = ready.map((l) => ({
      row: l.number,
      productId: l.resolved?.product?.id ?? 0,
      quantity: l.resolved?.quantity ?? 0,
    }));
    add.mutate(sending, {
      onSuccess: (answer) => {
        const keyOf = new Map(ready.map((l) => [l.number, l.key]));
        setOutcomes((current) => {
          const next = new Map(current);
          for (const r of answer.rows) {
            const key = keyOf.get(r.row);
            if (key !== undefined) next.set(key, { outcome: r.outcome, message: r.message });
          }
          return next;
        });
        if (answer.rows.some((r) => r.outcome === "refused")) notify.warning(answer.message);
        else notify.success(answer.message);
      },
    });
  };

  const columns: Column<PadLine>[] = [
    {
      key: "code",
      header: "Product id, EAN or style",
      phone: "title",
      cell: (l) => (
        <Group gap={6} wrap="nowrap" className={classes.codeCell}>
          <Text size="sm" c="dimmed" w={24} ta="right" aria-hidden>
            {l.number}
          </Text>
          <CodeField
            line={l}
            onChange={(code) => change(l.key, { code })}
            onEnter={() => focusAfter(l.key)}
            onPaste={(event) => paste(l.key, event)}
            inputRef={(element) => {
              if (element) codeRefs.current.set(l.key, element);
              else codeRefs.current.delete(l.key);
            }}
          />
        </Group>
      ),
    },
    {
      key: "quantity",
      header: "Quantity",
      cell: (l) => (
        <TextInput
          aria-label={`Row ${l.number}: quantity`}
          value={l.quantity}
          inputMode="numeric"
          w={64}
          onChange={(e) => change(l.key, { quantity: e.currentTarget.value.replace(/\D/g, "").slice(0, 6) })}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              focusAfter(l.key);
            }
          }}
          data-testid="pad-quantity"
        />
      ),
    },
    {
      key: "product",
      header: "Product",
      cell: (l) => (l.resolved?.product ? <ProductCell product={l.resolved.product} /> : null),
    },
    {
      key: "status",
      header: "Status",
      cell: (l) => <StatusCell line={l} onSwap={(id) => change(l.key, { code: String(id) })} />,
    },
    {
      key: "remove",
      header: "Remove",
      phone: "bare",
      cell: (l) =>
        l.code.trim() === "" ? null : (
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={() => remove(l.key)}
            aria-label={`Remove row ${l.number}`}
            title={`Remove row ${l.number}`}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title="Quick order pad"
        description="Type a product id, EAN or style code (S and its number) and a quantity, Enter for the next row, or paste lines from a spreadsheet."
      />
      {problems.length > 0 && (
        <Alert
          color="yellow"
          title={`${problems.length} pasted ${problems.length === 1 ? "line" : "lines"} could not be read`}
          data-testid="pad-problems"
        >
          <Stack gap={2}>
            {problems.slice(0, 20).map((p) => (
              <Text size="sm" key={p.line}>
                Line {p.line} “{p.text}”: {p.reason}
              </Text>
            ))}
            {problems.length > 20 && <Text size="sm">and {problems.length - 20} more</Text>}
          </Stack>
        </Alert>
      )}
      {resolved.isError && <FormAlert tone="error">{errorMessage(resolved.error)}</FormAlert>}
      <ResponsiveTable
        label="Quick order rows"
        columns={columns}
        rows={lines}
        rowKey={(l) => l.key}
        rowTestId="pad-row"
        striped={false}
      />
      <Group justify="space-between" gap="sm" className={classes.actions}>
        <Text size="sm" data-testid="pad-summary" aria-live="polite">
          {filled.length === 1 ? "1 row" : `${filled.length} rows`} · {ready.length} ready · {refused.length}{" "}
          refused
          {checking ? " · checking…" : ""}
        </Text>
        <Group gap="sm">
          <Button
            variant="default"
            onClick={() => {
              setRows([blankRow()]);
              setOutcomes(new Map());
              setProblems([]);
            }}
            disabled={filled.length === 0}
          >
            Clear pad
          </Button>
          <SaveAsListButton
            lines={ready.map((l) => ({
              productId: l.resolved?.product?.id ?? 0,
              quantity: l.resolved?.quantity ?? 0,
            }))}
          />
          <Button
            leftSection={<IconShoppingCartPlus size={18} aria-hidden />}
            onClick={addAll}
            loading={add.isPending}
            disabled={ready.length === 0 || checking}
            data-testid="pad-add-all"
          >
            Add all to cart
          </Button>
        </Group>
      </Group>
      {add.isError && <FormAlert tone="error">{errorMessage(add.error)}</FormAlert>}
    </Stack>
  );
}
