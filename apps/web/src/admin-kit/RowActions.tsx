import { ActionIcon, Button, Group, Menu } from "@mantine/core";
import { IconDots } from "@tabler/icons-react";
import { type ReactNode, useRef, useState } from "react";

export interface RowAction {
  label: string;
  onClick: () => void;
  icon?: ReactNode;
  color?: string;
  disabled?: boolean;
  /** Not offered for this row (a step its status does not allow). */
  hidden?: boolean;
  testId?: string;
}

/**
 * A row's actions in little width: the primary one as a button, the others in a menu, so that a
 * wide table keeps what a clerk does most on screen (the kit pins an `actions` column on the right).
 */
export function RowActions({
  label,
  primary,
  actions = [],
}: {
  /** What the row is, for the menu's name ("Actions for PO-1"). */
  label: string;
  primary?: RowAction;
  actions?: RowAction[];
}) {
  const more = actions.filter((a) => !a.hidden);
  const menuButton = useRef<HTMLButtonElement>(null);
  // The menu (Floating UI's hooks and effects, for every row of a long table) is made on the first
  // click: until then the same button stands in, and the click opens the menu at once.
  const [menuMade, setMenuMade] = useState(false);
  const moreButton = (
    <ActionIcon
      ref={menuButton}
      variant="subtle"
      color="gray"
      size="sm"
      aria-label={`More actions for ${label}`}
      aria-haspopup="menu"
      aria-expanded={menuMade ? undefined : false}
      onClick={menuMade ? undefined : () => setMenuMade(true)}
    >
      <IconDots size={16} />
    </ActionIcon>
  );
  // Mantine's menu puts the focus back on its button 10 ms after an item closes it, taking it from
  // a dialog the item opened; here it comes back only when nothing else has taken it
  const choose = (action: RowAction) => {
    action.onClick();
    setTimeout(() => {
      const active = document.activeElement;
      if (!active || active === document.body || active.closest('[role="menu"]')) menuButton.current?.focus();
    }, 10);
  };
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {primary && !primary.hidden && (
        <Button
          size="compact-xs"
          color={primary.color}
          leftSection={primary.icon}
          disabled={primary.disabled}
          onClick={primary.onClick}
          data-testid={primary.testId}
        >
          {primary.label}
        </Button>
      )}
      {more.length > 0 &&
        (menuMade ? (
          <Menu position="bottom-end" withinPortal zIndex={300} shadow="md" returnFocus={false} defaultOpened>
            <Menu.Target>{moreButton}</Menu.Target>
            <Menu.Dropdown>
              {more.map((a) => (
                <Menu.Item
                  key={a.label}
                  color={a.color}
                  leftSection={a.icon}
                  disabled={a.disabled}
                  onClick={() => choose(a)}
                  data-testid={a.testId}
                >
                  {a.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        ) : (
          moreButton
        ))}
    </Group>
  );
}
