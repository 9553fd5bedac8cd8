import { Anchor, Paper, Stack, Text, Title } from "@mantine/core";
import { AuditResponse } from "@portal/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { errorMessage, request } from "../lib/api";
import { actionWords } from "./audit-actions";
import { dateTime } from "./format";
import { adminKeys } from "./query";

/** How many of the newest entries the panel shows; the audit log has the rest. */
const SHOWN = 20;

const historyQuery = (entity: string, entityId: string) =>
  queryOptions({
    // under adminKeys.all: a staff action on the record refreshes its history with the rest
    queryKey: [...adminKeys.all, "history", entity, entityId] as const,
    queryFn: ({ signal }) =>
      request("/api/admin/audit", {
        schema: AuditResponse,
        query: { entity, entityId, sort: "-at", pageSize: SHOWN },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** Who did what to one record and when, newest first, from the audit log. */
export function HistoryPanel({ entity, entityId }: { entity: string; entityId: string }) {
  const history = useQuery(historyQuery(entity, entityId));
  const rows = history.data?.rows ?? [];
  const total = history.data?.total ?? 0;
  return (
    <Paper withBorder radius="md" p="md" data-testid="history-panel">
      <Title order={3} fz="md" mb="xs">
        History
      </Title>
      {history.isError ? (
        <Text size="sm" c="red">
          {errorMessage(history.error)}
        </Text>
      ) : !history.data ? (
        <Text size="sm" c="dimmed">
          Loading history…
        </Text>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No staff actions recorded
        </Text>
      ) : (
        <Stack gap={6} component="ol" style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {rows.map((r) => (
            <li key={r.id} data-testid="history-entry">
              <Text size="sm">
                {/* the code stays on hover: it is what the audit log filters by */}
                <Text span fw={600} title={r.action}>
                  {actionWords(r.action)}
                </Text>{" "}
                by {r.actorName ?? r.actorEmail ?? "system"}
              </Text>
              <Text size="xs" c="dimmed">
                {dateTime(r.at)}
              </Text>
            </li>
          ))}
        </Stack>
      )}
      {total > rows.length && (
        <Anchor
          component={Link}
          to={`/admin/audit?entity=${encodeURIComponent(entity)}&entityId=${encodeURIComponent(entityId)}`}
          size="sm"
          mt="xs"
          display="inline-block"
        >
          All {total} entries in the audit log
        </Anchor>
      )}
    </Paper>
  );
}
