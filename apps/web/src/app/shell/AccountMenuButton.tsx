import { Avatar, Badge, Group, Indicator, Text, UnstyledButton } from "@mantine/core";
import type { Me } from "@portal/contracts";
import { IconChevronDown } from "@tabler/icons-react";
import type { ComponentPropsWithRef } from "react";
import { displayName, initials } from "../../lib/auth";
import classes from "./shell.module.css";
import { useOpenWaybills } from "./useOpenWaybills";

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
  const openWaybills = useOpenWaybills(user);
  return (
    <UnstyledButton
      {...button}
      className={classes.accountButton}
      data-compact={compact || undefined}
      data-testid="account-menu"
      aria-label={`My Account, ${displayName(user)}${openWaybills.label ? `, ${openWaybills.label}` : ""}`}
    >
      <Group gap={10} wrap="nowrap">
        {/* the count of WH requests waiting for the partner's waybill, on the avatar */}
        <Indicator
          disabled={openWaybills.count === 0}
          label={
            <Badge
              component="span"
              size="xs"
              circle
              color="red.9"
              variant="filled"
              data-testid="account-waybill-badge"
            >
              {openWaybills.count}
            </Badge>
          }
          size={18}
          offset={4}
          color="transparent"
          withBorder={false}
          aria-hidden
        >
          <Avatar color="brand" radius="xl" size={36} variant="filled">
            {initials(user)}
          </Avatar>
        </Indicator>
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
