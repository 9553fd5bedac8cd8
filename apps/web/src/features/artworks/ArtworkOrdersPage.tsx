import { Button, Card, Group, Pagination, Stack, Table, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { Artwork } from "@portal/contracts";
import { ARTWORK_PAGE_SIZE, formatDate } from "@portal/domain";
import { IconPlus } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../components/PageHeader";
import { StatusBadge } from "../../components/StatusBadge";
import { EmptyState, ErrorState, PageLoader } from "../../components/states";
import { errorMessage } from "../../lib/api";
import { usePageTitle } from "../../lib/usePageTitle";
import { artworksQueries } from "./api";

const dims = (a: Artwork) => (a.bHeight && a.bWidth ? `${a.bHeight} × ${a.bWidth} ${a.unit}` : a.unit);

/** The partner's artwork orders, 20 a page. */
export function ArtworkOrdersPage() {
  usePageTitle("Artwork Orders");
  const [pageNo, setPageNo] = useState(1);
  const phone = useMediaQuery("(max-width: 48em)");
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
      ) : phone ? (
        <Stack gap="sm" data-testid="artwork-list">
          {rows.map((a) => (
            <Card key={a.id} withBorder padding="sm" data-testid="artwork-row">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600}>
                  #{a.id} {a.type} · {a.subType}
                </Text>
                <StatusBadge status={a.status} />
              </Group>
              <Text size="sm">
                {a.cat} · {a.size} · {dims(a)}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDate(a.createdAt)} · {a.address}
              </Text>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover data-testid="artwork-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Order</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>Address</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((a) => (
                <Table.Tr key={a.id} data-testid="artwork-row">
                  <Table.Td>#{a.id}</Table.Td>
                  <Table.Td>{formatDate(a.createdAt)}</Table.Td>
                  <Table.Td>{a.cat}</Table.Td>
                  <Table.Td>
                    {a.type} · {a.subType}
                  </Table.Td>
                  <Table.Td>
                    {a.size} · {dims(a)}
                  </Table.Td>
                  <Table.Td maw={260}>
                    <Text size="sm" truncate="end">
                      {a.address}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={a.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={pageNo} onChange={setPageNo} aria-label="Artwork pages" />
        </Group>
      )}
    </Stack>
  );
}
