import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Progress,
  Radio,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import type { AssessmentOutcome, AssessmentPaper } from "@portal/contracts";
import { contentMessages, formatDate } from "@portal/domain";
import { IconCheck, IconDownload, IconX } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import { PageHeader } from "../../components/PageHeader";
import { errorMessage } from "../../lib/api";
import { notify } from "../../lib/notify";
import { usePageTitle } from "../../lib/usePageTitle";
import { contentApi, contentKeys, contentQueries, openInNewWindow } from "./api";
import { Loaded } from "./parts";

const backLink = (
  <Anchor component={Link} to="/training" size="sm">
    Back to training
  </Anchor>
);

/** The result of a submitted assessment: score, pass or not, each answer right or wrong, the certificate. */
function Outcome({
  paper,
  outcome,
  onRetake,
}: {
  paper: AssessmentPaper;
  outcome: AssessmentOutcome;
  onRetake: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [downloading, setDownloading] = useState(false);
  useEffect(() => heading.current?.focus(), []);
  const { result } = outcome;
  async function download() {
    setDownloading(true);
    try {
      await openInNewWindow(() => contentApi.resultUrl(result.key));
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setDownloading(false);
    }
  }
  return (
    <Stack data-testid="assessment-result">
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} fz={20} ref={heading} tabIndex={-1}>
            Your result
          </Title>
          <Group gap="md" wrap="wrap">
            <Text fz={32} fw={700} data-testid="assessment-score">
              {result.score} / {result.total}
            </Text>
            <Text fz={20} c="dimmed">
              {result.percent}%
            </Text>
            <Badge size="lg" color={outcome.passed ? "teal" : "red"} variant="light">
              {outcome.passed ? "Passed" : "Not passed"}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            Taken on {formatDate(result.takenOn)} · pass mark {outcome.passPercent}%
          </Text>
          <Group gap="sm">
            <Button
              leftSection={<IconDownload size={16} />}
              onClick={() => void download()}
              loading={downloading}
            >
              Download result
            </Button>
            <Button variant="default" onClick={onRetake}>
              Take again
            </Button>
            {backLink}
          </Group>
        </Stack>
      </Card>
      <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: "none" }} aria-label="Your answers">
        {paper.questionList.map((q, i) => {
          const review = outcome.review.find((r) => r.questionId === q.id);
          const right = review?.correct ?? false;
          return (
            <Card key={q.id} withBorder padding="sm" component="li">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon color={right ? "teal" : "red"} variant="light" radius="xl" aria-hidden>
                  {right ? <IconCheck size={16} /> : <IconX size={16} />}
                </ThemeIcon>
                <Stack gap={2} miw={0}>
                  <Text fw={500}>
                    {i + 1}. {q.text}
                  </Text>
                  <Text size="sm" c="dimmed">
                    Your answer: {q.choices[review?.chosen ?? -1] ?? "—"} · {right ? "Right" : "Wrong"}
                  </Text>
                </Stack>
              </Group>
            </Card>
          );
        })}
      </Stack>
    </Stack>
  );
}

/** The questions, one choice each, and Submit (every question must be answered). */
function Paper({ paper }: { paper: AssessmentPaper }) {
  const client = useQueryClient();
  const [answers, setAnswers] = useState<Record<number, number>>({});
  const [missing, setMissing] = useState(false);
  const [outcome, setOutcome] = useState<AssessmentOutcome | null>(null);
  const answered = paper.questionList.filter((q) => answers[q.id] !== undefined).length;
  const total = paper.questionList.length;
  const submit = useMutation({
    mutationFn: () =>
      contentApi.submitAssessment(
        paper.id,
        paper.questionList.map((q) => ({ questionId: q.id, choice: answers[q.id] ?? -1 })),
      ),
    onSuccess: (done) => {
      setOutcome(done);
      void client.invalidateQueries({ queryKey: contentKeys.assessments() });
      void client.invalidateQueries({ queryKey: contentKeys.results() });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const first = paper.questionList.find((q) => answers[q.id] === undefined);
    if (first) {
      setMissing(true);
      document.getElementById(`question-${first.id}`)?.querySelector<HTMLInputElement>("input")?.focus();
      return;
    }
    setMissing(false);
    submit.mutate();
  }

  if (outcome)
    return (
      <Outcome
        paper={paper}
        outcome={outcome}
        onRetake={() => {
          setOutcome(null);
          setAnswers({});
          window.scrollTo({ top: 0 });
        }}
      />
    );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={paper.title}>
      <Stack>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light">{paper.category}</Badge>
          <Text size="sm" c="dimmed">
            {total} questions · about {paper.durationMinutes} min · due {formatDate(paper.dueOn)}
          </Text>
          {paper.taken && (
            <Badge color="teal" variant="light">
              Taken before
            </Badge>
          )}
        </Group>
        <Stack gap={4}>
          <Text size="sm" id="assessment-progress">
            Answered {answered} of {total}
          </Text>
          <Progress.Root>
            <Progress.Section
              value={total ? (answered / total) * 100 : 0}
              aria-label={`Answered ${answered} of ${total}`}
            />
          </Progress.Root>
        </Stack>
        {paper.questionList.map((q, i) => (
          <Card key={q.id} withBorder padding="md" id={`question-${q.id}`}>
            <Radio.Group
              label={`${i + 1}. ${q.text}`}
              value={answers[q.id] === undefined ? null : String(answers[q.id])}
              onChange={(v) => setAnswers((a) => ({ ...a, [q.id]: Number(v) }))}
              error={missing && answers[q.id] === undefined ? "Choose an answer" : undefined}
              styles={{ label: { fontWeight: 600, marginBottom: 8, whiteSpace: "normal" } }}
            >
              <Stack gap="xs">
                {q.choices.map((c, ci) => (
                  <Radio key={c} value={String(ci)} label={c} />
                ))}
              </Stack>
            </Radio.Group>
          </Card>
        ))}
        {missing && (
          <Alert color="red" role="alert">
            {contentMessages.answerEveryQuestion}
          </Alert>
        )}
        <Group gap="sm">
          <Button type="submit" loading={submit.isPending}>
            Submit answers
          </Button>
          {backLink}
        </Group>
      </Stack>
    </form>
  );
}

export function AssessmentPage() {
  const id = Number(useParams().id);
  const query = useQuery({
    ...contentQueries.assessment(id),
    enabled: Number.isInteger(id) && id > 0,
  });
  usePageTitle(query.data ? query.data.title : "Assessment");
  return (
    <Stack maw={760}>
      <PageHeader
        title={query.data?.title ?? "Assessment"}
        description="Choose one answer for each question."
      />
      <Loaded query={query}>{(paper) => <Paper paper={paper} />}</Loaded>
    </Stack>
  );
}
