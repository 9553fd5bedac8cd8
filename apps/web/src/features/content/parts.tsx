import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from "@mantine/core";
import type { ContentFile } from "@portal/contracts";
import { formatDate } from "@portal/domain";
import { IconExternalLink, IconFileTypePdf } from "@tabler/icons-react";
import type { UseQueryResult } from "@tanstack/react-query";
import { useState } from "react";
import { EmptyState, ErrorState, PageLoader } from "../../components/states";
import { errorMessage } from "../../lib/api";
import { notify } from "../../lib/notify";
import { contentApi, openInNewWindow } from "./api";

export const sizeLabel = (bytes: number) =>
  bytes <= 0
    ? ""
    : bytes < 1024 * 1024
      ? `${Math.max(1, Math.round(bytes / 1024))} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A query's loading and error states, or its content. */
export function Loaded<T>({
  query,
  children,
  empty,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => React.ReactNode;
  empty?: (data: T) => boolean;
}) {
  if (query.isPending) return <PageLoader inline />;
  if (query.isError)
    return <ErrorState description={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  if (empty?.(query.data)) return <EmptyState title="Nothing here yet" compact />;
  return <>{children(query.data)}</>;
}

/** A document card: title, description, date, and Open (a signed address in a new window). */
export function DocumentCard({ file, extra }: { file: ContentFile; extra?: React.ReactNode }) {
  const [opening, setOpening] = useState(false);
  async function open() {
    setOpening(true);
    try {
      await openInNewWindow(() => contentApi.documentUrl(file.path));
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setOpening(false);
    }
  }
  return (
    <Card withBorder padding="md" data-testid="document-card">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ThemeIcon variant="light" color="red" size={40} radius="md" aria-hidden>
          <IconFileTypePdf size={22} />
        </ThemeIcon>
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group gap={6}>
            <Text fw={600}>{file.title}</Text>
            {extra}
          </Group>
          {file.description && (
            <Text size="sm" c="dimmed">
              {file.description}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            Updated {formatDate(file.updatedAt)}
            {sizeLabel(file.sizeBytes) && ` · ${sizeLabel(file.sizeBytes)}`}
          </Text>
        </Stack>
      </Group>
      <Group justify="flex-end" mt="sm">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconExternalLink size={14} />}
          loading={opening}
          onClick={() => void open()}
          aria-label={`Open ${file.title}`}
        >
          Open
        </Button>
      </Group>
    </Card>
  );
}

export function DocumentGrid({ files }: { files: readonly ContentFile[] }) {
  if (files.length === 0) return <EmptyState title="No documents yet" compact />;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {files.map((f) => (
        <DocumentCard key={f.id} file={f} extra={f.region && <Badge variant="light">{f.region}</Badge>} />
      ))}
    </SimpleGrid>
  );
}
