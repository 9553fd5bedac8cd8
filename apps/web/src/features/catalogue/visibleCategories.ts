import type { MenuCategory } from "@portal/contracts";
import { FOOD_CATEGORY_NAMES } from "@portal/domain";

const FOOD_NAMES: readonly string[] = FOOD_CATEGORY_NAMES;

/** Food-licence users see only the two food categories in the menu. */
export function visibleCategories(menu: readonly MenuCategory[], hasFoodLicense: boolean): MenuCategory[] {
  return hasFoodLicense ? menu.filter((c) => FOOD_NAMES.includes(c.name)) : [...menu];
}
