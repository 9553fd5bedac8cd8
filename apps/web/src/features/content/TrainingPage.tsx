import {
  Anchor,
  AspectRatio,
  Badge,
  Button,
  Card,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  VisuallyHidden,
} from "@mantine/core";
import { addMonths, formatDate, indiaDay, normaliseLoadRange } from "@portal/domain";
import { IconDownload, IconSearch } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../components/PageHeader";
import { EmptyState } from "../../components/states";
import { errorMessage } from "../../lib/api";
import { notify } from "../../lib/notify";
import { usePageTitle } from "../../lib/usePageTitle";
import { contentApi, contentQueries, openInNewWindow } from "./api";
import { Loaded } from "./parts";

function Events() {
  const today = indiaDay(new Date());
  const [draft, setDraft] = useState({ fromDate: today, toDate: addMonths(today, 12) });
  const [range, setRange] = useState(draft);
  const query = useQuery({
    ...contentQueries.events(range),
    placeholderData: keepPreviousData,
  });
  function search() {
    // A to-date earlier than the from-date is cleared.
    const [fromDate, toDate] = normaliseLoadRange(draft.fromDate || null, draft.toDate || null);
    const next = { fromDate: fromDate ?? "", toDate: toDate ?? "" };
    setDraft(next);
    setRange(next);
  }
  const shown = query.data ?? null;
  return (
    <Stack>
      <Card withBorder>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            type="date"
            label="From"
            value={draft.fromDate}
            onChange={(e) => {
              const fromDate = e.currentTarget.value;
              setDraft((d) => ({ ...d, fromDate }));
            }}
            w={{ base: "100%", xs: 180 }}
          />
          <TextInput
            type="date"
            label="To"
            value={draft.toDate}
            onChange={(e) => {
              const toDate = e.currentTarget.value;
              setDraft((d) => ({ ...d, toDate }));
            }}
            w={{ base: "100%", xs: 180 }}
          />
          <Button leftSection={<IconSearch size={16} />} onClick={search}>
            Search
          </Button>
        </Group>
      </Card>
      {shown && (
        <Text size="sm" c="dimmed" data-testid="event-range">
          Events from {formatDate(shown.fromDate)} to {formatDate(shown.toDate)}
        </Text>
      )}
      <Loaded query={query}>
        {(data) =>
          data.events.length === 0 ? (
            <EmptyState title="No training events in these dates" compact />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="event-list">
              {data.events.map((e) => (
                <Card key={e.id} withBorder padding="md" data-testid="event-card">
                  <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                    <Text fw={600}>{e.title}</Text>
                    <Badge variant="light" style={{ flexShrink: 0 }}>
                      {e.category}
                    </Badge>
                  </Group>
                  <Text size="sm" mt={6}>
                    {formatDate(e.date)} at {e.startTime} · {e.mode}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {e.location} · with {e.trainer} · {e.seats} seats
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          )
        }
      </Loaded>
    </Stack>
  );
}

function Categories() {
  const query = useQuery(contentQueries.trainingItems());
  return (
    <Loaded query={query} empty={(d) => d.length === 0}>
      {(items) => (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="md">
          {items.map((t) => (
            <Card key={t.id} withBorder padding="sm">
              <Card.Section>
                <AspectRatio ratio={3 / 2}>
                  <Image src={t.image} alt="" />
                </AspectRatio>
              </Card.Section>
              <Text fw={600} mt="xs">
                {t.subcategory}
              </Text>
              <Text size="sm" c="dimmed">
                {t.category}
              </Text>
              <Anchor component={Link} to={t.productsLink} size="sm">
                See the products
              </Anchor>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Loaded>
  );
}

function Assessments() {
  const query = useQuery(contentQueries.assessments());
  // A failed fetch shows the list as empty (the spec's "empty flag").
  const rows = query.data ?? [];
  if (query.isPending) return <Loaded query={query}>{() => null}</Loaded>;
  if (rows.length === 0) return <EmptyState title="No assessments" compact />;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Assessment</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th>Questions</Table.Th>
            <Table.Th>Duration</Table.Th>
            <Table.Th>Due</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>{a.title}</Table.Td>
              <Table.Td>{a.category}</Table.Td>
              <Table.Td>{a.questions}</Table.Td>
              <Table.Td>{a.durationMinutes} min</Table.Td>
              <Table.Td>{formatDate(a.dueOn)}</Table.Td>
              <Table.Td>
                <Badge color={a.taken ? "teal" : "orange"} variant="light">
                  {a.taken ? "Taken" : "Open"}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Button
                  component={Link}
                  to={`/training/assessment/${a.id}`}
                  size="xs"
                  variant={a.taken ? "default" : "filled"}
                  aria-label={`${a.taken ? "Retake" : "Take"} ${a.title}`}
                >
                  {a.taken ? "Retake" : "Take"}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Results() {
  const query = useQuery(contentQueries.results());
  const rows = query.data ?? [];
  async function download(key: string) {
    try {
      await openInNewWindow(() => contentApi.resultUrl(key));
    } catch (error) {
      notify.error(errorMessage(error));
    }
  }
  if (query.isPending) return <Loaded query={query}>{() => null}</Loaded>;
  if (rows.length === 0) return <EmptyState title="No results yet" compact />;
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Assessment</Table.Th>
            <Table.Th>Taken on</Table.Th>
            <Table.Th>Score</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.assessment}</Table.Td>
              <Table.Td>{formatDate(r.takenOn)}</Table.Td>
              <Table.Td>
                {r.score} / {r.total} ({r.percent}%)
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconDownload size={14} />}
                  onClick={() => void download(r.key)}
                >
                  Download
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Gallery() {
  const query = useQuery({
    ...contentQueries.gallery(),
    staleTime: 30 * 60_000,
  });
  return (
    <Loaded query={query} empty={(d) => d.length === 0}>
      {(images) => (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" data-testid="gallery">
          {images.map((g) => (
            <Card key={g.id} withBorder padding={0}>
              <AspectRatio ratio={3 / 2}>
                <Image src={g.url} alt={g.title} />
              </AspectRatio>
              <Text size="sm" p="xs">
                {g.title}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Loaded>
  );
}

export function TrainingPage() {
  usePageTitle("Training");
  return (
    <Stack>
      <PageHeader
        title="Training"
        description="Upcoming sessions, training material, assessments and your results."
      />
      <Tabs defaultValue="events" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="events">Events</Tabs.Tab>
          <Tabs.Tab value="categories">Categories</Tabs.Tab>
          <Tabs.Tab value="assessments">Assessments</Tabs.Tab>
          <Tabs.Tab value="results">Results</Tabs.Tab>
          <Tabs.Tab value="gallery">Gallery</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="events">
          <Events />
        </Tabs.Panel>
        <Tabs.Panel value="categories">
          <Categories />
        </Tabs.Panel>
        <Tabs.Panel value="assessments">
          <Assessments />
        </Tabs.Panel>
        <Tabs.Panel value="results">
          <Results />
        </Tabs.Panel>
        <Tabs.Panel value="gallery">
          <Gallery />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
