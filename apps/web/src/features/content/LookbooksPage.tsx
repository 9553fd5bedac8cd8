import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from "@mantine/core";
import type { ContentFile } from "@portal/contracts";
import { contentMessages, formatDate } from "@portal/domain";
import { IconBook2, IconDownload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { PageHeader } from "../../components/PageHeader";
import { EmptyState, ErrorState, PageLoader } from "../../components/states";
import { notify } from "../../lib/notify";
import { usePageTitle } from "../../lib/usePageTitle";
import { contentApi, contentQueries, downloadFrom } from "./api";
import { sizeLabel } from "./parts";

function LookbookCard({ book }: { book: ContentFile }) {
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
  return (
    <Card withBorder padding="md" data-testid="lookbook-card">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
          <IconBook2 size={22} />
        </ThemeIcon>
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Text fw={600}>{book.title}</Text>
          {book.description && (
            <Text size="sm" c="dimmed">
              {book.description}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            Updated {formatDate(book.updatedAt)}
            {sizeLabel(book.sizeBytes) && ` · ${sizeLabel(book.sizeBytes)}`}
          </Text>
        </Stack>
      </Group>
      <Group justify="flex-end" mt="sm">
        <Button
          size="xs"
          leftSection={<IconDownload size={14} />}
          loading={busy}
          onClick={() => void download()}
          aria-label={`Download ${book.title}`}
        >
          Download
        </Button>
      </Group>
    </Card>
  );
}

export function LookbooksPage() {
  usePageTitle("Lookbooks");
  const query = useQuery(contentQueries.lookbooks());
  return (
    <Stack>
      <PageHeader title="Lookbooks" description="The season's looks, to plan displays and orders." />
      {query.isPending ? (
        <PageLoader inline />
      ) : query.isError ? (
        <ErrorState description={contentMessages.lookbooksFailed} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState title="No lookbooks yet" compact />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {query.data.map((b) => (
            <LookbookCard key={b.id} book={b} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
