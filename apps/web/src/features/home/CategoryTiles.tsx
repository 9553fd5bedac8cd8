import { Card, SimpleGrid, Skeleton, Text } from "@mantine/core";
import { formatCount } from "@portal/domain";
import { IconCategory } from "@tabler/icons-react";
import { Link } from "react-router";
import { EmptyState, ErrorState } from "../../components/states";
import { errorMessage } from "../../lib/api";
import { categoryListingPath } from "../../lib/paths";
import { useCategoryTiles } from "./api";
import classes from "./home.module.css";

const SKELETON_KEYS = ["a", "b", "c", "d", "e", "f"];
const COLUMNS = { base: 2, sm: 3, md: 4, lg: 6 };

export function CategoryTiles() {
  const tiles = useCategoryTiles();

  if (tiles.isPending) {
    return (
      <SimpleGrid cols={COLUMNS} spacing="md">
        {SKELETON_KEYS.map((key) => (
          <Card key={key} withBorder padding={0}>
            <Skeleton style={{ aspectRatio: "4 / 3" }} radius={0} />
            <Skeleton height={12} width="70%" m="md" mb={8} />
            <Skeleton height={10} width="40%" mx="md" mb="md" />
          </Card>
        ))}
      </SimpleGrid>
    );
  }
  if (tiles.isError) {
    return (
      <Card withBorder>
        <ErrorState
          title="Categories are unavailable"
          description={errorMessage(tiles.error)}
          onRetry={() => tiles.refetch()}
        />
      </Card>
    );
  }
  if (tiles.data.length === 0) {
    return (
      <Card withBorder>
        <EmptyState
          icon={<IconCategory size={28} />}
          title="No categories yet"
          description="Categories open to your store will appear here."
        />
      </Card>
    );
  }
  return (
    <SimpleGrid cols={COLUMNS} spacing="md" data-testid="category-tiles">
      {tiles.data.map((tile) => (
        <Card
          key={tile.id}
          withBorder
          padding={0}
          shadow="xs"
          component={Link}
          to={categoryListingPath(tile.id)}
          className={classes.tile}
        >
          <img className={classes.tileImage} src={tile.imageUrl} alt="" loading="lazy" />
          <div style={{ padding: "12px 14px 14px" }}>
            <Text fw={600} size="sm" lineClamp={2} lh={1.35}>
              {tile.name}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              {formatCount(tile.productCount)} products
            </Text>
          </div>
        </Card>
      ))}
    </SimpleGrid>
  );
}
