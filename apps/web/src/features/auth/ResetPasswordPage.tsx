import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Paper, Skeleton, Stack, TextInput } from "@mantine/core";
import { NewPassword } from "@portal/contracts";
import { messages } from "@portal/domain";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { Link, useParams } from "react-router";
import { z } from "zod";
import { withConfirmPassword } from "../../components/confirmPassword";
import { FormAlert } from "../../components/FormAlert";
import { NewPasswordFields } from "../../components/NewPasswordFields";
import { errorMessage, isApiError } from "../../lib/api";
import { usePageTitle } from "../../lib/usePageTitle";
import { AuthHeading, AuthLayout, BackToSignIn } from "./AuthLayout";
import { useResetPassword, useResetToken } from "./api";

const ResetForm = withConfirmPassword(z.object({ newPassword: NewPassword }), "newPassword");

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
        <FormAlert tone="error" data-testid="reset-invalid">
          {isApiError(check.error, 401) || isApiError(check.error, 400) || isApiError(check.error, 404)
            ? messages.resetLinkInvalid
            : errorMessage(check.error)}
        </FormAlert>
        <Button component={Link} to="/forgotpassword" fullWidth>
          Request a new link
        </Button>
      </Stack>
    );
  } else if (reset.isSuccess) {
    body = (
      <Stack gap="md">
        <FormAlert tone="success" data-testid="reset-success">
          {messages.resetSuccess}
        </FormAlert>
        <Button component={Link} to="/login" fullWidth size="md">
          Go to sign in
        </Button>
      </Stack>
    );
  } else {
    body = (
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {resetFailure && <FormAlert tone="error">{resetFailure}</FormAlert>}
          <TextInput
            label="Email"
            value={check.data.email}
            autoComplete="username"
            readOnly
            variant="filled"
            size="md"
          />
          <NewPasswordFields form={form} name="newPassword" size="md" />
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
      {!reset.isSuccess && <BackToSignIn />}
    </AuthLayout>
  );
}
