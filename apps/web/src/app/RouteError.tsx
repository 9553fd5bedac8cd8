import { Button, Center, Group, Paper } from "@mantine/core";
import { Component, type ReactNode, useEffect } from "react";
import { Link } from "react-router";
import { ErrorState } from "../components/states";
import { usePageTitle } from "../lib/usePageTitle";

/** Shown when a screen fails to render: never a blank page. */
export function RouteError({ error }: { error: unknown }) {
  usePageTitle("Something went wrong");
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

interface BoundaryProps {
  /** The address shown: a new one clears the error (as react-router's own boundary did). */
  locationKey: string;
  children: ReactNode;
}

/** Catches a screen that throws while rendering and shows `RouteError` until the address changes. */
export class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; key: string }> {
  override state = { error: null as unknown, key: this.props.locationKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error("Unknown error") };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; key: string }) {
    return props.locationKey === state.key ? null : { error: null, key: props.locationKey };
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
