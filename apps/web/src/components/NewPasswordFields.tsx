import { PasswordInput, type PasswordInputProps } from "@mantine/core";
import { type FieldError, type FieldValues, get, type Path, type UseFormReturn } from "react-hook-form";

/** Passed to both inputs. */
type SharedProps = Pick<PasswordInputProps, "size" | "withAsterisk" | "inputWrapperOrder">;

interface NewPasswordFieldsProps<T extends FieldValues> extends SharedProps {
  /** The react-hook-form form; its schema comes from `withConfirmPassword`. */
  form: Pick<UseFormReturn<T>, "register" | "formState">;
  /** The field holding the new password (the confirmation is always `confirmPassword`). */
  name: Path<T>;
  label?: string;
  confirmLabel?: string;
  confirmDescription?: string;
}

/**
 * The new password and its confirmation, with the password rules as a hint.
 * Renders the two inputs as siblings, so the layout around them (a Stack or a grid) places them.
 */
export function NewPasswordFields<T extends FieldValues & { confirmPassword: string }>({
  form,
  name,
  label = "New password",
  confirmLabel = "Confirm new password",
  confirmDescription,
  ...shared
}: NewPasswordFieldsProps<T>) {
  const confirmName = "confirmPassword" as Path<T>;
  const { errors } = form.formState;
  const errorOf = (field: Path<T>) => get<typeof errors, FieldError | undefined>(errors, field)?.message;
  return (
    <>
      <PasswordInput
        label={label}
        description="At least 8 characters, with a letter and a number"
        autoComplete="new-password"
        {...shared}
        error={errorOf(name)}
        {...form.register(name)}
      />
      <PasswordInput
        label={confirmLabel}
        description={confirmDescription}
        autoComplete="new-password"
        {...shared}
        error={errorOf(confirmName)}
        {...form.register(confirmName)}
      />
    </>
  );
}
