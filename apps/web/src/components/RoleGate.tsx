import { Button, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { teamScreenMessages } from "@portal/domain";
import { IconLock } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useCurrentUser } from "../lib/auth";
import { pageGroup, roleRefusal, userMay } from "../lib/team-access";

/**
 * A page a store member's role cannot use, opened directly (a bookmark, a typed address): a clear
 * panel saying so, never the page failing call by call. Others see the page.
 */
export function RoleGate({ path, children }: { path: string; children: ReactNode }) {
  const user = useCurrentUser();
  const group = pageGroup(path);
  if (group === null || userMay(user, group)) return children;
  return (
    <Paper withBorder p="xl" maw={560} mx="auto" mt="lg" data-testid="role-denied">
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          <IconLock size={28} />
        </ThemeIcon>
        <Title order={1} fz={20}>
          {roleRefusal(user, group)}
        </Title>
        <Text c="dimmed" size="sm">
          {teamScreenMessages.askOwner}
        </Text>
        <Button component={Link} to="/home" mt="xs">
          Back to Home
        </Button>
      </Stack>
    </Paper>
  );
}
