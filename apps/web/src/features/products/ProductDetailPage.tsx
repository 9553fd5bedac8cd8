import {
  Anchor,
  Badge,
  Box,
  Breadcrumbs,
  Button,
  Divider,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from "@mantine/core";
import type { ProductDetail } from "@portal/contracts";
import {
  formatCount,
  formatDate,
  formatRupees,
  GROUP_RULES,
  GST_TYPE_NOTE,
  messages,
  sortBySize,
  warehouseGroupOf,
  warehouseLabel,
} from "@portal/domain";
import {
  IconArrowLeft,
  IconBuildingStore,
  IconHome,
  IconInfoCircle,
  IconMail,
  IconPackage,
  IconPhone,
  IconReceipt2,
  IconTruckDelivery,
  IconUser,
} from "@tabler/icons-react";
import { type ReactElement, type ReactNode, useDeferredValue, useMemo } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { AddToListButton } from "../../components/AddToListButton";
import { EmptyState, ErrorState } from "../../components/states";
import { errorMessage, isApiError } from "../../lib/api";
import { categoryListingPath, subcategoryListingPath } from "../../lib/paths";
import { usePageTitle } from "../../lib/usePageTitle";
import { useBrand, useChildren, useProduct } from "./api";
import { CartButtons, InCartBadge } from "./CartButtons";
import { positiveId } from "./firstScreen";
import { deliveryText, formatAgeRange, formatPercent, productImages } from "./format";
import { ImageGallery } from "./ImageGallery";
import { LikeDislike } from "./LikeDislike";
import { PriceBreakdown } from "./PriceBreakdown";
import { ProductMarks } from "./ProductCard";
import { Siblings } from "./Siblings";
import { SizeRows } from "./SizeRows";

function NotFound() {
  return (
    <Paper withBorder radius="lg" maw={640} mx="auto" mt="xl" data-testid="product-not-found">
      <EmptyState
        icon={<IconPackage size={28} />}
        title={messages.productNotFound}
        description="This product is not open to your store: it may be inactive, out of stock or outside your warehouses."
        action={
          <Group mt="sm">
            <Button component={Link} to="/products/listing" leftSection={<IconArrowLeft size={16} />}>
              Browse products
            </Button>
            <Button component={Link} to="/home" variant="default" leftSection={<IconHome size={16} />}>
              Home
            </Button>
          </Group>
        }
      />
    </Paper>
  );
}

function DetailSkeleton() {
  return (
    <Grid gutter={{ base: "md", md: 40 }} aria-busy aria-label="Loading product">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Skeleton style={{ aspectRatio: "1 / 1" }} radius="lg" />
        <Group gap={8} mt="sm">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} width={64} height={64} radius="md" />
          ))}
        </Group>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="md">
          <Skeleton height={12} width="30%" />
          <Skeleton height={28} width="90%" />
          <Skeleton height={14} width="50%" />
          <Skeleton height={36} width="60%" mt="md" />
          <Skeleton height={80} mt="md" />
          <Skeleton height={44} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

function FactsTable({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Table verticalSpacing={8} fz="sm" withRowBorders>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={200} fw={500} c="dimmed" scope="row">
              {label}
            </Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function DetailsTab({ product }: { product: ProductDetail }) {
  const age = formatAgeRange(product.ageFromMonths, product.ageToMonths);
  const rows: [string, ReactNode][] = [
    ["Product ID", product.id],
    ["Category", `${product.category.name} › ${product.subcategory.name}`],
    ...(product.subcategoryType ? [["Type", product.subcategoryType.name] as [string, string]] : []),
    ["Brand", product.brand.name],
    ...(product.size ? [["Size", product.size] as [string, string]] : []),
    ...(product.color ? [["Colour", product.color] as [string, string]] : []),
    ...(age ? [["Age", age] as [string, string]] : []),
    ["HSN code", product.HSNCode],
    ["Returnable", product.isReturnable ? "Yes" : "No"],
    ["Listed on", formatDate(product.createdAt)],
  ];
  return (
    <Stack gap="lg">
      {product.desc && (
        <Text size="sm" style={{ whiteSpace: "pre-line" }} maw={760}>
          {product.desc}
        </Text>
      )}
      <Box maw={760}>
        <FactsTable rows={rows} />
      </Box>
    </Stack>
  );
}

function BrandTab({ brandId }: { brandId: number }) {
  const brand = useBrand(brandId);
  if (brand.isPending) {
    return (
      <Stack gap="sm" maw={640}>
        <Skeleton height={20} width="40%" />
        <Skeleton height={12} />
        <Skeleton height={12} width="85%" />
      </Stack>
    );
  }
  if (brand.isError) {
    return (
      <ErrorState
        compact
        title="Brand information is unavailable"
        description={errorMessage(brand.error)}
        onRetry={() => brand.refetch()}
      />
    );
  }
  const b = brand.data;
  const contacts = [
    b.contactName && { icon: <IconUser size={16} />, text: b.contactName, href: null },
    b.contactEmail && {
      icon: <IconMail size={16} />,
      text: b.contactEmail,
      href: `mailto:${b.contactEmail}`,
    },
    b.contactPhone && { icon: <IconPhone size={16} />, text: b.contactPhone, href: `tel:${b.contactPhone}` },
  ].filter((c): c is { icon: ReactElement; text: string; href: string | null } => Boolean(c));
  return (
    <Stack gap="md" maw={760} data-testid="brand-info">
      <Group gap="sm">
        <Title order={3} fz={20}>
          {b.name}
        </Title>
        {b.isPrivateLabel && (
          <Badge variant="light" color="brand">
            Our own label
          </Badge>
        )}
      </Group>
      <Text size="sm" style={{ whiteSpace: "pre-line" }}>
        {b.description || "No description from this brand yet."}
      </Text>
      {contacts.length > 0 && (
        <Paper withBorder p="md" radius="md" bg="gray.0">
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={8} lts={0.4}>
            Brand contact
          </Text>
          <Stack gap={6}>
            {contacts.map((c) => (
              <Group key={c.text} gap={8} wrap="nowrap">
                <Box c="dimmed" style={{ display: "flex" }} aria-hidden>
                  {c.icon}
                </Box>
                {c.href ? (
                  <Anchor href={c.href} size="sm">
                    {c.text}
                  </Anchor>
                ) : (
                  <Text size="sm">{c.text}</Text>
                )}
              </Group>
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/** The spec's pricing rules in words, beside the figures. */
function HowPricesWork({ product }: { product: ProductDetail }) {
  const { pricing, gstRates } = product;
  // a kiosk guest's product has no wholesale price (MRP only)
  if (!pricing || !gstRates) return null;
  const rules = [
    ["Cost to customer", `MRP less your ${formatPercent(pricing.retailerMargin)} retailer margin.`],
    [
      "Base cost",
      `Cost to customer divided by 1 + GST (${formatPercent(gstRates.total)} for HSN ${product.HSNCode}).`,
    ],
    ["GST", GST_TYPE_NOTE[product.gstType]],
    ["Net cost", "Base cost plus GST, rounded to the paisa: what you pay per unit."],
  ];
  return (
    <Paper bg="gray.0" p="lg" radius="md">
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.4} mb="sm">
        How this price is worked out
      </Text>
      <Stack gap="sm">
        {rules.map(([title, text]) => (
          <div key={title}>
            <Text size="sm" fw={600}>
              {title}
            </Text>
            <Text size="sm" c="dimmed">
              {text}
            </Text>
          </div>
        ))}
      </Stack>
    </Paper>
  );
}

/** Where the product ships from, by the one rule: the chosen warehouse, a stockist labelled as one, and its group. */
/** Every sellable size of this product's colour, each with its own Add: several sizes from one page. */
function StyleSizes({ product, whId }: { product: ProductDetail; whId: number | null }) {
  const children = useChildren(product.groupID, product.color);
  const rows = useMemo(
    () =>
      sortBySize(children.data ?? [], (c) => c.size).map((c) => ({
        id: c.id,
        size: c.size,
        whId,
        price: c.mrp,
        hint: formatAgeRange(c.ageFromMonths, c.ageToMonths),
      })),
    [children.data, whId],
  );
  if (rows.length < 2) return null;
  return <SizeRows productName={product.name} rows={rows} currentId={product.id} priceLabel="MRP" />;
}

function shipsFromText(product: ProductDetail) {
  const from = product.warehouses.find((w) => w.id === product.whId);
  const group = GROUP_RULES[warehouseGroupOf(product.whId, product.stockType)].label;
  return `Estimated, from ${from ? warehouseLabel(from) : "our warehouse"} · ${group}`;
}

function ProductView({ product, whId }: { product: ProductDetail; whId: number | null }) {
  const images = useMemo(() => productImages(product), [product]);
  const facts = [product.size && `Size ${product.size}`, product.color].filter(Boolean).join(" · ");

  return (
    <Stack gap={40}>
      <Grid gutter={{ base: "md", md: 40 }}>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ImageGallery images={images} name={product.name} layout="side" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="lg">
            <Stack gap={6}>
              <Anchor
                component={Link}
                to={`/products/listing?brands=${product.brandId}`}
                size="sm"
                fw={700}
                tt="uppercase"
                lts={0.5}
              >
                {product.brand.name}
              </Anchor>
              <Title order={1} fz={28} lh={1.25}>
                {product.name}
              </Title>
              <Text size="sm" c="dimmed">
                Product ID {product.id}
                {facts && ` · ${facts}`}
              </Text>
              <Group gap={6} mt={4}>
                <ProductMarks product={product} />
                {product.isPL && (
                  <Badge size="sm" variant="light" color="brand">
                    Own label
                  </Badge>
                )}
                <Badge size="sm" variant="light" color={product.isReturnable ? "gray" : "orange"}>
                  {product.isReturnable ? "Returnable" : "Non-returnable"}
                </Badge>
              </Group>
            </Stack>

            <Paper withBorder p="lg" radius="lg">
              <Stack gap="sm">
                {product.pricing && product.gstRates ? (
                  <>
                    <Group gap="md" align="baseline">
                      <Text fw={800} fz={32} lh={1} data-testid="detail-net-cost">
                        {formatRupees(product.pricing.netCost)}
                      </Text>
                      <Text c="dimmed" size="md">
                        MRP <s>{formatRupees(product.pricing.mrp)}</s>
                      </Text>
                    </Group>
                    <Group gap={8}>
                      <Badge variant="light" color="teal" size="lg" radius="sm" tt="none">
                        {formatPercent(product.pricing.retailerMargin)} margin
                      </Badge>
                      <Text size="sm" c="dimmed">
                        You earn {formatRupees(product.pricing.margin)} per unit · net cost includes{" "}
                        {formatPercent(product.gstRates.total)} GST
                      </Text>
                    </Group>
                  </>
                ) : (
                  // a kiosk guest's product: MRP only
                  <Text fw={800} fz={32} lh={1}>
                    MRP {formatRupees(product.mrp)}
                  </Text>
                )}
                <Divider my={4} />
                <Group gap="xl">
                  <Group gap={8} wrap="nowrap">
                    <IconTruckDelivery size={20} color="var(--mantine-color-brand-7)" aria-hidden />
                    <div>
                      <Text size="sm" fw={600} data-testid="delivery-days">
                        {deliveryText(product.estimatedShippingDays)}
                      </Text>
                      <Text size="xs" c="dimmed" data-testid="ships-from">
                        {shipsFromText(product)}
                      </Text>
                    </div>
                  </Group>
                  <Group gap={8} wrap="nowrap">
                    <IconBuildingStore size={20} color="var(--mantine-color-brand-7)" aria-hidden />
                    <div>
                      <Text size="sm" fw={600}>
                        {formatCount(product.totalStock)} in stock
                      </Text>
                      <Text size="xs" c="dimmed">
                        Across your warehouses
                      </Text>
                    </div>
                  </Group>
                </Group>
              </Stack>
            </Paper>

            <Siblings product={product} whId={whId} />

            <Stack gap={6}>
              <CartButtons productId={product.id} productName={product.name} />
              <Group gap={6}>
                <InCartBadge productId={product.id} />
                <AddToListButton productId={product.id} productName={product.name} size="xs" />
              </Group>
            </Stack>

            <StyleSizes product={product} whId={whId} />

            <LikeDislike productId={product.id} productName={product.name} />
          </Stack>
        </Grid.Col>
      </Grid>

      <Tabs defaultValue="details" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="details" leftSection={<IconInfoCircle size={16} />}>
            Details
          </Tabs.Tab>
          <Tabs.Tab value="brand" leftSection={<IconBuildingStore size={16} />} data-testid="brand-tab">
            Brand information
          </Tabs.Tab>
          <Tabs.Tab value="price" leftSection={<IconReceipt2 size={16} />} data-testid="price-tab">
            Price breakdown
          </Tabs.Tab>
        </Tabs.List>
        <Paper withBorder p="xl" radius="lg" mt="md">
          <Tabs.Panel value="details">
            <DetailsTab product={product} />
          </Tabs.Panel>
          <Tabs.Panel value="brand">
            <BrandTab brandId={product.brandId} />
          </Tabs.Panel>
          <Tabs.Panel value="price">
            <Grid gutter="xl">
              <Grid.Col span={{ base: 12, md: 7 }}>
                <PriceBreakdown product={product} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                <HowPricesWork product={product} />
              </Grid.Col>
            </Grid>
          </Tabs.Panel>
        </Paper>
      </Tabs>
    </Stack>
  );
}

/** /products/productInfo/{id}?whId: the whole product, its price breakdown, brand and siblings. */
export function ProductDetailPage() {
  usePageTitle("Product Details");
  const params = useParams();
  const [search] = useSearchParams();
  const id = positiveId(params.id);
  const whId = positiveId(search.get("whId"));
  const product = useProduct(id ?? 0, whId, id !== null);
  // The page (sizes, siblings, tabs: some 900 elements) is drawn in the background once the product is
  // in, in slices the browser can interrupt, instead of in one long task; the skeleton stays till then.
  const shown = useDeferredValue<ProductDetail | null | undefined>(product.data, null);

  let body: ReactNode;
  if (id === null || (product.isError && isApiError(product.error, 404))) {
    body = <NotFound />;
  } else if (product.isPending) {
    body = <DetailSkeleton />;
  } else if (product.isError) {
    body = (
      <Paper withBorder radius="lg">
        <ErrorState
          title="This product could not be loaded"
          description={errorMessage(product.error)}
          onRetry={() => product.refetch()}
        />
      </Paper>
    );
  } else if (!shown || shown.id !== product.data.id) {
    body = <DetailSkeleton />;
  } else {
    body = <ProductView key={shown.id} product={shown} whId={whId} />;
  }

  const p = product.data;
  return (
    <Stack gap="lg">
      <Breadcrumbs separatorMargin={6}>
        <Anchor component={Link} to="/home" size="sm" c="dimmed">
          Home
        </Anchor>
        {p ? (
          [
            <Anchor key="c" component={Link} to={categoryListingPath(p.catId)} size="sm" c="dimmed">
              {p.category.name}
            </Anchor>,
            <Anchor key="s" component={Link} to={subcategoryListingPath(p.subcatId)} size="sm" c="dimmed">
              {p.subcategory.name}
            </Anchor>,
          ]
        ) : (
          <Anchor component={Link} to="/products/listing" size="sm" c="dimmed">
            Products
          </Anchor>
        )}
      </Breadcrumbs>
      {body}
    </Stack>
  );
}
