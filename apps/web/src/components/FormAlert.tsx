import { Alert, type AlertProps } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";

const TONES = {
  error: { color: "red", icon: <IconAlertCircle size={18} />, role: "alert" },
  success: { color: "teal", icon: <IconCircleCheck size={18} />, role: "status" },
} as const;

/** The message above or instead of a form: what went wrong, or that it worked. Any Alert prop overrides. */
export function FormAlert({ tone, ...props }: AlertProps & { tone: keyof typeof TONES }) {
  return <Alert variant="light" {...TONES[tone]} {...props} />;
}
