import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Anchor, Button, Paper, Stack, Text, TextInput } from "@mantine/core";
import { ForgotPasswordQuery } from "@portal/contracts";
import { messages } from "@portal/domain";
import { IconAlertCircle, IconArrowLeft, IconAt, IconMailCheck } from "@tabler/icons-react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { errorMessage, isApiError } from "../../lib/api";
import { usePageTitle } from "../../lib/usePageTitle";
import { AuthHeading, AuthLayout } from "./AuthLayout";
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
            <Alert
              color="teal"
              variant="light"
              icon={<IconMailCheck size={18} />}
              title="Check your inbox"
              data-testid="forgot-success"
            >
              {forgot.data.message}
            </Alert>
            <Button component={Link} to="/login" fullWidth>
              Back to sign in
            </Button>
          </Stack>
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="md">
              {failure && (
                <Alert
                  color="red"
                  variant="light"
                  icon={<IconAlertCircle size={18} />}
                  role="alert"
                  data-testid="forgot-error"
                >
                  {failure}
                </Alert>
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
      {!forgot.isSuccess && (
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
