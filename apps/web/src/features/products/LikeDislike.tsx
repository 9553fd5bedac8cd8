import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconThumbDown, IconThumbUp } from "@tabler/icons-react";
import { useState } from "react";
import { errorMessage } from "../../lib/api";
import { useLikes, useSaveLike } from "./api";

const REASON_MAX = 500;

/**
 * Like or dislike, with a reason: choosing like sets 1 and disables Like; dislike sets 0 and disables
 * Dislike; a reason box appears and Save sends both. The saved choice shows when the screen opens.
 */
export function LikeDislike({ productId, productName }: { productId: number; productName: string }) {
  const likes = useLikes(productId);
  const save = useSaveLike(productId);
  const [draft, setDraft] = useState<{ value: 0 | 1; reason: string } | null>(null);

  const saved = likes.data ?? null;
  const current = draft?.value ?? saved?.likeDislike ?? null;

  const choose = (value: 0 | 1) => {
    save.reset();
    setDraft({ value, reason: draft?.reason ?? (saved?.likeDislike === value ? saved.reason : "") });
  };

  const submit = () => {
    if (!draft) return;
    save.mutate(
      { likeDislike: draft.value, reason: draft.reason.trim() },
      {
        onSuccess: () => {
          setDraft(null);
          notifications.show({
            color: "teal",
            title: "Thank you",
            message: `Your feedback on ${productName} is saved.`,
          });
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" data-testid="like-dislike">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <div style={{ flex: "1 1 200px" }}>
            <Text fw={600} size="sm">
              Would this product sell in your store?
            </Text>
            <Text size="xs" c="dimmed">
              Your feedback helps us choose what to stock.
            </Text>
          </div>
          {likes.isPending ? (
            <Skeleton height={30} width={190} />
          ) : (
            <Group gap={6} wrap="nowrap">
              <Button
                size="xs"
                variant={current === 1 ? "filled" : "default"}
                color="teal"
                leftSection={<IconThumbUp size={16} />}
                onClick={() => choose(1)}
                disabled={current === 1}
                aria-pressed={current === 1}
                data-testid="like-button"
              >
                {current === 1 ? "Liked" : "Like"}
              </Button>
              <Button
                size="xs"
                variant={current === 0 ? "filled" : "default"}
                color="red"
                leftSection={<IconThumbDown size={16} />}
                onClick={() => choose(0)}
                disabled={current === 0}
                aria-pressed={current === 0}
                data-testid="dislike-button"
              >
                {current === 0 ? "Disliked" : "Dislike"}
              </Button>
            </Group>
          )}
        </Group>

        {likes.isError && (
          <Text size="xs" c="red">
            Your earlier feedback could not be loaded: {errorMessage(likes.error)}
          </Text>
        )}

        {draft ? (
          <Stack gap="xs">
            <Textarea
              label={draft.value === 1 ? "What do you like about it?" : "What is the problem with it?"}
              description="Optional, up to 500 characters"
              placeholder={
                draft.value === 1
                  ? "e.g. sells fast, customers ask for it"
                  : "e.g. price too high, poor fabric"
              }
              value={draft.reason}
              onChange={(e) => setDraft({ ...draft, reason: e.currentTarget.value.slice(0, REASON_MAX) })}
              autosize
              minRows={2}
              maxRows={5}
              data-autofocus
              data-testid="like-reason"
            />
            {save.isError && (
              <Alert color="red" variant="light" p="xs">
                {errorMessage(save.error)}
              </Alert>
            )}
            <Group gap="xs" justify="flex-end">
              <Button size="xs" variant="default" onClick={() => setDraft(null)} disabled={save.isPending}>
                Cancel
              </Button>
              <Button size="xs" onClick={submit} loading={save.isPending} data-testid="like-save">
                Save
              </Button>
            </Group>
          </Stack>
        ) : (
          saved && (
            <Group gap={8} wrap="nowrap" justify="space-between" align="flex-start">
              <Text size="sm" c="dimmed" data-testid="like-saved">
                You {saved.likeDislike === 1 ? "liked" : "disliked"} this product
                {saved.reason ? (
                  <>
                    : <i>“{saved.reason}”</i>
                  </>
                ) : (
                  "."
                )}
              </Text>
              <Anchor
                component="button"
                type="button"
                size="xs"
                fw={600}
                style={{ flexShrink: 0 }}
                onClick={() => setDraft({ value: saved.likeDislike, reason: saved.reason })}
              >
                Edit reason
              </Anchor>
            </Group>
          )
        )}
      </Stack>
    </Paper>
  );
}
