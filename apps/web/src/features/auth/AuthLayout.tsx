import { Anchor, Box, Stack, Text, Title } from "@mantine/core";
import { SITE_TITLE } from "@portal/domain";
import { IconArrowLeft, IconBuildingWarehouse, IconReceiptRupee, IconTags } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { BrandMark } from "../../components/BrandMark";
import classes from "./authLayout.module.css";

const FEATURES = [
  {
    icon: IconTags,
    title: "Wholesale prices for your store",
    text: "Browse the full baby and kids catalogue with the margins agreed for your store.",
  },
  {
    icon: IconBuildingWarehouse,
    title: "Stock from every warehouse",
    text: "Order from our warehouses and stockists in one cart, with GST worked out on every line.",
  },
  {
    icon: IconReceiptRupee,
    title: "Orders, loads and ledger in one place",
    text: "Follow every order to delivery and keep your invoices and statements at hand.",
  },
];

/** Session screens: the brand panel on the left, the form on the right. */
export function AuthLayout({ children, width = 420 }: { children: ReactNode; width?: number }) {
  return (
    <div className={classes.root}>
      <aside className={classes.brand} aria-label={`About ${SITE_TITLE}`}>
        <BrandMark tone="light" size="lg" caption="For franchise stores, stockists and kiosks" />
        <Stack gap={28} maw={460} style={{ position: "relative", zIndex: 1 }}>
          <Stack gap="sm">
            <Title order={1} fz={34} lh={1.2} c="white">
              Everything your store needs, one order away.
            </Title>
            <Text fz="md" c="rgba(255,255,255,0.82)" lh={1.6}>
              The ordering portal for our store partners: restock diapers, feeding, apparel, toys and more at
              partner prices.
            </Text>
          </Stack>
          <Stack gap="lg">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <div key={title} className={classes.feature}>
                <span className={classes.featureIcon} aria-hidden>
                  <Icon size={20} stroke={1.7} />
                </span>
                <div>
                  <Text fw={600} c="white">
                    {title}
                  </Text>
                  <Text size="sm" c="rgba(255,255,255,0.75)" lh={1.5}>
                    {text}
                  </Text>
                </div>
              </div>
            ))}
          </Stack>
        </Stack>
        <Text size="xs" c="rgba(255,255,255,0.6)">
          © {new Date().getFullYear()} {SITE_TITLE}. For authorised store partners only.
        </Text>
      </aside>
      <main className={classes.formSide}>
        <h1 className={classes.phoneTitle}>{SITE_TITLE}</h1>
        <Box className={classes.formInner} maw={width}>
          {children}
        </Box>
      </main>
    </div>
  );
}

/** The heading block above a session form. */
export function AuthHeading({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <Stack gap={6} mb="xl">
      <Title order={2} fz={28}>
        {title}
      </Title>
      {description && (
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      )}
    </Stack>
  );
}

/** The link under a session form that leads back to the sign-in screen. */
export function BackToSignIn() {
  return (
    <Text ta="center" size="sm" mt="lg">
      <Anchor component={Link} to="/login" fw={600} inline>
        <IconArrowLeft size={14} style={{ verticalAlign: -2, marginRight: 4 }} />
        Back to sign in
      </Anchor>
    </Text>
  );
}
