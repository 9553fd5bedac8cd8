import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Anchor, Button, Group, Paper, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { LoginBody } from "@portal/contracts";
import { messages } from "@portal/domain";
import { IconAt, IconLock } from "@tabler/icons-react";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import { FormAlert } from "../../components/FormAlert";
import { isApiError } from "../../lib/api";
import { useSignIn } from "../../lib/auth";
import { usePageTitle } from "../../lib/usePageTitle";
import { AuthHeading, AuthLayout } from "./AuthLayout";

export function LoginPage() {
  usePageTitle("Login");
  const [params] = useSearchParams();
  const ref = params.get("ref");
  const signIn = useSignIn();
  const form = useForm({
    resolver: zodResolver(LoginBody),
    defaultValues: { email: "", password: "" },
  });
  const { errors } = form.formState;
  const { setFocus } = form;
  useEffect(() => setFocus("email"), [setFocus]);

  // After sign-in PublicOnly sends the user on to the ref (or home).
  const onSubmit = form.handleSubmit((body) => signIn.mutate(body));

  const failure = signIn.error
    ? isApiError(signIn.error, 401)
      ? messages.loginFailed
      : signIn.error.message
    : null;

  return (
    <AuthLayout>
      <AuthHeading
        title="Sign in to your store"
        description="Use the email address registered for your store account."
      />
      <Paper withBorder shadow="md" p={32}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            {ref && !failure && (
              <Alert color="brand" variant="light" p="xs" px="sm">
                <Text size="sm">Please sign in to continue.</Text>
              </Alert>
            )}
            {failure && (
              <FormAlert tone="error" data-testid="login-error">
                {failure}
              </FormAlert>
            )}
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              placeholder="you@yourstore.in"
              leftSection={<IconAt size={16} />}
              size="md"
              error={errors.email?.message}
              {...form.register("email")}
            />
            <div>
              <Group justify="space-between" mb={4}>
                <Text component="label" htmlFor="login-password" size="md" fw={500}>
                  Password
                </Text>
                <Anchor component={Link} to="/forgotpassword" size="sm" fw={500}>
                  Forgot password?
                </Anchor>
              </Group>
              <PasswordInput
                id="login-password"
                autoComplete="current-password"
                placeholder="Your password"
                leftSection={<IconLock size={16} />}
                size="md"
                error={errors.password?.message}
                {...form.register("password")}
              />
            </div>
            <Button type="submit" size="md" fullWidth loading={signIn.isPending} mt="xs">
              Sign in
            </Button>
          </Stack>
        </form>
      </Paper>
      <Text ta="center" size="sm" c="dimmed" mt="lg">
        New store partner?{" "}
        <Anchor component={Link} to="/signup" fw={600}>
          Create an account
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
