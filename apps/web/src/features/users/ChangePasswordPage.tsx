import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Group, Paper, PasswordInput, Stack } from "@mantine/core";
import { ChangePasswordBody } from "@portal/contracts";
import { messages } from "@portal/domain";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { z } from "zod";
import { PageHeader } from "../../components/PageHeader";
import { errorMessage } from "../../lib/api";
import { useCurrentUser } from "../../lib/auth";
import { usePageTitle } from "../../lib/usePageTitle";
import { useChangePassword } from "./api";

const ChangePasswordForm = ChangePasswordBody.extend({ confirmPassword: z.string() }).refine(
  (v) => v.newPassword === v.confirmPassword,
  { path: ["confirmPassword"], message: "Passwords do not match" },
);

const EMPTY = { oldPassword: "", newPassword: "", confirmPassword: "" };

export function ChangePasswordPage() {
  usePageTitle("Change Password");
  const user = useCurrentUser();
  const change = useChangePassword(user.id);
  const form = useForm({ resolver: zodResolver(ChangePasswordForm), defaultValues: EMPTY });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ oldPassword, newPassword }) =>
    change.mutate({ oldPassword, newPassword }, { onSuccess: () => form.reset(EMPTY) }),
  );

  return (
    <Stack maw={560} mx="auto" gap={0}>
      <PageHeader title="Change Password" description={`Signed in as ${user.email}`} />
      <Paper withBorder shadow="xs" p={32}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            {change.isSuccess && (
              <Alert
                color="teal"
                variant="light"
                icon={<IconCircleCheck size={18} />}
                role="status"
                data-testid="password-changed"
              >
                {change.data.message || messages.passwordChanged}
              </Alert>
            )}
            {change.isError && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {errorMessage(change.error)}
              </Alert>
            )}
            {/* lets password managers know whose password this is */}
            <input type="email" autoComplete="username" value={user.email} readOnly hidden />
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              error={errors.oldPassword?.message}
              {...form.register("oldPassword")}
            />
            <PasswordInput
              label="New password"
              description="At least 8 characters, with a letter and a number"
              autoComplete="new-password"
              error={errors.newPassword?.message}
              {...form.register("newPassword")}
            />
            <PasswordInput
              label="Confirm new password"
              autoComplete="new-password"
              error={errors.confirmPassword?.message}
              {...form.register("confirmPassword")}
            />
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
    </Stack>
  );
}
