import { zodResolver } from "@hookform/resolvers/zod";
import { Anchor, Box, Button, Center, Paper, Skeleton, Stack, Text, TextInput, Title } from "@mantine/core";
import { NewPassword } from "@portal/contracts";
import { SITE_TITLE, TEAM_ROLE_LABELS, teamScreenMessages } from "@portal/domain";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useParams } from "react-router";
import { z } from "zod";
import { BrandMark } from "../../components/BrandMark";
import { withConfirmPassword } from "../../components/confirmPassword";
import { FormAlert } from "../../components/FormAlert";
import { NewPasswordFields } from "../../components/NewPasswordFields";
import { errorMessage, isApiError } from "../../lib/api";
import { usePageTitle } from "../../lib/usePageTitle";
import { useAcceptInvite, useInvite } from "./api";
import { ROLE_HINTS } from "./roles";

const AcceptForm = withConfirmPassword(z.object({ password: NewPassword }), "password");

/** A link that no longer works (unknown, used, expired): any of these answers. */
const linkDead = (error: unknown) =>
  isApiError(error, 400) || isApiError(error, 401) || isApiError(error, 404) || isApiError(error, 410);

/**
 * /team/invite/:token (public): the invited person sees the store and the role they are invited to,
 * sets a password, and is signed in. Reloading keeps them on the form (the link is checked again).
 */
export function InvitePage() {
  usePageTitle("Join your store's team");
  const { token = "" } = useParams();
  const invite = useInvite(token);
  const accept = useAcceptInvite();
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(AcceptForm),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const onSubmit = form.handleSubmit(({ password }) =>
    accept.mutate({ token, password }, { onSuccess: () => navigate("/home", { replace: true }) }),
  );

  let body: ReactNode;
  if (invite.isPending) {
    body = (
      <Stack gap="md" aria-busy>
        <Skeleton height={14} width="60%" />
        <Skeleton height={40} />
        <Skeleton height={40} />
      </Stack>
    );
  } else if (invite.isError) {
    body = (
      <Stack gap="md">
        <FormAlert tone="error" data-testid="invite-invalid">
          {linkDead(invite.error) ? teamScreenMessages.inviteInvalid : errorMessage(invite.error)}
        </FormAlert>
        <Button component={Link} to="/login" fullWidth>
          Go to sign in
        </Button>
      </Stack>
    );
  } else {
    const { email, firstname, storeName, role } = invite.data;
    body = (
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <div data-testid="invite-info">
            <Text size="sm">
              Hello {firstname}, you are invited to <b>{storeName}</b> as <b>{TEAM_ROLE_LABELS[role]}</b>.
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              {ROLE_HINTS[role]}
            </Text>
          </div>
          {accept.isError && (
            <FormAlert tone="error">
              {linkDead(accept.error) ? teamScreenMessages.inviteInvalid : errorMessage(accept.error)}
            </FormAlert>
          )}
          <TextInput
            label="Email"
            value={email}
            autoComplete="username"
            readOnly
            variant="filled"
            size="md"
          />
          <NewPasswordFields
            form={form}
            name="password"
            label="Password"
            confirmLabel="Confirm password"
            size="md"
          />
          <Button type="submit" size="md" fullWidth loading={accept.isPending} mt="xs">
            Set password and sign in
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <Center mih="100vh" p="md" component="main" bg="var(--mantine-color-body)">
      <Box w="100%" maw={440}>
        <Box mb="lg">
          <BrandMark size="md" caption="For franchise stores, stockists and kiosks" />
        </Box>
        <Stack gap={6} mb="lg">
          <Title order={1} fz={26}>
            Join your store's team
          </Title>
          <Text c="dimmed" size="sm">
            Choose a password for your own sign-in to {SITE_TITLE}.
          </Text>
        </Stack>
        <Paper withBorder shadow="md" p={{ base: "md", xs: 32 }}>
          {body}
        </Paper>
        {/* a dead link's panel leads to sign-in already */}
        {!invite.isError && (
          <Text ta="center" size="sm" mt="lg">
            <Anchor component={Link} to="/login" fw={600}>
              Back to sign in
            </Anchor>
          </Text>
        )}
      </Box>
    </Center>
  );
}
