import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconArrowLeft, IconHammer } from "@tabler/icons-react";
import { Link } from "react-router";
import { usePageTitle } from "../lib/usePageTitle";

/** A screen of the spec that this version does not have yet: said plainly, with a way back. */
export function NotBuiltPage({ screen }: { screen: string }) {
  usePageTitle(screen);
  return (
    <Paper
      withBorder
      p={{ base: "lg", sm: 48 }}
      maw={640}
      mx="auto"
      mt={{ base: "md", sm: 40 }}
      shadow="xs"
      data-testid="not-built"
    >
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius="xl" variant="light" color="brand" aria-hidden>
          <IconHammer size={32} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz={26}>
          {screen}
        </Title>
        <Text c="dimmed" maw={440}>
          This screen is being built and will be available in an upcoming release.
        </Text>
        <Group mt="xs">
          <Button component={Link} to="/home" leftSection={<IconArrowLeft size={16} />}>
            Back to home
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
