import {
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import type { LookbookProduct, LookbookSummary, Picture } from "@portal/contracts";
import { contentMessages, formatCount, formatDate, formatRupees } from "@portal/domain";
import { IconArrowLeft, IconArrowRight, IconBook2, IconDownload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { PageHeader } from "../../components/PageHeader";
import { EmptyState, ErrorState } from "../../components/states";
import { notify } from "../../lib/notify";
import { usePageTitle } from "../../lib/usePageTitle";
import { contentApi, contentQueries, downloadFrom } from "./api";
import { sizeLabel } from "./parts";

/** A lookbook's page: /lookbooks?book={id}. */
const bookPath = (id: number) => `/lookbooks?book=${id}`;

/** A picture in a fixed frame: its space is taken before it loads, so nothing moves. */
const frame = (ratio: string) =>
  ({
    display: "block",
    width: "100%",
    height: "auto",
    aspectRatio: ratio,
    objectFit: "cover",
    background: "var(--mantine-color-gray-0)",
  }) as const;
const FRAME_4_3 = frame("4 / 3");
const FRAME_SQUARE = frame("1 / 1");

/** A cover in a fixed 4:3 frame. */
function Cover({ cover, eager = false }: { cover: Picture | null; eager?: boolean }) {
  if (!cover)
    return (
      <Center bg="brand.0" style={{ aspectRatio: "4 / 3" }}>
        <ThemeIcon variant="transparent" size={64} aria-hidden>
          <IconBook2 size={48} />
        </ThemeIcon>
      </Center>
    );
  return (
    <img
      src={cover.url}
      alt={cover.alt}
      width={480}
      height={360}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      style={FRAME_4_3}
      data-testid="lookbook-cover"
    />
  );
}

function useDownload(book: LookbookSummary) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const { url, message } = await contentApi.lookbookUrl(book.path);
      downloadFrom(url);
      notify.success(message);
    } catch {
      notify.error(contentMessages.lookbookFailed);
    } finally {
      setBusy(false);
    }
  }
  return { busy, download };
}

function DownloadButton({
  book,
  variant = "light",
}: {
  book: LookbookSummary;
  variant?: "light" | "filled";
}) {
  const { busy, download } = useDownload(book);
  return (
    <Button
      size="xs"
      variant={variant}
      leftSection={<IconDownload size={14} />}
      loading={busy}
      onClick={() => void download()}
      aria-label={`Download ${book.title}`}
    >
      Download
    </Button>
  );
}

const productsLabel = (n: number) => `${formatCount(n)} ${n === 1 ? "product" : "products"}`;

function LookbookCard({ book }: { book: LookbookSummary }) {
  return (
    <Card withBorder padding="md" data-testid="lookbook-card">
      <Card.Section>
        <Link to={bookPath(book.id)} tabIndex={-1} aria-hidden style={{ display: "block" }}>
          <Cover cover={book.cover} />
        </Link>
      </Card.Section>
      <Stack gap={4} mt="sm" style={{ flex: 1 }}>
        <Title order={2} fz="md">
          <Anchor component={Link} to={bookPath(book.id)} c="inherit" fw={600}>
            {book.title}
          </Anchor>
        </Title>
        {book.description && (
          <Text size="sm" c="dimmed">
            {book.description}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          Updated {formatDate(book.updatedAt)}
          {sizeLabel(book.sizeBytes) && ` · ${sizeLabel(book.sizeBytes)}`}
          {book.productCount > 0 && ` · ${productsLabel(book.productCount)}`}
        </Text>
      </Stack>
      <Group justify="space-between" mt="sm" gap="xs">
        <Button
          component={Link}
          to={bookPath(book.id)}
          size="xs"
          variant="subtle"
          rightSection={<IconArrowRight size={14} />}
          aria-label={`See the looks: ${book.title}`}
        >
          See the looks
        </Button>
        <DownloadButton book={book} />
      </Group>
    </Card>
  );
}

function ProductTile({ product }: { product: LookbookProduct }) {
  return (
    <Card
      withBorder
      padding="xs"
      component={Link}
      to={`/products/productInfo/${product.id}`}
      data-testid="lookbook-product"
      style={{ textDecoration: "none", color: "inherit" }}
    >
      <Card.Section>
        <img
          src={product.image.url}
          alt={product.image.alt}
          width={320}
          height={320}
          loading="lazy"
          decoding="async"
          style={FRAME_SQUARE}
        />
      </Card.Section>
      <Text size="sm" fw={600} mt="xs" lineClamp={2} lh={1.35}>
        {product.name}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={1}>
        {product.brand} · {product.subcategory}
      </Text>
      <Text size="sm" fw={600} mt={4}>
        MRP {formatRupees(BigInt(product.mrpPaise))}
      </Text>
    </Card>
  );
}

/** One lookbook: its cover and file, and the products of its collection (the rest in the listing). */
function LookbookDetail({ id }: { id: number }) {
  const query = useQuery(contentQueries.lookbook(id));
  usePageTitle(query.data ? `${query.data.title} · Lookbooks` : "Lookbooks");
  const back = (
    <Anchor component={Link} to="/lookbooks" size="sm">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        All lookbooks
      </Group>
    </Anchor>
  );
  if (query.isPending)
    return (
      <Stack>
        {back}
        <Skeleton height={28} width="60%" />
        <Skeleton style={{ aspectRatio: "4 / 3" }} maw={480} />
      </Stack>
    );
  if (query.isError)
    return (
      <Stack>
        {back}
        <ErrorState description={contentMessages.lookbookFailed} onRetry={() => void query.refetch()} />
      </Stack>
    );
  const book = query.data;
  return (
    <Stack gap="lg" data-testid="lookbook-page">
      {back}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Card withBorder padding={0} maw={520}>
          <Cover cover={book.cover} eager />
        </Card>
        <Stack gap="xs" justify="center">
          <Title order={2}>{book.title}</Title>
          {book.description && <Text>{book.description}</Text>}
          <Text size="sm" c="dimmed">
            Updated {formatDate(book.updatedAt)}
            {sizeLabel(book.sizeBytes) && ` · ${sizeLabel(book.sizeBytes)}`}
          </Text>
          <Group gap="xs" mt="xs">
            <DownloadButton book={book} variant="filled" />
            {book.listingPath && book.productCount > 0 && (
              <Button
                component={Link}
                to={book.listingPath}
                size="xs"
                variant="light"
                rightSection={<IconArrowRight size={14} />}
              >
                See all {productsLabel(book.productCount)}
              </Button>
            )}
          </Group>
        </Stack>
      </SimpleGrid>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={3} fz="lg">
            In this lookbook
          </Title>
          {book.products.length > 0 && (
            <Badge variant="outline" color="gray.7">
              {book.products.length === book.productCount
                ? productsLabel(book.productCount)
                : `${book.products.length} styles`}
            </Badge>
          )}
        </Group>
        {book.products.length === 0 ? (
          <EmptyState
            title="No products on sale from this lookbook yet"
            description="Download the lookbook to see its looks."
            compact
          />
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }} spacing="sm" data-testid="lookbook-products">
            {book.products.map((p) => (
              <ProductTile key={p.id} product={p} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Stack>
  );
}

function LookbookList() {
  usePageTitle("Lookbooks");
  const query = useQuery(contentQueries.lookbooks());
  if (query.isPending)
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
        {["a", "b", "c"].map((k) => (
          <Card key={k} withBorder padding="md">
            <Card.Section>
              <Skeleton style={{ aspectRatio: "4 / 3" }} radius={0} />
            </Card.Section>
            <Skeleton height={16} width="70%" mt="sm" />
            <Skeleton height={12} width="90%" mt="xs" />
          </Card>
        ))}
      </SimpleGrid>
    );
  if (query.isError)
    return <ErrorState description={contentMessages.lookbooksFailed} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <EmptyState title="No lookbooks yet" compact />;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
      {query.data.map((b) => (
        <LookbookCard key={b.id} book={b} />
      ))}
    </SimpleGrid>
  );
}

export function LookbooksPage() {
  const [params] = useSearchParams();
  const asked = params.get("book");
  const id = asked && /^\d{1,9}$/.test(asked) && Number(asked) > 0 ? Number(asked) : null;
  return (
    <Stack>
      <PageHeader title="Lookbooks" description="The season's looks, to plan displays and orders." />
      {id === null ? <LookbookList /> : <LookbookDetail id={id} />}
    </Stack>
  );
}
