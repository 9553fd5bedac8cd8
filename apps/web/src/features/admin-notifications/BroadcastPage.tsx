import { Button, Group, Paper, Radio, Select, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { formatCount } from "@portal/domain";
import { useState } from "react";
import { AskDialog } from "../../admin-kit/AskDialog";
import { act } from "../../admin-kit/act";
import { usePageTitle } from "../../lib/usePageTitle";
import { useBroadcast, useBroadcastConcepts, useRecipients } from "./api";
import { SentNotifications } from "./SentNotifications";

/** A notification to every partner or to one concept's partners (picked from the database), counted before it goes. */
export function BroadcastPage() {
  usePageTitle("Admin Console: Notifications");
  const broadcast = useBroadcast();
  const [title, setTitle] = useState("");
  const [message, setMessage] = useState("");
  const [target, setTarget] = useState("/notifications");
  const [audience, setAudience] = useState<"all" | "concept">("all");
  const [concept, setConcept] = useState("");
  const [asking, setAsking] = useState(false);
  const concepts = useBroadcastConcepts();
  const chosen = audience === "concept" ? concept || null : null;
  const recipients = useRecipients(chosen, audience === "all" || chosen !== null);
  const count = recipients.data?.recipients;
  const who = audience === "all" ? "every partner" : `partners of concept ${concept}`;
  const ready =
    title.trim() && message.trim() && (audience === "all" || concept) && count !== undefined && count > 0;

  const send = async () => {
    const done = await act(
      broadcast.mutateAsync({
        title,
        message,
        target,
        concept: audience === "concept" ? concept : undefined,
      }),
      (r) => `“${title}” sent to ${r.sent} partner(s) (${who}).`,
    );
    if (done) {
      setTitle("");
      setMessage("");
    }
    setAsking(false);
  };

  return (
    <>
      <Paper withBorder radius="md" p="lg" maw={640}>
        <Stack gap="sm">
          <Title order={2} fz={18}>
            Broadcast a notification
          </Title>
          <TextInput
            label="Title"
            required
            maxLength={120}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
          />
          <Textarea
            label="Message"
            required
            maxLength={1000}
            autosize
            minRows={3}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
          />
          <TextInput
            label="Opens (web path)"
            value={target}
            onChange={(e) => setTarget(e.currentTarget.value)}
          />
          <Radio.Group label="Send to" value={audience} onChange={(v) => setAudience(v as "all" | "concept")}>
            <Group mt={4}>
              <Radio value="all" label="All partners" />
              <Radio value="concept" label="One concept" />
            </Group>
          </Radio.Group>
          {audience === "concept" && (
            <Select
              label="Concept"
              placeholder="Choose a concept"
              required
              searchable
              data={(concepts.data ?? []).map((c) => ({
                value: c.concept,
                label: `${c.concept} (${formatCount(c.partners)})`,
              }))}
              value={concept || null}
              onChange={(v) => setConcept(v ?? "")}
              comboboxProps={{ zIndex: 300 }}
            />
          )}
          {count !== undefined && (
            <Text size="sm" c={count === 0 ? "red" : "dimmed"} data-testid="broadcast-recipients">
              {count === 0
                ? "No active partner would receive it: choose another audience."
                : `Reaches ${formatCount(count)} partner(s).`}
            </Text>
          )}
          <Group justify="flex-end">
            <Button disabled={!ready} onClick={() => setAsking(true)}>
              Send
            </Button>
          </Group>
        </Stack>
        <AskDialog
          opened={asking}
          title="Send notification"
          message={`Send “${title}” to ${who} (${formatCount(count ?? 0)} partner(s))? A sent notification cannot be recalled.`}
          confirmLabel="Send"
          loading={broadcast.isPending}
          onConfirm={send}
          onClose={() => setAsking(false)}
        />
      </Paper>
      <Title order={3} size="h4" mt="lg" mb="xs">
        Sent notifications
      </Title>
      <SentNotifications />
    </>
  );
}
