import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Paper, Stack, TextInput } from "@mantine/core";
import { ForgotPasswordQuery } from "@portal/contracts";
import { messages } from "@portal/domain";
import { IconAt, IconMailCheck } from "@tabler/icons-react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { FormAlert } from "../../components/FormAlert";
import { errorMessage, isApiError } from "../../lib/api";
import { usePageTitle } from "../../lib/usePageTitle";
import { AuthHeading, AuthLayout, BackToSignIn } from "./AuthLayout";
import { useForgotPassword } from "./api";

export function ForgotPasswordPage() {
  usePageTitle("Forgot Password");
  const forgot = useForgotPassword();
  const form = useForm({ resolver: zodResolver(ForgotPasswordQuery), defaultValues: { userEmail: "" } });
  const onSubmit = form.handleSubmit(({ userEmail }) => forgot.mutate(userEmail));
  const failure = forgot.error
    ? isApiError(forgot.error, 404)
      ? messages.forgotUnknownEmail
      : errorMessage(forgot.error)
    : null;

  return (
    <AuthLayout>
      <AuthHeading
        title="Forgot your password?"
        description="Enter the email address of your store account and we will send you a link to set a new password."
      />
      <Paper withBorder shadow="md" p={32}>
        {forgot.isSuccess ? (
          <Stack gap="md">
            <FormAlert
              tone="success"
              icon={<IconMailCheck size={18} />}
              title="Check your inbox"
              role="alert"
              data-testid="forgot-success"
            >
              {forgot.data.message}
            </FormAlert>
            <Button component={Link} to="/login" fullWidth>
              Back to sign in
            </Button>
          </Stack>
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="md">
              {failure && (
                <FormAlert tone="error" data-testid="forgot-error">
                  {failure}
                </FormAlert>
              )}
              <TextInput
                label="Email"
                type="email"
                autoComplete="email"
                placeholder="you@yourstore.in"
                leftSection={<IconAt size={16} />}
                size="md"
                error={form.formState.errors.userEmail?.message}
                {...form.register("userEmail")}
              />
              <Button type="submit" size="md" fullWidth loading={forgot.isPending}>
                Send reset link
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
      {!forgot.isSuccess && <BackToSignIn />}
    </AuthLayout>
  );
}
