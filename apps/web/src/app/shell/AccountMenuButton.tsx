import { Avatar, Group, Text, UnstyledButton } from "@mantine/core";
import type { Me } from "@portal/contracts";
import { IconChevronDown } from "@tabler/icons-react";
import type { ComponentPropsWithRef } from "react";
import { displayName, initials } from "../../lib/auth";
import classes from "./shell.module.css";

export interface AccountMenuProps {
  user: Me;
  compact?: boolean;
}

/** The navbar's My Account button (the menu itself, AccountMenu, loads when first opened). */
export function AccountMenuButton({
  user,
  compact = false,
  ...button
}: AccountMenuProps & ComponentPropsWithRef<"button">) {
  return (
    <UnstyledButton
      {...button}
      className={classes.accountButton}
      data-compact={compact || undefined}
      data-testid="account-menu"
      aria-label={`My Account, ${displayName(user)}`}
    >
      <Group gap={10} wrap="nowrap">
        <Avatar color="brand" radius="xl" size={36} variant="filled">
          {initials(user)}
        </Avatar>
        {!compact && (
          <>
            <div className={classes.accountText}>
              <Text size="sm" fw={600} lh={1.2} truncate>
                {displayName(user)}
              </Text>
              <Text size="xs" c="dimmed" lh={1.3} truncate>
                {user.storeName ?? user.email}
              </Text>
            </div>
            <IconChevronDown size={16} color="var(--mantine-color-gray-6)" />
          </>
        )}
      </Group>
    </UnstyledButton>
  );
}
