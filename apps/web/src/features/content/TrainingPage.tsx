import { AspectRatio, Badge, Button, Card, Group, Image, SimpleGrid, Stack, Tabs, Text } from "@mantine/core";
import type { Assessment, AssessmentResult } from "@portal/contracts";
import { addMonths, formatDate, indiaDay, normaliseLoadRange } from "@portal/domain";
import { IconArrowRight, IconDownload, IconSearch } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { DateField } from "../../components/DateFields";
import { PageHeader } from "../../components/PageHeader";
import { type Column, ResponsiveTable } from "../../components/ResponsiveTable";
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
          <DateField
            future
            label="From"
            value={draft.fromDate}
            onChange={(fromDate) => setDraft((d) => ({ ...d, fromDate }))}
            w={{ base: "100%", xs: 180 }}
          />
          <DateField
            future
            label="To"
            value={draft.toDate}
            onChange={(toDate) => setDraft((d) => ({ ...d, toDate }))}
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
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" data-testid="training-topics">
          {items.map((t) => (
            <Card key={t.id} withBorder padding="sm" data-testid="training-topic">
              <Card.Section>
                {/* A fixed 3:2 frame, taken before the picture loads (nothing moves). */}
                <img
                  src={t.image}
                  alt={t.imageAlt}
                  width={480}
                  height={320}
                  loading="lazy"
                  decoding="async"
                  style={{
                    display: "block",
                    width: "100%",
                    height: "auto",
                    aspectRatio: "3 / 2",
                    objectFit: "cover",
                  }}
                />
              </Card.Section>
              <Text fw={600} mt="xs">
                {t.subcategory}
              </Text>
              <Text size="sm" c="dimmed">
                {t.category}
              </Text>
              <Button
                component={Link}
                to={t.productsLink}
                variant="light"
                size="xs"
                mt="sm"
                rightSection={<IconArrowRight size={14} />}
                aria-label={`See the products: ${t.subcategory}`}
              >
                See the products
              </Button>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Loaded>
  );
}

const ASSESSMENT_COLUMNS: readonly Column<Assessment>[] = [
  { key: "title", header: "Assessment", cell: (a) => a.title, phone: "title" },
  { key: "category", header: "Category", cell: (a) => a.category, phone: "hide" },
  { key: "questions", header: "Questions", cell: (a) => a.questions, numeric: true },
  { key: "duration", header: "Duration", cell: (a) => `${a.durationMinutes} min`, numeric: true },
  { key: "due", header: "Due", cell: (a) => formatDate(a.dueOn) },
  {
    key: "status",
    header: "Status",
    cell: (a) => (
      <Badge color={a.taken ? "teal.9" : "orange.9"} variant="outline">
        {a.taken ? "Taken" : "Open"}
      </Badge>
    ),
  },
  {
    key: "actions",
    header: "Actions",
    headerHidden: true,
    phone: "bare",
    cell: (a) => (
      <Button
        component={Link}
        to={`/training/assessment/${a.id}`}
        size="xs"
        variant={a.taken ? "default" : "filled"}
        aria-label={`${a.taken ? "Retake" : "Take"} ${a.title}`}
      >
        {a.taken ? "Retake" : "Take"}
      </Button>
    ),
  },
];

function Assessments() {
  const query = useQuery(contentQueries.assessments());
  // A failed fetch shows the list as empty (the spec's "empty flag").
  const rows = query.data ?? [];
  if (query.isPending) return <Loaded query={query}>{() => null}</Loaded>;
  if (rows.length === 0) return <EmptyState title="No assessments" compact />;
  return (
    <ResponsiveTable
      label="Assessments"
      columns={ASSESSMENT_COLUMNS}
      rows={rows}
      rowKey={(a) => a.id}
      striped
    />
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
  const columns: readonly Column<AssessmentResult>[] = [
    { key: "assessment", header: "Assessment", cell: (r) => r.assessment, phone: "title" },
    { key: "takenOn", header: "Taken on", cell: (r) => formatDate(r.takenOn) },
    {
      key: "score",
      header: "Score",
      numeric: true,
      cell: (r) => `${r.score} / ${r.total} (${r.percent}%)`,
    },
    {
      key: "actions",
      header: "Actions",
      headerHidden: true,
      phone: "bare",
      cell: (r) => (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} />}
          onClick={() => void download(r.key)}
          aria-label={`Download the result of ${r.assessment}`}
        >
          Download
        </Button>
      ),
    },
  ];
  if (query.isPending) return <Loaded query={query}>{() => null}</Loaded>;
  if (rows.length === 0) return <EmptyState title="No results yet" compact />;
  return <ResponsiveTable label="Results" columns={columns} rows={rows} rowKey={(r) => r.id} striped />;
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
                <Image src={g.url} alt={g.title} loading="lazy" width={480} height={320} />
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

const TABS = ["events", "categories", "assessments", "results", "gallery"] as const;

export function TrainingPage() {
  usePageTitle("Training");
  // The open tab lives in the address (?tab=categories), so a link or Back opens it again.
  const [params, setParams] = useSearchParams();
  const asked = params.get("tab");
  const tab = (TABS as readonly string[]).includes(asked ?? "") ? (asked as string) : "events";
  return (
    <Stack>
      <PageHeader
        title="Training"
        description="Upcoming sessions, training material, assessments and your results."
      />
      <Tabs
        value={tab}
        onChange={(next) => setParams(next && next !== "events" ? { tab: next } : {}, { replace: true })}
        keepMounted={false}
      >
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
