import { zodResolver } from "@hookform/resolvers/zod";
import { Anchor, Button, Divider, Paper, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { SignupBody } from "@portal/contracts";
import { INDIAN_STATES } from "@portal/domain";
import { Controller, useForm } from "react-hook-form";
import { Link } from "react-router";
import { withConfirmPassword } from "../../components/confirmPassword";
import { FormAlert } from "../../components/FormAlert";
import { NewPasswordFields } from "../../components/NewPasswordFields";
import { errorMessage } from "../../lib/api";
import { usePageTitle } from "../../lib/usePageTitle";
import { AuthHeading, AuthLayout } from "./AuthLayout";
import { useSignUp } from "./api";

const SignupForm = withConfirmPassword(SignupBody, "password");

export function SignupPage() {
  usePageTitle("Sign Up");
  const signUp = useSignUp();
  const form = useForm({
    resolver: zodResolver(SignupForm),
    defaultValues: {
      firstname: "",
      lastname: "",
      storeName: "",
      email: "",
      phone: "",
      password: "",
      confirmPassword: "",
      state: "",
      city: "",
      pincode: "",
    },
  });
  const { errors } = form.formState;
  // After sign-up the new user is signed in; PublicOnly sends them home.
  const onSubmit = form.handleSubmit(({ confirmPassword: _confirm, ...body }) => signUp.mutate(body));

  return (
    <AuthLayout width={560}>
      <AuthHeading
        title="Create your store account"
        description="Tell us about your store. You can start browsing the catalogue right after."
      />
      <Paper withBorder shadow="md" p={28}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            {signUp.isError && <FormAlert tone="error">{errorMessage(signUp.error)}</FormAlert>}
            <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
              <TextInput
                label="First name"
                autoComplete="given-name"
                withAsterisk
                error={errors.firstname?.message}
                {...form.register("firstname")}
              />
              <TextInput
                label="Last name"
                autoComplete="family-name"
                withAsterisk
                error={errors.lastname?.message}
                {...form.register("lastname")}
              />
            </SimpleGrid>
            <TextInput
              label="Store name"
              autoComplete="organization"
              withAsterisk
              error={errors.storeName?.message}
              {...form.register("storeName")}
            />
            <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
              <TextInput
                label="Email"
                type="email"
                autoComplete="email"
                withAsterisk
                error={errors.email?.message}
                {...form.register("email")}
              />
              <TextInput
                label="Mobile number"
                type="tel"
                autoComplete="tel-national"
                inputMode="numeric"
                maxLength={10}
                withAsterisk
                error={errors.phone?.message}
                {...form.register("phone")}
              />
              <NewPasswordFields
                form={form}
                name="password"
                label="Password"
                confirmLabel="Confirm password"
                confirmDescription="Type the password again"
                inputWrapperOrder={["label", "input", "description", "error"]}
                withAsterisk
              />
            </SimpleGrid>
            <Divider label="Store address" labelPosition="left" mt={4} />
            <SimpleGrid cols={3} spacing="sm" verticalSpacing="sm">
              <Controller
                control={form.control}
                name="state"
                render={({ field }) => (
                  <Select
                    label="State"
                    placeholder="Choose a state"
                    data={INDIAN_STATES}
                    searchable
                    withAsterisk
                    nothingFoundMessage="No such state"
                    value={field.value || null}
                    onChange={(v) => field.onChange(v ?? "")}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    error={errors.state?.message}
                  />
                )}
              />
              <TextInput
                label="City"
                autoComplete="address-level2"
                withAsterisk
                error={errors.city?.message}
                {...form.register("city")}
              />
              <TextInput
                label="Pincode"
                autoComplete="postal-code"
                inputMode="numeric"
                maxLength={6}
                withAsterisk
                error={errors.pincode?.message}
                {...form.register("pincode")}
              />
            </SimpleGrid>
            <Button type="submit" size="md" fullWidth loading={signUp.isPending} mt="sm">
              Create account
            </Button>
          </Stack>
        </form>
      </Paper>
      <Text ta="center" size="sm" c="dimmed" mt="lg">
        Already have an account?{" "}
        <Anchor component={Link} to="/login" fw={600}>
          Sign in
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
