import { Card, Group, SimpleGrid, Text, ThemeIcon, Title } from "@mantine/core";
import { IconBook2, IconBrandYoutube, IconChevronRight, IconSchool } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import classes from "./home.module.css";

interface LearnTile {
  to: string;
  title: string;
  text: string;
  icon: ReactNode;
  color: string;
}

/** Where a store learns: training, the season's lookbooks, and the music and commercials to play. */
const TILES: readonly LearnTile[] = [
  {
    to: "/training",
    title: "Training",
    text: "Sessions, product topics, assessments and your results",
    icon: <IconSchool size={24} />,
    color: "brand",
  },
  {
    to: "/lookbooks",
    title: "Lookbooks",
    text: "The season's looks, with the products to order",
    icon: <IconBook2 size={24} />,
    color: "grape",
  },
  {
    to: "/account/tvc",
    title: "Store Music & AV",
    text: "Music to loop in store hours and commercials for the screen",
    icon: <IconBrandYoutube size={24} />,
    color: "orange",
  },
];

/**
 * The home page's "Learn & grow" strip: drawn with the page (no data, no pictures to wait for), so it
 * takes its space at once and nothing below it moves.
 */
export function LearnTiles() {
  return (
    <section aria-labelledby="learn-and-grow">
      <Title order={2} id="learn-and-grow" fz={20}>
        Learn &amp; grow
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Train your team and plan displays for the season.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" data-testid="learn-tiles">
        {TILES.map((tile) => (
          <Card
            key={tile.to}
            withBorder
            shadow="xs"
            padding="md"
            component={Link}
            to={tile.to}
            className={classes.tile}
            data-testid="learn-tile"
          >
            <Group wrap="nowrap" gap="md">
              <ThemeIcon size={48} radius="md" variant="light" color={tile.color} aria-hidden>
                {tile.icon}
              </ThemeIcon>
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600}>{tile.title}</Text>
                <Text size="sm" c="dimmed" lh={1.35}>
                  {tile.text}
                </Text>
              </div>
              <IconChevronRight size={18} aria-hidden style={{ flexShrink: 0 }} />
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
