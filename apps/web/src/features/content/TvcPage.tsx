import {
  AspectRatio,
  Badge,
  Card,
  Group,
  Image,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from "@mantine/core";
import type { MediaItem } from "@portal/contracts";
import { nextTrackIndex } from "@portal/domain";
import { IconPlayerPlayFilled, IconVolume } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
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
            <Image
              src={item.posterUrl}
              alt={`Poster of ${item.title}`}
              loading="lazy"
              width={480}
              height={320}
            />
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
          // biome-ignore lint/a11y/useMediaCaption: the commercials carry no speech track to caption (looped: the store screen plays them over and over)
          <video
            controls
            loop
            playsInline
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
            loop
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

type Repeat = "all" | "one";

/**
 * The store music: one player over the whole playlist. It plays on through the tracks and from the
 * last back to the first ("Repeat all", the store-hours default), or loops the one track playing
 * ("Repeat one"; a playlist of one track always loops).
 */
function Playlist({ tracks }: { tracks: readonly MediaItem[] }) {
  const [index, setIndex] = useState(0);
  const [repeat, setRepeat] = useState<Repeat>("all");
  const audio = useRef<HTMLAudioElement>(null);
  // Set when a track ends (or one is picked): the next track starts as soon as it is in the player.
  const playNext = useRef(false);
  const current = tracks[Math.min(index, tracks.length - 1)];
  const loop = repeat === "one" || tracks.length === 1;

  useEffect(() => {
    if (!playNext.current || !current) return;
    playNext.current = false;
    audio.current?.play().catch(() => {
      // A browser that refuses to start playing waits for the play button.
    });
  }, [current]);

  if (!current) return <EmptyState title="Nothing here yet" compact />;
  function play(at: number) {
    playNext.current = true;
    if (at === index) {
      const el = audio.current;
      if (el) el.currentTime = 0;
      el?.play().catch(() => {});
      playNext.current = false;
    } else setIndex(at);
  }
  return (
    <Card withBorder padding="md" data-testid="playlist">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap={8} wrap="nowrap" miw={0}>
            <IconVolume size={18} aria-hidden style={{ flexShrink: 0 }} />
            <Text fw={600} data-testid="now-playing" lineClamp={2}>
              {current.title}
            </Text>
          </Group>
          <SegmentedControl
            size="xs"
            aria-label="Repeat"
            value={repeat}
            onChange={(v) => setRepeat(v as Repeat)}
            data={[
              { value: "all", label: "Repeat all" },
              { value: "one", label: "Repeat one" },
            ]}
          />
        </Group>
        {/* biome-ignore lint/a11y/useMediaCaption: music and jingles, no speech to caption */}
        <audio
          ref={audio}
          controls
          loop={loop}
          preload="none"
          src={current.url}
          style={{ width: "100%" }}
          aria-label="Store music player"
          data-testid="playlist-player"
          onEnded={() => {
            if (loop) return;
            playNext.current = true;
            setIndex((i) => nextTrackIndex(i, tracks.length));
          }}
        />
        <Stack gap={4} component="ol" m={0} p={0} style={{ listStyle: "none" }}>
          {tracks.map((t, i) => {
            const on = t.id === current.id;
            return (
              <li key={t.id}>
                <UnstyledButton
                  onClick={() => play(i)}
                  aria-label={`Play ${t.title}`}
                  aria-current={on ? "true" : undefined}
                  data-testid="playlist-track"
                  w="100%"
                  p="xs"
                  style={{
                    borderRadius: "var(--mantine-radius-sm)",
                    background: on ? "var(--mantine-color-brand-0)" : undefined,
                  }}
                >
                  <Group gap="sm" wrap="nowrap">
                    <IconPlayerPlayFilled size={14} aria-hidden style={{ flexShrink: 0 }} />
                    <Stack gap={0} miw={0}>
                      <Text size="sm" fw={on ? 600 : 400}>
                        {i + 1}. {t.title}
                      </Text>
                      {t.description && (
                        <Text size="xs" c="dimmed">
                          {t.description}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                </UnstyledButton>
              </li>
            );
          })}
        </Stack>
      </Stack>
    </Card>
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
            <Stack gap="sm">
              <Title order={2} fz="lg">
                Store music
              </Title>
              <Playlist tracks={data.storeMusic} />
            </Stack>
          </Stack>
        )}
      </Loaded>
    </Stack>
  );
}
