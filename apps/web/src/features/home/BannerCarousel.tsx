import { ActionIcon, Button, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useReducedMotion } from "@mantine/hooks";
import type { Banner } from "@portal/contracts";
import { IconArrowRight, IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link } from "react-router";
import { internalPath } from "../../lib/navigation";
import { useBanners } from "./api";
import classes from "./home.module.css";

const INTERVAL_MS = 6000;

function Slide({ banner, active, children }: { banner: Banner; active: boolean; children: ReactNode }) {
  const target = internalPath(banner.link);
  const common = {
    className: classes.slide,
    "data-active": active || undefined,
    "aria-hidden": !active,
    tabIndex: active ? 0 : -1,
  };
  return target ? (
    <Link to={target} {...common} aria-label={banner.title}>
      {children}
    </Link>
  ) : (
    <div {...common}>{children}</div>
  );
}

/** The landing screen's banners, one at a time; advances by itself unless paused or reduced motion. */
export function BannerCarousel({ fallback }: { fallback: ReactNode }) {
  const banners = useBanners();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const reduceMotion = useReducedMotion();
  const list = banners.data ?? [];
  const count = list.length;

  useEffect(() => {
    if (count < 2 || paused || reduceMotion) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [count, paused, reduceMotion]);

  if (banners.isPending) return <Skeleton height="100%" mih={300} radius="lg" />;
  if (count === 0) return fallback;

  const current = index % count;
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);

  return (
    <section
      className={classes.carousel}
      aria-roledescription="carousel"
      aria-label="Offers and announcements"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      data-testid="banner-carousel"
    >
      {list.map((banner, i) => (
        <Slide key={banner.id} banner={banner} active={i === current}>
          <img
            className={classes.slideImage}
            src={banner.imageUrl}
            alt=""
            loading={i === 0 ? "eager" : "lazy"}
          />
          <div className={classes.slideCaption}>
            <Stack gap={10} maw={440} align="flex-start">
              <Text size="xs" fw={700} tt="uppercase" c="brand.8" style={{ letterSpacing: 1 }}>
                For your store
              </Text>
              <Title order={2} c="dark.8" fz={32} lh={1.15}>
                {banner.title}
              </Title>
              {banner.subtitle && (
                <Text c="dark.5" fz="md" lh={1.5}>
                  {banner.subtitle}
                </Text>
              )}
              {internalPath(banner.link) && (
                <Button component="span" mt={6} rightSection={<IconArrowRight size={16} />}>
                  Shop now
                </Button>
              )}
            </Stack>
          </div>
        </Slide>
      ))}
      {count > 1 && (
        <>
          <ActionIcon
            className={classes.navButton}
            style={{ left: 16 }}
            variant="white"
            color="dark"
            radius="xl"
            size="lg"
            aria-label="Previous banner"
            onClick={() => go(-1)}
          >
            <IconChevronLeft size={20} />
          </ActionIcon>
          <ActionIcon
            className={classes.navButton}
            style={{ right: 16 }}
            variant="white"
            color="dark"
            radius="xl"
            size="lg"
            aria-label="Next banner"
            onClick={() => go(1)}
          >
            <IconChevronRight size={20} />
          </ActionIcon>
          <div className={classes.dots}>
            {list.map((banner, i) => (
              <button
                key={banner.id}
                type="button"
                className={classes.dot}
                data-active={i === current || undefined}
                aria-label={`Show banner ${i + 1} of ${count}`}
                aria-current={i === current}
                onClick={() => setIndex(i)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
