import { AspectRatio, Badge, Card, Image, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { MediaItem } from "@portal/contracts";
import { useQuery } from "@tanstack/react-query";
import { PageHeader } from "../../components/PageHeader";
import { EmptyState } from "../../components/states";
import { usePageTitle } from "../../lib/usePageTitle";
import { contentQueries } from "./api";
import { Loaded } from "./parts";

function Player({ item }: { item: MediaItem }) {
  const video = item.contentType.startsWith("video/");
  return (
    <Card withBorder padding="sm" data-testid="media-card">
      {item.posterUrl && !video && (
        <Card.Section mb="sm">
          <AspectRatio ratio={3 / 2}>
            <Image src={item.posterUrl} alt={`Poster of ${item.title}`} />
          </AspectRatio>
        </Card.Section>
      )}
      <Stack gap={6}>
        <Text fw={600}>{item.title}</Text>
        {item.description && (
          <Text size="sm" c="dimmed">
            {item.description}
          </Text>
        )}
        {video ? (
          // biome-ignore lint/a11y/useMediaCaption: the commercials carry no speech track to caption
          <video
            controls
            preload="metadata"
            src={item.url}
            poster={item.posterUrl ?? undefined}
            style={{ width: "100%", aspectRatio: "16 / 9", background: "#000" }}
            aria-label={`Play ${item.title}`}
          />
        ) : (
          // biome-ignore lint/a11y/useMediaCaption: music and jingles, no speech to caption
          <audio
            controls
            preload="none"
            src={item.url}
            style={{ width: "100%" }}
            aria-label={`Play ${item.title}`}
          />
        )}
      </Stack>
    </Card>
  );
}

function Section({ title, items }: { title: string; items: readonly MediaItem[] }) {
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        {title}
      </Title>
      {items.length === 0 ? (
        <EmptyState title="Nothing here yet" compact />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {items.map((i) => (
            <Player key={i.id} item={i} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** TV commercials and store music: Tamil Nadu stores get the Tamil clips, all others the Hindi clips. */
export function TvcPage() {
  usePageTitle("Store Music & AV Commercial");
  // Addresses last an hour; refresh well before.
  const query = useQuery({ ...contentQueries.tvc(), staleTime: 30 * 60_000 });
  return (
    <Stack>
      <PageHeader
        title="Store Music & AV Commercial"
        description="Play the commercials on the store screen and the music during store hours."
        actions={
          query.data && (
            <Badge size="lg" variant="light">
              {query.data.language} clips
            </Badge>
          )
        }
      />
      <Loaded query={query}>
        {(data) => (
          <Stack gap="xl">
            <Section title="TV commercials" items={data.commercials} />
            <Section title="Store music" items={data.storeMusic} />
          </Stack>
        )}
      </Loaded>
    </Stack>
  );
}
