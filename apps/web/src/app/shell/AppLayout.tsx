import { Anchor, AppShell, Badge, Box, Burger, Button, Container, Group, Text } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { SITE_TITLE } from "@portal/domain";
import { IconChartBar, IconClipboardList, IconShoppingCart } from "@tabler/icons-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { BrandMark } from "../../components/BrandMark";
import { PageLoader } from "../../components/states";
import { CategoryMenuButton } from "../../features/catalogue/CategoryMenuButton";
import { NotificationsBell } from "../../features/notifications/NotificationsBell";
import { useCurrentUser } from "../../lib/auth";
import { useCartAutoRefresh, useCartCount } from "../../lib/cart";
import { mayOpen } from "../../lib/team-access";
import { AccountMenuButton } from "./AccountMenuButton";
import { deferredPopup } from "./deferredPopup";
import { SearchField } from "./SearchField";
import classes from "./shell.module.css";

export const HEADER_HEIGHT = 72;
/** Below this width the navbar collapses: burger and drawer, icon-only buttons, search on a row of its own. */
export const COMPACT_QUERY = "(max-width: 61.99em)";

/** True on phones and tablets, known at the first render (no flash of the wide navbar). */
export const useCompactLayout = () => useMediaQuery(COMPACT_QUERY, false, { getInitialValueInEffect: false });

// The navbar's menus (and Floating UI, which places them) load the first time they are wanted.
const CategoryMenu = deferredPopup(
  () => import("../../features/catalogue/CategoryMenu").then((m) => m.CategoryMenu),
  CategoryMenuButton,
);
const NotificationsMenu = deferredPopup(
  () => import("../../features/notifications/NotificationsMenu").then((m) => m.NotificationsMenu),
  NotificationsBell,
);
const AccountMenu = deferredPopup(
  () => import("./AccountMenu").then((m) => m.AccountMenu),
  AccountMenuButton,
);
// the phones' navigation drawer, the first time the burger opens it
const NavDrawer = lazy(() => import("./NavDrawer").then((m) => ({ default: m.NavDrawer })));

// The cart dialog (and the whole place-order flow) loads the first time it opens.
const CartModal = lazy(() => import("../../features/cart/CartModal").then((m) => ({ default: m.CartModal })));

/**
 * The navbar's cart: the number of lines as a live badge; opens the cart dialog (on /checkout, where
 * the page is the cart, it goes back to the top instead).
 */
function CartButton({ compact }: { compact: boolean }) {
  const count = useCartCount();
  useCartAutoRefresh();
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
        color="dark"
        leftSection={<IconShoppingCart size={20} stroke={1.7} />}
        rightSection={badge}
        aria-label={label}
        aria-haspopup={onCheckout ? undefined : "dialog"}
        data-testid="cart-button"
        px={compact ? 8 : undefined}
      >
        {compact ? null : "Cart"}
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
  const compact = useCompactLayout();
  const [drawerOpened, drawer] = useDisclosure(false);
  const [drawerEverOpened, setDrawerEverOpened] = useState(false);
  if (drawerOpened && !drawerEverOpened) setDrawerEverOpened(true);
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname) drawer.close();
  }, [pathname, drawer.close]);
  return (
    <AppShell header={{ height: compact ? HEADER_HEIGHT + 52 : HEADER_HEIGHT }} padding={0}>
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <AppShell.Header className={classes.header}>
        <Container size="xl" h={HEADER_HEIGHT} px={compact ? "xs" : undefined}>
          <Group h="100%" gap={compact ? 4 : "md"} wrap="nowrap">
            {compact && (
              <Burger
                opened={drawerOpened}
                onClick={drawer.toggle}
                size="sm"
                aria-label="Open the menu"
                aria-expanded={drawerOpened}
                data-testid="nav-burger"
              />
            )}
            <Link to="/home" className={classes.brandLink} aria-label={`${SITE_TITLE} home`}>
              <BrandMark
                size="sm"
                caption={user.fcf?.concept ? `${user.fcf.concept} partner` : "Store partners"}
                compact={compact}
              />
            </Link>
            {!compact && <CategoryMenu hasFoodLicense={user.hasFoodLicense} />}
            {!compact && <SearchField />}
            <Group gap={compact ? 2 : 6} wrap="nowrap" ml="auto">
              {!compact && mayOpen(user, "/orderAssist/stats") && (
                <Button
                  component={Link}
                  to="/orderAssist/stats"
                  variant="subtle"
                  color="gray"
                  leftSection={<IconChartBar size={18} stroke={1.7} />}
                  aria-label="Order Assist"
                  title="Order Assist"
                  data-testid="nav-order-assist"
                  px={{ base: 8, lg: "md" }}
                  styles={{ section: { marginInlineEnd: "var(--oa-gap, 0)" } }}
                >
                  <Box component="span" visibleFrom="lg" ml={8}>
                    Order Assist
                  </Box>
                </Button>
              )}
              {/* a store member's role may not order (issue 30): no quick order, no cart */}
              {mayOpen(user, "/quickOrder") && (
                <Button
                  component={Link}
                  to="/quickOrder"
                  variant="subtle"
                  color="gray"
                  leftSection={<IconClipboardList size={20} stroke={1.7} />}
                  aria-label="Quick order pad"
                  title="Quick order pad"
                  data-testid="nav-quick-order"
                  // a phone's header has no room for it: the drawer lists it beside the cart
                  visibleFrom="xs"
                  px={compact ? 6 : { base: 8, lg: "md" }}
                  styles={{ section: { marginInlineEnd: compact ? 0 : "var(--oa-gap, 0)" } }}
                >
                  {compact ? null : (
                    <Box component="span" visibleFrom="lg" ml={8}>
                      Quick order
                    </Box>
                  )}
                </Button>
              )}
              {mayOpen(user, "/checkout") && <CartButton compact={compact} />}
              <NotificationsMenu />
              <AccountMenu user={user} compact={compact} />
            </Group>
          </Group>
        </Container>
        {compact && (
          <Container size="xl" px="xs" pb={8} className={classes.searchRow}>
            <SearchField />
          </Container>
        )}
      </AppShell.Header>
      {compact && drawerEverOpened && (
        <Suspense fallback={null}>
          <NavDrawer user={user} opened={drawerOpened} onClose={drawer.close} />
        </Suspense>
      )}
      <AppShell.Main style={{ display: "flex", flexDirection: "column" }}>
        <Container
          size="xl"
          py={compact ? "md" : "xl"}
          px={compact ? "sm" : undefined}
          id="main"
          tabIndex={-1}
          w="100%"
          // at least a screen tall: the footer starts below the fold, so a page filling in never pushes
          // it down in view (Lighthouse counted that as layout shift)
          style={{
            outline: "none",
            flex: 1,
            minHeight: "calc(100dvh - var(--app-shell-header-offset, 0px))",
          }}
        >
          <Suspense fallback={<PageLoader label="Loading the page" inline />}>
            <Outlet />
          </Suspense>
        </Container>
        <footer className={classes.footer}>
          <Container size="xl" py="md">
            <Group justify="space-between" gap="xs">
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
