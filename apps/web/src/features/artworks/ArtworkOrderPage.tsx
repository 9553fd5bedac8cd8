import { Anchor, Button, Card, Grid, Group, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import {
  ARTWORK_ADDRESS_MAX,
  ARTWORK_CATEGORIES,
  ARTWORK_QUANTITY_MAX,
  ARTWORK_TYPES,
  ARTWORK_UNITS,
  type ArtworkField,
  artworkFieldErrors,
  LEAFLET,
  messages,
} from "@portal/domain";
import { IconArrowLeft, IconSend } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { PageHeader } from "../../components/PageHeader";
import { errorMessage } from "../../lib/api";
import { useCurrentUser } from "../../lib/auth";
import { notify } from "../../lib/notify";
import { usePageTitle } from "../../lib/usePageTitle";
import { artworksApi, artworksKeys } from "./api";

interface Draft {
  type: string | null;
  subType: string | null;
  unit: string | null;
  size: string | null;
  bHeight: string;
  bWidth: string;
  quantity: string;
  address: string;
}

/** The artwork order form of one category; without a category it goes back to the grid. */
export function ArtworkOrderPage() {
  usePageTitle("Artwork Order Form");
  const [params] = useSearchParams();
  const cat = params.get("cat");
  const category = ARTWORK_CATEGORIES.find((c) => c.key === cat);
  if (!category) return <Navigate to="/artworks/category" replace />;
  return <OrderForm cat={category.key} description={category.description} />;
}

function OrderForm({ cat, description }: { cat: string; description: string }) {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const shipping = [
    me.shippingAddress1,
    me.shippingAddress2,
    me.shippingCity,
    me.shippingState,
    me.shippingPincode,
  ]
    .filter(Boolean)
    .join(", ");
  const [draft, setDraft] = useState<Draft>({
    type: null,
    subType: null,
    unit: null,
    size: null,
    bHeight: "",
    bWidth: "",
    quantity: "1",
    address: shipping,
  });
  // field errors show once the partner tries to place the order, then follow each change
  const [tried, setTried] = useState(false);
  const type = ARTWORK_TYPES.find((t) => t.type === draft.type);
  const leaflet = draft.type === LEAFLET;
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const create = useMutation({
    mutationFn: artworksApi.create,
    onSuccess: (result) => {
      notify.success(result.message, messages.artworkCreatedTitle);
      void queryClient.invalidateQueries({ queryKey: artworksKeys.all });
      navigate("/artworks/artworksPlaceOrder");
    },
    onError: (error) => notify.error(errorMessage(error), messages.artworkTryAgain),
  });

  const body = {
    type: draft.type,
    subType: draft.subType,
    unit: draft.unit,
    cat,
    size: draft.size,
    bHeight: leaflet ? null : draft.bHeight,
    bWidth: leaflet ? null : draft.bWidth,
    quantity: draft.quantity,
    address: draft.address,
  };
  const fieldErrors = artworkFieldErrors(body);
  const errorOf = (field: ArtworkField) => (tried ? fieldErrors[field] : undefined);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setTried(true);
    if (Object.keys(fieldErrors).length > 0) {
      // the spec's summary; each field says what it needs
      notify.error(messages.artworkRequiredFields);
      return;
    }
    create.mutate({ ...body, quantity: Number(draft.quantity.trim()) });
  }

  return (
    <Stack>
      <PageHeader
        title={`${cat} artwork`}
        description={description}
        actions={
          <Anchor component={Link} to="/artworks/category" size="sm">
            <Group gap={4}>
              <IconArrowLeft size={14} /> All categories
            </Group>
          </Anchor>
        }
      />
      <Card withBorder maw={760} component="form" onSubmit={submit} noValidate aria-label="Artwork order">
        <Grid gutter="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label="Type"
              placeholder="Choose a type"
              data={ARTWORK_TYPES.map((t) => t.type)}
              value={draft.type}
              onChange={(v) => {
                const next = ARTWORK_TYPES.find((t) => t.type === v);
                set({
                  type: v,
                  subType: null,
                  size: next && next.sizes.length === 1 ? (next.sizes[0] ?? null) : null,
                  unit: v === LEAFLET ? "A4/A5" : draft.unit === "A4/A5" ? null : draft.unit,
                });
              }}
              required
              withAsterisk
              error={errorOf("type")}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label="Sub-type"
              placeholder={type ? "Choose a sub-type" : "Choose the type first"}
              data={type ? [...type.subTypes] : []}
              value={draft.subType}
              onChange={(v) => set({ subType: v })}
              disabled={!type}
              required
              withAsterisk
              error={type ? errorOf("subType") : undefined}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label="Size"
              placeholder={type ? "Choose a size" : "Choose the type first"}
              data={type ? [...type.sizes] : []}
              value={draft.size}
              onChange={(v) => set({ size: v })}
              disabled={!type}
              required
              withAsterisk
              error={type ? errorOf("size") : undefined}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label="Unit"
              placeholder="Choose a unit"
              data={[...ARTWORK_UNITS]}
              value={draft.unit}
              onChange={(v) => set({ unit: v })}
              required
              withAsterisk
              error={errorOf("unit")}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <TextInput
              label="Height"
              inputMode="decimal"
              value={leaflet ? "" : draft.bHeight}
              onChange={(e) => set({ bHeight: e.currentTarget.value })}
              disabled={leaflet}
              placeholder={leaflet ? "Not needed" : "e.g. 3"}
              withAsterisk={!leaflet}
              error={errorOf("bHeight")}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <TextInput
              label="Width"
              inputMode="decimal"
              value={leaflet ? "" : draft.bWidth}
              onChange={(e) => set({ bWidth: e.currentTarget.value })}
              disabled={leaflet}
              placeholder={leaflet ? "Not needed" : "e.g. 8"}
              withAsterisk={!leaflet}
              error={errorOf("bWidth")}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput
              label="Quantity"
              description={`Pieces, 1 to ${ARTWORK_QUANTITY_MAX}`}
              inputMode="numeric"
              value={draft.quantity}
              onChange={(e) => set({ quantity: e.currentTarget.value })}
              withAsterisk
              error={errorOf("quantity")}
              data-testid="artwork-quantity"
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <Textarea
              label="Delivery address"
              autosize
              minRows={2}
              maxLength={ARTWORK_ADDRESS_MAX}
              value={draft.address}
              onChange={(e) => set({ address: e.currentTarget.value })}
              withAsterisk
              error={errorOf("address")}
            />
          </Grid.Col>
        </Grid>
        <Text size="xs" c="dimmed" mt="sm">
          All fields are required; a Leaflet needs no height or width. Height and width are in the unit
          chosen.
        </Text>
        <Group justify="flex-end" mt="md">
          <Button type="submit" leftSection={<IconSend size={16} />} loading={create.isPending}>
            Place artwork order
          </Button>
        </Group>
      </Card>
    </Stack>
  );
}
