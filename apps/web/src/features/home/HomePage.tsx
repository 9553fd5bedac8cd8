import {
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import type { Me } from "@portal/contracts";
import { indiaHour } from "@portal/domain";
import { IconBell, IconMapPin, IconReceipt, IconShoppingCart, IconSparkles } from "@tabler/icons-react";
import { Link } from "react-router";
import { useCurrentUser } from "../../lib/auth";
import { usePageTitle } from "../../lib/usePageTitle";
import { BannerCarousel } from "./BannerCarousel";
import { CategoryTiles } from "./CategoryTiles";
import { LearnTiles } from "./LearnTiles";

/** By India's clock, as every time in the app (a browser set to another zone still greets by the store's day). */
function greeting(now = new Date()) {
  const hour = indiaHour(now);
  if (hour < 12) return "Good morning";
  if (hour < 17) return "Good afternoon";
  return "Good evening";
}

function shipTo(user: Me): string | null {
  const parts = [user.shippingCity, user.shippingState ?? user.state, user.shippingPincode ?? user.pincode];
  const text = parts.filter(Boolean).join(", ");
  return text || null;
}

function WelcomeCard({ user }: { user: Me }) {
  const address = shipTo(user);
  return (
    <Paper withBorder shadow="xs" p="xl" h="100%" data-testid="welcome-card">
      <Stack justify="space-between" h="100%" gap="lg">
        <Stack gap={6}>
          <Text size="sm" c="dimmed" fw={500}>
            {greeting()}, {user.firstname}
          </Text>
          <Title order={2} fz={24} lh={1.25}>
            {user.storeName ?? "Your store"}
          </Title>
          <Group gap={6} mt={2}>
            {user.fcf?.concept && (
              <Badge variant="light" color="brand" radius="sm">
                {user.fcf.concept}
              </Badge>
            )}
            <Badge variant="light" color="gray" radius="sm" tt="capitalize">
              {user.accountType}
            </Badge>
          </Group>
          {address && (
            <Group gap={6} wrap="nowrap" mt={6} c="dimmed">
              <IconMapPin size={16} style={{ flexShrink: 0 }} />
              <Text size="sm">Ships to {address}</Text>
            </Group>
          )}
        </Stack>
        <Stack gap="xs">
          <Button component={Link} to="/checkout" leftSection={<IconShoppingCart size={18} />} fullWidth>
            Go to cart
          </Button>
          <Group grow gap="xs">
            <Button
              component={Link}
              to="/account/orderHistory"
              variant="default"
              leftSection={<IconReceipt size={16} />}
            >
              Orders
            </Button>
            <Button
              component={Link}
              to="/notifications"
              variant="default"
              leftSection={<IconBell size={16} />}
            >
              Updates
            </Button>
          </Group>
        </Stack>
      </Stack>
    </Paper>
  );
}

function HeroFallback({ user }: { user: Me }) {
  return (
    <Paper
      h="100%"
      mih={300}
      p={40}
      style={{ background: "linear-gradient(135deg, var(--mantine-color-brand-8), #12507a)" }}
    >
      <Stack justify="center" h="100%" gap="sm" maw={520}>
        <ThemeIcon variant="white" color="brand" size={44} radius="md" aria-hidden>
          <IconSparkles size={24} />
        </ThemeIcon>
        <Title order={2} c="white" fz={28}>
          Welcome to your store's ordering portal
        </Title>
        <Text c="rgba(255,255,255,0.85)">
          Restock {user.storeName ?? "your store"} from our warehouses and stockists at partner prices.
        </Text>
      </Stack>
    </Paper>
  );
}

export function HomePage() {
  usePageTitle("Home");
  const user = useCurrentUser();
  return (
    <Stack gap={36}>
      <VisuallyHidden>
        <Title order={1}>Home</Title>
      </VisuallyHidden>
      <Grid gutter="lg" align="stretch">
        <Grid.Col span={{ base: 12, md: 8 }} mih={300}>
          <BannerCarousel fallback={<HeroFallback user={user} />} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <WelcomeCard user={user} />
        </Grid.Col>
      </Grid>
      {/* Above the categories: drawn at once, so the tiles filling in below move nothing. */}
      <LearnTiles />
      <section aria-labelledby="shop-by-category">
        <Group justify="space-between" align="flex-end" mb="md">
          <div>
            <Title order={2} id="shop-by-category" fz={20}>
              Shop by category
            </Title>
            <Text size="sm" c="dimmed">
              Everything open to your store, with partner prices.
            </Text>
          </div>
        </Group>
        <CategoryTiles />
      </section>
    </Stack>
  );
}
