import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Progress,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import type {
  Feedback,
  StorePerformanceItem,
  StorePerformanceResponse,
  StoreTrendMonth,
  StoreTrendResponse,
} from "@portal/contracts";
import {
  FEEDBACK_FEATURES,
  FEEDBACK_GENERAL,
  formatCount,
  formatDate,
  formatDateTime,
  formatRupees,
  monthLabel,
  type PerformanceLabel,
  storeReportMessages,
} from "@portal/domain";
import { IconMessageCircle, IconSend } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type CSSProperties, useDeferredValue, useId, useState } from "react";
import { DateField } from "../../components/DateFields";
import { BarChart } from "../../components/LazyBarChart";
import { PageHeader } from "../../components/PageHeader";
import { type Column, ResponsiveTable } from "../../components/ResponsiveTable";
import { errorMessage } from "../../lib/api";
import { useMe } from "../../lib/auth";
import { notify } from "../../lib/notify";
import { usePageTitle } from "../../lib/usePageTitle";
import { storeReportsApi, storeReportsKeys, storeReportsQueries } from "./api";
import classes from "./storeReports.module.css";

type Period = "MTD" | "YTD";

const PERIODS: readonly { value: Period; label: string }[] = [
  { value: "MTD", label: "Month to date" },
  { value: "YTD", label: "Year to date" },
];

export const LABEL_COLOR: Record<PerformanceLabel, string> = {
  Excellent: "teal",
  Good: "blue",
  "Need Improvement": "orange",
};

/** A metric's value in its unit: rupees, counts, percentages, days or a score out of 100. */
export function formatMetric(unit: StorePerformanceItem["unit"], value: number | null): string {
  if (value === null) return "—";
  switch (unit) {
    case "INR":
      return formatRupees(value);
    case "count":
      return formatCount(value);
    case "percent":
      return `${value.toFixed(2)}%`;
    case "ratio":
      return value.toFixed(2);
    case "days":
      return `${value.toFixed(1)} days`;
    case "score":
      return `${value.toFixed(1)} / 100`;
  }
}

const figures = (item: StorePerformanceItem, period: Period) =>
  period === "MTD"
    ? {
        store: item.storeAchievementMTD,
        national: item.nationalAvgMTD,
        benchmark: item.idealBenchmarkMTD,
        result: item.resultMTD,
      }
    : {
        store: item.storeAchievementYTD,
        national: item.nationalAvgYTD,
        benchmark: item.idealBenchmarkYTD,
        result: item.resultYTD,
      };

/** Every metric card is at least this tall, so the skeletons shown while loading keep the same space. */
const METRIC_CARD_HEIGHT = 206;
const CHART_HEIGHT = 16 * 40 + 40;

const percentOf = (value: number | null, benchmark: number) =>
  value === null || benchmark <= 0 ? 0 : Math.round((value / benchmark) * 1000) / 10;

function MetricCard({ item, period, rule }: { item: StorePerformanceItem; period: Period; rule?: string }) {
  const f = figures(item, period);
  const pct = percentOf(f.store, f.benchmark);
  return (
    <Card withBorder padding="sm" mih={METRIC_CARD_HEIGHT} data-testid={`metric-${item.configId}`}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600}>
          {item.name}
        </Text>
        {f.result ? (
          <Badge color={LABEL_COLOR[f.result]} variant="light" style={{ flexShrink: 0 }}>
            {f.result}
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            No data
          </Badge>
        )}
      </Group>
      <Text fz={22} fw={700} mt={4}>
        {formatMetric(item.unit, f.store)}
      </Text>
      <Progress
        value={Math.min(100, pct)}
        color={f.result ? LABEL_COLOR[f.result] : "gray"}
        size="sm"
        mt={6}
        aria-label={`${item.name}: ${pct}% of the benchmark`}
      />
      <SimpleGrid cols={2} spacing={4} mt={8}>
        <Text size="xs" c="dimmed">
          Benchmark
          <Text span display="block" size="sm" c="var(--mantine-color-text)">
            {formatMetric(item.unit, f.benchmark)}
          </Text>
        </Text>
        <Text size="xs" c="dimmed">
          National average
          <Text span display="block" size="sm" c="var(--mantine-color-text)">
            {formatMetric(item.unit, f.national)}
          </Text>
        </Text>
      </SimpleGrid>
      {rule && (
        <Text size="xs" c="dimmed" mt={6}>
          {rule}
        </Text>
      )}
    </Card>
  );
}

const SERIES = [
  { name: "Store", color: "brand.6" },
  { name: "National average", color: "gray.5" },
  { name: "Benchmark", color: "teal.3" },
] as const;

/** The chart's legend above it, as words and swatches (it never sits on the bars, whatever the width). */
function Legend({ series }: { series: readonly { name: string; color: string }[] }) {
  return (
    <Group gap="md" mb="xs" aria-hidden>
      {series.map((s) => (
        <Group key={s.name} gap={6} wrap="nowrap">
          <span
            style={{
              width: 12,
              height: 12,
              borderRadius: 2,
              background: `var(--mantine-color-${s.color.replace(".", "-")})`,
            }}
          />
          <Text size="xs">{s.name}</Text>
        </Group>
      ))}
    </Group>
  );
}

function PerformanceChart({ report, period }: { report: StorePerformanceResponse; period: Period }) {
  const data = report.items.map((item) => {
    const f = figures(item, period);
    return {
      metric: item.name,
      Store: percentOf(f.store, f.benchmark),
      "National average": percentOf(f.national, f.benchmark),
      Benchmark: 100,
    };
  });
  const days = period === "MTD" ? report.mtd : report.ytd;
  const title = period === "MTD" ? "Month to date" : "Year to date";
  const summary = data.map((d) => `${d.metric} ${d.Store}%`).join(", ");
  return (
    <Card withBorder data-testid={`chart-${period}`}>
      <Title order={3} fz="md">
        {title}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {formatDate(days.from)} to {formatDate(days.to)} · {days.days} days reported · % of the ideal
        benchmark
      </Text>
      <Legend series={SERIES} />
      <div role="img" aria-label={`${title}, the store as % of the ideal benchmark: ${summary}`}>
        <BarChart
          h={CHART_HEIGHT}
          data={data}
          dataKey="metric"
          orientation="vertical"
          yAxisProps={{ width: 118, tick: { fontSize: 11 } }}
          xAxisProps={{ tick: { fontSize: 11 } }}
          valueFormatter={(v) => `${v}%`}
          series={[...SERIES]}
          barProps={{ radius: 2 }}
          gridAxis="x"
        />
      </div>
    </Card>
  );
}

const TREND_COLUMNS: Column<StoreTrendMonth>[] = [
  { key: "month", header: "Month", phone: "title", cell: (m) => monthLabel(m.month) },
  { key: "netSales", header: "Net sales", numeric: true, cell: (m) => formatRupees(m.netSales) },
  { key: "units", header: "Units", numeric: true, cell: (m) => formatCount(m.units) },
  { key: "bills", header: "Bills", numeric: true, cell: (m) => formatCount(m.bills) },
  { key: "footfall", header: "Footfall", numeric: true, cell: (m) => formatCount(m.footfall) },
  {
    key: "avgBillValue",
    header: "Average bill",
    numeric: true,
    cell: (m) => (m.avgBillValue === null ? "—" : formatRupees(m.avgBillValue)),
  },
  {
    key: "conversion",
    header: "Conversion",
    numeric: true,
    cell: (m) => (m.conversion === null ? "—" : `${m.conversion.toFixed(2)}%`),
  },
  { key: "days", header: "Days reported", numeric: true, phone: "hide", cell: (m) => formatCount(m.days) },
];

const TREND_HEIGHT = 260;

/** The store's last 12 months: net sales a month as a chart (described for screen readers) and every figure as a table. */
function Trend({ trend }: { trend: StoreTrendResponse | undefined }) {
  const months = trend?.months ?? [];
  const data = months.map((m) => ({ month: monthLabel(m.month), "Net sales": Number(m.netSales) }));
  const summary = months.map((m) => `${monthLabel(m.month)} ${formatRupees(m.netSales)}`).join(", ");
  return (
    <Card withBorder data-testid="trend">
      <Title order={2} fz="lg">
        Last 12 months
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        Net sales a month{trend ? ` up to ${formatDate(trend.asOf)}` : ""}; the table below gives every
        figure.
      </Text>
      {trend ? (
        <div role="img" aria-label={`Net sales a month: ${summary}`}>
          <BarChart
            h={TREND_HEIGHT}
            data={data}
            dataKey="month"
            series={[{ name: "Net sales", color: "brand.6" }]}
            valueFormatter={(v) => formatRupees(v)}
            yAxisProps={{ width: 80, tickFormatter: (v: number) => `₹${formatCount(Math.round(v / 1000))}k` }}
            xAxisProps={{ tick: { fontSize: 11 } }}
            barProps={{ radius: 2 }}
            gridAxis="y"
          />
        </div>
      ) : (
        <Skeleton h={TREND_HEIGHT} radius="md" />
      )}
      <div style={{ marginTop: "var(--mantine-spacing-md)" }}>
        {trend ? (
          <ResponsiveTable
            label="Last 12 months, a row a month"
            columns={TREND_COLUMNS}
            rows={[...months].reverse()}
            rowKey={(m) => m.month}
            testId="trend-table"
            minWidth={720}
          />
        ) : (
          <Skeleton h={360} radius="md" />
        )}
      </div>
    </Card>
  );
}

/** The feedback box: three lines high, growing to eight with its text (`field-sizing`), then scrolling. */
const FEEDBACK_BOX = {
  fieldSizing: "content",
  minHeight: "calc(3lh + 1rem)",
  maxHeight: "calc(8lh + 1rem)",
} as CSSProperties;

function FeedbackThread({ thread }: { thread: Feedback }) {
  const queryClient = useQueryClient();
  const [reply, setReply] = useState("");
  const comment = useMutation({
    mutationFn: (message: string) => storeReportsApi.addComment(thread.id, message),
    onSuccess: (list) => {
      queryClient.setQueryData(storeReportsKeys.feedback(), list);
      setReply("");
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
  return (
    <Card withBorder padding="sm" data-testid="feedback-thread">
      <Group justify="space-between" mb={6}>
        <Badge variant="light">{thread.feature}</Badge>
        <Text size="xs" c="dimmed">
          {formatDateTime(thread.createdAt)}
        </Text>
      </Group>
      <Stack gap={6}>
        {thread.comments.map((c) => (
          <div
            key={c.id}
            data-testid={c.fromHeadOffice ? "feedback-reply" : undefined}
            style={
              c.fromHeadOffice
                ? { borderLeft: "3px solid var(--mantine-color-brand-5)", paddingLeft: 8 }
                : undefined
            }
          >
            <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {c.message}
            </Text>
            <Text size="xs" c="dimmed">
              {c.fromHeadOffice ? "Head office · " : ""}
              {formatDateTime(c.createdAt)}
            </Text>
          </div>
        ))}
      </Stack>
      <Group mt="sm" gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          aria-label={`Add a comment on ${thread.feature}`}
          placeholder="Add a comment"
          value={reply}
          onChange={(e) => setReply(e.currentTarget.value)}
          maxLength={2000}
          style={{ flex: 1 }}
        />
        <Button
          variant="default"
          loading={comment.isPending}
          onClick={() => {
            if (!reply.trim()) return notify.error(storeReportMessages.feedbackMessageRequired);
            comment.mutate(reply.trim());
          }}
        >
          Add
        </Button>
      </Group>
    </Card>
  );
}

function FeedbackBox() {
  const queryClient = useQueryClient();
  const [feature, setFeature] = useState<string | null>(FEEDBACK_GENERAL);
  const [message, setMessage] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const history = useQuery(storeReportsQueries.feedback());
  const send = useMutation({
    mutationFn: (body: { feature: string; message: string }) =>
      storeReportsApi.sendFeedback(body.feature, body.message),
    onSuccess: (list) => {
      queryClient.setQueryData(storeReportsKeys.feedback(), list);
      setMessage("");
      notify.success("Thank you. Your feedback has been sent.");
    },
    onError: (error) => setProblem(errorMessage(error)),
  });

  function submit() {
    if (!feature) return setProblem(storeReportMessages.feedbackFeatureRequired);
    if (!message.trim()) return setProblem(storeReportMessages.feedbackMessageRequired);
    setProblem(null);
    send.mutate({ feature, message: message.trim() });
  }

  return (
    <Card withBorder data-testid="feedback-box">
      <Title order={2} fz="lg" mb="sm">
        Feedback
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="sm">
          <Select
            label="About"
            data={[...FEEDBACK_FEATURES]}
            value={feature}
            onChange={setFeature}
            allowDeselect={false}
            searchable
          />
          <Textarea
            label="Your feedback"
            placeholder="Tell us what helps or what looks wrong"
            // grows with its text up to 8 lines, sized by the browser (CSS field-sizing) where it can:
            // react-textarea-autosize measured the box on mount, 100 ms of a phone's first render
            rows={3}
            styles={{ input: FEEDBACK_BOX }}
            maxLength={2000}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
          />
          {problem && (
            <Alert color="red" data-testid="feedback-problem">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button leftSection={<IconSend size={16} />} onClick={submit} loading={send.isPending}>
              Send feedback
            </Button>
          </Group>
        </Stack>
        <Stack gap="sm" data-testid="feedback-history">
          <Group gap={6}>
            <IconMessageCircle size={18} />
            <Text fw={600}>Your feedback</Text>
          </Group>
          {history.isLoading && <Skeleton h={80} />}
          {history.error && <Alert color="red">{errorMessage(history.error)}</Alert>}
          {history.data?.length === 0 && (
            <Text size="sm" c="dimmed">
              No feedback yet.
            </Text>
          )}
          {history.data?.map((thread) => (
            <FeedbackThread key={thread.id} thread={thread} />
          ))}
        </Stack>
      </SimpleGrid>
    </Card>
  );
}

/** Store performance: 16 metrics MTD and YTD against the ideal benchmark and the national average, and feedback. */
export function StorePerformancePage() {
  usePageTitle("Store Performance");
  const me = useMe();
  const storeId = me.data?.fcf?.id;
  const [draftAsOf, setDraftAsOf] = useState("");
  const [asOf, setAsOf] = useState<string | undefined>(undefined);
  const [period, setPeriod] = useState<Period>("MTD");
  const periodName = useId();
  const report = useQuery({
    ...storeReportsQueries.performance(storeId, asOf),
    enabled: storeId !== undefined,
  });
  const trend = useQuery({
    ...storeReportsQueries.trend(storeId, asOf),
    enabled: storeId !== undefined,
  });
  const config = useQuery({
    ...storeReportsQueries.config(me.data?.fcf?.concept),
    enabled: me.data !== undefined,
  });
  // The report and the trend are drawn from deferred copies: a query delivers its data in one
  // synchronous render, and the 16 cards, the ratings and the trend drawn there held a phone's main
  // thread for 300-700 ms; drawn as a transition, React draws them in slices between frames.
  const data = useDeferredValue(report.data);
  const trendData = useDeferredValue(trend.data);
  // Until the report is drawn, its sections keep their space (skeletons of the same size).
  const waiting = !data && !report.isError && !(me.data && !storeId);
  const rules = new Map((config.data ?? []).map((c) => [c.configId, c.ratingRule]));
  const counts = (label: PerformanceLabel) =>
    data?.items.filter((i) => figures(i, period).result === label).length ?? 0;

  return (
    <Stack>
      <PageHeader
        title="Store Performance"
        description={
          data
            ? `${data.storeName} · ${data.concept} · as of ${formatDate(data.asOf)}`
            : "Your store against the ideal benchmark and the national average."
        }
      />
      <Card withBorder>
        <Group justify="space-between" align="flex-end" gap="sm">
          <Group align="flex-end" gap="sm">
            <DateField label="As of" value={draftAsOf} onChange={setDraftAsOf} w={170} />
            <Button variant="default" onClick={() => setAsOf(draftAsOf || undefined)}>
              Show
            </Button>
          </Group>
          {/* two radios drawn as segments (Mantine's SegmentedControl measures its options to place a
              sliding indicator: a forced layout in the page's first render) */}
          <div role="radiogroup" aria-label="Period" className={classes.segments}>
            {PERIODS.map((choice) => (
              <label key={choice.value} className={classes.segment}>
                <input
                  type="radio"
                  name={periodName}
                  value={choice.value}
                  checked={period === choice.value}
                  onChange={() => setPeriod(choice.value)}
                />
                {choice.label}
              </label>
            ))}
          </div>
        </Group>
        {report.error && (
          <Alert color="red" mt="sm">
            {errorMessage(report.error)}
          </Alert>
        )}
        {me.data && !storeId && (
          <Alert color="yellow" mt="sm">
            Your account is not linked to a store.
          </Alert>
        )}
      </Card>

      {(data || waiting) && (
        <>
          <Title order={2} fz="lg">
            Ratings
          </Title>
          <SimpleGrid cols={{ base: 3 }} spacing="sm" data-testid="rating-summary">
            {(["Excellent", "Good", "Need Improvement"] as const).map((label) => (
              <Card key={label} withBorder padding="sm" mih={86}>
                <Text size="xs" c="dimmed" tt="uppercase">
                  {label}
                </Text>
                {data ? (
                  <Text fw={700} fz={22} c={`${LABEL_COLOR[label]}.9`}>
                    {counts(label)}
                  </Text>
                ) : (
                  <Skeleton h={30} w={40} mt={4} />
                )}
              </Card>
            ))}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="sm" data-testid="metric-cards">
            {data
              ? data.items.map((item) => (
                  <MetricCard
                    key={item.configId}
                    item={item}
                    period={period}
                    rule={rules.get(item.configId)}
                  />
                ))
              : Array.from({ length: 16 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders of a fixed count
                  <Skeleton key={i} h={METRIC_CARD_HEIGHT} radius="md" />
                ))}
          </SimpleGrid>
          <Title order={2} fz="lg">
            Against the benchmark
          </Title>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
            {data ? (
              <>
                <PerformanceChart report={data} period="MTD" />
                <PerformanceChart report={data} period="YTD" />
              </>
            ) : (
              <>
                <Skeleton h={CHART_HEIGHT + 110} radius="md" />
                <Skeleton h={CHART_HEIGHT + 110} radius="md" />
              </>
            )}
          </SimpleGrid>
          <Trend trend={trendData} />
        </>
      )}
      <FeedbackBox />
    </Stack>
  );
}
