import { Button, Card, Group, Stack, Text } from "@mantine/core";
import type { TeamMember } from "@portal/contracts";
import {
  formatDate,
  formatDateTime,
  formatRupees,
  TEAM_ROLE_LABELS,
  teamScreenMessages,
} from "@portal/domain";
import { IconUserPlus } from "@tabler/icons-react";
import { useState } from "react";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { PageHeader } from "../../components/PageHeader";
import { type Column, ResponsiveTable } from "../../components/ResponsiveTable";
import { StatusBadge } from "../../components/StatusBadge";
import { EmptyState, ErrorState, PageLoader } from "../../components/states";
import { errorMessage } from "../../lib/api";
import { notify } from "../../lib/notify";
import { useTeamUsers, useUpdateMember } from "./api";
import { EditMemberDialog, InviteDialog, memberName } from "./MemberDialogs";

const STATE_LABELS: Record<TeamMember["state"], string> = {
  invited: "Invited",
  active: "Active",
  deactivated: "Deactivated",
};

type Pending = { member: TeamMember; action: "deactivate" | "reactivate" | "resend" };

function MemberActions({
  member,
  onEdit,
  onAsk,
}: {
  member: TeamMember;
  onEdit: () => void;
  onAsk: (action: Pending["action"]) => void;
}) {
  const name = memberName(member);
  return (
    <Group gap={6} justify="flex-end" wrap="wrap">
      {member.state !== "deactivated" && (
        <Button size="compact-sm" variant="light" onClick={onEdit} aria-label={`Change ${name}'s role`}>
          Change role
        </Button>
      )}
      {member.state === "invited" && (
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => onAsk("resend")}
          aria-label={`Resend ${name}'s invitation`}
        >
          Resend invitation
        </Button>
      )}
      {member.state === "deactivated" ? (
        <Button size="compact-sm" variant="light" color="teal" onClick={() => onAsk("reactivate")}>
          Reactivate
        </Button>
      ) : (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          onClick={() => onAsk("deactivate")}
          aria-label={`Deactivate ${name}`}
        >
          Deactivate
        </Button>
      )}
    </Group>
  );
}

/** /account/team: the store's people, their roles and limits; the owner invites and manages them. */
export function TeamPage() {
  const team = useTeamUsers();
  const update = useUpdateMember();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [asking, setAsking] = useState<Pending | null>(null);

  const header = (
    <PageHeader
      title="Team"
      description="The people of your store: what each may do, and each buyer's approval limit."
      actions={
        team.isSuccess && (
          <Button leftSection={<IconUserPlus size={18} />} onClick={() => setInviting(true)}>
            Invite a person
          </Button>
        )
      }
    />
  );
  if (team.isPending)
    return (
      <>
        {header}
        <PageLoader label="Loading your team" inline />
      </>
    );
  if (team.isError)
    return (
      <>
        {header}
        <ErrorState description={errorMessage(team.error)} onRetry={() => team.refetch()} />
      </>
    );
  const { owner, members, assignableRoles } = team.data;

  const columns: Column<TeamMember>[] = [
    {
      key: "name",
      header: "Name",
      phone: "title",
      cell: (m) => (
        <div>
          <Text fw={600} size="sm">
            {memberName(m)}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {m.email}
          </Text>
        </div>
      ),
    },
    { key: "role", header: "Role", cell: (m) => TEAM_ROLE_LABELS[m.role] },
    {
      key: "limit",
      header: "Approval limit",
      numeric: true,
      cell: (m) => (m.approvalLimit === null ? "—" : formatRupees(m.approvalLimit)),
    },
    {
      key: "state",
      header: "State",
      cell: (m) => (
        <Stack gap={2} align="flex-start">
          <StatusBadge status={m.state} label={STATE_LABELS[m.state]} />
          {m.state === "invited" && m.inviteExpiresAt && (
            <Text size="xs" c="dimmed">
              Link works until {formatDateTime(m.inviteExpiresAt)}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: "since", header: "Added", phone: "hide", cell: (m) => formatDate(m.createdAt) },
    {
      key: "actions",
      header: "Actions",
      headerHidden: true,
      phone: "bare",
      cell: (m) => (
        <MemberActions
          member={m}
          onEdit={() => setEditing(m)}
          onAsk={(action) => setAsking({ member: m, action })}
        />
      ),
    },
  ];

  const confirm = () => {
    if (!asking) return;
    const { member, action } = asking;
    const name = memberName(member);
    const body = action === "resend" ? { resendInvite: true as const } : { active: action === "reactivate" };
    update.mutate(
      { id: member.id, body },
      {
        onSuccess: () => {
          notify.success(
            action === "resend"
              ? teamScreenMessages.inviteResent(member.email)
              : action === "reactivate"
                ? teamScreenMessages.memberReactivated(name)
                : teamScreenMessages.memberDeactivated(name),
          );
          setAsking(null);
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  };

  return (
    <>
      {header}
      <Card withBorder mb="md" p="sm" data-testid="team-owner">
        <Group justify="space-between" gap="xs">
          <div>
            <Text fw={600} size="sm">
              {`${owner.firstname} ${owner.lastname}`.trim()}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {owner.email}
            </Text>
          </div>
          <Text size="sm" fw={600}>
            Owner · everything, manages the team
          </Text>
        </Group>
      </Card>
      {members.length === 0 ? (
        <EmptyState
          title="Nobody else yet"
          description="Invite your buyers, your accountant or your counter staff: each signs in with their own email."
        />
      ) : (
        <ResponsiveTable
          label="Team members"
          columns={columns}
          rows={members}
          rowKey={(m) => m.id}
          testId="team-table"
          rowTestId="team-row"
          minWidth={760}
        />
      )}
      <InviteDialog opened={inviting} roles={assignableRoles} onClose={() => setInviting(false)} />
      <EditMemberDialog member={editing} roles={assignableRoles} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={asking !== null}
        title={
          asking?.action === "deactivate"
            ? "Deactivate this person?"
            : asking?.action === "reactivate"
              ? "Reactivate this person?"
              : "Send a new invitation link?"
        }
        message={
          asking === null
            ? ""
            : asking.action === "deactivate"
              ? `${memberName(asking.member)} will be signed out everywhere at once and cannot sign in until reactivated.`
              : asking.action === "reactivate"
                ? `${memberName(asking.member)} can sign in again as ${TEAM_ROLE_LABELS[asking.member.role]}.`
                : `A new set-password link, valid for 72 hours, goes to ${asking.member.email}.`
        }
        confirmLabel={
          asking?.action === "deactivate"
            ? "Deactivate"
            : asking?.action === "reactivate"
              ? "Reactivate"
              : "Send"
        }
        color={asking?.action === "deactivate" ? "red" : "brand"}
        loading={update.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(null)}
      />
    </>
  );
}
