import { Anchor, AppShell, Button, Container, Group, Text } from "@mantine/core";
import { SITE_TITLE } from "@portal/domain";
import { IconShoppingCart } from "@tabler/icons-react";
import { Link, Outlet } from "react-router";
import { BrandMark } from "../../components/BrandMark";
import { CategoryMenu } from "../../features/catalogue/CategoryMenu";
import { NotificationsMenu } from "../../features/notifications/NotificationsMenu";
import { useCurrentUser } from "../../lib/auth";
import { AccountMenu } from "./AccountMenu";
import { SearchBox } from "./SearchBox";
import classes from "./shell.module.css";

export const HEADER_HEIGHT = 72;

/** The signed-in shell: navbar on top, the page below. */
export function AppLayout() {
  const user = useCurrentUser();
  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding={0}>
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <AppShell.Header className={classes.header}>
        <Container size="xl" h="100%">
          <Group h="100%" gap="md" wrap="nowrap">
            <Link to="/home" className={classes.brandLink} aria-label={`${SITE_TITLE} home`}>
              <BrandMark
                size="sm"
                caption={user.fcf?.concept ? `${user.fcf.concept} partner` : "Store partners"}
              />
            </Link>
            <CategoryMenu hasFoodLicense={user.hasFoodLicense} />
            <SearchBox />
            <Group gap={6} wrap="nowrap" ml="auto">
              <Button
                component={Link}
                to="/checkout"
                variant="subtle"
                color="gray.8"
                leftSection={<IconShoppingCart size={20} stroke={1.7} />}
                data-testid="cart-button"
              >
                Cart
              </Button>
              <NotificationsMenu />
              <AccountMenu user={user} />
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main style={{ display: "flex", flexDirection: "column" }}>
        <Container size="xl" py="xl" id="main" tabIndex={-1} w="100%" style={{ outline: "none", flex: 1 }}>
          <Outlet />
        </Container>
        <footer className={classes.footer}>
          <Container size="xl" py="md">
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                © {new Date().getFullYear()} {SITE_TITLE} · Wholesale ordering for store partners
              </Text>
              <Group gap="md">
                <Anchor component={Link} to="/account/policies" size="xs" c="dimmed">
                  Policies
                </Anchor>
                <Anchor component={Link} to="/account/brands" size="xs" c="dimmed">
                  Brand contacts
                </Anchor>
              </Group>
            </Group>
          </Container>
        </footer>
      </AppShell.Main>
    </AppShell>
  );
}
