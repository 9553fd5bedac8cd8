import { Badge, Button, Group, Select, Stack, Text, Textarea } from "@mantine/core";
import type { AdminFeedbackThread } from "@portal/contracts";
import { useState } from "react";
import { type AdminColumn, AdminTable, listTableProps } from "../../admin-kit/AdminTable";
import { AskDialog } from "../../admin-kit/AskDialog";
import { act } from "../../admin-kit/act";
import { dateTime } from "../../admin-kit/format";
import { useListParams } from "../../admin-kit/useListParams";
import { usePageTitle } from "../../lib/usePageTitle";
import { exportAdminFeedback, useAdminFeedback, useReplyToFeedback } from "./api";

const lastMessage = (t: AdminFeedbackThread) => t.comments.at(-1)?.message ?? "";

const COLUMNS: AdminColumn<AdminFeedbackThread>[] = [
  { accessor: "updatedAt", title: "Last activity", sortable: true, render: (t) => dateTime(t.updatedAt) },
  { accessor: "storeName", title: "Partner", sortable: true, render: (t) => t.storeName ?? t.email },
  { accessor: "email", title: "Email", hidden: true },
  { accessor: "feature", title: "About", sortable: true },
  {
    accessor: "comments",
    title: "Last comment",
    ellipsis: true,
    width: 360,
    render: lastMessage,
    csv: (t) =>
      t.comments.map((c) => `${c.fromHeadOffice ? "Head office" : "Partner"}: ${c.message}`).join("\n"),
  },
  {
    accessor: "waiting",
    title: "Status",
    render: (t) =>
      t.waiting ? (
        <Badge color="orange" variant="light">
          Waiting
        </Badge>
      ) : (
        <Badge color="green" variant="light">
          Answered
        </Badge>
      ),
    csv: (t) => (t.waiting ? "waiting" : "answered"),
  },
];

/** A thread's comments, oldest first, and the reply box (the reply is asked for before it goes). */
function Thread({ thread, onReply }: { thread: AdminFeedbackThread; onReply: (message: string) => void }) {
  const [reply, setReply] = useState("");
  return (
    <Stack gap="xs" p="sm" data-testid="feedback-thread">
      {thread.comments.map((c) => (
        <div key={c.id}>
          <Text size="xs" c="dimmed">
            {c.fromHeadOffice ? "Head office" : (thread.storeName ?? thread.email)} · {dateTime(c.createdAt)}
          </Text>
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {c.message}
          </Text>
        </div>
      ))}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Textarea
          aria-label={`Reply to ${thread.storeName ?? thread.email} on ${thread.feature}`}
          placeholder="Reply (the partner sees it on the store-performance page)"
          autosize
          minRows={1}
          maxLength={2000}
          value={reply}
          onChange={(e) => setReply(e.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button
          size="xs"
          disabled={!reply.trim()}
          onClick={() => {
            onReply(reply.trim());
            setReply("");
          }}
        >
          Reply
        </Button>
      </Group>
    </Stack>
  );
}

/** The partners' store-performance feedback: search, waiting or answered, open a thread to read and reply. */
export function FeedbackInboxPage() {
  usePageTitle("Admin Console: Feedback");
  const list = useListParams(["waiting"] as const);
  const feedback = useAdminFeedback(list.params);
  const reply = useReplyToFeedback();
  const [asking, setAsking] = useState<{ thread: AdminFeedbackThread; message: string } | null>(null);

  const send = async () => {
    if (!asking) return;
    const who = asking.thread.storeName ?? asking.thread.email;
    await act(
      reply.mutateAsync({ id: asking.thread.id, message: asking.message }),
      () => `Reply sent to ${who}; it shows on their store-performance page.`,
    );
    setAsking(null);
  };

  return (
    <>
      <AdminTable
        testId="feedback-table"
        columns={COLUMNS}
        idAccessor="id"
        csvName="feedback"
        {...listTableProps(feedback, exportAdminFeedback, list)}
        search={{ value: list.q, onChange: list.setQ, placeholder: "Store, email, topic or words" }}
        noRecordsText="No feedback from partners"
        rowExpansion={{
          content: ({ record }) => (
            <Thread thread={record} onReply={(message) => setAsking({ thread: record, message })} />
          ),
        }}
        toolbar={
          <Select
            label="Status"
            size="xs"
            w={150}
            clearable
            placeholder="All"
            data={[
              { value: "true", label: "Waiting" },
              { value: "false", label: "Answered" },
            ]}
            value={list.filters.waiting || null}
            onChange={(v) => list.setFilter("waiting", v)}
            comboboxProps={{ zIndex: 300 }}
          />
        }
      />
      <AskDialog
        opened={asking !== null}
        title="Reply to feedback"
        message={
          asking
            ? `Send this reply to ${asking.thread.storeName ?? asking.thread.email} on “${asking.thread.feature}”? They see it on their store-performance page and get a notification.`
            : ""
        }
        confirmLabel="Send reply"
        loading={reply.isPending}
        onConfirm={() => void send()}
        onClose={() => setAsking(null)}
      >
        <Text size="sm" style={{ whiteSpace: "pre-wrap" }} data-testid="reply-preview">
          {asking?.message}
        </Text>
      </AskDialog>
    </>
  );
}
