import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import {
  ApprovalLimit,
  InviteMemberBody,
  type InviteMemberRequest,
  type TeamMember,
  type UpdateMemberBody,
} from "@portal/contracts";
import { type MemberRole, TEAM_ROLE_LABELS, teamScreenMessages } from "@portal/domain";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { FormAlert } from "../../components/FormAlert";
import { errorMessage } from "../../lib/api";
import { notify } from "../../lib/notify";
import { useInviteMember, useUpdateMember } from "./api";
import { ROLE_HINTS } from "./roles";

const roleOptions = (roles: readonly MemberRole[]) =>
  roles.map((role) => ({ value: role, label: TEAM_ROLE_LABELS[role] }));

/** The approval limit in rupees: whole rupees or paise, 0 means every order waits for approval. */
function LimitInput({
  value,
  onChange,
  error,
}: {
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  error?: string;
}) {
  return (
    <NumberInput
      label="Approval limit (₹)"
      description="Orders above this wait for your approval. 0: every order does."
      min={0}
      max={10_000_000}
      decimalScale={2}
      thousandSeparator=","
      thousandsGroupStyle="lakh"
      allowNegative={false}
      hideControls
      value={value ?? ""}
      onChange={(v) => onChange(typeof v === "number" ? v : v === "" ? undefined : Number(v))}
      error={error}
    />
  );
}

/** Invite a person by email: a set-password link valid for 72 hours goes to them. */
export function InviteDialog({
  opened,
  roles,
  onClose,
}: {
  opened: boolean;
  roles: readonly MemberRole[];
  onClose: () => void;
}) {
  const invite = useInviteMember();
  const form = useForm<InviteMemberRequest, unknown, InviteMemberBody>({
    resolver: zodResolver(InviteMemberBody),
    defaultValues: { email: "", firstname: "", lastname: "", role: "buyer", approvalLimit: 0 },
  });
  const role = form.watch("role");
  const close = () => {
    invite.reset();
    form.reset();
    onClose();
  };
  const onSubmit = form.handleSubmit((values) => {
    const body = {
      ...values,
      approvalLimit: values.role === "buyer" ? (values.approvalLimit ?? 0) : undefined,
    };
    invite.mutate(body, {
      onSuccess: () => {
        notify.success(teamScreenMessages.inviteSent(values.email));
        close();
      },
    });
  });
  const { errors } = form.formState;
  return (
    <Modal opened={opened} onClose={close} title="Invite a person" centered size="lg">
      <form onSubmit={onSubmit} noValidate data-testid="invite-form">
        <Stack gap="sm">
          {invite.isError && <FormAlert tone="error">{errorMessage(invite.error)}</FormAlert>}
          <TextInput
            label="Email"
            type="email"
            autoComplete="off"
            withAsterisk
            error={errors.email?.message}
            {...form.register("email")}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label="First name"
              withAsterisk
              error={errors.firstname?.message}
              {...form.register("firstname")}
            />
            <TextInput label="Last name" error={errors.lastname?.message} {...form.register("lastname")} />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <Select
                label="Role"
                withAsterisk
                data={roleOptions(roles)}
                value={field.value}
                onChange={(v) => field.onChange(v ?? "buyer")}
                allowDeselect={false}
                description={ROLE_HINTS[field.value]}
                error={errors.role?.message}
              />
            )}
          />
          {role === "buyer" && (
            <Controller
              control={form.control}
              name="approvalLimit"
              render={({ field }) => (
                <LimitInput
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.approvalLimit?.message}
                />
              )}
            />
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={close} disabled={invite.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={invite.isPending}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export const memberName = (m: Pick<TeamMember, "firstname" | "lastname">) =>
  `${m.firstname} ${m.lastname}`.trim();

/** Change a member's role and, for a buyer, the approval limit. */
export function EditMemberDialog({
  member,
  roles,
  onClose,
}: {
  member: TeamMember | null;
  roles: readonly MemberRole[];
  onClose: () => void;
}) {
  if (!member) return null;
  return <EditMemberForm key={member.id} member={member} roles={roles} onClose={onClose} />;
}

function EditMemberForm({
  member,
  roles,
  onClose,
}: {
  member: TeamMember;
  roles: readonly MemberRole[];
  onClose: () => void;
}) {
  const update = useUpdateMember();
  const [role, setRole] = useState<MemberRole>(member.role);
  const [limit, setLimit] = useState<number | undefined>(
    member.approvalLimit === null ? 0 : Number(member.approvalLimit),
  );
  const [limitError, setLimitError] = useState<string | null>(null);
  // a counter of a store that may no longer give the role keeps it until changed
  const options = roles.includes(member.role) ? roles : [...roles, member.role];
  const save = () => {
    const body: UpdateMemberBody = {};
    if (role !== member.role) body.role = role;
    if (role === "buyer") {
      const checked = ApprovalLimit.safeParse(limit ?? 0);
      if (!checked.success) {
        setLimitError(checked.error.issues[0]?.message ?? "approvalLimit is not valid");
        return;
      }
      if (member.approvalLimit === null || Number(member.approvalLimit) !== checked.data)
        body.approvalLimit = checked.data;
    }
    setLimitError(null);
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { id: member.id, body },
      {
        onSuccess: () => {
          notify.success(teamScreenMessages.memberUpdated(memberName(member)));
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={`Change ${memberName(member)}'s role`} centered>
      <Stack gap="sm" data-testid="edit-member">
        <Text size="sm" c="dimmed">
          {member.email}
        </Text>
        {update.isError && <FormAlert tone="error">{errorMessage(update.error)}</FormAlert>}
        <Select
          label="Role"
          data={roleOptions(options)}
          value={role}
          onChange={(v) => setRole((v as MemberRole | null) ?? member.role)}
          allowDeselect={false}
          description={ROLE_HINTS[role]}
        />
        {role === "buyer" && <LimitInput value={limit} onChange={setLimit} error={limitError ?? undefined} />}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button onClick={save} loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
