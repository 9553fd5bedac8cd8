import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Anchor, Button, Paper, PasswordInput, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { NewPassword } from "@portal/contracts";
import { messages } from "@portal/domain";
import { IconAlertCircle, IconArrowLeft, IconCircleCheck } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { Link, useParams } from "react-router";
import { z } from "zod";
import { errorMessage, isApiError } from "../../lib/api";
import { usePageTitle } from "../../lib/usePageTitle";
import { AuthHeading, AuthLayout } from "./AuthLayout";
import { useResetPassword, useResetToken } from "./api";

const ResetForm = z
  .object({ newPassword: NewPassword, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords do not match",
  });

/** Reset-password link: works signed in or out (reset links survive sign-in). */
export function ResetPasswordPage() {
  usePageTitle("Reset Password");
  const { token = "" } = useParams();
  const check = useResetToken(token);
  const reset = useResetPassword();
  const form = useForm({
    resolver: zodResolver(ResetForm),
    defaultValues: { newPassword: "", confirmPassword: "" },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ newPassword }) => {
    if (check.data) reset.mutate({ token, email: check.data.email, newPassword });
  });

  const resetFailure = reset.error
    ? isApiError(reset.error, 401)
      ? messages.resetLinkInvalid
      : reset.error.message || messages.resetFailure
    : null;

  let body: ReactNode;
  if (check.isPending) {
    body = (
      <Stack gap="md" aria-busy>
        <Skeleton height={14} width="50%" />
        <Skeleton height={40} />
        <Skeleton height={40} />
        <Skeleton height={40} />
      </Stack>
    );
  } else if (check.isError) {
    body = (
      <Stack gap="md">
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          data-testid="reset-invalid"
        >
          {isApiError(check.error, 401) || isApiError(check.error, 400) || isApiError(check.error, 404)
            ? messages.resetLinkInvalid
            : errorMessage(check.error)}
        </Alert>
        <Button component={Link} to="/forgotpassword" fullWidth>
          Request a new link
        </Button>
      </Stack>
    );
  } else if (reset.isSuccess) {
    body = (
      <Stack gap="md">
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck size={18} />}
          role="status"
          data-testid="reset-success"
        >
          {messages.resetSuccess}
        </Alert>
        <Button component={Link} to="/login" fullWidth size="md">
          Go to sign in
        </Button>
      </Stack>
    );
  } else {
    body = (
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {resetFailure && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {resetFailure}
            </Alert>
          )}
          <TextInput
            label="Email"
            value={check.data.email}
            autoComplete="username"
            readOnly
            variant="filled"
            size="md"
          />
          <PasswordInput
            label="New password"
            description="At least 8 characters, with a letter and a number"
            autoComplete="new-password"
            size="md"
            error={errors.newPassword?.message}
            {...form.register("newPassword")}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            size="md"
            error={errors.confirmPassword?.message}
            {...form.register("confirmPassword")}
          />
          <Button type="submit" size="md" fullWidth loading={reset.isPending} mt="xs">
            Set new password
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <AuthLayout>
      <AuthHeading title="Set a new password" description="Choose a new password for your store account." />
      <Paper withBorder shadow="md" p={32}>
        {body}
      </Paper>
      {!reset.isSuccess && (
        <Text ta="center" size="sm" mt="lg">
          <Anchor component={Link} to="/login" fw={600} inline>
            <IconArrowLeft size={14} style={{ verticalAlign: -2, marginRight: 4 }} />
            Back to sign in
          </Anchor>
        </Text>
      )}
    </AuthLayout>
  );
}
