import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Paper, PasswordInput, Stack, Title } from "@mantine/core";
import { ChangePasswordBody } from "@portal/contracts";
import { messages } from "@portal/domain";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { withConfirmPassword } from "../../components/confirmPassword";
import { FormAlert } from "../../components/FormAlert";
import { NewPasswordFields } from "../../components/NewPasswordFields";
import { PageHeader } from "../../components/PageHeader";
import { errorMessage } from "../../lib/api";
import { useCurrentUser } from "../../lib/auth";
import { usePageTitle } from "../../lib/usePageTitle";
import { useChangePassword } from "./api";
import { MonthlyStatementSetting } from "./MonthlyStatementSetting";

const ChangePasswordForm = withConfirmPassword(ChangePasswordBody, "newPassword");

const EMPTY = { oldPassword: "", newPassword: "", confirmPassword: "" };

export function ChangePasswordPage() {
  usePageTitle("Change Password");
  const user = useCurrentUser();
  const change = useChangePassword(user.id);
  const form = useForm({ resolver: zodResolver(ChangePasswordForm), defaultValues: EMPTY });
  const submit = form.handleSubmit(({ oldPassword, newPassword }) =>
    change.mutate({ oldPassword, newPassword }, { onSuccess: () => form.reset(EMPTY) }),
  );
  // The last answer speaks for the last submit only: a new submit or an edit clears it.
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    change.reset();
    return submit(event);
  };
  const onEdit = () => {
    if (!change.isIdle && !change.isPending) change.reset();
  };

  return (
    <Stack maw={560} mx="auto" gap={0}>
      <PageHeader title="Change Password" description={`Signed in as ${user.email}`} />
      <Paper withBorder shadow="xs" p={32}>
        <form onSubmit={onSubmit} onChange={onEdit} noValidate>
          <Stack gap="md">
            {change.isSuccess && (
              <FormAlert tone="success" data-testid="password-changed">
                {change.data.message || messages.passwordChanged}
              </FormAlert>
            )}
            {change.isError && <FormAlert tone="error">{errorMessage(change.error)}</FormAlert>}
            {/* lets password managers know whose password this is */}
            <input type="email" autoComplete="username" value={user.email} readOnly hidden />
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              error={form.formState.errors.oldPassword?.message}
              {...form.register("oldPassword")}
            />
            <NewPasswordFields form={form} name="newPassword" />
            <Group justify="flex-end" gap="sm" mt="sm">
              <Button component={Link} to="/account/orderHistory" variant="default">
                Cancel
              </Button>
              <Button type="submit" loading={change.isPending}>
                Change password
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {user.enableLedger && (
        <Paper withBorder shadow="xs" p={32} mt="lg" component="section" aria-labelledby="statement-by-mail">
          <Title order={2} size="h4" mb="sm" id="statement-by-mail">
            Ledger statement by mail
          </Title>
          <MonthlyStatementSetting email={user.email} />
        </Paper>
      )}
    </Stack>
  );
}
