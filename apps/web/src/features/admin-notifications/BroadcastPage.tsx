import { Button, Group, Paper, Radio, Stack, Textarea, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { AskDialog } from "../../admin-kit/AskDialog";
import { act } from "../../admin-kit/act";
import { usePageTitle } from "../../lib/usePageTitle";
import { useBroadcast } from "./api";

/** A notification to every partner or to one concept's partners. */
export function BroadcastPage() {
  usePageTitle("Admin Console: Notifications");
  const broadcast = useBroadcast();
  const [title, setTitle] = useState("");
  const [message, setMessage] = useState("");
  const [target, setTarget] = useState("/notifications");
  const [audience, setAudience] = useState<"all" | "concept">("all");
  const [concept, setConcept] = useState("");
  const [asking, setAsking] = useState(false);
  const who = audience === "all" ? "every partner" : `partners of concept ${concept}`;
  const ready = title.trim() && message.trim() && (audience === "all" || concept.trim());

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
          <TextInput
            label="Concept"
            placeholder="BABYHUG"
            required
            value={concept}
            onChange={(e) => setConcept(e.currentTarget.value)}
          />
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
        message={`Send “${title}” to ${who}? A sent notification cannot be recalled.`}
        confirmLabel="Send"
        loading={broadcast.isPending}
        onConfirm={send}
        onClose={() => setAsking(false)}
      />
    </Paper>
  );
}
