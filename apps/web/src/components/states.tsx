import { Button, Center, Loader, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconAlertTriangle, IconInbox } from "@tabler/icons-react";
import type { ReactNode } from "react";

/** A whole-screen wait (before the user is known). */
export function PageLoader({ label = "Loading" }: { label?: string }) {
  return (
    <Center mih="100vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader color="brand" type="dots" size="lg" />
        <Text c="dimmed" size="sm">
          {label}…
        </Text>
      </Stack>
    </Center>
  );
}

interface StateProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  compact?: boolean;
}

export function EmptyState({ title, description, icon, action, compact }: StateProps) {
  return (
    <Stack align="center" gap={compact ? 6 : "xs"} py={compact ? "lg" : 48} px="md" ta="center">
      <ThemeIcon size={compact ? 44 : 56} radius="xl" variant="light" color="brand" aria-hidden>
        {icon ?? <IconInbox size={compact ? 22 : 28} />}
      </ThemeIcon>
      <Title order={compact ? 5 : 4} mt={4}>
        {title}
      </Title>
      {description && (
        <Text c="dimmed" size="sm" maw={420}>
          {description}
        </Text>
      )}
      {action}
    </Stack>
  );
}

export function ErrorState({
  title = "We couldn't load this",
  description,
  onRetry,
  compact,
}: {
  title?: string;
  description?: ReactNode;
  onRetry?: () => void;
  compact?: boolean;
}) {
  return (
    <Stack align="center" gap={compact ? 6 : "xs"} py={compact ? "lg" : 48} px="md" ta="center" role="alert">
      <ThemeIcon size={compact ? 44 : 56} radius="xl" variant="light" color="red" aria-hidden>
        <IconAlertTriangle size={compact ? 22 : 28} />
      </ThemeIcon>
      <Title order={compact ? 5 : 4} mt={4}>
        {title}
      </Title>
      {description && (
        <Text c="dimmed" size="sm" maw={420}>
          {description}
        </Text>
      )}
      {onRetry && (
        <Button variant="light" size="xs" onClick={onRetry} mt={4}>
          Try again
        </Button>
      )}
    </Stack>
  );
}
