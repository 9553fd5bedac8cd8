import { Button, Center, Loader, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconAlertTriangle, IconInbox } from "@tabler/icons-react";
import type { ReactNode } from "react";

/** A whole-screen wait (before the user is known), or inside the shell (`inline`) while a page loads. */
export function PageLoader({ label = "Loading", inline = false }: { label?: string; inline?: boolean }) {
  return (
    <Center mih={inline ? 240 : "100vh"} role="status" aria-live="polite">
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

/** The centred icon, title and text that EmptyState and ErrorState both show. */
function StateBlock({
  title,
  description,
  icon,
  action,
  compact,
  color,
  role,
}: StateProps & { icon: ReactNode; color: string; role?: "alert" }) {
  return (
    <Stack align="center" gap={compact ? 6 : "xs"} py={compact ? "lg" : 48} px="md" ta="center" role={role}>
      <ThemeIcon size={compact ? 44 : 56} radius="xl" variant="light" color={color} aria-hidden>
        {icon}
      </ThemeIcon>
      {/* a section heading under the page's h1 (never a skipped level), drawn small */}
      <Title order={2} size={compact ? "h5" : "h4"} mt={4}>
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

export function EmptyState(props: StateProps) {
  return (
    <StateBlock {...props} color="brand" icon={props.icon ?? <IconInbox size={props.compact ? 22 : 28} />} />
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
    <StateBlock
      title={title}
      description={description}
      compact={compact}
      color="red"
      role="alert"
      icon={<IconAlertTriangle size={compact ? 22 : 28} />}
      action={
        onRetry && (
          <Button variant="light" size="xs" onClick={onRetry} mt={4}>
            Try again
          </Button>
        )
      }
    />
  );
}
