import {
  Anchor,
  Box,
  Group,
  Popover,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconChevronRight, IconMoodEmpty, IconSearch } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { EmptyState, ErrorState } from "../../components/states";
import { errorMessage } from "../../lib/api";
import { categoryListingPath, subcategoryListingPath } from "../../lib/paths";
import { useMenu } from "./api";
import { CategoryMenuButton, type CategoryMenuProps } from "./CategoryMenuButton";
import classes from "./categoryMenu.module.css";
import { visibleCategories } from "./visibleCategories";

/** The navbar's category mega-menu: categories on the left, the active one's subcategories on the right. */
export function CategoryMenu({
  hasFoodLicense,
  defaultOpened = false,
}: CategoryMenuProps & { defaultOpened?: boolean }) {
  const [opened, setOpened] = useState(defaultOpened);
  const [activeId, setActiveId] = useState<number | null>(null);
  const menu = useMenu();
  const categories = useMemo(
    () => visibleCategories(menu.data ?? [], hasFoodLicense),
    [menu.data, hasFoodLicense],
  );
  const active = categories.find((c) => c.id === activeId) ?? categories[0];
  const close = () => setOpened(false);

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-start"
      offset={12}
      width={categories.length > 0 ? 780 : 360}
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <CategoryMenuButton
          hasFoodLicense={hasFoodLicense}
          opened={opened}
          onClick={() => setOpened((o) => !o)}
        />
      </Popover.Target>
      <Popover.Dropdown p={0} data-testid="category-menu-dropdown" aria-label="Shop by category">
        {menu.isPending ? (
          <Group align="flex-start" p="md" gap="lg" wrap="nowrap">
            <Stack gap="xs" w={220}>
              {[0, 1, 2, 3, 4].map((i) => (
                <Skeleton key={i} height={30} />
              ))}
            </Stack>
            <SimpleGrid cols={2} style={{ flex: 1 }}>
              {[0, 1, 2, 3, 4, 5].map((i) => (
                <Skeleton key={i} height={20} />
              ))}
            </SimpleGrid>
          </Group>
        ) : menu.isError ? (
          <ErrorState
            compact
            title="Categories are unavailable"
            description={errorMessage(menu.error)}
            onRetry={() => menu.refetch()}
          />
        ) : !active ? (
          <EmptyState
            compact
            icon={<IconMoodEmpty size={22} />}
            title="No categories yet"
            description="Categories open to your store will appear here."
          />
        ) : (
          <Group align="stretch" gap={0} wrap="nowrap">
            <ScrollArea.Autosize mah="min(520px, 70vh)" w={290} className={classes.categoryList}>
              <nav aria-label="Categories">
                <Stack gap={2}>
                  {categories.map((c) => (
                    <Link
                      key={c.id}
                      to={categoryListingPath(c.id)}
                      className={classes.categoryLink}
                      data-active={c.id === active.id || undefined}
                      onMouseEnter={() => setActiveId(c.id)}
                      onFocus={() => setActiveId(c.id)}
                      onClick={close}
                    >
                      <span>{c.name}</span>
                      <IconChevronRight size={14} aria-hidden />
                    </Link>
                  ))}
                </Stack>
              </nav>
            </ScrollArea.Autosize>
            <Box p="lg" style={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>
              <Group justify="space-between" mb="sm" wrap="nowrap">
                <Title order={4} fz="lg">
                  {active.name}
                </Title>
                <Anchor
                  component={Link}
                  to={categoryListingPath(active.id)}
                  size="sm"
                  fw={600}
                  onClick={close}
                >
                  View all
                </Anchor>
              </Group>
              {active.subcategories.length === 0 ? (
                <Text c="dimmed" size="sm">
                  Browse every product in this category.
                </Text>
              ) : (
                <ScrollArea.Autosize mah="min(440px, 60vh)">
                  <SimpleGrid cols={2} spacing={4} verticalSpacing={2}>
                    {active.subcategories.map((s) => (
                      <Link
                        key={s.id}
                        to={subcategoryListingPath(s.id)}
                        className={classes.subcategoryLink}
                        onClick={close}
                      >
                        {s.name}
                      </Link>
                    ))}
                  </SimpleGrid>
                </ScrollArea.Autosize>
              )}
              <Group gap={6} mt="auto" pt="md" c="dimmed" wrap="nowrap">
                <IconSearch size={14} aria-hidden />
                <Text size="xs">Looking for something specific? Search by name, brand or product id.</Text>
              </Group>
            </Box>
          </Group>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
