import {
  AspectRatio,
  Button,
  Card,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { ARTWORK_CATEGORIES } from "@portal/domain";
import { IconListDetails } from "@tabler/icons-react";
import { Link, useNavigate } from "react-router";
import { PageHeader } from "../../components/PageHeader";
import { usePageTitle } from "../../lib/usePageTitle";

/** The artwork category grid: choosing one opens the order form for it. */
export function ArtworkCategoryPage() {
  usePageTitle("Artworks & Creatives");
  const navigate = useNavigate();
  return (
    <Stack>
      <PageHeader
        title="Artworks & Creatives"
        description="Choose what the artwork is for; our design team prints and sends it to your store."
        actions={
          <Button
            component={Link}
            to="/artworks/artworksPlaceOrder"
            variant="default"
            leftSection={<IconListDetails size={16} />}
          >
            My artwork orders
          </Button>
        }
      />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {ARTWORK_CATEGORIES.map((c, i) => (
          <UnstyledButton
            key={c.key}
            onClick={() => navigate(`/artworks/artworksSubcat?cat=${encodeURIComponent(c.key)}`)}
            aria-label={`Order ${c.key} artwork`}
            data-testid="artwork-category"
          >
            <Card withBorder padding="md" h="100%">
              <Card.Section>
                <AspectRatio ratio={3 / 1.4}>
                  <Image src={`/api/images/categories/${i + 1}.svg`} alt="" />
                </AspectRatio>
              </Card.Section>
              <Group justify="space-between" mt="sm" wrap="nowrap">
                <Text fw={600}>{c.key}</Text>
              </Group>
              <Text size="sm" c="dimmed">
                {c.description}
              </Text>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
