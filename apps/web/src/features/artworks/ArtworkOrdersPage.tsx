import { Button, Group, Pagination, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { Artwork } from "@portal/contracts";
import { ARTWORK_PAGE_SIZE, formatCount, formatDate } from "@portal/domain";
import { IconPlus } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../components/PageHeader";
import { type Column, ResponsiveTable } from "../../components/ResponsiveTable";
import { StatusBadge } from "../../components/StatusBadge";
import { EmptyState, ErrorState, PageLoader } from "../../components/states";
import { errorMessage } from "../../lib/api";
import { usePageTitle } from "../../lib/usePageTitle";
import { artworksQueries } from "./api";

const dims = (a: Artwork) => (a.bHeight && a.bWidth ? `${a.bHeight} × ${a.bWidth} ${a.unit}` : a.unit);

/** On a phone: the order and its status head the card; date, what, quantity and where follow. */
const COLUMNS: readonly Column<Artwork>[] = [
  { key: "id", header: "Order", cell: (a) => `#${a.id}`, phone: "title" },
  { key: "date", header: "Date", cell: (a) => formatDate(a.createdAt) },
  { key: "cat", header: "Category", cell: (a) => a.cat },
  { key: "type", header: "Type", cell: (a) => `${a.type} · ${a.subType}` },
  { key: "size", header: "Size", cell: (a) => `${a.size} · ${dims(a)}` },
  { key: "quantity", header: "Quantity", cell: (a) => formatCount(a.quantity), numeric: true },
  {
    key: "address",
    header: "Address",
    cell: (a) => (
      <Text size="sm" truncate="end" maw={260}>
        {a.address}
      </Text>
    ),
    phone: "hide",
  },
  { key: "status", header: "Status", cell: (a) => <StatusBadge status={a.status} /> },
];

/** The partner's artwork orders, 20 a page. */
export function ArtworkOrdersPage() {
  usePageTitle("Artwork Orders");
  const [pageNo, setPageNo] = useState(1);
  // below 640 px ResponsiveTable draws cards
  const phoneCards = useMediaQuery("(max-width: 40em)", false, { getInitialValueInEffect: false });
  const query = useQuery({
    ...artworksQueries.list(pageNo, ARTWORK_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const pages = Math.max(1, Math.ceil((query.data?.count ?? 0) / ARTWORK_PAGE_SIZE));
  const rows = query.data?.rows ?? [];
  return (
    <Stack>
      <PageHeader
        title="Artwork Orders"
        description={query.data ? `${query.data.count} artwork orders` : "Your artwork orders"}
        actions={
          <Button component={Link} to="/artworks/category" leftSection={<IconPlus size={16} />}>
            Order an artwork
          </Button>
        }
      />
      {query.isPending ? (
        <PageLoader inline />
      ) : query.isError ? (
        <ErrorState description={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState
          title="No artwork orders yet"
          description="Choose a category to order your first artwork."
        />
      ) : (
        <ResponsiveTable
          label="Artwork orders"
          columns={COLUMNS}
          rows={rows}
          rowKey={(a) => a.id}
          // the cards of a phone take its width (a minimum width would push their figures off-screen)
          minWidth={phoneCards ? undefined : 820}
          testId="artwork-list"
          rowTestId="artwork-row"
        />
      )}
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={pageNo} onChange={setPageNo} aria-label="Artwork pages" />
        </Group>
      )}
    </Stack>
  );
}
