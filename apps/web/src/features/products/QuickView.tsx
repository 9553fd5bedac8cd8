import { Anchor, Badge, Divider, Grid, Group, Modal, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { Product } from "@portal/contracts";
import { formatCount, formatRupees } from "@portal/domain";
import { IconArrowRight, IconTruckDelivery } from "@tabler/icons-react";
import { useMemo } from "react";
import { Link } from "react-router";
import { AddToListButton } from "../../components/AddToListButton";
import { ErrorState } from "../../components/states";
import { errorMessage } from "../../lib/api";
import { useProduct } from "./api";
import { CartButtons } from "./CartButtons";
import { deliveryText, formatAgeRange, formatPercent, productImages, productPath } from "./format";
import { ImageGallery, WHITE_MODAL } from "./ImageGallery";
import { LikeDislike } from "./LikeDislike";
import { PriceBreakdown } from "./PriceBreakdown";
import { ProductMarks } from "./ProductCard";
import { SizeRows } from "./SizeRows";

function QuickViewBody({ product }: { product: Product }) {
  const detail = useProduct(product.id, product.whId);
  const images = useMemo(() => productImages(product), [product]);
  const facts = [`Product ID ${product.id}`, product.size && `Size ${product.size}`, product.color]
    .filter(Boolean)
    .join(" · ");
  // A style's card brings its sizes: each can be added from here.
  const sizes = useMemo(
    () =>
      (product.styleSizes ?? []).map((s) => ({
        id: s.id,
        size: s.size,
        whId: s.whId,
        price: s.netCost,
        hint: [formatAgeRange(s.ageFromMonths, s.ageToMonths), `${formatCount(s.totalStock)} in stock`]
          .filter(Boolean)
          .join(" · "),
      })),
    [product],
  );

  return (
    <Grid gutter="xl">
      <Grid.Col span={{ base: 12, sm: 5 }}>
        <ImageGallery images={images} name={product.name} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 7 }}>
        <Stack gap="md">
          <Stack gap={4}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
              {product.brand.name}
            </Text>
            <Title order={3} fz={22} lh={1.3}>
              {product.name}
            </Title>
            <Group gap="sm" justify="space-between">
              <Text size="sm" c="dimmed">
                {facts}
              </Text>
              <Anchor
                component={Link}
                to={productPath(product.id, product.whId)}
                size="sm"
                fw={600}
                data-testid="quick-view-details-link"
              >
                <Group gap={4} component="span">
                  View full details <IconArrowRight size={14} />
                </Group>
              </Anchor>
            </Group>
            <Group gap={6} mt={4}>
              <ProductMarks product={product} />
            </Group>
          </Stack>

          <Group gap="sm" align="baseline">
            {product.pricing ? (
              <>
                <Text fw={800} fz={26} lh={1}>
                  {formatRupees(product.pricing.netCost)}
                </Text>
                <Text c="dimmed" td="line-through">
                  MRP {formatRupees(product.pricing.mrp)}
                </Text>
                <Badge variant="light" color="teal" radius="sm" tt="none">
                  {formatPercent(product.pricing.retailerMargin)} margin
                </Badge>
              </>
            ) : (
              // a kiosk guest's product: MRP only
              <Text fw={800} fz={26} lh={1}>
                MRP {formatRupees(product.mrp)}
              </Text>
            )}
          </Group>

          <Group gap={6} c="dimmed">
            <IconTruckDelivery size={16} aria-hidden />
            <Text size="sm">{deliveryText(product.estimatedShippingDays)}</Text>
          </Group>

          {sizes.length > 1 ? (
            <SizeRows productName={product.name} rows={sizes} currentId={product.id} />
          ) : (
            <CartButtons productId={product.id} productName={product.name} />
          )}
          {product.pricing && (
            // a store's own card (a kiosk guest's shows MRP only and keeps no lists)
            <Group>
              <AddToListButton productId={product.id} productName={product.name} size="xs" />
            </Group>
          )}

          <Divider label="Price breakdown per unit" labelPosition="left" />
          {detail.isPending ? (
            <Stack gap={8}>
              {[0, 1, 2, 3, 4, 5].map((i) => (
                <Skeleton key={i} height={14} />
              ))}
            </Stack>
          ) : detail.isError ? (
            <ErrorState
              compact
              title="The price breakdown is unavailable"
              description={errorMessage(detail.error)}
              onRetry={() => detail.refetch()}
            />
          ) : (
            <PriceBreakdown product={detail.data} compact />
          )}

          <LikeDislike productId={product.id} productName={product.name} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** A product's essentials in a dialog, without leaving the listing. */
export function QuickView({ product, onClose }: { product: Product | null; onClose: () => void }) {
  return (
    <Modal
      opened={product !== null}
      onClose={onClose}
      size="min(96vw, 1000px)"
      title="Quick view"
      centered
      styles={WHITE_MODAL}
    >
      {product && (
        <div data-testid="quick-view" data-product-id={product.id}>
          <QuickViewBody product={product} />
        </div>
      )}
    </Modal>
  );
}
