import { Anchor, AppShell, Badge, Button, Container, Group, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { SITE_TITLE } from "@portal/domain";
import { IconShoppingCart } from "@tabler/icons-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { BrandMark } from "../../components/BrandMark";
import { PageLoader } from "../../components/states";
import { CategoryMenu } from "../../features/catalogue/CategoryMenu";
import { NotificationsMenu } from "../../features/notifications/NotificationsMenu";
import { useCurrentUser } from "../../lib/auth";
import { useCartCount } from "../../lib/cart";
import { AccountMenu } from "./AccountMenu";
import { SearchBox } from "./SearchBox";
import classes from "./shell.module.css";

export const HEADER_HEIGHT = 72;

// The cart dialog (and the whole place-order flow) loads the first time it opens.
const CartModal = lazy(() => import("../../features/cart/CartModal").then((m) => ({ default: m.CartModal })));

/**
 * The navbar's cart: the number of lines as a live badge; opens the cart dialog (on /checkout, where
 * the page is the cart, it goes back to the top instead).
 */
function CartButton() {
  const count = useCartCount();
  const { pathname } = useLocation();
  const [opened, { open, close }] = useDisclosure(false);
  const [everOpened, setEverOpened] = useState(false);
  if (opened && !everOpened) setEverOpened(true);
  const onCheckout = pathname === "/checkout";
  // a link followed from inside the dialog leaves it behind
  useEffect(() => {
    if (pathname) close();
  }, [pathname, close]);
  const label = count === undefined ? "Cart" : `Cart, ${count} ${count === 1 ? "product" : "products"}`;
  const badge = (
    <Badge
      size="sm"
      circle={count !== undefined && count < 10}
      color="coral"
      variant="filled"
      data-testid="cart-badge"
      data-count={count ?? 0}
      aria-hidden
      style={{ visibility: count ? "visible" : "hidden" }}
    >
      {count ?? 0}
    </Badge>
  );
  return (
    <>
      <Button
        onClick={onCheckout ? () => window.scrollTo({ top: 0, behavior: "smooth" }) : open}
        variant="subtle"
        color="gray.8"
        leftSection={<IconShoppingCart size={20} stroke={1.7} />}
        rightSection={badge}
        aria-label={label}
        aria-haspopup={onCheckout ? undefined : "dialog"}
        data-testid="cart-button"
      >
        Cart
      </Button>
      {everOpened && (
        <Suspense fallback={null}>
          <CartModal opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}

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
              <CartButton />
              <NotificationsMenu />
              <AccountMenu user={user} />
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main style={{ display: "flex", flexDirection: "column" }}>
        <Container size="xl" py="xl" id="main" tabIndex={-1} w="100%" style={{ outline: "none", flex: 1 }}>
          <Suspense fallback={<PageLoader label="Loading the page" inline />}>
            <Outlet />
          </Suspense>
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
