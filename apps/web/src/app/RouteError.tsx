import { Button, Center, Group, Paper } from "@mantine/core";
import { useEffect } from "react";
import { Link, useRouteError } from "react-router";
import { ErrorState } from "../components/states";
import { usePageTitle } from "../lib/usePageTitle";

/** Shown when a screen fails to render: never a blank page. */
export function RouteError() {
  usePageTitle("Something went wrong");
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" maw={480}>
        <ErrorState
          title="Something went wrong"
          description="This screen could not be shown. Reload the page, or go back home and try again."
        />
        <Group justify="center">
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button component={Link} to="/home" variant="default" reloadDocument>
            Go home
          </Button>
        </Group>
      </Paper>
    </Center>
  );
}
