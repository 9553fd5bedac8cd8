import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Pagination,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
} from "@mantine/core";
import type { OrderRequest } from "@portal/contracts";
import {
  formatCount,
  formatDateTime,
  formatRupees,
  ORDER_REQUEST_STATUSES,
  type OrderRequestStatus,
  teamScreenMessages,
} from "@portal/domain";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../components/PageHeader";
import { type Column, ResponsiveTable } from "../../components/ResponsiveTable";
import { StatusBadge } from "../../components/StatusBadge";
import { EmptyState, ErrorState, PageLoader } from "../../components/states";
import { errorMessage } from "../../lib/api";
import { useCurrentUser } from "../../lib/auth";
import { notify } from "../../lib/notify";
import { roleOf } from "../../lib/team-access";
import { useApproveRequest, useDeclineRequest, useOrderRequests } from "./api";

export const REQUEST_STATUS_LABELS: Record<OrderRequestStatus, string> = {
  pending: "Waiting for approval",
  approved: "Approved",
  declined: "Declined",
  expired: "Expired",
  failed: "Failed",
};

const FILTERS = [
  { value: "pending", label: "Waiting" },
  { value: "all", label: "All" },
  ...ORDER_REQUEST_STATUSES.filter((s) => s !== "pending").map((s) => ({
    value: s,
    label: REQUEST_STATUS_LABELS[s],
  })),
];

type Line = OrderRequest["lines"][number];

const LINE_COLUMNS: Column<Line>[] = [
  {
    key: "product",
    header: "Product",
    phone: "title",
    cell: (l) => (
      <Anchor component={Link} to={`/products/productInfo/${l.productId}`} size="sm">
        {l.name} <Text span size="xs" c="dimmed">{`(ID ${l.productId})`}</Text>
      </Anchor>
    ),
  },
  { key: "warehouse", header: "Warehouse", cell: (l) => l.warehouse ?? "—" },
  { key: "qty", header: "Quantity", numeric: true, cell: (l) => formatCount(l.qty) },
  { key: "amount", header: "Amount", numeric: true, cell: (l) => formatRupees(l.amount) },
];

function DeclineDialog({ request, onClose }: { request: OrderRequest | null; onClose: () => void }) {
  const decide = useDeclineRequest();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  if (!request) return null;
  const close = () => {
    setReason("");
    setError(null);
    decide.reset();
    onClose();
  };
  const submit = () => {
    const text = reason.trim();
    if (!text) {
      setError(teamScreenMessages.declineReasonNeeded);
      return;
    }
    decide.mutate(
      { id: request.id, reason: text },
      {
        onSuccess: (answer) => {
          notify.success(answer.message || teamScreenMessages.requestDeclined(request.id));
          close();
        },
      },
    );
  };
  return (
    <Modal opened onClose={close} title={`Decline order request ${request.id}`} centered>
      <Stack gap="sm" data-testid="decline-dialog">
        {decide.isError && <Alert color="red">{errorMessage(decide.error)}</Alert>}
        <Text size="sm">
          {request.requestedBy.name} asked for {formatRupees(request.total)}. They will see your reason.
        </Text>
        <Textarea
          label="Reason"
          withAsterisk
          autosize
          minRows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={decide.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={submit} loading={decide.isPending}>
            Decline
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RequestCard({
  request,
  owner,
  onDecline,
}: {
  request: OrderRequest;
  owner: boolean;
  onDecline: () => void;
}) {
  const decide = useApproveRequest();
  const approve = () => decide.mutate(request.id);
  return (
    <Paper withBorder p="md" data-testid="order-request" data-request-id={request.id}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Text fw={700}>Order request {request.id}</Text>
            <Text size="sm" c="dimmed">
              {owner ? `${request.requestedBy.name} · ` : ""}
              {formatDateTime(request.createdAt)}
            </Text>
          </div>
          <Group gap="sm">
            <StatusBadge status={request.status} label={REQUEST_STATUS_LABELS[request.status]} />
            <Text fw={700} data-testid="request-total">
              {formatRupees(request.total)}
            </Text>
          </Group>
        </Group>
        {request.status === "pending" && (
          <Text size="sm" c="dimmed">
            Waits for a decision until {formatDateTime(request.expiresAt)}.
          </Text>
        )}
        {request.declineReason && (
          <Alert color="red" variant="light" title="Declined" data-testid="decline-reason">
            {request.declineReason}
          </Alert>
        )}
        {request.failure && (
          <Alert color="orange" variant="light" title="Not placed" data-testid="request-failure">
            {request.failure}
          </Alert>
        )}
        {request.poids.length > 0 && (
          <Group gap="xs" data-testid="request-orders">
            <Text size="sm">Placed as</Text>
            {request.poids.map((poid) => (
              <Anchor
                key={poid}
                component={Link}
                to={`/account/orderDetails/${encodeURIComponent(poid)}`}
                size="sm"
              >
                {poid}
              </Anchor>
            ))}
          </Group>
        )}
        <ResponsiveTable
          label={`Lines of order request ${request.id}`}
          columns={LINE_COLUMNS}
          rows={request.lines}
          rowKey={(l) => `${l.productId}-${l.warehouse ?? ""}`}
          minWidth={560}
          striped={false}
        />
        {owner && request.status === "pending" && (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" color="red" onClick={onDecline} disabled={decide.isPending}>
              Decline
            </Button>
            <Button onClick={approve} loading={decide.isPending}>
              Approve and place
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * /account/requests: buyers' orders above their approval limit. The owner sees those waiting first,
 * each with its lines and total, and approves (the orders are placed then) or declines with a reason;
 * a buyer sees their own, what became of each, and the orders placed from it.
 */
export function RequestsPage() {
  const user = useCurrentUser();
  const owner = roleOf(user) === "owner";
  const [status, setStatus] = useState<OrderRequestStatus | "all">(owner ? "pending" : "all");
  const [page, setPage] = useState(1);
  const [declining, setDeclining] = useState<OrderRequest | null>(null);
  const requests = useOrderRequests(status, page);

  const header = (
    <PageHeader
      title="Order requests"
      description={
        owner
          ? "Orders your buyers placed above their approval limit. Approving places them with today's stock."
          : "Your orders above your approval limit, and what the store's owner decided."
      }
    />
  );
  let body: ReactNode;
  if (requests.isPending) body = <PageLoader label="Loading order requests" inline />;
  else if (requests.isError)
    body = <ErrorState description={errorMessage(requests.error)} onRetry={() => requests.refetch()} />;
  else if (requests.data.requests.length === 0)
    body = (
      <EmptyState
        title={status === "pending" ? "Nothing waits for you" : "No order requests"}
        description={
          owner
            ? "When a buyer orders above their limit, the order waits here for you."
            : "Orders above your approval limit wait here for the owner's decision."
        }
      />
    );
  else {
    const { total, pageSize } = requests.data;
    body = (
      <Stack gap="md">
        {requests.data.requests.map((r) => (
          <RequestCard key={r.id} request={r} owner={owner} onDecline={() => setDeclining(r)} />
        ))}
        {total > pageSize && (
          <Group justify="center">
            <Pagination
              total={Math.ceil(total / pageSize)}
              value={page}
              onChange={setPage}
              siblings={1}
              boundaries={1}
            />
          </Group>
        )}
      </Stack>
    );
  }
  return (
    <>
      {header}
      <Select
        label="Show"
        data={FILTERS}
        value={status}
        onChange={(v) => {
          setStatus((v as OrderRequestStatus | "all" | null) ?? "all");
          setPage(1);
        }}
        allowDeselect={false}
        w={240}
        maw="100%"
        mb="md"
        data-testid="requests-filter"
      />
      {body}
      <DeclineDialog request={declining} onClose={() => setDeclining(null)} />
    </>
  );
}
