import { Button } from "@mantine/core";
import { IconCategory, IconChevronDown } from "@tabler/icons-react";
import type { ComponentPropsWithRef } from "react";

export interface CategoryMenuProps {
  hasFoodLicense: boolean;
}

/** The navbar's Categories button (the mega-menu, CategoryMenu, loads when first opened). */
export function CategoryMenuButton({
  opened = false,
  hasFoodLicense: _,
  ...button
}: CategoryMenuProps & { opened?: boolean } & ComponentPropsWithRef<"button">) {
  return (
    <Button
      {...button}
      variant="light"
      color="brand"
      leftSection={<IconCategory size={18} />}
      rightSection={
        <IconChevronDown
          size={16}
          style={{ transform: opened ? "rotate(180deg)" : undefined, transition: "transform 150ms" }}
        />
      }
      data-testid="category-menu"
    >
      Categories
    </Button>
  );
}
