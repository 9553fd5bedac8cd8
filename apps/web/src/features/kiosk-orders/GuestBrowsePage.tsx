import {
  Alert,
  AppShell,
  Badge,
  Button,
  Card,
  Chip,
  Group,
  Loader,
  Pagination,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { formatRupees } from "@portal/domain";
import { IconLogout, IconSearch } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { ApiError, errorMessage } from "../../lib/api";
import { useGuestSession } from "../../lib/guest-session";
import { usePageTitle } from "../../lib/usePageTitle";
import { kioskQueries } from "./api";
import { endGuest } from "./guest";

/**
 * What a kiosk guest sees: the catalogue only (categories, search, products at their MRP: the server
 * gives a guest no wholesale price), with the guest's name and one button to end the guest session,
 * which leads to the sign-in screen where the store signs in again. No cart, orders or account: the
 * server refuses those to a guest session.
 */
export function GuestBrowsePage() {
  usePageTitle("Guest Browsing");
  const navigate = useNavigate();
  const guest = useGuestSession();
  const [category, setCategory] = useState<string>("all");
  const [search, setSearch] = useState("");
  const [typed, setTyped] = useState("");
  const [page, setPage] = useState(1);
  const bearer = guest?.token ?? "";
  const categories = useQuery({ ...kioskQueries.guestCategories(bearer), enabled: guest !== null });
  const listing = useQuery({
    ...kioskQueries.guestListing(bearer, { category, search, page }),
    enabled: guest !== null,
    placeholderData: keepPreviousData,
  });
  const failure = categories.error ?? listing.error;
  // The guest session ended elsewhere (or expired): the store signs in again.
  const ended = failure instanceof ApiError && failure.status === 401;
  useEffect(() => {
    if (!ended) return;
    void endGuest(null);
    navigate("/login", { replace: true });
  }, [ended, navigate]);
  // no guest session in this tab (it ended): the sign-in screen
  if (!guest) return <Navigate to="/login" replace />;
  const end = () => {
    void endGuest(guest);
    navigate("/login", { replace: true });
  };
  return (
    <AppShell header={{ height: 64 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={700} truncate>
              Welcome{guest.firstName ? `, ${guest.firstName}` : ""}
            </Text>
            <Text size="xs" c="dimmed" truncate data-testid="guest-banner">
              Guest session · {guest.mobileNo} · browsing only
            </Text>
          </Stack>
          <Button
            color="red"
            variant="light"
            size="compact-sm"
            style={{ flexShrink: 0 }}
            leftSection={<IconLogout size={16} />}
            onClick={end}
            data-testid="guest-end"
          >
            End guest session
          </Button>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Stack gap="md" maw={1200} mx="auto">
          <Title order={1} fz={22}>
            Our catalogue
          </Title>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              setSearch(typed.trim());
              setPage(1);
            }}
          >
            <Group gap="xs" wrap="nowrap">
              <TextInput
                aria-label="Search products"
                placeholder="Search products"
                leftSection={<IconSearch size={16} />}
                value={typed}
                onChange={(e) => setTyped(e.currentTarget.value)}
                style={{ flex: 1 }}
                data-testid="guest-search"
              />
              <Button type="submit">Search</Button>
            </Group>
          </form>
          <ScrollArea type="auto" offsetScrollbars="x" scrollbarSize={6}>
            <Chip.Group
              value={category}
              onChange={(v) => {
                setCategory(Array.isArray(v) ? (v[0] ?? "all") : v);
                setPage(1);
              }}
            >
              <Group gap={6} wrap="nowrap" pb={4}>
                <Chip value="all" size="sm">
                  All
                </Chip>
                {(categories.data ?? [])
                  .filter((c) => c.productCount > 0)
                  .map((c) => (
                    <Chip key={c.id} value={String(c.id)} size="sm" data-testid={`guest-category-${c.id}`}>
                      {c.name}
                    </Chip>
                  ))}
              </Group>
            </Chip.Group>
          </ScrollArea>
          {failure && (
            <Alert color="red" role="alert">
              {errorMessage(failure)}
            </Alert>
          )}
          {listing.isPending ? (
            <Loader />
          ) : listing.data ? (
            <>
              <Text size="sm" c="dimmed" data-testid="guest-count">
                {listing.data.total} {listing.data.counts === "styles" ? "styles" : "products"}
              </Text>
              <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, lg: 4 }} data-testid="guest-products">
                {listing.data.products.map((p) => (
                  <Card key={p.id} withBorder padding="sm">
                    <Stack gap={4}>
                      <Text size="xs" c="dimmed" truncate>
                        {p.brand.name}
                      </Text>
                      <Text fw={600} size="sm" lineClamp={2}>
                        {p.name}
                      </Text>
                      <Group justify="space-between" gap="xs">
                        <Text fw={700} data-testid="guest-mrp">
                          MRP {formatRupees(p.mrp)}
                        </Text>
                        {p.size && (
                          <Badge variant="light" size="sm">
                            {p.size}
                          </Badge>
                        )}
                      </Group>
                    </Stack>
                  </Card>
                ))}
              </SimpleGrid>
              {listing.data.totalPages > 1 && (
                <Pagination
                  total={listing.data.totalPages}
                  value={page}
                  onChange={setPage}
                  size="sm"
                  aria-label="Pages"
                />
              )}
            </>
          ) : null}
        </Stack>
      </AppShell.Main>
    </AppShell>
  );
}
