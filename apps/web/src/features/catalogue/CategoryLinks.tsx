import { NavLink, Skeleton, Stack } from "@mantine/core";
import { Link } from "react-router";
import { categoryListingPath } from "../../lib/paths";
import { useMenu } from "./api";
import { visibleCategories } from "./visibleCategories";

/** The categories as a plain list of links (the phone menu's drawer). */
export function CategoryLinks({
  hasFoodLicense,
  onNavigate,
}: {
  hasFoodLicense: boolean;
  onNavigate?: () => void;
}) {
  const menu = useMenu();
  if (menu.isPending) {
    return (
      <Stack gap={6} px="sm">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={28} />
        ))}
      </Stack>
    );
  }
  return visibleCategories(menu.data ?? [], hasFoodLicense).map((c) => (
    <NavLink key={c.id} component={Link} to={categoryListingPath(c.id)} label={c.name} onClick={onNavigate} />
  ));
}
